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

#include "engine/eval_trace.h"
#include "engine/score.h"
#include "position.h"

#include <string>
#include <vector>

namespace hq::multimove {

// Fixed material values in centipawns (the king: 0): a capture's gain in the threat terms
// and move ordering. The evaluation's own material is the tuned Material of weights.h.
constexpr int PieceValue[PIECE_TYPE_NB] = {0, 100, 320, 330, 500, 950, 0, 0};
constexpr int piece_value(PieceType pt) { return PieceValue[pt]; }

Value evaluate(const Position& pos);

// The turn's dynamics as the evaluation counts them, from the mover's view: the exchange
// (what the mover's remaining moves can still collect: captures by fresh pieces, a rescue
// counting as a move spent, not a gain; and what the opponent's N moves can then take, in
// centipawns of PieceValue), the attacks on the squares around each king (the mover's on
// the enemy king, the enemy's on the mover's), and the passed pawns that promote within the
// mover's remaining moves or within the opponent's next turn. The network sees them as
// inputs (nnue.h): piece-square inputs alone cannot see what hangs or what attacks.
struct TurnDynamics {
    int collected = 0, lost = 0;
    int kingZoneHits = 0, ourKingZoneHits = 0;
    int runners = 0, theirRunners = 0;
};
TurnDynamics turn_dynamics(const Position& pos);

// For tuning (docs/tuning.md): the names of the weights of weights.h in their order, their
// values (mg, eg, mg, eg...), and a position's trace (engine/eval_trace.h).
std::vector<std::string> trace_weight_names();
std::vector<int> trace_weight_values();
void trace(const Position& pos, EvalTrace& t);

} // namespace hq::multimove
