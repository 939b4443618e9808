// SPDX-License-Identifier: GPL-3.0-or-later
// One batch of `harlequin train`: the network's prediction for each position, the loss
// against the targets, and the gradient of every weight, over several threads.
//
//   prediction = sigmoid(kh * value), value = 400 * output (centipawns, side to move's view)
//   loss = mean over the batch of (prediction - target)^2
//
// the same model and loss as bench/nnue/train.py. Each thread sums the gradient of its
// share of the batch in a buffer of its own, and the buffers are added in thread order, so
// the result depends on the thread count but not on timing.
#pragma once

#include "dataset.h"
#include "network.h"

#include <cstdint>
#include <span>
#include <vector>

namespace hq::trainer {

// What the loss needs of every position besides its features: its target (side to move's
// view) and output bucket.
struct Targets {
    std::vector<float> target;
    std::vector<std::uint8_t> bucket;
};

struct BatchSettings {
    double kh = 0;            // per centipawn, natural logarithm's scale
    bool mirrorFiles = false; // positions flagged in `flips` are seen with files a <-> h
    int threads = 1;
};

// The gradients of a batch, one buffer per thread (reused from batch to batch).
class GradientBuffers {
public:
    GradientBuffers(const Network& shape, int threads);
    // The batch's summed gradient (after loss_and_gradient).
    [[nodiscard]] const Network& total() const { return perThread.front(); }
    [[nodiscard]] Network& total() { return perThread.front(); }

private:
    friend double loss_and_gradient(const Network&, const Dataset&, const Targets&,
        std::span<const std::uint32_t>, std::span<const std::uint8_t>, const BatchSettings&,
        GradientBuffers*);
    std::vector<Network> perThread;
};

// The mean loss of the positions `batch` (indices into the data), and, when `grads` is
// given, the gradient of that mean in grads->total(). `flips` (empty, or one a position of
// the batch) marks the positions seen mirrored left to right (chess's boards: a feature's
// low three bits are its file).
double loss_and_gradient(const Network& net, const Dataset& data, const Targets& targets,
    std::span<const std::uint32_t> batch, std::span<const std::uint8_t> flips,
    const BatchSettings& settings, GradientBuffers* grads);

} // namespace hq::trainer
