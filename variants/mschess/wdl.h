// SPDX-License-Identifier: GPL-3.0-or-later
// mschess's win/draw/loss model (engine/wdl.h), fitted by bench/wdl/fit_game.sh to
// half of 19658 of Harlequin's own games (457525 positions) and checked on the other
// half (docs/wdl.md). x is the share of the 32 pieces of the start
// position still on the board.
#pragma once

#include "engine/wdl.h"

namespace hq::mschess {

inline constexpr WdlModel WdlFit {{922.61, -2290.40, 1592.49}, {159.06, 29.91, 346.46}, 32, -85.21};

} // namespace hq::mschess
