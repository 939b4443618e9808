// SPDX-License-Identifier: GPL-3.0-or-later
// Static evaluation of a Ms. Chess position, in centipawns from the side to move's view.
//
// Three parts, tapered between middlegame and endgame by the non-pawn material left:
// - material, valued per army: an enhanced army's amazon, chancellor, archbishop,
//   knight+camel and two-step king are worth far more than their orthodox forms;
// - piece-square tables that suit the pieces (leapers and compound pieces to the centre,
//   the man's pawns forward, the king sheltered in the middlegame and central in the
//   endgame, the two-step king more so);
// - Male Backlash: while the man is unenhanced, his first promotion would transform his
//   whole army. That jump in value, weighted by how close his best pawn is to promoting
//   and how freely it runs, counts for him -- and so, in a zero-sum evaluation, against
//   the woman, whose interest is to stop, blockade or win that pawn.
#pragma once

#include "position.h"

#include "engine/eval_trace.h"
#include "engine/score.h"

#include <string>
#include <vector>

namespace hq::mschess {

// A value in the middlegame and in the endgame.
struct Score {
    int mg = 0, eg = 0;
};

// Fixed piece values by army kind (0 orthodox, 1 enhanced) and piece type, for move
// ordering and for the size of Male Backlash's jump; the evaluation's own material is the
// tuned Material of weights.h. The enhanced king's value is what its two-square step adds
// to a king.
inline constexpr Score PieceValues[2][PIECE_TYPE_NB] = {
    // none, pawn, knight, bishop, rook, queen, king
    {{0, 0}, {90, 120}, {320, 300}, {330, 350}, {500, 540}, {980, 1000}, {0, 0}, {0, 0}},
    // none, pawn, knight+camel, archbishop, chancellor, amazon, two-step king
    {{0, 0}, {105, 90}, {540, 560}, {830, 820}, {920, 960}, {1350, 1400}, {40, 120}, {0, 0}},
};

// The middlegame value of a piece of an army enhanced or not (move ordering uses it).
constexpr int piece_value(bool enhanced, PieceType pt) { return PieceValues[enhanced][pt].mg; }

// The whole evaluation, from the side to move's point of view.
Value evaluate(const Position& pos);

// For tuning (docs/tuning.md): the names of the weights of weights.h in their order, their
// values (mg, eg, mg, eg...), and a position's trace (engine/eval_trace.h).
std::vector<std::string> trace_weight_names();
std::vector<int> trace_weight_values();
void trace(const Position& pos, EvalTrace& t);

// The Male Backlash term alone, from the man's point of view (0 once both armies are
// enhanced): exposed for tests and for tuning.
Score backlash_threat(const Position& pos);

} // namespace hq::mschess
