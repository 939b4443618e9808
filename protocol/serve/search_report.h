// SPDX-License-Identifier: GPL-3.0-or-later
// What a game's searches show the page (state_codec.h): what the engines are doing and the
// latest line of each MultiPV index. Plain data, filled by the conductor (conductor.h).
#pragma once

#include "engine/limits.h"
#include "engine/types.h"

#include <cstdint>
#include <vector>

namespace hq::serve {

struct SearchReport {
    const char* activity = "idle"; // "idle", "waiting", "thinking" or "analysing"
    std::int64_t elapsedMs = 0;
    std::vector<SearchInfo> lines; // by MultiPV index
    Color side = WHITE;            // the side to move where the lines are from
    int fromNode = 0;              // the position they are from (a node of the move tree)
    int analysisNode = 0;          // the position analysed
};

} // namespace hq::serve
