// SPDX-License-Identifier: GPL-3.0-or-later
// The Control Chess move: 32 bits.
//
//   bits  0-5   from square (the king's square for castling and the queen rescue, the
//               pawn's square for a king promotion)
//   bits  6-11  to square (the king's destination for castling and the rescue)
//   bits 12-14  kind: NORMAL, PROMOTION, KING_PROMOTION, EN_PASSANT, CASTLING, RESCUE
//   bits 15-16  promotion type index in pool order Q R B N (PROMOTION only)
//   bits 17-19  colour of the pool piece the pawn becomes (PROMOTION only)
//
// A KING_PROMOTION removes the pawn and moves the mover's king (wherever it stands) to the
// promotion square. A RESCUE moves the king to its own queen's square and removes the
// queen from the game. Move() (all zero, a1a1) is the null value; no legal move has
// from == to.
#pragma once

#include "pieces.h"

#include "engine/move_bits.h"

#include <cstdint>

namespace hq::control {

enum MoveKind : std::uint32_t {
    NORMAL = 0,
    PROMOTION = 1u << 12,
    KING_PROMOTION = 2u << 12,
    EN_PASSANT = 3u << 12,
    CASTLING = 4u << 12,
    RESCUE = 5u << 12,
    KIND_MASK = 7u << 12
};

class Move : public MoveBits<Move, std::uint32_t> {
public:
    constexpr Move() = default;
    constexpr Move(Square from, Square to, MoveKind kind = NORMAL)
        : MoveBits(from, to, kind) { }
    static constexpr Move promotion(Square from, Square to, PieceType pt, Colour poolColour) {
        return Move(from, to,
            PROMOTION | (std::uint32_t(pool_index(pt)) << 15) | (std::uint32_t(poolColour) << 17));
    }

    constexpr MoveKind kind() const { return MoveKind(data & KIND_MASK); }
    constexpr PieceType promotion_type() const { return PoolTypes[(data >> 15) & 3]; }
    constexpr Colour pool_colour() const { return Colour((data >> 17) & 7); }

private:
    constexpr Move(Square from, Square to, std::uint32_t rest)
        : MoveBits(from, to, rest) { }
};

} // namespace hq::control
