// SPDX-License-Identifier: GPL-3.0-or-later
#include "limits.h"

#include <algorithm>

namespace hq {

// Time management:
// - `movetime`: use it all, less the overhead.
// - a clock: spread the remaining time (plus the increments still to come) over the moves
//   to go (`movestogo`, or an estimate of 40 for sudden death), aim for that, and allow up
//   to 5 times as much when the search is unstable, never more than 3/4 of the clock
//   and always keeping twice the move overhead in hand.
// - our clock missing while the opponent's is given: assume ours equals theirs.
// - sudden death with a low clock: spend at most half the increment until the clock has
//   a reserve again.
// - zero or negative time left: move at once (the search still completes depth 1).
TimePlan TimePlan::make(
    const SearchLimits& limits, Color us, std::int64_t moveOverhead, int movesPerTurn) {
    TimePlan plan;
    if (limits.infinite) return plan;
    if (limits.moveTime > 0) {
        plan.optimum = plan.maximum = std::max<std::int64_t>(1, limits.moveTime - moveOverhead);
        return plan;
    }
    if (!limits.uses_clock()) return plan;

    // Clocks beyond a year are taken as a year, so that the sums below cannot overflow
    // on absurd input (`go wtime 9223372036854775807`).
    constexpr std::int64_t Year = 365LL * 24 * 60 * 60 * 1000;
    std::int64_t time = std::min(limits.time[us] ? *limits.time[us] : *limits.time[~us], Year);
    std::int64_t inc
        = std::clamp<std::int64_t>(limits.time[us] ? limits.inc[us] : limits.inc[~us], 0, Year);
    moveOverhead = std::clamp<std::int64_t>(moveOverhead, 0, Year);
    if (time <= 0) {
        plan.optimum = plan.maximum = 1;
        return plan;
    }
    int movesToGo = limits.movesToGo > 0 ? std::min(limits.movesToGo, 50) : 40;
    std::int64_t usable = time + inc * (movesToGo - 1) - moveOverhead * (2 + movesToGo / 8);
    usable = std::max<std::int64_t>(usable, time / 4);
    std::int64_t perTurn = usable / movesToGo;
    // In a game of several single moves a turn, each single move gets an equal share.
    std::int64_t share = perTurn / std::max(1, movesPerTurn);

    // Low on time in sudden death: below a reserve of ten increments and four overheads,
    // spend at most half the increment so that the clock grows back.
    bool emergency = limits.movesToGo == 0 && time < 10 * inc + 4 * moveOverhead;
    if (emergency) share = std::min(share, std::max<std::int64_t>(1, inc / 2));

    // Never plan past three quarters of the clock, and keep twice the overhead in hand:
    // a loaded machine or a slow pipe must not turn a short think into a time loss.
    std::int64_t hardCap
        = std::max<std::int64_t>(1, std::min(time * 3 / 4, time - 2 * moveOverhead) - moveOverhead);
    plan.optimum = std::clamp<std::int64_t>(share, 1, hardCap);
    plan.maximum = std::clamp<std::int64_t>(share * (emergency ? 2 : 5), 1, hardCap);
    return plan;
}

} // namespace hq
