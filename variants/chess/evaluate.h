// Static evaluation of standard chess: material and piece-square values tapered between
// middlegame and endgame, mobility, pawn structure (passed, doubled, isolated pawns),
// king safety (pawn shield and attacks on the king's zone), the bishop pair and rooks on
// open files. Centipawns, from the side to move's point of view.
#pragma once

#include "engine/score.h"
#include "position.h"

namespace hq::chess {

Value evaluate(const Position& pos);

// Middlegame piece values, used for move ordering and exchange evaluation.
constexpr Value PieceValue[PIECE_TYPE_NB] = {0, 100, 320, 330, 500, 960, 0, 0};

// Static exchange evaluation: does the move win at least `threshold` material once all
// captures on its target square are played out, least valuable attacker first?
bool see_ge(const Position& pos, Move m, Value threshold);

} // namespace hq::chess
