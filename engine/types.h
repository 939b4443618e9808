// SPDX-License-Identifier: GPL-3.0-or-later
// Small value types shared by every game: colours, squares, piece types and the 64-bit
// bitboard. Everything here is constexpr and header-only; games on other board shapes
// (Martian Chess's 4x8) still use 64-bit bitboards and these square numbers.
#pragma once

#include <cassert>
#include <cstdint>
#include <string>
#include <string_view>

namespace hq {

using Bitboard = std::uint64_t;
using Key = std::uint64_t;

enum Color : int { WHITE, BLACK, COLOR_NB = 2 };

constexpr Color operator~(Color c) { return Color(c ^ 1); }

// Squares count a1 = 0, b1 = 1, ..., h8 = 63: file + 8 * rank.
enum Square : int {
    // clang-format off
    SQ_A1, SQ_B1, SQ_C1, SQ_D1, SQ_E1, SQ_F1, SQ_G1, SQ_H1,
    SQ_A2, SQ_B2, SQ_C2, SQ_D2, SQ_E2, SQ_F2, SQ_G2, SQ_H2,
    SQ_A3, SQ_B3, SQ_C3, SQ_D3, SQ_E3, SQ_F3, SQ_G3, SQ_H3,
    SQ_A4, SQ_B4, SQ_C4, SQ_D4, SQ_E4, SQ_F4, SQ_G4, SQ_H4,
    SQ_A5, SQ_B5, SQ_C5, SQ_D5, SQ_E5, SQ_F5, SQ_G5, SQ_H5,
    SQ_A6, SQ_B6, SQ_C6, SQ_D6, SQ_E6, SQ_F6, SQ_G6, SQ_H6,
    SQ_A7, SQ_B7, SQ_C7, SQ_D7, SQ_E7, SQ_F7, SQ_G7, SQ_H7,
    SQ_A8, SQ_B8, SQ_C8, SQ_D8, SQ_E8, SQ_F8, SQ_G8, SQ_H8,
    // clang-format on
    SQ_NONE,
    SQUARE_NB = 64
};

enum File : int { FILE_A, FILE_B, FILE_C, FILE_D, FILE_E, FILE_F, FILE_G, FILE_H, FILE_NB };
enum Rank : int { RANK_1, RANK_2, RANK_3, RANK_4, RANK_5, RANK_6, RANK_7, RANK_8, RANK_NB };

enum Direction : int {
    NORTH = 8,
    EAST = 1,
    SOUTH = -8,
    WEST = -1,
    NORTH_EAST = NORTH + EAST,
    NORTH_WEST = NORTH + WEST,
    SOUTH_EAST = SOUTH + EAST,
    SOUTH_WEST = SOUTH + WEST
};

// The six orthodox piece types. Fairy games map their own pieces onto these slots or
// keep their own enums; the bitboard layer does not care.
enum PieceType : int { NO_PIECE_TYPE, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, PIECE_TYPE_NB = 8 };

// A coloured piece: bit 3 is the colour, bits 0-2 the type. NO_PIECE is 0.
enum Piece : int {
    NO_PIECE,
    W_PAWN = PAWN,
    W_KNIGHT,
    W_BISHOP,
    W_ROOK,
    W_QUEEN,
    W_KING,
    B_PAWN = PAWN + 8,
    B_KNIGHT,
    B_BISHOP,
    B_ROOK,
    B_QUEEN,
    B_KING,
    PIECE_NB = 16
};

constexpr Square operator+(Square s, Direction d) { return Square(int(s) + int(d)); }
constexpr Square operator-(Square s, Direction d) { return Square(int(s) - int(d)); }
constexpr Square& operator++(Square& s) { return s = Square(int(s) + 1); }
constexpr File& operator++(File& f) { return f = File(int(f) + 1); }
constexpr Rank& operator++(Rank& r) { return r = Rank(int(r) + 1); }
constexpr Rank& operator--(Rank& r) { return r = Rank(int(r) - 1); }
constexpr PieceType& operator++(PieceType& p) { return p = PieceType(int(p) + 1); }

constexpr Square make_square(File f, Rank r) { return Square(int(f) + 8 * int(r)); }
constexpr File file_of(Square s) { return File(int(s) & 7); }
constexpr Rank rank_of(Square s) { return Rank(int(s) >> 3); }
constexpr bool is_ok(Square s) { return s >= SQ_A1 && s <= SQ_H8; }

// The square seen from White's side: rank r for White is rank 7 - r for Black.
constexpr Square relative_square(Color c, Square s) { return Square(int(s) ^ (c * 56)); }
constexpr Rank relative_rank(Color c, Rank r) { return Rank(int(r) ^ (c * 7)); }
constexpr Rank relative_rank(Color c, Square s) { return relative_rank(c, rank_of(s)); }
constexpr Direction pawn_push(Color c) { return c == WHITE ? NORTH : SOUTH; }

constexpr Piece make_piece(Color c, PieceType pt) { return Piece((c << 3) + pt); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 7); }
constexpr Color color_of(Piece p) {
    assert(p != NO_PIECE);
    return Color(p >> 3);
}

