// SPDX-License-Identifier: GPL-3.0-or-later
// Adam (Kingma and Ba), as PyTorch's torch.optim.Adam computes it with its defaults (beta1
// 0.9, beta2 0.999, eps 1e-8, no weight decay), over every weight of a Network, and the
// cosine learning-rate schedule bench/nnue/train.py uses.
#pragma once

#include "network.h"

#include <cstdint>
#include <vector>

namespace hq::trainer {

struct Adam {
    static constexpr double Beta1 = 0.9, Beta2 = 0.999, Eps = 1e-8;
    std::int64_t steps = 0;
    std::vector<float> m, v; // the moments, one a weight, in Network's order

    explicit Adam(const Network& net)
        : m(net.parameter_count())
        , v(net.parameter_count()) { }
    // One step of learning rate `lr` against the gradient `g` (same shape as `net`).
    void step(Network& net, const Network& g, double lr);
};

// The learning rate of epoch `epoch` (0 the first) of `epochs`: from `lr` down to lr / 30
// along half a cosine (PyTorch's CosineAnnealingLR, T_max = epochs, eta_min = lr / 30).
[[nodiscard]] double cosine_rate(double lr, int epoch, int epochs);

} // namespace hq::trainer
