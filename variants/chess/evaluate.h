// SPDX-License-Identifier: GPL-3.0-or-later
// Static evaluation of standard chess: the network (nnue.h) when the position says so
// (Position::network(), the Use NNUE and EvalFile options), otherwise the hand-crafted one:
// material and piece-square values tapered between middlegame and endgame, mobility, pawn structure
// (passed, doubled, isolated pawns), king safety (pawn shield and attacks on the king's
// zone), the bishop pair and rooks on open files. Centipawns, from the side to move's
// point of view.
#pragma once

#include "engine/eval_trace.h"
#include "engine/score.h"
#include "position.h"

#include <string>
#include <vector>

namespace hq::chess {

Value evaluate(const Position& pos);
// The hand-crafted evaluation, whatever the position's setting.
Value evaluate_classical(const Position& pos);

// For tuning (docs/tuning.md): the names of the weights of weights.h in their order
// ("Material[1]", "Psq[2][27]", "BishopPair"...), their values (mg, eg, mg, eg...), and a
// position's trace (engine/eval_trace.h), of the hand-crafted evaluation.
std::vector<std::string> trace_weight_names();
std::vector<int> trace_weight_values();
void trace(const Position& pos, EvalTrace& t);

// Middlegame piece values, used for move ordering and exchange evaluation.
constexpr Value PieceValue[PIECE_TYPE_NB] = {0, 100, 320, 330, 500, 960, 0, 0};

// Static exchange evaluation: does the move win at least `threshold` material once all
// captures on its target square are played out, least valuable attacker first?
bool see_ge(const Position& pos, Move m, Value threshold);

} // namespace hq::chess
