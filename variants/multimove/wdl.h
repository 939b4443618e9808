// SPDX-License-Identifier: GPL-3.0-or-later
// multimove's win/draw/loss model (engine/wdl.h), fitted by bench/wdl/fit_game.sh to
// half of 11032 of Harlequin's own games (411139 positions) and checked on the other
// half (docs/wdl.md). x is the share of the 32 pieces of the start
// position still on the board.
#pragma once

#include "engine/wdl.h"

namespace hq::multimove {

inline constexpr WdlModel WdlFit {{806.88, -2049.17, 1351.85}, {306.00, 437.46, 67.33}, 32, 67.55};

} // namespace hq::multimove
