// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine_config.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

namespace hq {

namespace {

// "2.5" -> "2.5", "60" -> "60", "1000000" -> "1000000": seconds as short as exact, never
// in exponent form (a PGN TimeControl and XBoard's `st` want plain numbers). Ten
// significant digits hold every whole number of seconds up to MAX_TIME_SECONDS.
std::string seconds_text(double s) { return fmt::format("{:.10g}", s); }

} // namespace

std::int64_t clamped_ms(double seconds) {
    if (!(seconds > 0)) return 0; // NaN too
    return std::llround(std::min(seconds, MAX_TIME_SECONDS) * 1000);
}

std::string TimeControl::pgn() const {
    if (infinite) return "-";
    std::string out = moves > 0 ? fmt::format("{}/", moves) : "";
    out += seconds_text(base);
    if (increment > 0) {
        out += '+';
        out += seconds_text(increment);
    }
    return out;
}

std::string EngineConfig::time_control_text() const {
    if (!tc.infinite) return tc.pgn();
    // A fixed time per move is one move in S seconds, period after period.
    if (moveTime > 0) return "1/" + seconds_text(moveTime);
    return "-";
}

} // namespace hq
