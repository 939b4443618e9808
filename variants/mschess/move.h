// SPDX-License-Identifier: GPL-3.0-or-later
// The Ms. Chess move: 32 bits, because the enhanced pawn's capture in passing removes a
// piece from a square other than its destination and the move has to say which.
//
//   bits  0-5   from square
//   bits  6-11  to square (for castling: the square of the castling rook)
//   bits 12-17  victim square (only for PASSING: the piece removed in passing)
//   bits 18-19  promotion piece type - KNIGHT (only for PROMOTION)
//   bits 20-22  kind: NORMAL, PROMOTION, EN_PASSANT, CASTLING, PASSING
//
// PASSING is the enhanced pawn's "advance with capture in passing": the pawn goes from
// `from` straight forward to `to` (one or two squares) and the enemy piece on `victim`,
// diagonally in front of `from`, is removed. Its text is two legs through the victim's
// square, `e2d3,d3e3`. Move() (all zero, a1a1) is the null value; no legal move has
// from == to.
#pragma once

#include "engine/move_bits.h"

#include <cstdint>

namespace hq::mschess {

enum MoveKind : std::uint32_t {
    NORMAL = 0,
    PROMOTION = 1u << 20,
    EN_PASSANT = 2u << 20,
    CASTLING = 3u << 20,
    PASSING = 4u << 20,
    KIND_MASK = 7u << 20
};

class Move : public MoveBits<Move, std::uint32_t> {
public:
    using MoveBits::MoveBits;
    template <MoveKind K>
    static constexpr Move make(Square from, Square to, PieceType promo = KNIGHT) {
        return Move(from, to, K | (std::uint32_t(promo - KNIGHT) << 18));
    }
    // The enhanced pawn's advance from `from` to `to`, removing the piece on `victim`.
    static constexpr Move passing(Square from, Square to, Square victim) {
        return Move(from, to, PASSING | (std::uint32_t(victim) << 12));
    }

    constexpr Square victim() const { return Square((data >> 12) & 0x3F); }
    constexpr MoveKind kind() const { return MoveKind(data & KIND_MASK); }
    constexpr PieceType promotion() const { return PieceType(((data >> 18) & 3) + KNIGHT); }
};

} // namespace hq::mschess
