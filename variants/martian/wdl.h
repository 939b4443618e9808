// SPDX-License-Identifier: GPL-3.0-or-later
// martian's win/draw/loss model (engine/wdl.h), fitted by bench/wdl/fit_game.sh to
// half of 2000 of Harlequin's own games (34341 positions) and checked on the other
// half (docs/wdl.md). x is the share of the 18 pieces of the start
// position still on the board.
#pragma once

#include "engine/wdl.h"

namespace hq::martian {

inline constexpr WdlModel WdlFit {{184.91, -237.81, 121.53}, {6.82, 93.17, -37.42}, 18};

} // namespace hq::martian
