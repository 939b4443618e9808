// SPDX-License-Identifier: GPL-3.0-or-later
#include "network.h"

#include "engine/nnue.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

namespace hq::trainer {

Network::Network(int inputs_, int hidden_, int buckets_)
    : inputs(inputs_)
    , hidden(hidden_)
    , buckets(buckets_)
    , w1(std::size_t(inputs_) * std::size_t(hidden_))
    , b1(std::size_t(hidden_))
    , w2(std::size_t(buckets_) * 2 * std::size_t(hidden_))
    , b2(std::size_t(buckets_)) { }

std::size_t Network::parameter_count() const {
    return w1.size() + b1.size() + w2.size() + b2.size();
}

void Network::clip() {
    auto bound = [](std::vector<float>& v, float b) {
        for (float& x : v) x = std::clamp(x, -b, b);
    };
    bound(w1, W1Bound);
    bound(b1, B1Bound);
    bound(w2, W2Bound);
}

Network random_network(int inputs, int hidden, int buckets, std::uint64_t seed) {
    Network net(inputs, hidden, buckets);
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<float> u(-0.05f, 0.05f);
    for (float& x : net.w1) x = u(rng);
    for (float& x : net.w2) x = u(rng);
    return net;
}

namespace {

void put_u32(std::vector<unsigned char>& out, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(static_cast<unsigned char>(v >> (8 * i)));
}
void put_i16(std::vector<unsigned char>& out, float x, float scale) {
    double q = std::clamp(std::nearbyint(double(x) * scale), -32767.0, 32767.0);
    auto v = static_cast<std::uint16_t>(static_cast<std::int16_t>(q));
    out.push_back(static_cast<unsigned char>(v));
    out.push_back(static_cast<unsigned char>(v >> 8));
}

} // namespace

std::vector<unsigned char> hqnn_bytes(const Network& net) {
    std::vector<unsigned char> out = {'H', 'Q', 'N', 'N'};
    put_u32(out, net.buckets == 1 ? nnue::Version : nnue::VersionBuckets);
    put_u32(out, std::uint32_t(net.inputs));
    put_u32(out, std::uint32_t(net.hidden));
    if (net.buckets > 1) put_u32(out, std::uint32_t(net.buckets));
    for (float x : net.w1) put_i16(out, x, QA);
    for (float x : net.b1) put_i16(out, x, QA);
    for (float x : net.w2) put_i16(out, x, QB);
    for (float x : net.b2) {
        double q = std::clamp(std::nearbyint(double(x) * QA * QB), -2147483647.0, 2147483647.0);
        put_u32(out, static_cast<std::uint32_t>(static_cast<std::int32_t>(q)));
    }
    return out;
}

std::variant<int, std::string> load_into(
    Network& net, const std::string& path, const std::string& game) {
    auto read = nnue::load_file(path, net.inputs, game);
    if (auto* err = std::get_if<std::string>(&read)) return *err;
    const nnue::Network& src = std::get<nnue::Network>(read);
    const int h = src.hidden, hidden = net.hidden;
    if (h > hidden) return fmt::format("{}: hidden size {}, more than -hidden {}", path, h, hidden);
    if (src.buckets != 1 && src.buckets != net.buckets)
        return fmt::format(
            "{}: {} output buckets, -output-buckets is {}", path, src.buckets, net.buckets);
    for (int f = 0; f < net.inputs; ++f)
        for (int j = 0; j < h; ++j)
            net.w1[std::size_t(f) * hidden + j] = float(src.w1[std::size_t(f) * h + j]) / QA;
    std::fill(net.b1.begin(), net.b1.end(), 0.0f);
    for (int j = 0; j < h; ++j) net.b1[j] = float(src.b1[j]) / QA;
    std::fill(net.w2.begin(), net.w2.end(), 0.0f);
    for (int b = 0; b < net.buckets; ++b) {
        int s = src.buckets > 1 ? b : 0;
        const std::int16_t* w = src.w2.data() + std::size_t(s) * 2 * h;
        float* to = net.w2.data() + std::size_t(b) * 2 * hidden;
        for (int j = 0; j < h; ++j) {
            to[j] = float(w[j]) / QB;              // the side to move's accumulator
            to[hidden + j] = float(w[h + j]) / QB; // the other side's
        }
        net.b2[b] = float(src.b2[s]) / (QA * QB);
    }
    return h;
}

} // namespace hq::trainer
