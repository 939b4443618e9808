// SPDX-License-Identifier: GPL-3.0-or-later
// A game's board square by square, for the XBoard front-end (protocol/xboard_game.cpp),
// which speaks of squares, piece letters and castling in XBoard's terms. Answered from the
// referee's display() and move texts (engine/referee.h), so as the game itself describes its
// position.
#pragma once

#include "engine/referee.h"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hq::xboard {

// The board as piece letters, one a square, in BoardDisplay's order (a1, b1, ... rank by
// rank): the piece's type letter, upper case when it belongs to White now, lower case for
// Black; '\0' for an empty square or a piece of no side.
[[nodiscard]] std::vector<char> piece_letters(const BoardDisplay& d);
[[nodiscard]] std::vector<char> piece_letters(const Referee& r);
// The letters of a FEN's board for the referee's board shape (its placement field only).
[[nodiscard]] std::vector<char> fen_piece_letters(const Referee& r, std::string_view fen);

// The square index in piece_letters() of a square named as in move text (`e1`), or -1.
[[nodiscard]] int square_index(const Referee& r, std::string_view square);
// The name (`e1`) of a square index of piece_letters().
[[nodiscard]] std::string square_name(const Referee& r, int index);

// The square indices (as in piece_letters()) of a one-leg coordinate move (`e1g1`,
// `e7e8q`), if it is one; nothing for a multi-leg move (`e2d3,d3e3`) or other text.
[[nodiscard]] std::optional<std::pair<int, int>> move_squares(
    const Referee& r, std::string_view move);

// Whether `side` holds any castling right (its letters in the FEN's castling field).
[[nodiscard]] bool has_castling_rights(const Referee& r, Color side);

// Whether a move (one leg, `from` and `to` squares) is castling written as the king taking
// its own rook (Chess960 notation), and if so towards which side: true for the higher files
// (king side). Nothing for any other move.
[[nodiscard]] std::optional<bool> castles_onto_rook(const Referee& r, std::string_view move);

// The legal castling move towards the king side (higher files) or the queen side, as the
// referee writes it: a king move onto its own rook (Chess960 notation) or, where the side
// still has castling rights, a king move of two files along its rank.
[[nodiscard]] std::optional<std::string> castling_move(const Referee& r, bool kingSide);

// Whether a FEN has the referee's board and side to move, as written (its first two
// fields).
[[nodiscard]] bool same_board_and_side(const Referee& r, std::string_view otherFen);

// The readings of a FEN whose castling field lists the unmoved pieces instead of the
// rights (XBoard's dialect for a game whose king it sees with an initial move and no
// castling): the FEN with each set of the castling rights its board allows, most first
// (both sides', Black's only, White's only, none). A right is allowed when the side's king
// and that rook stand where the game's start position has them. Empty when the FEN has no
// castling field.
[[nodiscard]] std::vector<std::string> castling_readings(
    const Referee& r, std::string_view xboardFen);

} // namespace hq::xboard
