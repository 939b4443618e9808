// SPDX-License-Identifier: GPL-3.0-or-later
// What every game's move shares: an unsigned word whose bits 0-5 hold the from square and
// bits 6-11 the to square (each game documents the rest of its layout above its Move),
// all zero for the null move. A game's Move derives from MoveBits<Move, Word> and adds its
// own fields and constructors; the transposition table stores raw().
#pragma once

#include "types.h"

#include <cstdint>

namespace hq {

template <typename Derived, typename Word> class MoveBits {
public:
    // The move whose raw() is `raw` (from the transposition table).
    static constexpr Derived from_raw(Word raw) {
        Derived m;
        m.data = raw;
        return m;
    }

    constexpr Square from() const { return Square(data & 0x3F); }
    constexpr Square to() const { return Square((data >> 6) & 0x3F); }
    constexpr Word raw() const { return data; }
    // Not the null move's a1a1: no legal move has from == to.
    constexpr bool is_ok() const { return from() != to(); }
    constexpr explicit operator bool() const { return data != 0; }
    constexpr bool operator==(const MoveBits&) const = default;

    // A plain move from one square to another, the game's other bits all zero. A game whose
    // Move has no other constructor of two squares takes it (and the one below) over with
    // `using MoveBits::MoveBits;`.
    constexpr MoveBits(Square from, Square to)
        : MoveBits(from, to, 0) { }

protected:
    constexpr MoveBits() = default;
    // From, to and the game's other bits (`rest`, above bit 11).
    constexpr MoveBits(Square from, Square to, Word rest)
        : data(Word(std::uint32_t(from) | (std::uint32_t(to) << 6) | rest)) { }

    Word data = 0;
};

} // namespace hq