// ---- Bitboard basics -------------------------------------------------------------------

constexpr Bitboard FileABB = 0x0101010101010101ULL;
constexpr Bitboard Rank1BB = 0xFFULL;

constexpr Bitboard square_bb(Square s) { return Bitboard(1) << s; }
constexpr Bitboard file_bb(File f) { return FileABB << f; }
constexpr Bitboard file_bb(Square s) { return file_bb(file_of(s)); }
constexpr Bitboard rank_bb(Rank r) { return Rank1BB << (8 * r); }
constexpr Bitboard rank_bb(Square s) { return rank_bb(rank_of(s)); }

constexpr bool more_than_one(Bitboard b) { return b & (b - 1); }
inline int popcount(Bitboard b) { return __builtin_popcountll(b); }
inline Square lsb(Bitboard b) {
    assert(b);
    return Square(__builtin_ctzll(b));
}
inline Square msb(Bitboard b) {
    assert(b);
    return Square(63 ^ __builtin_clzll(b));
}
inline Square pop_lsb(Bitboard& b) {
    Square s = lsb(b);
    b &= b - 1;
    return s;
}

// Shift a whole bitboard one step in a direction, dropping what falls off the board.
template <Direction D> constexpr Bitboard shift(Bitboard b) {
    constexpr Bitboard notA = ~FileABB, notH = ~(FileABB << 7);
    if constexpr (D == NORTH) return b << 8;
    if constexpr (D == SOUTH) return b >> 8;
    if constexpr (D == EAST) return (b & notH) << 1;
    if constexpr (D == WEST) return (b & notA) >> 1;
    if constexpr (D == NORTH_EAST) return (b & notH) << 9;
    if constexpr (D == NORTH_WEST) return (b & notA) << 7;
    if constexpr (D == SOUTH_EAST) return (b & notH) >> 7;
    if constexpr (D == SOUTH_WEST) return (b & notA) >> 9;
    return 0;
}

// Iterate the set squares of a bitboard with range-for: `for (Square s : Squares(bb))`.
struct Squares {
    Bitboard bb;
    struct Iterator {
        Bitboard b;
        Square operator*() const { return lsb(b); }
        Iterator& operator++() {
            b &= b - 1;
            return *this;
        }
        bool operator!=(const Iterator& o) const { return b != o.b; }
    };
    Iterator begin() const { return {bb}; }
    Iterator end() const { return {0}; }
};

// ---- Text ------------------------------------------------------------------------------

inline std::string square_name(Square s) {
    return {char('a' + file_of(s)), char('1' + rank_of(s))};
}

// Parses "e4" on an 8x8 board; SQ_NONE when it is not a square name.
constexpr Square parse_square(std::string_view t) {
    if (t.size() != 2 || t[0] < 'a' || t[0] > 'h' || t[1] < '1' || t[1] > '8') return SQ_NONE;
    return make_square(File(t[0] - 'a'), Rank(t[1] - '1'));
}

} // namespace hq
