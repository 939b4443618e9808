// SPDX-License-Identifier: GPL-3.0-or-later
// Control Chess in algebraic notation (docs/rules.md, "Notation"): SAN as in chess, with the
// moving piece's colour letter (r y p u) in front when it is not the mover's own colour
// (`rNc3`, `yf4`, `rcxd3`), a promotion's pool piece as `=Q` (the pawn's colour) or `=rQ`
// (another colour), the king's promotion as `=K`, and the queen rescue as `K@d1`.
#pragma once

#include "move.h"
#include "position.h"

#include <string>

namespace hq::control {

// The notation of a legal move in the position.
std::string san(const Position& pos, Move m);

} // namespace hq::control
