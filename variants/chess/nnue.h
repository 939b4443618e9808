// SPDX-License-Identifier: GPL-3.0-or-later
// The chess network: (768 -> H) x 2 -> 1, evaluated in integers. The file format (HQNN
// v1), its loader, the network built into the binary (variants/chess/nnue/default.nnue),
// the two accumulators and the output. bench/nnue/train.py writes the networks;
// bench/nnue/reference.py computes the same values in Python, bit for bit.
//
// Format, all little-endian: "HQNN", u32 version = 1, u32 inputs = 768, u32 hidden = H (a
// multiple of 32, at most MaxHidden); int16 W1[768][H] (the H weights of feature 0 first);
// int16 B1[H]; int16 W2[2H] (the first H for the side to move's accumulator); int32 B2.
//
// Features: a piece of colour c and type pt on square s is, for perspective P,
// ((c == P ? 0 : 1) * 6 + pt - PAWN) * 64 + (P == WHITE ? s : s ^ 56): Black sees the
// board flipped vertically with the colours swapped.
//   acc_P = B1 + sum of W1[f] over P's active features (int16, wrapping),
//   out = B2 + crelu(acc_stm) . W2[0, H) + crelu(acc_other) . W2[H, 2H) (int32, wrapping),
//   crelu(x) = clamp(x, 0, 255), value = out * 400 / (255 * 64) (truncated), within
//   +-MaxEval: centipawns from the side to move's point of view.
#pragma once

#include "engine/score.h"
#include "position.h"

#include <cstddef>
#include <cstdint>
#include <new>
#include <span>
#include <string>
#include <variant>
#include <vector>

namespace hq::chess::nnue {

constexpr std::uint32_t Version = 1;
constexpr int Inputs = 768;
constexpr int MaxHidden = 1024;
constexpr int HeaderBytes = 16;
constexpr int ActivationMax = 255;                // crelu's top: the accumulator's scale QA
constexpr int OutputScale = 400;                  // centipawns per unit of out / (QA * QB)
constexpr int OutputDivisor = ActivationMax * 64; // QA * QB, QB = 64 the output weights' scale
// The evaluation stays well inside the non-mate values (engine/score.h: mates start at
// VALUE_MATE_IN_MAX_PLY = 31754), whatever the network says.
constexpr Value MaxEval = 10000;

// The file size of a network with `hidden` accumulator neurons.
constexpr std::size_t file_size(int hidden) {
    return HeaderBytes + 2 * (std::size_t(Inputs) * hidden + hidden + 2 * hidden) + 4;
}

// Storage on 64-byte boundaries: every weight row (H a multiple of 32 int16) starts on a
// cache line, which aligned SIMD loads want.
template <typename T> struct CacheLineAllocator {
    using value_type = T;
    CacheLineAllocator() = default;
    template <typename U> CacheLineAllocator(const CacheLineAllocator<U>&) { }
    T* allocate(std::size_t n) {
        return static_cast<T*>(::operator new(n * sizeof(T), std::align_val_t(64)));
    }
    void deallocate(T* p, std::size_t) { ::operator delete(p, std::align_val_t(64)); }
    bool operator==(const CacheLineAllocator&) const = default;
};
using Weights = std::vector<std::int16_t, CacheLineAllocator<std::int16_t>>;

// A loaded network. Move-only and never changed once loaded: every one gets its own `id`,
// by which the accumulator caches know which network they hold.
struct Network {
    int hidden = 0;
    Weights w1; // [Inputs][hidden]
    Weights b1; // [hidden]
    Weights w2; // [2 * hidden]
    std::int32_t b2 = 0;
    std::uint64_t checksum = 0; // FNV-1a 64 of the file's bytes (tests/data/nnue_vectors.txt)
    std::uint64_t id = 0;

    Network() = default;
    Network(Network&&) = default;
    Network& operator=(Network&&) = default;
    Network(const Network&) = delete;
    Network& operator=(const Network&) = delete;

    [[nodiscard]] const std::int16_t* row(int feature) const {
        return w1.data() + std::size_t(feature) * std::size_t(hidden);
    }
};

// Reads an HQNN v1 network from its bytes, or says why it is not one.
[[nodiscard]] std::variant<Network, std::string> parse(std::span<const unsigned char> bytes);
// The same from a file (the message then names it).
[[nodiscard]] std::variant<Network, std::string> load_file(const std::string& path);

// The bytes of variants/chess/nnue/default.nnue as built into the binary.
[[nodiscard]] std::span<const unsigned char> embedded_bytes();
// The built-in network, parsed at first use (thread-safe). CMake checked its header
// when it built it in; should it still not load, that is reported on stderr and the
// program aborts: there is no evaluation to fall back on silently.
[[nodiscard]] const Network& embedded();

// FNV-1a, 64 bits.
[[nodiscard]] std::uint64_t fnv1a64(std::span<const unsigned char> bytes);

// The feature of a piece of colour c and type pt on s, for perspective `view`.
constexpr int feature_index(Color view, Color c, PieceType pt, Square s) {
    return ((c == view ? 0 : 1) * 6 + (pt - PAWN)) * 64 + (view == WHITE ? s : s ^ 56);
}

// Both perspectives' accumulators (the first `hidden` entries of each are used).
struct Accumulators {
    alignas(64) std::int16_t v[COLOR_NB][MaxHidden];
};

// The accumulators of a position computed from scratch.
void refresh(const Network& net, const Position& pos, Accumulators& acc);
// The accumulators of a position as this thread's cache brings them up to date (nnue.cpp
// says how): equal to refresh()'s, at a fraction of the cost.
[[nodiscard]] const Accumulators& cached(const Network& net, const Position& pos);
// The value of accumulators with `stm` to move, clamped to +-MaxEval.
[[nodiscard]] Value output(const Network& net, const Accumulators& acc, Color stm);
// The same output without SIMD (the portable code every build has): for the tests that
// the two agree.
[[nodiscard]] Value output_scalar(const Network& net, const Accumulators& acc, Color stm);

// The evaluation of a position, through this thread's cache.
[[nodiscard]] inline Value evaluate(const Network& net, const Position& pos) {
    return output(net, cached(net, pos), pos.side_to_move());
}

} // namespace hq::chess::nnue
