// SPDX-License-Identifier: GPL-3.0-or-later
// control's win/draw/loss model (engine/wdl.h), fitted by bench/wdl/fit_game.sh to
// half of 17433 of Harlequin's own games (323700 positions) and checked on the other
// half (docs/wdl.md). x is the share of the 64 pieces of the start
// position still on the board.
#pragma once

#include "engine/wdl.h"

namespace hq::control {

inline constexpr WdlModel WdlFit {{482.65, -1132.88, 705.37}, {117.73, -72.45, 80.48}, 64};

} // namespace hq::control
