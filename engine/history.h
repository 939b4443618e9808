// SPDX-License-Identifier: GPL-3.0-or-later
// What the search learns about moves across nodes and across searches.
#pragma once

#include "types.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>

namespace hq {

// Quiet-move history: how often a (side, from, to) quiet move caused a cutoff, with
// gravity so that old results fade.
struct HistoryTable {
    static constexpr int MAX = 16384;
    std::int16_t table[COLOR_NB][64][64] = {};

    [[nodiscard]] int get(Color c, Square from, Square to) const { return table[c][from][to]; }
    void update(Color c, Square from, Square to, int bonus) {
        std::int16_t& h = table[c][from][to];
        bonus = std::clamp(bonus, -MAX, MAX);
        h = std::int16_t(h + bonus - h * std::abs(bonus) / MAX);
    }
};

// History of a quiet move given the square the previous move went to (a cheap,
// game-independent stand-in for "the piece that just moved"): which replies work against
// which moves.
struct ContinuationHistory {
    static constexpr int MAX = 16384;
    std::int16_t table[64][64][64] = {};

    [[nodiscard]] const std::int16_t* row(Square prevTo) const { return &table[prevTo][0][0]; }
    void update(Square prevTo, Square from, Square to, int bonus) {
        std::int16_t& h = table[prevTo][from][to];
        bonus = std::clamp(bonus, -MAX, MAX);
        h = std::int16_t(h + bonus - h * std::abs(bonus) / MAX);
    }
};

// What the search learns about moves and keeps from one search to the next (cleared by
// a new game): quiet-move history and, per previous move (from, to), the reply that last
// refuted it (the counter move, as the game's raw 32-bit move).
struct SearchMemory {
    HistoryTable history;
    ContinuationHistory continuation;
    std::uint32_t counterMoves[64][64] = {};
};

} // namespace hq
