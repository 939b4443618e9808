// SPDX-License-Identifier: GPL-3.0-or-later
// The 8x8 board of orthodox chessmen: a mailbox and bitboards side by side, with
// put/remove/move as the only mutators. Standard chess, Ms. Chess and Multiple Move Chess
// all hold one of these (composition, not inheritance of rules); the FEN board field and
// the text picture live here too.
#pragma once

#include "engine/bitboard.h"

#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace hq::chess {

constexpr std::string_view PieceChars = " PNBRQK  pnbrqk";

class Board {
public:
    [[nodiscard]] Piece piece_on(Square s) const { return board[s]; }
    [[nodiscard]] bool empty(Square s) const { return board[s] == NO_PIECE; }
    [[nodiscard]] Bitboard pieces() const { return byColor[WHITE] | byColor[BLACK]; }
    [[nodiscard]] Bitboard pieces(Color c) const { return byColor[c]; }
    [[nodiscard]] Bitboard pieces(PieceType pt) const { return byType[pt]; }
    template <typename... Pts> Bitboard pieces(PieceType pt, Pts... pts) const {
        return byType[pt] | pieces(pts...);
    }
    template <typename... Pts> Bitboard pieces(Color c, PieceType pt, Pts... pts) const {
        return byColor[c] & pieces(pt, pts...);
    }
    [[nodiscard]] Square king_square(Color c) const { return lsb(pieces(c, KING)); }

    void put_piece(Piece p, Square s) {
        board[s] = p;
        byType[type_of(p)] |= square_bb(s);
        byColor[color_of(p)] |= square_bb(s);
    }
    void remove_piece(Square s) {
        Piece p = board[s];
        byType[type_of(p)] ^= square_bb(s);
        byColor[color_of(p)] ^= square_bb(s);
        board[s] = NO_PIECE;
    }
    void move_piece(Square from, Square to) {
        Piece p = board[from];
        Bitboard fromTo = square_bb(from) | square_bb(to);
        byType[type_of(p)] ^= fromTo;
        byColor[color_of(p)] ^= fromTo;
        board[from] = NO_PIECE;
        board[to] = p;
    }
    void clear() { *this = Board(); }

    // Reads FEN field 1 into this board. Returns an error message, or nothing on success.
    std::optional<std::string> parse(std::string_view field);
    // The rook a FEN castling letter names: `K`/`Q` the outermost rook on that side of its
    // colour's king on the first rank (X-FEN), `A`-`H` the rook on that file (Shredder;
    // lower case for Black); or an error message.
    [[nodiscard]] std::variant<Square, std::string> castling_rook(char letter) const;
    // Whether an army fits in one orthodox set: at most 8 pawns and 16 pieces (pieces are
    // never added in play, promotion only turns a pawn into another piece). An error
    // message naming the side, or nothing. check_army_sizes: both armies.
    [[nodiscard]] std::optional<std::string> check_army_size(Color c) const;
    [[nodiscard]] std::optional<std::string> check_army_sizes() const {
        if (auto err = check_army_size(WHITE)) return err;
        return check_army_size(BLACK);
    }
    // Writes FEN field 1.
    [[nodiscard]] std::string to_fen() const;
    // An 8x8 text picture, rank 8 first, with file and rank labels.
    [[nodiscard]] std::string picture() const;

    bool operator==(const Board&) const = default;

private:
    Piece board[SQUARE_NB] = {};
    Bitboard byType[PIECE_TYPE_NB] = {};
    Bitboard byColor[COLOR_NB] = {};
};

} // namespace hq::chess
