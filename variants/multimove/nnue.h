// SPDX-License-Identifier: GPL-3.0-or-later
// Multiple Move Chess's network inputs (engine/nnue.h): chess's 768 (variants/chess/nnue.h:
// colour relative to the perspective x piece type x square, flipped for Black), then the
// turn: 768 + the single moves the side to move has left in its turn (1 to 9) - 1, and 777
// + the moves a turn (N, 1 to 9) - 1. One network serves every N: the turn's inputs tell
// it which game it is in. Then the turn's dynamics (evaluate.h, turn_dynamics), from the
// mover's view, each as a thermometer (input k - 1 of its block on for every k <= value):
// what the mover can still collect and what the opponent's N moves can then take (12 steps
// of 100 centipawns each), the attacks on the squares around the enemy king and around
// the mover's (12 steps of one), and the runners of either side (3 steps of one). With N
// moves a turn whatever hangs is lost and an attack on the king is a mate threat, and
// piece-square inputs see neither. A network without these inputs lost every game pair to
// the hand-crafted evaluation at 20k nodes; with them it lost fewer, but still lost
// (docs/log/tuning.md), so the game has no network yet. The side to move is the order of the
// two accumulators.
#pragma once

#include "engine/nnue.h"
#include "evaluate.h"
#include "position.h"
#include "variants/chess/nnue.h"

#include <algorithm>
#include <string_view>

namespace hq::multimove::nnue {

struct Features : chess::nnue::OrthodoxFeatures<Position> {
    static constexpr std::string_view name = "multimove";
    static constexpr int MovesLeftBase = chess::nnue::Inputs;
    static constexpr int TurnBase = MovesLeftBase + MAX_MOVES_PER_TURN;
    // The thermometers: first input, steps, centipawns (or units) a step.
    struct Block {
        int base, steps, unit;
    };
    static constexpr int DynamicsBase = TurnBase + MAX_MOVES_PER_TURN; // 786
    static constexpr Block Collected {DynamicsBase, 12, 100}, Lost {Collected.base + 12, 12, 100},
        Attack {Lost.base + 12, 12, 1}, Danger {Attack.base + 12, 12, 1},
        Runners {Danger.base + 12, 3, 1}, TheirRunners {Runners.base + 3, 3, 1};
    static constexpr int Inputs = TheirRunners.base + TheirRunners.steps; // 840
    static constexpr int MaxExtras = 2 + Inputs - DynamicsBase;
    static int extras(const Position& pos, Color, int* out) {
        int n = 0;
        out[n++] = MovesLeftBase + std::clamp(pos.moves_left(), 1, MAX_MOVES_PER_TURN) - 1;
        out[n++] = TurnBase + std::clamp(pos.moves_per_turn(), 1, MAX_MOVES_PER_TURN) - 1;
        const TurnDynamics t = turn_dynamics(pos);
        auto thermometer = [&](Block b, int value) {
            for (int k = 1; k <= b.steps && value >= k * b.unit; ++k) out[n++] = b.base + k - 1;
        };
        thermometer(Collected, t.collected);
        thermometer(Lost, t.lost);
        thermometer(Attack, t.kingZoneHits);
        thermometer(Danger, t.ourKingZoneHits);
        thermometer(Runners, t.runners);
        thermometer(TheirRunners, t.theirRunners);
        return n;
    }
    static int mirror(int f) { return f < MovesLeftBase ? OrthodoxFeatures::mirror(f) : f; }
};
static_assert(hq::nnue::FeatureSet<Features>);

} // namespace hq::multimove::nnue
