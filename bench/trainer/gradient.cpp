// SPDX-License-Identifier: GPL-3.0-or-later
#include "gradient.h"

#include "parallel.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace hq::trainer {

GradientBuffers::GradientBuffers(const Network& shape, int threads) {
    for (int t = 0; t < std::max(1, threads); ++t)
        perThread.emplace_back(shape.inputs, shape.hidden, shape.buckets);
}

namespace {

void zero(Network& g) {
    std::fill(g.w1.begin(), g.w1.end(), 0.0f);
    std::fill(g.b1.begin(), g.b1.end(), 0.0f);
    std::fill(g.w2.begin(), g.w2.end(), 0.0f);
    std::fill(g.b2.begin(), g.b2.end(), 0.0f);
}

void add_into(Network& to, const Network& from) {
    auto add = [](std::vector<float>& a, const std::vector<float>& b) {
        for (std::size_t i = 0; i < a.size(); ++i) a[i] += b[i];
    };
    add(to.w1, from.w1);
    add(to.b1, from.b1);
    add(to.w2, from.w2);
    add(to.b2, from.b2);
}

// Floats in a vector register: GCC's and Clang's vector extension, eight with AVX, else
// four (SSE2, which every x86-64 CPU has; a build for another CPU gets what it has, or
// scalar code). A wider vector than the target's would change the calling convention of
// load() and store() (GCC's -Wpsabi).
#if defined(__AVX__)
constexpr int Lanes = 8;
#else
constexpr int Lanes = 4;
#endif
using Vec = float __attribute__((vector_size(4 * Lanes)));
// Floats a register block holds. The hidden size is a multiple of 32 (train_options.cpp
// checks it, as the engine does).
constexpr int Block = 32, PerBlock = Block / Lanes;

Vec load(const float* p) {
    Vec v;
    std::memcpy(&v, p, sizeof v);
    return v;
}
void store(float* p, Vec v) { std::memcpy(p, &v, sizeof v); }

// acc[0, H) = bias + the rows of `features` in w1, a block of 32 sums kept in registers
// while every row adds to it (the sums are written once, not once a feature).
void accumulate(const float* bias, const float* w1, int H, std::span<const std::uint16_t> features,
    float* acc) {
    for (int jb = 0; jb < H; jb += Block) {
        Vec r[PerBlock];
        for (int k = 0; k < PerBlock; ++k) r[k] = load(bias + jb + k * Lanes);
        for (std::uint16_t f : features) {
            const float* row = w1 + std::size_t(f) * std::size_t(H) + jb;
            for (int k = 0; k < PerBlock; ++k) r[k] += load(row + k * Lanes);
        }
        for (int k = 0; k < PerBlock; ++k) store(acc + jb + k * Lanes, r[k]);
    }
}

// Adds d[0, H) to the rows of `features` in g1, a block of d kept in registers.
void scatter(float* g1, int H, std::span<const std::uint16_t> features, const float* d) {
    for (int jb = 0; jb < H; jb += Block) {
        Vec r[PerBlock];
        for (int k = 0; k < PerBlock; ++k) r[k] = load(d + jb + k * Lanes);
        for (std::uint16_t f : features) {
            float* row = g1 + std::size_t(f) * std::size_t(H) + jb;
            for (int k = 0; k < PerBlock; ++k) store(row + k * Lanes, load(row + k * Lanes) + r[k]);
        }
    }
}

// The output layer: b2 + act . w2 over 2H activations, clamp(acc, 0, 1), written to act.
float output(const float* acc, const float* w2, float b2, int twoH, float* act) {
    Vec sum = {};
    const Vec zero = {}, one = zero + 1.0f;
    for (int j = 0; j < twoH; j += Lanes) {
        Vec a = load(acc + j);
        a = a < zero ? zero : a; // element-wise selects of the vector extension
        a = a > one ? one : a;
        store(act + j, a);
        sum += a * load(w2 + j);
    }
    float out = b2;
    for (int k = 0; k < Lanes; ++k) out += sum[k];
    return out;
}

// One thread's share of a batch: the positions batch[begin, end). Returns the sum of their
// squared errors; adds `scale` times their gradient to `g` when it is given.
double run_share(const Network& net, const Dataset& data, const Targets& targets,
    std::span<const std::uint32_t> batch, std::span<const std::uint8_t> flips,
    const BatchSettings& s, std::size_t begin, std::size_t end, float scale, Network* g) {
    const int H = net.hidden;
    std::vector<float> acc(2 * std::size_t(H)), act(2 * std::size_t(H)), dacc(2 * std::size_t(H));
    std::vector<std::uint16_t> ours, theirs; // the side to move's features, the other's
    double sum = 0;
    for (std::size_t k = begin; k < end; ++k) {
        const std::uint32_t i = batch[k];
        const bool flip = !flips.empty() && flips[k], btm = data.black[i] != 0;
        ours.clear();
        theirs.clear();
        for (std::uint16_t f : data.features(i)) {
            std::uint16_t w = flip ? std::uint16_t(f ^ 7) : f;
            std::uint16_t b = flip ? std::uint16_t(data.mirror[f] ^ 7) : data.mirror[f];
            ours.push_back(btm ? b : w);
            theirs.push_back(btm ? w : b);
        }
        accumulate(net.b1.data(), net.w1.data(), H, ours, acc.data());
        accumulate(net.b1.data(), net.w1.data(), H, theirs, acc.data() + H);
        const int bucket = targets.bucket[i];
        const float* w2 = net.w2.data() + std::size_t(bucket) * 2 * std::size_t(H);
        const float out = output(acc.data(), w2, net.b2[bucket], 2 * H, act.data());
        const double pred = 1.0 / (1.0 + std::exp(-s.kh * OutputCentipawns * out));
        const double err = pred - targets.target[i];
        sum += err * err;
        if (!g) continue;
        // d(mean loss)/d(out), then back through the output layer and the clamp.
        const float dout = float(scale * 2.0 * err * pred * (1.0 - pred) * s.kh * OutputCentipawns);
        float* gw2 = g->w2.data() + std::size_t(bucket) * 2 * std::size_t(H);
        g->b2[bucket] += dout;
        for (int j = 0; j < 2 * H; ++j) {
            gw2[j] += dout * act[j];
            dacc[j] = acc[j] > 0.0f && acc[j] < 1.0f ? dout * w2[j] : 0.0f;
        }
        for (int j = 0; j < H; ++j) g->b1[j] += dacc[j] + dacc[H + j];
        scatter(g->w1.data(), H, ours, dacc.data());
        scatter(g->w1.data(), H, theirs, dacc.data() + H);
    }
    return sum;
}

} // namespace

