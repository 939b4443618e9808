// SPDX-License-Identifier: GPL-3.0-or-later
// The chess move: 16 bits.
//
//   bits  0-5   from square
//   bits  6-11  to square (for castling: the square of the castling rook)
//   bits 12-13  promotion piece type - KNIGHT (only meaningful for PROMOTION)
//   bits 14-15  kind: NORMAL, PROMOTION, EN_PASSANT, CASTLING
//
// Castling as "king takes own rook" makes Chess960 castling uniform; the text form depends
// on the notation setting (see Position::move_text). Move() (all zero, a1a1) is the null
// value; no legal move has from == to.
#pragma once

#include "engine/types.h"

#include <cstdint>

namespace hq::chess {

enum MoveKind : int { NORMAL, PROMOTION = 1 << 14, EN_PASSANT = 2 << 14, CASTLING = 3 << 14 };

class Move {
public:
    constexpr Move() = default;
    constexpr Move(Square from, Square to)
        : data(std::uint16_t(from | (to << 6))) { }
    template <MoveKind K>
    static constexpr Move make(Square from, Square to, PieceType promo = KNIGHT) {
        return Move(std::uint16_t(K | ((promo - KNIGHT) << 12) | (to << 6) | from));
    }
    static constexpr Move from_raw(std::uint16_t raw) { return Move(raw); }

    constexpr Square from() const { return Square(data & 0x3F); }
    constexpr Square to() const { return Square((data >> 6) & 0x3F); }
    constexpr MoveKind kind() const { return MoveKind(data & (3 << 14)); }
    constexpr PieceType promotion() const { return PieceType(((data >> 12) & 3) + KNIGHT); }
    constexpr std::uint16_t raw() const { return data; }
    constexpr bool is_ok() const { return from() != to(); }
    constexpr explicit operator bool() const { return data != 0; }
    constexpr bool operator==(const Move&) const = default;

private:
    constexpr explicit Move(std::uint16_t d)
        : data(d) { }
    std::uint16_t data = 0;
};

} // namespace hq::chess
