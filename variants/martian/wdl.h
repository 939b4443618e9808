// SPDX-License-Identifier: GPL-3.0-or-later
// martian's win/draw/loss model (engine/wdl.h), fitted by bench/wdl/fit_game.sh to
// half of 22000 of Harlequin's own games (379859 positions) and checked on the other
// half (docs/wdl.md). x is the share of the 18 pieces of the start
// position still on the board.
#pragma once

#include "engine/wdl.h"

namespace hq::martian {

inline constexpr WdlModel WdlFit {{187.97, -238.46, 124.27}, {14.56, 68.08, -21.49}, 18};

} // namespace hq::martian
