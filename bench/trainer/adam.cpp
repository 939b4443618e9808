// SPDX-License-Identifier: GPL-3.0-or-later
#include "adam.h"

#include <cmath>
#include <numbers>

namespace hq::trainer {

void Adam::step(Network& net, const Network& g, double lr) {
    ++steps;
    const double c1 = 1.0 - std::pow(Beta1, double(steps));
    const double c2 = 1.0 - std::pow(Beta2, double(steps));
    const float stepSize = float(lr / c1), root2 = float(std::sqrt(c2));
    std::size_t at = 0;
    auto update = [&](std::vector<float>& p, const std::vector<float>& grad) {
        for (std::size_t i = 0; i < p.size(); ++i, ++at) {
            const float gi = grad[i];
            m[at] = float(Beta1) * m[at] + float(1.0 - Beta1) * gi;
            v[at] = float(Beta2) * v[at] + float(1.0 - Beta2) * gi * gi;
            p[i] -= stepSize * m[at] / (std::sqrt(v[at]) / root2 + float(Eps));
        }
    };
    update(net.w1, g.w1);
    update(net.b1, g.b1);
    update(net.w2, g.w2);
    update(net.b2, g.b2);
}

double cosine_rate(double lr, int epoch, int epochs) {
    const double low = lr / 30.0;
    const int span = epochs > 0 ? epochs : 1;
    return low + (lr - low) * (1.0 + std::cos(std::numbers::pi * epoch / span)) / 2.0;
}

} // namespace hq::trainer
