// SPDX-License-Identifier: GPL-3.0-or-later
// What the pieces of Ms. Chess attack. An unenhanced army attacks like orthodox chessmen;
// an enhanced one adds a knight's jump to queen, rook and bishop (amazon, chancellor,
// archbishop), a camel's (1,3) jump to the knight, and to the king the two-square step in
// a straight line over an empty square. The pawn attacks the same two squares either way.
//
// `Enhanced` is a template parameter everywhere here: callers pick the army's kind once,
// so no inner loop tests a flag. The camel and two-step tables are computed at compile
// time; the orthodox tables come from engine/bitboard.h.
#pragma once

#include "engine/bitboard.h"
#include "variants/chess/board.h"

#include <array>

namespace hq::mschess {

namespace detail {

constexpr std::array<Bitboard, SQUARE_NB> leaper_table(const int (&offsets)[8][2]) {
    std::array<Bitboard, SQUARE_NB> table {};
    for (int s = 0; s < SQUARE_NB; ++s)
        for (const auto& d : offsets) {
            int f = s % 8 + d[0], r = s / 8 + d[1];
            if (f >= 0 && f < 8 && r >= 0 && r < 8) table[s] |= Bitboard(1) << (f + 8 * r);
        }
    return table;
}

constexpr int CamelJumps[8][2]
    = {{1, 3}, {3, 1}, {3, -1}, {1, -3}, {-1, -3}, {-3, -1}, {-3, 1}, {-1, 3}};
constexpr int KingLeapJumps[8][2]
    = {{0, 2}, {2, 2}, {2, 0}, {2, -2}, {0, -2}, {-2, -2}, {-2, 0}, {-2, 2}};

} // namespace detail

// The camel's (1,3) jumps from each square.
inline constexpr std::array<Bitboard, SQUARE_NB> CamelAttacks
    = detail::leaper_table(detail::CamelJumps);
// The squares two steps away in a straight line (orthogonal or diagonal), ignoring what
// stands between: where an enhanced king may leap if the middle square is empty.
inline constexpr std::array<Bitboard, SQUARE_NB> KingLeaps
    = detail::leaper_table(detail::KingLeapJumps);

inline Bitboard camel_attacks(Square s) { return CamelAttacks[s]; }

// The enhanced king's two-square targets from s whose middle square is empty.
inline Bitboard king_leap_attacks(Square s, Bitboard occupied) {
    const Bitboard b = square_bb(s), e = ~occupied;
    return shift<NORTH>(shift<NORTH>(b) & e) | shift<SOUTH>(shift<SOUTH>(b) & e)
        | shift<EAST>(shift<EAST>(b) & e) | shift<WEST>(shift<WEST>(b) & e)
        | shift<NORTH_EAST>(shift<NORTH_EAST>(b) & e) | shift<NORTH_WEST>(shift<NORTH_WEST>(b) & e)
        | shift<SOUTH_EAST>(shift<SOUTH_EAST>(b) & e) | shift<SOUTH_WEST>(shift<SOUTH_WEST>(b) & e);
}

// Does a king standing on `ksq` (of an enhanced army) attack s by its two-square step?
inline bool king_leap_attacks(Square ksq, Square s, Bitboard occupied) {
    return (KingLeaps[ksq] & square_bb(s)) && !(between_bb(ksq, s) & occupied);
}

// Attacks of one piece type (not the pawn) of an enhanced or an unenhanced army.
template <bool Enhanced> inline Bitboard piece_attacks(PieceType pt, Square s, Bitboard occupied) {
    if constexpr (!Enhanced) return attacks_bb(pt, s, occupied);
    switch (pt) {
    case KNIGHT: return knight_attacks(s) | camel_attacks(s);
    case BISHOP: return bishop_attacks(s, occupied) | knight_attacks(s);
    case ROOK: return rook_attacks(s, occupied) | knight_attacks(s);
    case QUEEN: return queen_attacks(s, occupied) | knight_attacks(s);
    case KING: return king_attacks(s) | king_leap_attacks(s, occupied);
    default: return 0;
    }
}

inline Bitboard piece_attacks(bool enhanced, PieceType pt, Square s, Bitboard occupied) {
    return enhanced ? piece_attacks<true>(pt, s, occupied) : piece_attacks<false>(pt, s, occupied);
}

// The pieces of colour c (an army enhanced or not) that attack square s, with `occupied`
// as the board's occupancy for sliders and for the king's middle square.
template <bool Enhanced>
inline Bitboard attackers_by(const chess::Board& b, Color c, Square s, Bitboard occupied) {
    const Bitboard own = b.pieces(c);
    Bitboard att = (pawn_attacks(~c, s) & b.pieces(PAWN)) | (king_attacks(s) & b.pieces(KING))
        | (rook_attacks(s, occupied) & b.pieces(ROOK, QUEEN))
        | (bishop_attacks(s, occupied) & b.pieces(BISHOP, QUEEN));
    if constexpr (Enhanced) {
        att |= (knight_attacks(s) & b.pieces(KNIGHT, BISHOP, ROOK, QUEEN))
            | (camel_attacks(s) & b.pieces(KNIGHT));
        Bitboard king = KingLeaps[s] & b.pieces(c, KING);
        if (king && !(between_bb(s, lsb(king)) & occupied)) att |= king;
    } else {
        att |= knight_attacks(s) & b.pieces(KNIGHT);
    }
    return att & own;
}

inline Bitboard attackers_by(
    bool enhanced, const chess::Board& b, Color c, Square s, Bitboard occupied) {
    return enhanced ? attackers_by<true>(b, c, s, occupied)
                    : attackers_by<false>(b, c, s, occupied);
}

} // namespace hq::mschess
