// SPDX-License-Identifier: GPL-3.0-or-later
// Attacks by chess's pieces that the orthodox-board games compute alike (standard chess and
// Multiple Move Chess), on anything with a Board's queries: a chess::Board, or a Position
// with pieces(c, pt...), pieces() and king_square(c).
#pragma once

#include "engine/bitboard.h"

namespace hq::chess {

// Whether a piece of colour Them attacks square s, the sliders seeing `occupied` as the
// occupancy (a square the moving king leaves, for example, left out).
template <Color Them, typename B> bool attacked_by(const B& board, Square s, Bitboard occupied) {
    return (pawn_attacks(~Them, s) & board.pieces(Them, PAWN))
        || (knight_attacks(s) & board.pieces(Them, KNIGHT))
        || (king_attacks(s) & board.pieces(Them, KING))
        || (bishop_attacks(s, occupied) & board.pieces(Them, BISHOP, QUEEN))
        || (rook_attacks(s, occupied) & board.pieces(Them, ROOK, QUEEN));
}

// The pieces of either colour that alone stand between c's king and an enemy slider.
template <typename B> Bitboard king_blockers(const B& board, Color c) {
    const Square ksq = board.king_square(c);
    const Bitboard snipers = ((rook_attacks(ksq, 0) & board.pieces(ROOK, QUEEN))
                                 | (bishop_attacks(ksq, 0) & board.pieces(BISHOP, QUEEN)))
        & board.pieces(~c);
    Bitboard blockers = 0;
    for (Square s : Squares {snipers}) {
        Bitboard b = between_bb(ksq, s) & board.pieces();
        if (b && !more_than_one(b)) blockers |= b;
    }
    return blockers;
}

} // namespace hq::chess
