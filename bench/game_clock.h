// SPDX-License-Identifier: GPL-3.0-or-later
// One engine's clock in a match game, kept by the runner (bench/match_game.h): the time
// control's time left, increment and moves per period, the st= time per move, and when a
// move comes too late (the flag falls). An engine's time runs from `go` to its move; the
// increment and a new period's time come at the end of each of its turns, so in a turn of
// several single moves (Multiple Move Chess) every move costs time and the increment comes
// once.
#pragma once

#include "match_options.h"

#include <chrono>
#include <cstdint>

namespace hq {

// How long one move may take.
struct MoveDeadline {
    // A clock or st= limits the move: a late move loses on time. Without one the engine
    // may think for -stalltimeout, and silence that long is a stalled connection.
    bool limited = false;
    std::int64_t allowedMs = 0; // the clock, st= or -stalltimeout, whichever applies
    std::int64_t marginMs = 0;  // timemargin=: how late a limited move still counts

    // The wait the engine driver is given, margin included.
    [[nodiscard]] std::chrono::milliseconds wait() const {
        return std::chrono::milliseconds(allowedMs + marginMs);
    }
    // A move that took `usedMs` came too late: its side loses on time.
    [[nodiscard]] bool flag_falls(std::int64_t usedMs) const {
        return limited && usedMs > allowedMs + marginMs;
    }
};

class GameClock {
public:
    explicit GameClock(const EngineConfig& engine);

    // False for tc=inf: no clock (the engine may still have st=, depth= or nodes=).
    [[nodiscard]] bool timed() const { return isTimed; }
    [[nodiscard]] std::int64_t left_ms() const { return leftMs; }
    [[nodiscard]] std::int64_t increment_ms() const { return incrementMs; }
    // Turns left in this period (MOVES/ of the tc), 0 when the period is the whole game
    // or there is no clock.
    [[nodiscard]] int moves_to_go() const;
    // How long the next move may take; `stallTimeout` seconds when nothing limits it.
    [[nodiscard]] MoveDeadline deadline(double stallTimeout) const;

    // A move that took `usedMs` comes off the clock; when it ended the engine's turn, the
    // increment and, after the period's last turn, the next period's time are added (never
    // past MAX_TIME_SECONDS, so that no number of turns overflows the clock).
    void charge(std::int64_t usedMs, bool turnEnds);

private:
    bool isTimed;
    int periodMoves;                  // the tc's MOVES/, 0 for the whole game
    std::int64_t periodMs;            // the tc's base: the time each period brings
    bool hasMoveTime;                 // st= given
    std::int64_t moveTimeMs;          // st=
    std::int64_t marginMs;            // timemargin=
    std::int64_t leftMs, incrementMs; // now
    int turnsDone = 0;
};

} // namespace hq
