// SPDX-License-Identifier: GPL-3.0-or-later
// control's win/draw/loss model (engine/wdl.h), fitted by bench/wdl/fit_game.sh to
// half of 17433 of Harlequin's own games (318109 positions) and checked on the other
// half (docs/wdl.md). x is the share of the 64 pieces of the start
// position still on the board.
// A score of exactly 0 (left out of the curve's fit): 713 per mille drawn.
#pragma once

#include "engine/wdl.h"

namespace hq::control {

inline constexpr WdlModel WdlFit {
    {482.23, -1148.51, 721.49}, {119.89, -72.77, 79.86}, 64, 0.0, 713};

} // namespace hq::control
