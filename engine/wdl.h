// SPDX-License-Identifier: GPL-3.0-or-later
// Win/draw/loss chances from a search score, by a model fitted per game to Harlequin's own
// games (bench/wdl/fit.py; each game's variants/GAME/wdl.h; docs/wdl.md): the side the
// score favours wins with chance sigmoid((score - a) / b) and loses with sigmoid((-score
// - a) / b), the rest drawn, where a and b are quadratics in x, the share of the start
// position's pieces still on the board (a centipawn means more as the board empties).
// A game whose outcome leans to one colour at any score also has White's edge: centipawns
// added to White's score (taken from Black's) first. A game whose search scores exactly 0
// mostly where it has found a draw (a repetition, bare kings: no even-looking position
// scores exactly 0 as often) has the share of such positions drawn in its games, for that
// score alone; the curve is fitted to the other scores.
// UCI_ShowWDL prints the chances, per mille, as Stockfish does (`wdl W D L`).
#pragma once

#include "score.h"

#include <algorithm>
#include <cmath>
#include <string_view>

namespace hq {

struct WdlModel {
    double a[3]; // a(x) = a[0] + a[1] x + a[2] x^2
    double b[3]; // b(x), likewise (at least 1)
    int startPieces;
    double whiteEdge = 0; // centipawns in White's favour (negative: Black's)
    int zeroDraw = -1;    // per mille drawn at a score of exactly 0; -1: the curve's
};

// Per mille, from the side to move's point of view; the three add up to 1000.
struct WdlChances {
    int win = 0, draw = 1000, loss = 0;
    bool operator==(const WdlChances&) const = default;
};

// The pieces on the board of a FEN (its first field's letters): what x counts in every
// game, whatever its pieces are called.
inline int fen_pieces(std::string_view fen) {
    return int(std::count_if(fen.begin(), fen.substr(0, fen.find(' ')).end(),
        [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }));
}

// v is the side to move's score; whiteToMove says whose.
inline WdlChances wdl_of(const WdlModel& m, Value v, int pieces, bool whiteToMove = true) {
    // A mate or a table win is won, whatever the model would say of its size.
    if (v >= VALUE_TABLE_WIN_IN_MAX_PLY) return {1000, 0, 0};
    if (v <= -VALUE_TABLE_WIN_IN_MAX_PLY) return {0, 0, 1000};
    // A draw the search found, mostly; what is not drawn is won and lost alike.
    if (v == VALUE_DRAW && m.zeroDraw >= 0) {
        const int rest = 1000 - m.zeroDraw;
        return {rest / 2, m.zeroDraw, rest - rest / 2};
    }
    const double x = std::clamp(double(pieces) / m.startPieces, 0.0, 1.0);
    const double s = double(v) + (whiteToMove ? m.whiteEdge : -m.whiteEdge);
    const double a = m.a[0] + (m.a[1] + m.a[2] * x) * x;
    const double b = std::max(1.0, m.b[0] + (m.b[1] + m.b[2] * x) * x);
    auto chance = [&](double s) { return 1.0 / (1.0 + std::exp(-(s - a) / b)); };
    const int win = int(std::lround(1000 * chance(s)));
    const int loss = std::min(1000 - win, int(std::lround(1000 * chance(-s))));
    return {win, 1000 - win - loss, loss};
}

} // namespace hq
