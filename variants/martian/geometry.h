// SPDX-License-Identifier: GPL-3.0-or-later
// The Martian board: 4 files (a-d) by 8 ranks, kept in the engine's 64-bit bitboards with
// the 8x8 square numbering (a1 = 0, b1 = 1, ..., d8 = 59); files e-h are never used.
// South ("White") owns ranks 1-4, North ("Black") ranks 5-8; the canal runs between
// ranks 4 and 5. The three pieces and how they move:
//   pawn   one square diagonally, any direction          (Betza F)
//   drone  one or two squares orthogonally, no jumping   (Betza R2)
//   queen  any distance in a straight line, no jumping   (Betza Q)
#pragma once

#include "engine/bitboard.h"
#include "engine/types.h"

namespace hq::martian {

// The piece kinds. Pieces have no colour: whoever's zone a piece stands in owns it. A
// kind's number is its value in pips.
enum Kind : int { NO_KIND = 0, PAWN = 1, DRONE = 2, QUEEN = 3, KIND_NB = 4 };

constexpr int pips(Kind k) { return int(k); }

constexpr int FILES = 4, RANKS = 8;

// The 32 squares of the board, and what lies off it (for sliding attacks).
constexpr Bitboard BoardBB = 0x0F0F0F0F0F0F0F0FULL;
constexpr Bitboard OffBoardBB = ~BoardBB;

// A player's zone: South (WHITE) ranks 1-4, North (BLACK) ranks 5-8.
constexpr Bitboard ZoneBB[COLOR_NB] = {0x000000000F0F0F0FULL, 0x0F0F0F0F00000000ULL};

constexpr bool on_board(Square s) { return is_ok(s) && file_of(s) < FILES; }
constexpr Color zone_owner(Square s) { return rank_of(s) < RANK_5 ? WHITE : BLACK; }

// The pawn's moves: the diagonal neighbours on the board.
constexpr Bitboard pawn_moves(Square s) {
    Bitboard b = square_bb(s);
    return (shift<NORTH_EAST>(b) | shift<NORTH_WEST>(b) | shift<SOUTH_EAST>(b)
               | shift<SOUTH_WEST>(b))
        & BoardBB;
}

// The squares at most two steps away orthogonally: a drone's reach on an empty board.
constexpr Bitboard drone_box(Square s) {
    Bitboard b = square_bb(s);
    Bitboard one = shift<NORTH>(b) | shift<SOUTH>(b) | shift<EAST>(b) | shift<WEST>(b);
    Bitboard two = shift<NORTH>(shift<NORTH>(b)) | shift<SOUTH>(shift<SOUTH>(b))
        | shift<EAST>(shift<EAST>(b)) | shift<WEST>(shift<WEST>(b));
    return (one | two) & BoardBB;
}

// The squares a piece of kind `k` on `s` reaches with the board occupied as `occupied`
// (each line ends on the first occupied square, which is included). Off-board squares
// count as occupied, so the 8x8 slider tables stop at the edge of the 4-file board.
inline Bitboard attacks(Kind k, Square s, Bitboard occupied) {
    switch (k) {
    case PAWN: return pawn_moves(s);
    case DRONE: return rook_attacks(s, occupied | OffBoardBB) & drone_box(s);
    case QUEEN: return queen_attacks(s, occupied | OffBoardBB) & BoardBB;
    default: return 0;
    }
}

} // namespace hq::martian
