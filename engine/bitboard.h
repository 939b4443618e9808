// SPDX-License-Identifier: GPL-3.0-or-later
// Attack tables for the 8x8 board: leapers by table, sliders by fancy magic bitboards (or
// by PEXT where the build enables BMI2 and HARLEQUIN_PEXT), and the between/line tables
// that legal move generation uses for checks and pins.
//
// The tables are filled by a static initialiser in bitboard.cpp before main() runs; no
// other static initialiser may use them.
#pragma once

#include "types.h"

#if defined(HARLEQUIN_PEXT) && defined(__BMI2__)
#include <immintrin.h>
#define HQ_PEXT 1
#endif

namespace hq {

// One slider table entry per square: the relevant-occupancy mask, the magic factor and
// shift, and where this square's block of attack sets starts in the shared table.
struct Magic {
    Bitboard mask;
    Bitboard magic;
    Bitboard* attacks;
    unsigned shift;

    unsigned index(Bitboard occupied) const {
#ifdef HQ_PEXT
        return unsigned(_pext_u64(occupied, mask));
#else
        return unsigned(((occupied & mask) * magic) >> shift);
#endif
    }
};

namespace tables {
extern Bitboard PawnAttacks[COLOR_NB][SQUARE_NB];
extern Bitboard KnightAttacks[SQUARE_NB];
extern Bitboard KingAttacks[SQUARE_NB];
extern Bitboard Between[SQUARE_NB][SQUARE_NB];
extern Bitboard Line[SQUARE_NB][SQUARE_NB];
extern Magic RookMagics[SQUARE_NB];
extern Magic BishopMagics[SQUARE_NB];
} // namespace tables

inline Bitboard pawn_attacks(Color c, Square s) { return tables::PawnAttacks[c][s]; }
inline Bitboard knight_attacks(Square s) { return tables::KnightAttacks[s]; }
inline Bitboard king_attacks(Square s) { return tables::KingAttacks[s]; }

inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
    const Magic& m = tables::BishopMagics[s];
    return m.attacks[m.index(occupied)];
}
inline Bitboard rook_attacks(Square s, Bitboard occupied) {
    const Magic& m = tables::RookMagics[s];
    return m.attacks[m.index(occupied)];
}
inline Bitboard queen_attacks(Square s, Bitboard occupied) {
    return bishop_attacks(s, occupied) | rook_attacks(s, occupied);
}

// Attacks of a piece type other than the pawn from a square.
inline Bitboard attacks_bb(PieceType pt, Square s, Bitboard occupied) {
    switch (pt) {
    case KNIGHT: return knight_attacks(s);
    case BISHOP: return bishop_attacks(s, occupied);
    case ROOK: return rook_attacks(s, occupied);
    case QUEEN: return queen_attacks(s, occupied);
    case KING: return king_attacks(s);
    default: return 0;
    }
}

// Squares strictly between a and b on a common line, or 0 when they share none.
inline Bitboard between_bb(Square a, Square b) { return tables::Between[a][b]; }
// The whole line (edge to edge) through a and b, or 0 when they share none.
inline Bitboard line_bb(Square a, Square b) { return tables::Line[a][b]; }
inline bool aligned(Square a, Square b, Square c) { return line_bb(a, b) & square_bb(c); }

// Pawn attacks of a whole set of pawns.
template <Color C> constexpr Bitboard pawn_attacks_bb(Bitboard pawns) {
    return C == WHITE ? shift<NORTH_WEST>(pawns) | shift<NORTH_EAST>(pawns)
                      : shift<SOUTH_WEST>(pawns) | shift<SOUTH_EAST>(pawns);
}

// Leaper attacks from arbitrary (file, rank) offsets, for games that define fairy leapers
// (the camel, the two-step king): every square reachable by one of the given jumps.
Bitboard leaper_attacks(Square s, const int (*offsets)[2], int count);

// A bitboard as an 8x8 picture, rank 8 first, for debugging.
std::string pretty(Bitboard b);

} // namespace hq
