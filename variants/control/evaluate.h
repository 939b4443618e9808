// SPDX-License-Identifier: GPL-3.0-or-later
// Static evaluation of a Control Chess position, in centipawns from the side to move's
// view. Material is counted by control, not by colour: every piece of a colour a player
// controls is that player's (neutral pieces count for nobody), so winning a colour is
// worth its whole army. On top of that:
// - each coloured square a player occupies (the source of control) earns a bonus;
// - the pool's pieces of colours a player controls are promotion material, a fraction of
//   their value;
// - pieces to the centre, pawns forward in their own direction;
// - the king's neighbourhood attacked by the opponent's pieces costs.
#pragma once

#include "position.h"

#include "engine/eval_trace.h"
#include "engine/score.h"

#include <string>
#include <vector>

namespace hq::control {

// Piece values by type (pawn to king), for move ordering; the evaluation's own material
// values are in weights.h.
inline constexpr int PieceValue[PIECE_TYPE_NB] = {0, 100, 310, 330, 500, 950, 0, 0};

// The whole evaluation, from the side to move's point of view.
Value evaluate(const Position& pos);

// For tuning (engine/eval_trace.h): the weights' names and values (value, 0 for each: the
// game has no taper), and a position's trace (White's view: the first player's).
std::vector<std::string> trace_weight_names();
std::vector<int> trace_weight_values();
void trace(const Position& pos, EvalTrace& t);

} // namespace hq::control
