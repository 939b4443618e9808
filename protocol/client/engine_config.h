// SPDX-License-Identifier: GPL-3.0-or-later
// How an external engine is started and how long it may think: what a driver
// (engine_driver.h) needs to know of the engine it talks to. `harlequin match` reads these
// from its -engine arguments (bench/match_options.h); `harlequin serve` from --engine.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace hq {

// The longest time the runner keeps: 10^9 s, about 31 years. A longer tc, increment, st=
// or -stalltimeout is refused (tc=inf is the way to play without a clock), and a clock
// never grows past it (play_game saturates), so clocks and deadlines in milliseconds and
// nanoseconds stay far inside 64 bits.
constexpr double MAX_TIME_SECONDS = 1e9;

// Seconds as whole milliseconds, within [0, MAX_TIME_SECONDS].
std::int64_t clamped_ms(double seconds);

// A chess clock's settings: `moves` moves (turns) per `base` seconds (0 moves: the whole
// game), plus `increment` seconds after every turn. Infinite when `infinite` is set.
struct TimeControl {
    bool infinite = true;
    int moves = 0;
    double base = 0;
    double increment = 0;

    // The PGN TimeControl value: "40/60+0.6", "60+0.6", "60", "-" for none.
    std::string pgn() const;
};

struct EngineConfig {
    std::string name; // the PGN name; from the engine's id when not given
    std::string cmd, dir;
    std::vector<std::string> args;
    std::string proto = "uci"; // "uci" or "xboard"
    std::vector<std::pair<std::string, std::string>> options;
    TimeControl tc;
    double moveTime = 0; // st=: seconds per move, 0 when unused
    int depth = 0;
    std::int64_t nodes = 0;
    int timeMarginMs = 50; // a move this late past the clock still counts

    bool has_limit() const { return !tc.infinite || moveTime > 0 || depth > 0 || nodes > 0; }
    // The time control as PGN writes it.
    std::string time_control_text() const;
};

} // namespace hq
