// SPDX-License-Identifier: GPL-3.0-or-later
// Multiple Move Chess in algebraic notation (docs/rules.md, "Notation"): each single move in
// chess's SAN; the check and mate marks only on the single move that ends a turn (a check
// given during a turn need not stand when the turn ends, and is answered in the next turn).
#pragma once

#include "position.h"

#include <string>

namespace hq::multimove {

// The notation of a legal single move in the position.
std::string san(const Position& pos, Move m);

} // namespace hq::multimove
