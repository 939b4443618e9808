// Legal move generation for Control Chess.
//
// Moves are generated pseudo-legally from every piece of a colour the mover controls
// (captures of anything but the mover's own colour and kings; the two coloured-square
// rules applied on the spot), then each is tested exactly: the board as the move leaves
// it, control recomputed when the move touches a coloured square, and the mover's king
// must not be attacked by any piece of a colour the opponent then controls. The queen
// rescue is added when nothing else is legal.
#pragma once

#include "engine/movelist.h"
#include "position.h"

#include <cstdint>

namespace hq::control {

enum GenType {
    NOISY, // captures (en passant included) and promotions to a queen
    QUIET, // everything else; the queen rescue when no other move exists
    LEGAL  // both
};

// Room for the most moves a position can have: five controlled colours' pieces and
// promotions offering up to twenty pool pieces stay far below this.
using MoveList = hq::MoveList<Move, 512>;

template <GenType T> void generate(const Position& pos, MoveList& list);

// The number of legal moves.
std::uint64_t count_legal(const Position& pos);

// True when the move is legal in the position (used to validate TT and killer moves).
bool is_legal(const Position& pos, Move m);

} // namespace hq::control
