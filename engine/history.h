// SPDX-License-Identifier: GPL-3.0-or-later
// What the search learns about moves across nodes and across searches.
#pragma once

#include "types.h"

#include <algorithm>
#include <cstddef>
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

// A quiet move's ordering score: its own history, plus its history after the previous
// move and after the one before it (rows of ContinuationHistory::row); any may be absent.
[[nodiscard]] inline int quiet_history(const HistoryTable* history,
    const std::int16_t* continuation, const std::int16_t* followUp, Color us, Square from,
    Square to) {
    const int i = from * 64 + to;
    return (history ? history->get(us, from, to) : 0) + (continuation ? continuation[i] : 0)
        + (followUp ? followUp[i] : 0);
}

// Correction history: how far the search's results fell from the static evaluation in
// positions of one key (the game's correction_key: chess's pawns), per side to move, as a
// running average that weighs deeper searches more. The search adds it to the evaluation.
// Values are in 1/GRAIN centipawns, at most LIMIT.
struct CorrectionHistory {
    static constexpr int SIZE = 16384, GRAIN = 256, LIMIT = 64 * GRAIN, WEIGHT_SCALE = 256;
    static constexpr int MAX_WEIGHT = 16;
    std::int16_t table[COLOR_NB][SIZE] = {};

    static std::size_t index(std::uint64_t key) {
        return std::size_t((key * 0x9E3779B97F4A7C15ULL) >> 50); // the top 14 bits
    }
    [[nodiscard]] int get(Color c, std::uint64_t key) const { return table[c][index(key)] / GRAIN; }
    // diff: the search's value less the static evaluation, at depth `depth`.
    void update(Color c, std::uint64_t key, int diff, int depth) {
        std::int16_t& e = table[c][index(key)];
        const int weight = std::min(depth + 1, MAX_WEIGHT);
        const int v = (e * (WEIGHT_SCALE - weight) + diff * GRAIN * weight) / WEIGHT_SCALE;
        e = std::int16_t(std::clamp(v, -LIMIT, LIMIT));
    }
};

// What the search learns about moves and keeps from one search to the next (cleared by
// a new game): quiet-move history, the same given the previous move and the one before
// it, the same for noisy moves, per previous move (from, to) the reply that last refuted
// it (the counter move, as the game's raw 32-bit move), and the evaluation's corrections.
struct SearchMemory {
    HistoryTable history;
    ContinuationHistory continuation;
    ContinuationHistory followUp; // the same, given the move two plies back
    HistoryTable captures;        // the same for noisy moves (GameHooks::captureHistoryDivisor)
    std::uint32_t counterMoves[64][64] = {};
    CorrectionHistory correction;
};

} // namespace hq
