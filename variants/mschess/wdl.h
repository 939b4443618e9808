// SPDX-License-Identifier: GPL-3.0-or-later
// mschess's win/draw/loss model (engine/wdl.h), fitted by bench/wdl/fit_game.sh to
// half of 19658 of Harlequin's own games (449565 positions) and checked on the other
// half (docs/wdl.md). x is the share of the 32 pieces of the start
// position still on the board.
// A score of exactly 0 (left out of the curve's fit): 803 per mille drawn.
#pragma once

#include "engine/wdl.h"

namespace hq::mschess {

inline constexpr WdlModel WdlFit {
    {921.75, -2320.50, 1630.35}, {160.67, 50.91, 313.26}, 32, -90.45, 803};

} // namespace hq::mschess
