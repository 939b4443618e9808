// SPDX-License-Identifier: GPL-3.0-or-later
#include "game_clock.h"

#include <algorithm>

namespace hq {

namespace {
constexpr std::int64_t MaxClockMs = std::int64_t(MAX_TIME_SECONDS) * 1000;
} // namespace

GameClock::GameClock(const EngineConfig& engine)
    : isTimed(!engine.tc.infinite)
    , periodMoves(engine.tc.moves)
    , periodMs(clamped_ms(engine.tc.base))
    , hasMoveTime(engine.moveTime > 0)
    , moveTimeMs(clamped_ms(engine.moveTime))
    , marginMs(engine.timeMarginMs)
    , leftMs(periodMs)
    , incrementMs(clamped_ms(engine.tc.increment)) { }

int GameClock::moves_to_go() const {
    if (!isTimed || periodMoves <= 0) return 0;
    return periodMoves - turnsDone % periodMoves;
}

MoveDeadline GameClock::deadline(double stallTimeout) const {
    MoveDeadline d;
    d.limited = isTimed || hasMoveTime;
    if (!d.limited) {
        d.allowedMs = clamped_ms(stallTimeout);
        return d;
    }
    // The clock, or st= where that is shorter (or there is no clock).
    d.allowedMs = isTimed ? leftMs : moveTimeMs;
    if (isTimed && hasMoveTime) d.allowedMs = std::min(d.allowedMs, moveTimeMs);
    d.marginMs = marginMs;
    return d;
}

void GameClock::charge(std::int64_t usedMs, bool turnEnds) {
    if (isTimed) leftMs = std::max<std::int64_t>(0, leftMs - usedMs);
    if (!turnEnds) return;
    ++turnsDone;
    if (!isTimed) return;
    std::int64_t gain = incrementMs;
    if (periodMoves > 0 && turnsDone % periodMoves == 0) gain += periodMs;
    leftMs = std::min(leftMs + gain, MaxClockMs);
}

} // namespace hq
