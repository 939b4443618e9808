// SPDX-License-Identifier: GPL-3.0-or-later
// Legal move generation for Control Chess.
//
// Moves come from every piece of a colour the mover controls (captures of anything but
// the mover's own colour and kings; the two coloured-square rules applied on the spot).
// Since a move never gives the opponent control of anything, nearly every move is legal
// exactly as in chess: the generator computes checkers, check mask and pinned pieces once
// and lets the king step only onto unattacked squares. Captures on a coloured square
// (which may take colours from the opponent) and the rare kinds (en passant, castling,
// king promotion, the queen rescue) are tested exactly: the board as the move leaves it,
// control recomputed, and the mover's king not attacked by any piece of a colour the
// opponent then controls. The queen rescue is added when nothing else is legal. One
// generator body writes the moves into a list or only counts them (count_legal, perft's
// last ply).
#pragma once

#include "engine/gen_type.h"
#include "engine/movelist.h"
#include "position.h"

#include <cstdint>

namespace hq::control {

// Room for the most moves a position can have. FEN input admits at most 32 pieces on the
// board and in the pool together, so with n pieces besides the kings on the board each
// has at most max(27, 3 x 21) moves (a queen; a pawn promoting onto three squares to one
// of at most 20 kinds of pool piece or the king), and at most 30 - n kinds wait in the
// pool: the total stays below 850.
using MoveList = hq::MoveList<Move, 1024>;

// NOISY: captures (en passant included) and promotions to a queen; QUIET: everything
// else, and the queen rescue when no other move exists; LEGAL: both.
template <GenType T> void generate(const Position& pos, MoveList& list);

// The number of legal moves, counted without writing them down.
std::uint64_t count_legal(const Position& pos);

// True when the move is legal in the position (used to validate TT and killer moves).
bool is_legal(const Position& pos, Move m);

} // namespace hq::control
