// SPDX-License-Identifier: GPL-3.0-or-later
// Ms. Chess in algebraic notation (docs/rules.md, "Notation"): SAN as in chess for every
// piece, enhanced or not (her pieces' extra moves are written like any other move: `Nb4`
// for a camel leap, `Kg3` for a two-square king move), and the enhanced pawn's advance with
// capture in passing as its destination, `x` and the victim's square: `e3xd3`.
#pragma once

#include "move.h"
#include "position.h"

#include <string>

namespace hq::mschess {

// The notation of a legal move in the position.
std::string san(const Position& pos, Move m);

} // namespace hq::mschess
