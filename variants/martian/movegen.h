// SPDX-License-Identifier: GPL-3.0-or-later
// Legal move generation for Martian Chess.
//
// The mover moves one piece of its zone: onto an empty square, onto an opponent's piece
// across the canal (a capture), or onto its own piece as a merge where the rules allow
// one. The square a piece crossed the canal from on the opponent's last move is closed
// to it (the no-rejection ban). While the clock is uncalled every move also exists as its
// clock-calling twin (`c3b4*`). A player with no move passes (`0000`); once the game is
// over on the board (a zone empty, the clock run out) there is no move at all.
//
// The split for the search: NOISY is the captures that do not call the clock; QUIET is
// everything else (moves, merges, every clock call, the pass).
#pragma once

#include "engine/gen_type.h"
#include "engine/movelist.h"
#include "position.h"

#include <cstdint>

namespace hq::martian {

// Room for the most moves a position can have: at most 16 pieces own a zone, a queen
// reaches at most 16 squares of the 4x8 board, and every move may have a clock twin.
using MartianMoveList = MoveList<Move, 512>;

template <GenType T> void generate(const Position& pos, MartianMoveList& list);

// The number of legal moves (what perft counts), without generating them.
std::uint64_t count_legal(const Position& pos);

// Whether the move is legal in the position (for moves from the TT or a killer slot).
bool is_legal(const Position& pos, Move m);

// The squares the piece on `from` (of the side to move) may move to, the ban applied.
Bitboard targets_from(const Position& pos, Square from);

} // namespace hq::martian
