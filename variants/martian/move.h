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

#include "engine/types.h"

#include <cstdint>

namespace hq::martian {

class Move {
public:
    static constexpr std::uint32_t CLOCK = 1u << 12;
    static constexpr std::uint32_t PASS = 1u << 13;

    constexpr Move() = default;
    constexpr Move(Square from, Square to, bool callsClock = false)
        : data(std::uint32_t(from) | (std::uint32_t(to) << 6) | (callsClock ? CLOCK : 0)) { }
    static constexpr Move pass() { return Move(PASS); }
    static constexpr Move from_raw(std::uint32_t raw) { return Move(raw); }

    constexpr Square from() const { return Square(data & 0x3F); }
    constexpr Square to() const { return Square((data >> 6) & 0x3F); }
    constexpr bool calls_clock() const { return data & CLOCK; }
    constexpr bool is_pass() const { return data & PASS; }
    // The same move with the clock call added.
    constexpr Move with_clock() const { return Move(data | CLOCK); }
    // The same move without the clock call.
    constexpr Move without_clock() const { return Move(data & ~CLOCK); }
    constexpr std::uint32_t raw() const { return data; }
    constexpr explicit operator bool() const { return data != 0; }
    constexpr bool operator==(const Move&) const = default;

private:
    constexpr explicit Move(std::uint32_t d)
        : data(d) { }
    std::uint32_t data = 0;
};

} // namespace hq::martian
