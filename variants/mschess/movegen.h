// SPDX-License-Identifier: GPL-3.0-or-later
// Legal move generation for Ms. Chess.
//
// One generator body is instantiated per (side to move, is that army enhanced, is the
// other army enhanced): the enhanced state is a template parameter, chosen once per call,
// so the inner loops never test it. Like standard chess's generator it is fully legal
// (checkers, check mask and pins computed once) and writes to a "sink": a list for search
// and perft, or a counter that adds up target-set popcounts (perft's last ply). The moves
// that remove a piece away from their destination -- the enhanced pawn's capture in
// passing and the man's en passant -- are tested exactly, by recomputing the attacks on
// the king with the board as the move leaves it, whenever a cheap test cannot clear them.
#pragma once

#include "engine/gen_type.h"
#include "engine/movelist.h"
#include "position.h"

#include <cstdint>

namespace hq::mschess {

// Room for the most moves a Ms. Chess position can have: a fully enhanced army of 16
// pieces with two amazons stays below 270.
using MsMoveList = MoveList<Move, 320>;

// NOISY: captures (including en passant and captures in passing) and queen promotions;
// QUIET: everything else, quiet moves, castling and under-promotions; LEGAL: both.
template <GenType T> void generate(const Position& pos, MsMoveList& list);

// The number of legal moves, without generating them.
std::uint64_t count_legal(const Position& pos);

// True when the move is legal in the position (used to validate TT and killer moves).
bool is_legal(const Position& pos, Move m);

} // namespace hq::mschess
