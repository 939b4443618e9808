// SPDX-License-Identifier: GPL-3.0-or-later
// Multiple Move Chess's network inputs (engine/nnue.h): chess's 768 (variants/chess/nnue.h:
// colour relative to the perspective x piece type x square, flipped for Black), then the
// turn: 768 + the single moves the side to move has left in its turn (1 to 9) - 1, and 777
// + the moves a turn (N, 1 to 9) - 1. One network serves every N: the turn's inputs tell
// it which game it is in. The side to move is the order of the two accumulators.
#pragma once

#include "engine/nnue.h"
#include "position.h"
#include "variants/chess/nnue.h"

#include <algorithm>
#include <string_view>

namespace hq::multimove::nnue {

struct Features : chess::nnue::OrthodoxFeatures<Position> {
    static constexpr std::string_view name = "multimove";
    static constexpr int MovesLeftBase = chess::nnue::Inputs;
    static constexpr int TurnBase = MovesLeftBase + MAX_MOVES_PER_TURN;
    static constexpr int Inputs = TurnBase + MAX_MOVES_PER_TURN; // 786
    static constexpr int MaxExtras = 2;
    static int extras(const Position& pos, Color, int* out) {
        out[0] = MovesLeftBase + std::clamp(pos.moves_left(), 1, MAX_MOVES_PER_TURN) - 1;
        out[1] = TurnBase + std::clamp(pos.moves_per_turn(), 1, MAX_MOVES_PER_TURN) - 1;
        return 2;
    }
    static int mirror(int f) { return f < MovesLeftBase ? OrthodoxFeatures::mirror(f) : f; }
};
static_assert(hq::nnue::FeatureSet<Features>);

} // namespace hq::multimove::nnue
