// SPDX-License-Identifier: GPL-3.0-or-later
// Standard Algebraic Notation for chess and Chess960, as PGN writes moves: piece letter,
// the least disambiguation that makes the move unique, 'x' for captures, "=Q" for
// promotions, "O-O"/"O-O-O" for castling (also in Chess960), "+" for check, "#" for mate.
#pragma once

#include "move.h"
#include "position.h"

#include <string>

namespace hq::chess {

// The SAN of a legal move in the position.
std::string san(const Position& pos, Move m);

} // namespace hq::chess
