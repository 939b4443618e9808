// SPDX-License-Identifier: GPL-3.0-or-later
// The clocks of a game of `harlequin serve`: each side's time left, which counts down during
// its turns, and the increment it gets for each turn played. Off when the base time is 0.
#pragma once

#include "engine/limits.h"
#include "engine/types.h"

#include <cstdint>
#include <optional>

namespace hq::serve {

class Clocks {
public:
    bool on() const { return baseMs > 0; }
    std::int64_t base() const { return baseMs; }
    std::int64_t increment() const { return incMs; }

    // New times: both sides start from `base`, the turn from now.
    void set(std::int64_t base, std::int64_t inc);
    // Both sides back to the base time; the turn starts now.
    void reset();
    // Times left as stored, the turn starting now.
    void restore(std::int64_t white, std::int64_t black);
    void start_turn() { turnStart = now(); }
    std::int64_t turn_elapsed() const { return elapsed_ms(turnStart); }

    // `c`'s time left (0 when the clocks are off), counting the turn under way when `running`
    // is `c`.
    std::int64_t left(Color c, std::optional<Color> running) const;
    // A move of `side` that took `ms`; whether its time ran out; the increment of a turn
    // that ended.
    void spend(Color side, std::int64_t ms) { leftMs[side] -= ms; }
    bool ran_out(Color side) const { return leftMs[side] < 0; }
    void add_increment(Color side) { leftMs[side] += incMs; }
    // Stops `c`'s clock where it is now (its flag fell during its turn).
    void settle(Color c) { leftMs[c] = left(c, c); }

private:
    std::int64_t baseMs = 0, incMs = 0;
    std::int64_t leftMs[COLOR_NB] = {0, 0}; // at the start of the turn under way
    TimePoint turnStart = now();
};

} // namespace hq::serve
