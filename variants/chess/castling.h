// SPDX-License-Identifier: GPL-3.0-or-later
// Castling on the orthodox board, shared by standard chess, Chess960, Ms. Chess and
// Multiple Move Chess (Control Chess uses the rights and the geometry with its own
// rook rule): the rights as bits, and where each right's rook stands and which squares
// it needs, set up once from the FEN's castling field.
#pragma once

#include "engine/bitboard.h"
#include "engine/types.h"

#include <algorithm>

namespace hq::chess {

// Castling rights: one bit per (colour, side). The rook a right refers to is kept per
// right, so Chess960 needs nothing special.
enum CastlingRight : int {
    NO_CASTLING = 0,
    WHITE_OO = 1,
    WHITE_OOO = 2,
    BLACK_OO = 4,
    BLACK_OOO = 8,
    ANY_CASTLING = 15,
    CASTLING_RIGHT_NB = 16
};

constexpr CastlingRight castling_right(Color c, bool kingSide) {
    return CastlingRight((kingSide ? WHITE_OO : WHITE_OOO) << (2 * c));
}
// Both of colour c's rights.
constexpr int color_castling(Color c) { return (WHITE_OO | WHITE_OOO) << (2 * c); }

// Per right: the rook's square, the squares that must be empty (other than the castling
// king and rook) and the squares the king crosses, destination included (none of them
// may be attacked); per square, the rights lost when a piece leaves or lands on it.
struct CastlingRules {
    int rightsMask[SQUARE_NB] = {};
    Square rookSquare[CASTLING_RIGHT_NB];
    Bitboard path[CASTLING_RIGHT_NB] = {};
    Bitboard kingPath[CASTLING_RIGHT_NB] = {};

    CastlingRules() { std::fill(std::begin(rookSquare), std::end(rookSquare), SQ_NONE); }

    // Adds colour c's right to castle with the king on ksq and the rook on rsq (to the
    // king's right: king side); returns that right. The king ends on the g- or c-file and
    // the rook on the f- or d-file, as in Chess960.
    CastlingRight add(Color c, Square ksq, Square rsq) {
        bool kingSide = rsq > ksq;
        CastlingRight cr = castling_right(c, kingSide);
        rightsMask[ksq] |= cr;
        rightsMask[rsq] |= cr;
        rookSquare[cr] = rsq;
        Square kto = relative_square(c, kingSide ? SQ_G1 : SQ_C1);
        Square rto = relative_square(c, kingSide ? SQ_F1 : SQ_D1);
        path[cr] = (between_bb(rsq, rto) | between_bb(ksq, kto) | square_bb(rto) | square_bb(kto))
            & ~(square_bb(ksq) | square_bb(rsq));
        kingPath[cr] = between_bb(ksq, kto) | square_bb(kto);
        return cr;
    }

    // The rights that survive a move from `from` to `to`.
    [[nodiscard]] int after_move(int rights, Square from, Square to) const {
        return rights & ~(rightsMask[from] | rightsMask[to]);
    }
};

} // namespace hq::chess