double loss_and_gradient(const Network& net, const Dataset& data, const Targets& targets,
    std::span<const std::uint32_t> batch, std::span<const std::uint8_t> flips,
    const BatchSettings& settings, GradientBuffers* grads) {
    if (batch.empty()) return 0;
    const int threads = std::max(1, std::min<int>(settings.threads, int(batch.size())));
    const float scale = 1.0f / float(batch.size());
    std::vector<double> sums(std::size_t(threads), 0.0);
    parallel(threads, [&](int t, int) {
        auto [begin, end] = slice(batch.size(), t, threads);
        Network* g = grads ? &grads->perThread[std::size_t(t)] : nullptr;
        if (g) zero(*g);
        sums[std::size_t(t)]
            = run_share(net, data, targets, batch, flips, settings, begin, end, scale, g);
    });
    // The sum of the buffers, in thread order. It and the optimiser's step take about 1%
    // of a batch's time on one thread: a second parallel phase would cost more in waiting
    // for the slower thread on a busy machine than it saves.
    if (grads)
        for (int t = 1; t < threads; ++t)
            add_into(grads->perThread[0], grads->perThread[std::size_t(t)]);
    double total = 0;
    for (double x : sums) total += x;
    return total / double(batch.size());
}

} // namespace hq::trainer
