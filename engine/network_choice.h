// SPDX-License-Identifier: GPL-3.0-or-later
// The network a position's evaluation asks (engine/nnue.h), or none: the game's
// hand-crafted evaluation. A game with a network (GameHooks::useNnue) derives its Position
// from this; the engine sets it for a search (the Use NNUE and EvalFile options), and it is
// none otherwise: the tuning trace and its export stay with the hand-crafted evaluation
// they are a linear model of.
#pragma once

namespace hq::nnue {

struct Network;

class NetworkChoice {
public:
    [[nodiscard]] const Network* network() const { return net; }
    void set_network(const Network* n) { net = n; }

private:
    const Network* net = nullptr;
};

} // namespace hq::nnue
