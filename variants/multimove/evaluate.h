// SPDX-License-Identifier: GPL-3.0-or-later
// Static evaluation for Multiple Move Chess, from the side to move's point of view.
//
// What differs from chess is tempo: the mover plays its remaining single moves in a row,
// then the opponent plays N. An attacked piece can be taken by any fresh piece on any move
// of the turn, so threats are nearly as good as material: the evaluation counts the gains
// the mover can still collect with its remaining moves (captures by pieces that have not
// moved, or rescues of its own threatened pieces), and the losses the opponent's N moves
// can inflict on what the mover leaves hanging.
#pragma once

#include "engine/score.h"
#include "position.h"

namespace hq::multimove {

// Material values in centipawns (the king: 0).
constexpr int PieceValue[PIECE_TYPE_NB] = {0, 100, 320, 330, 500, 950, 0, 0};
constexpr int piece_value(PieceType pt) { return PieceValue[pt]; }

Value evaluate(const Position& pos);

} // namespace hq::multimove
