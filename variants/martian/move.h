// SPDX-License-Identifier: GPL-3.0-or-later
// The Martian Chess move: 32 bits (the transposition table stores it raw).
//
//   bits  0-5   from square (the 8x8 numbering, a1 = 0; the board uses files a-d)
//   bits  6-11  to square
//   bit   12    CLOCK: the move calls the clock (text `c3b4*`)
//   bit   13    PASS: the mover has no other move and passes (text `0000`); from and to
//               are a1 and carry no meaning
//
// Move() (all zero) is the null value. No real move has from == to, and a pass has its
// PASS bit, so no legal move equals Move().
#pragma once

#include "engine/move_bits.h"

#include <cstdint>

namespace hq::martian {

class Move : public MoveBits<Move, std::uint32_t> {
public:
    static constexpr std::uint32_t CLOCK = 1u << 12;
    static constexpr std::uint32_t PASS = 1u << 13;

    constexpr Move() = default;
    constexpr Move(Square from, Square to, bool callsClock = false)
        : MoveBits(from, to, callsClock ? CLOCK : 0) { }
    static constexpr Move pass() { return from_raw(PASS); }

    constexpr bool calls_clock() const { return data & CLOCK; }
    constexpr bool is_pass() const { return data & PASS; }
    // The same move with the clock call added.
    constexpr Move with_clock() const { return from_raw(data | CLOCK); }
    // The same move without the clock call.
    constexpr Move without_clock() const { return from_raw(data & ~CLOCK); }
};

} // namespace hq::martian
