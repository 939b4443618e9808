// SPDX-License-Identifier: GPL-3.0-or-later
#include "nnue.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <fmt/format.h>
#include <fstream>
#include <iterator>

#include "simd.h"

namespace hq::nnue {

// ---- The file ----------------------------------------------------------------------------

std::uint64_t fnv1a64(std::span<const unsigned char> bytes) {
    std::uint64_t h = 0xCBF29CE484222325ULL;
    for (unsigned char b : bytes) h = (h ^ b) * 0x100000001B3ULL;
    return h;
}

std::variant<Network, std::string> parse(
    std::span<const unsigned char> bytes, int inputs, std::string_view game) {
    auto u32 = [&](std::size_t at) {
        return std::uint32_t(bytes[at]) | std::uint32_t(bytes[at + 1]) << 8
            | std::uint32_t(bytes[at + 2]) << 16 | std::uint32_t(bytes[at + 3]) << 24;
    };
    auto i16 = [&](std::size_t at) {
        return std::int16_t(std::uint16_t(bytes[at] | bytes[at + 1] << 8));
    };
    if (bytes.size() < std::size_t(HeaderBytes))
        return fmt::format(
            "truncated: {} bytes, less than the {}-byte HQNN header", bytes.size(), HeaderBytes);
    if (!std::equal(bytes.begin(), bytes.begin() + 4, "HQNN"))
        return std::string("not an HQNN network: it does not start with the magic \"HQNN\"");
    const std::uint32_t version = u32(4);
    if (version != Version && version != VersionBuckets)
        return fmt::format("HQNN version {} is not supported (this build reads versions {} and {})",
            version, Version, VersionBuckets);
    if (std::uint32_t n = u32(8); n != std::uint32_t(inputs))
        return fmt::format("{} inputs, but the {} network has {}", n, game, inputs);
    const std::uint32_t hidden = u32(12);
    if (hidden == 0 || hidden % 32 != 0 || hidden > std::uint32_t(MaxHidden))
        return fmt::format(
            "hidden size {}: it must be a multiple of 32 from 32 to {}", hidden, MaxHidden);
    std::uint32_t buckets = 1;
    std::size_t at = HeaderBytes;
    if (version == VersionBuckets) {
        if (bytes.size() < std::size_t(HeaderBytes) + 4)
            return fmt::format("truncated: {} bytes, less than the {}-byte HQNN v2 header",
                bytes.size(), HeaderBytes + 4);
        buckets = u32(HeaderBytes);
        at += 4;
        if (buckets == 0 || buckets > std::uint32_t(MaxBuckets))
            return fmt::format("{} output buckets: it must be 1 to {}", buckets, MaxBuckets);
    }
    const std::size_t expected = at + body_size(inputs, int(hidden), int(buckets));
    if (bytes.size() < expected)
        return fmt::format(
            "truncated: {} bytes, but a network of hidden size {} and {} output bucket(s) has {}",
            bytes.size(), hidden, buckets, expected);
    if (bytes.size() > expected)
        return fmt::format(
            "{} bytes after the end of a network of hidden size {} and {} output bucket(s) ({} "
            "bytes)",
            bytes.size() - expected, hidden, buckets, expected);

    static std::atomic<std::uint64_t> nextId {1};
    Network net;
    net.inputs = inputs;
    net.hidden = int(hidden);
    net.buckets = int(buckets);
    auto read = [&](Weights& w, std::size_t n) {
        w.resize(n);
        for (auto& x : w) x = i16(at), at += 2;
    };
    read(net.w1, std::size_t(inputs) * hidden);
    read(net.b1, hidden);
    read(net.w2, 2 * std::size_t(hidden) * buckets);
    for (std::uint32_t b = 0; b < buckets; ++b, at += 4) net.b2.push_back(std::int32_t(u32(at)));
    net.checksum = fnv1a64(bytes);
    net.id = nextId.fetch_add(1);
    return net;
}

std::variant<Network, std::string> load_file(
    const std::string& path, int inputs, std::string_view game) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return fmt::format("{}: cannot be read", path);
    std::vector<unsigned char> bytes(
        (std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    auto result = parse(bytes, inputs, game);
    if (auto* err = std::get_if<std::string>(&result)) return fmt::format("{}: {}", path, *err);
    return result;
}

std::variant<int, std::string> file_inputs(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return fmt::format("{}: cannot be read", path);
    std::vector<unsigned char> bytes(
        (std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    int inputs = 0;
    if (bytes.size() >= std::size_t(HeaderBytes))
        inputs = int(std::uint32_t(bytes[8]) | std::uint32_t(bytes[9]) << 8
            | std::uint32_t(bytes[10]) << 16 | std::uint32_t(bytes[11]) << 24);
    if (inputs <= 0 || inputs > 65535) inputs = 1; // parse() then names what is wrong
    auto r = parse(bytes, inputs, "file's");
    if (auto* err = std::get_if<std::string>(&r)) return fmt::format("{}: {}", path, *err);
    return inputs;
}

Network parse_embedded(std::span<const unsigned char> bytes, int inputs, std::string_view game) {
    auto result = parse(bytes, inputs, game);
    if (auto* err = std::get_if<std::string>(&result)) {
        std::fputs(fmt::format("harlequin: the built-in {} network does not load: {}\n", game, *err)
                       .c_str(),
            stderr);
        std::abort();
    }
    return std::move(std::get<Network>(result));
}

// ---- The accumulators ------------------------------------------------------------------------

namespace {

void add_row(std::int16_t* __restrict acc, const std::int16_t* __restrict row, int h) {
    for (int i = 0; i < h; ++i) acc[i] = std::int16_t(acc[i] + row[i]);
}

#ifdef HQ_SIMD
// acc[offset, offset + Regs * Lanes) += the rows of `add`, -= those of `sub`, in registers:
// the accumulator's block is read and written once whatever the number of rows.
template <int Regs>
void update_block(std::int16_t* acc, const std::int16_t* const* add, int adds,
    const std::int16_t* const* sub, int subs, int offset) {
    using V = simd::Vec;
    V::Raw r[Regs];
    for (int j = 0; j < Regs; ++j) r[j] = V::load(acc + offset + j * V::Lanes);
    for (int k = 0; k < adds; ++k)
        for (int j = 0; j < Regs; ++j)
            r[j] = V::add16(r[j], V::load(add[k] + offset + j * V::Lanes));
    for (int k = 0; k < subs; ++k)
        for (int j = 0; j < Regs; ++j)
            r[j] = V::sub16(r[j], V::load(sub[k] + offset + j * V::Lanes));
    for (int j = 0; j < Regs; ++j) V::store(acc + offset + j * V::Lanes, r[j]);
}

// Blocks of up to 8 registers, then the rest in steps of 32 lanes (the hidden size is a
// multiple of 32).
void update_rows(std::int16_t* acc, const std::int16_t* const* add, int adds,
    const std::int16_t* const* sub, int subs, int h) {
    constexpr int Lanes = simd::Vec::Lanes;
    constexpr int BlockRegs = std::min(8, 128 / Lanes), TailRegs = 32 / Lanes;
    int i = 0;
    for (; i + BlockRegs * Lanes <= h; i += BlockRegs * Lanes)
        update_block<BlockRegs>(acc, add, adds, sub, subs, i);
    for (; i < h; i += TailRegs * Lanes) update_block<TailRegs>(acc, add, adds, sub, subs, i);
}
#else
void update_rows(std::int16_t* acc, const std::int16_t* const* add, int adds,
    const std::int16_t* const* sub, int subs, int h) {
    for (int k = 0; k < adds; ++k) add_row(acc, add[k], h);
    for (int k = 0; k < subs; ++k)
        for (int i = 0; i < h; ++i) acc[i] = std::int16_t(acc[i] - sub[k][i]);
}
#endif

} // namespace

void update(std::int16_t* acc, const std::int16_t* const* add, int adds,
    const std::int16_t* const* sub, int subs, int hidden) {
    update_rows(acc, add, adds, sub, subs, hidden);
}

void build(const Network& net, std::int16_t* acc, const int* features, int count) {
    std::copy_n(net.b1.data(), net.hidden, acc);
    for (int i = 0; i < count; ++i) add_row(acc, net.row(features[i]), net.hidden);
}

// ---- The output ------------------------------------------------------------------------------
//
// Every sum below wraps modulo 2^32 (the format's int32), so the SIMD and scalar orders of
// summation give the same result. A pair product crelu(x) * w is at most 255 * 32768 in
// magnitude, so madd's sum of two never overflows.

namespace {

Value scale(const Network& net, int bucket, std::uint32_t dot) {
    const std::int32_t out = std::int32_t(std::uint32_t(net.b2[std::size_t(bucket)]) + dot);
    const std::int64_t v = std::int64_t(out) * OutputScale / OutputDivisor;
    return Value(std::clamp<std::int64_t>(v, -MaxEval, MaxEval));
}

} // namespace

Value output_scalar(const Network& net, const Accumulators& acc, Color stm, int bucket) {
    const int h = net.hidden;
    std::uint32_t dot = 0;
    const std::int16_t* w = net.w2.data() + std::size_t(bucket) * 2 * std::size_t(h);
    for (Color side : {stm, ~stm}) {
        const std::int16_t* a = acc.v[side];
        for (int i = 0; i < h; ++i)
            dot += std::uint32_t(std::clamp<int>(a[i], 0, ActivationMax) * w[i]);
        w += h;
    }
    return scale(net, bucket, dot);
}

#ifdef HQ_SIMD
Value output(const Network& net, const Accumulators& acc, Color stm, int bucket) {
    using V = simd::Vec;
    const int h = net.hidden;
    const V::Raw zero = V::zero(), top = V::splat16(ActivationMax);
    V::Raw sum = zero;
    const std::int16_t* w = net.w2.data() + std::size_t(bucket) * 2 * std::size_t(h);
    for (Color side : {stm, ~stm}) {
        const std::int16_t* a = acc.v[side];
        for (int i = 0; i < h; i += V::Lanes)
            sum = V::add32(sum, V::madd16(V::clamp16(V::load(a + i), zero, top), V::load(w + i)));
        w += h;
    }
    return scale(net, bucket, V::sum_int32(sum));
}
#else
Value output(const Network& net, const Accumulators& acc, Color stm, int bucket) {
    return output_scalar(net, acc, stm, bucket);
}
#endif

} // namespace hq::nnue
