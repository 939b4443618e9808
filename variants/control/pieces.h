// SPDX-License-Identifier: GPL-3.0-or-later
// Control Chess's pieces: six colours of the orthodox chessmen, and the eight coloured
// squares whose occupation decides who controls which colour.
//
// Colours are numbered so that the two players' own colours coincide with hq::Color:
// White = WHITE, Black = BLACK; Red, Yellow, Purple and Blue follow. A piece is its colour
// times 8 plus its type (1-6), so 0 stays free for "no piece".
#pragma once

#include "engine/types.h"

#include <string_view>

namespace hq::control {

enum Colour : int {
    C_WHITE,
    C_BLACK,
    C_RED,
    C_YELLOW,
    C_PURPLE,
    C_BLUE,
    COLOUR_NB = 6,
    NO_COLOUR = 7
};

// Sets of colours as bit masks (bit c for colour c).
using ColourSet = unsigned;
constexpr ColourSet colour_bit(Colour c) { return 1u << c; }
constexpr ColourSet ALL_COLOURS = (1u << COLOUR_NB) - 1;

// FEN letters of the colours, in FEN's order (w b r y p u), and their names.
constexpr std::string_view ColourChars = "wbrypu";
constexpr std::string_view ColourNames[COLOUR_NB]
    = {"White", "Black", "Red", "Yellow", "Purple", "Blue"};
constexpr std::string_view TypeChars = " PNBRQK";

constexpr Colour own_colour(Color player) { return Colour(int(player)); }

// Pawns of White, Red and Yellow move up the board; of Black, Purple and Blue down,
// whoever controls them. The direction is the hq::Color whose pawns move that way.
constexpr ColourSet UpColours = colour_bit(C_WHITE) | colour_bit(C_RED) | colour_bit(C_YELLOW);
constexpr Color pawn_direction(Colour c) { return (UpColours & colour_bit(c)) ? WHITE : BLACK; }

enum Piece : int { NO_PIECE = 0, PIECE_NB = 8 * COLOUR_NB };

constexpr Piece make_piece(Colour c, PieceType pt) { return Piece(8 * int(c) + int(pt)); }
constexpr Colour colour_of(Piece p) { return Colour(int(p) >> 3); }
constexpr PieceType type_of(Piece p) { return PieceType(int(p) & 7); }

// ---- Coloured squares --------------------------------------------------------------------
// Red c3 and c5, Purple c4 and c6, Yellow f3 and f5, Blue f4 and f6 (rules: a decision of
// the rules file). White and Black have no squares.
constexpr Colour square_colour(Square s) {
    switch (s) {
    case SQ_C3:
    case SQ_C5: return C_RED;
    case SQ_C4:
    case SQ_C6: return C_PURPLE;
    case SQ_F3:
    case SQ_F5: return C_YELLOW;
    case SQ_F4:
    case SQ_F6: return C_BLUE;
    default: return NO_COLOUR;
    }
}

// The two squares of a coloured square's colour differ by two ranks.
constexpr Square twin_square(Square s) {
    return rank_of(s) <= RANK_4 ? s + NORTH + NORTH : s - NORTH - NORTH;
}

constexpr Bitboard colour_squares(Colour c) {
    switch (c) {
    case C_RED: return square_bb(SQ_C3) | square_bb(SQ_C5);
    case C_PURPLE: return square_bb(SQ_C4) | square_bb(SQ_C6);
    case C_YELLOW: return square_bb(SQ_F3) | square_bb(SQ_F5);
    case C_BLUE: return square_bb(SQ_F4) | square_bb(SQ_F6);
    default: return 0;
    }
}

constexpr Bitboard ColouredSquares = colour_squares(C_RED) | colour_squares(C_PURPLE)
    | colour_squares(C_YELLOW) | colour_squares(C_BLUE);

// Promotion types in pool order (Q R B N) and their index in a pool row.
constexpr PieceType PoolTypes[4] = {QUEEN, ROOK, BISHOP, KNIGHT};
constexpr int pool_index(PieceType pt) {
    return pt == QUEEN ? 0 : pt == ROOK ? 1 : pt == BISHOP ? 2 : 3;
}

} // namespace hq::control
