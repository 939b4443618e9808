// SPDX-License-Identifier: GPL-3.0-or-later
#include "clocks.h"

namespace hq::serve {

void Clocks::set(std::int64_t base, std::int64_t inc) {
    baseMs = base;
    incMs = inc;
    reset();
}

void Clocks::reset() {
    for (Color c : {WHITE, BLACK}) leftMs[c] = baseMs;
    start_turn();
}

void Clocks::restore(std::int64_t white, std::int64_t black) {
    leftMs[WHITE] = white;
    leftMs[BLACK] = black;
    start_turn();
}

std::int64_t Clocks::left(Color c, std::optional<Color> running) const {
    if (!on()) return 0;
    std::int64_t ms = leftMs[c];
    if (running == c) ms -= turn_elapsed();
    return ms;
}

} // namespace hq::serve
