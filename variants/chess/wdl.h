// SPDX-License-Identifier: GPL-3.0-or-later
// chess's win/draw/loss model (engine/wdl.h), fitted by bench/wdl/fit_game.sh to
// half of 3488 of Harlequin's own games (171552 positions) and checked on the other
// half (docs/wdl.md). x is the share of the 32 pieces of the start
// position still on the board.
#pragma once

#include "engine/wdl.h"

namespace hq::chess {

inline constexpr WdlModel WdlFit {{459.89, -922.31, 578.52}, {77.33, -28.52, 172.47}, 32};

} // namespace hq::chess
