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

#include "engine/move_bits.h"

#include <cstdint>

namespace hq::chess {

enum MoveKind : int { NORMAL, PROMOTION = 1 << 14, EN_PASSANT = 2 << 14, CASTLING = 3 << 14 };

class Move : public MoveBits<Move, std::uint16_t> {
public:
    using MoveBits::MoveBits;
    template <MoveKind K>
    static constexpr Move make(Square from, Square to, PieceType promo = KNIGHT) {
        return Move(from, to, std::uint16_t(K | ((promo - KNIGHT) << 12)));
    }

    constexpr MoveKind kind() const { return MoveKind(data & (3 << 14)); }
    constexpr PieceType promotion() const { return PieceType(((data >> 12) & 3) + KNIGHT); }
};

} // namespace hq::chess
