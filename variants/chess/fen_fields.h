// SPDX-License-Identifier: GPL-3.0-or-later
// FEN fields 1-6 of the orthodox board, read and written once for every game that plays
// on it (standard chess, Chess960, Ms. Chess, Multiple Move Chess; Control Chess uses the
// side, en passant and clock readers with its own board and castling letters). Each game
// adds only what differs: which castling rights and en passant squares it keeps, and its
// extra fields.
#pragma once

#include "board.h"
#include "castling.h"
#include "fen.h"

#include <cctype>
#include <fmt/format.h>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace hq::chess {

// At least fields 1-4, at most `maxFields`.
inline std::optional<std::string> check_field_count(
    const std::vector<std::string_view>& fields, std::size_t maxFields) {
    if (fields.size() < 4) return std::string("a FEN needs at least 4 fields");
    if (fields.size() > maxFields)
        return fmt::format("unexpected FEN field '{}'", fields[maxFields]);
    return std::nullopt;
}

// Field 2.
inline std::variant<Color, std::string> read_side(std::string_view field) {
    if (field == "w") return WHITE;
    if (field == "b") return BLACK;
    return fmt::format("side to move must be 'w' or 'b', not '{}'", field);
}

// One king a side on the board of field 1.
inline std::optional<std::string> check_kings(const Board& b) {
    for (Color c : {WHITE, BLACK}) {
        int kings = popcount(b.pieces(c, KING));
        if (kings != 1)
            return fmt::format("{} has {} kings", c == WHITE ? "White" : "Black", kings);
    }
    return std::nullopt;
}

// The rook a castling letter names outside Chess960 (standard chess, Ms. Chess, Multiple
// Move Chess), where only the king on its start square (e1, e8) castles, with the rook on
// its corner (a1/h1, a8/h8): `K`/`Q` or the Shredder letters of the same rooks, `H`/`A`
// (lower case for Black). Any other letter, or a king or rook elsewhere, is an error that
// says which (docs/rules.md): without it a king on f8 with the right `k` would castle as
// `f8g8`, the text of its own step.
inline std::variant<Square, std::string> standard_castling_rook(const Board& b, char letter) {
    Color c = (letter >= 'a' && letter <= 'z') ? BLACK : WHITE;
    char up = char(std::toupper(static_cast<unsigned char>(letter)));
    const char* side = c == WHITE ? "White" : "Black";
    bool kingSide = up == 'K' || up == 'H';
    if (!kingSide && up != 'Q' && up != 'A') {
        if (up >= 'B' && up <= 'G')
            return fmt::format("castling right '{}' is for a rook on {}, but outside Chess960 "
                               "only the rooks on {} and {} castle",
                letter, square_name(make_square(File(up - 'A'), relative_rank(c, RANK_1))),
                square_name(relative_square(c, SQ_A1)), square_name(relative_square(c, SQ_H1)));
        return fmt::format("bad castling letter '{}'", letter);
    }
    Square ksq = relative_square(c, SQ_E1);
    if (b.piece_on(ksq) != make_piece(c, KING))
        return fmt::format(
            "castling right '{}' but {}'s king is not on {}", letter, side, square_name(ksq));
    Square rsq = relative_square(c, kingSide ? SQ_H1 : SQ_A1);
    if (b.piece_on(rsq) != make_piece(c, ROOK))
        return fmt::format(
            "castling right '{}' but {} has no rook on {}", letter, side, square_name(rsq));
    return rsq;
}

// Field 3 on board `b`: KQkq (the outermost rook) or Shredder file letters, each right
// added to `rules` and `rights`; outside Chess960 (`chess960` false) only the rights of
// the start squares (standard_castling_rook). `refuse(colour, letter)` may return an error
// for a right the game does not allow (Ms. Chess: none for an enhanced army).
template <typename Refuse>
std::optional<std::string> read_castling(const Board& b, std::string_view field, bool chess960,
    CastlingRules& rules, int& rights, Refuse&& refuse) {
    if (field == "-") return std::nullopt;
    for (char ch : field) {
        Color c = (ch >= 'a' && ch <= 'z') ? BLACK : WHITE;
        if (std::optional<std::string> err = refuse(c, ch)) return err;
        Square ksq = b.king_square(c);
        auto rook = chess960 ? b.castling_rook(ch) : standard_castling_rook(b, ch);
        if (auto* err = std::get_if<std::string>(&rook)) return *err;
        Square rsq = std::get<Square>(rook);
        if (rights & castling_right(c, rsq > ksq))
            return fmt::format("castling right '{}' given twice", ch);
        rights |= rules.add(c, ksq, rsq);
    }
    return std::nullopt;
}

// Fields 1-3: the board into `b` (checked by `check_board(b)` once each side has one
// king), the side to move, and the castling rights (read_castling, with `chess960` and
// `refuse`).
template <typename CheckBoard, typename Refuse>
std::optional<std::string> read_board_side_castling(const std::vector<std::string_view>& fields,
    bool chess960, Board& b, Color& side, CastlingRules& rules, int& rights,
    CheckBoard&& check_board, Refuse&& refuse) {
    if (auto err = b.parse(fields[0])) return err;
    if (auto err = check_kings(b)) return err;
    if (std::optional<std::string> err = check_board(b)) return err;
    auto s = read_side(fields[1]);
    if (auto* err = std::get_if<std::string>(&s)) return *err;
    side = std::get<Color>(s);
    return read_castling(b, fields[2], chess960, rules, rights, refuse);
}

// Field 3 as read_castling reads it: KQkq for the outermost rooks, file letters for an
// inner one and, with `shredder`, for every rook (Chess960).
inline std::string castling_text(
    const Board& b, const CastlingRules& rules, int rights, bool shredder) {
    std::string out;
    for (Color c : {WHITE, BLACK})
        for (bool kingSide : {true, false}) {
            CastlingRight cr = castling_right(c, kingSide);
            if (!(rights & cr)) continue;
            Square rsq = rules.rookSquare[cr];
            Bitboard beyond = kingSide ? ~((square_bb(rsq) << 1) - 1) : (square_bb(rsq) - 1);
            bool outermost = !(b.pieces(c, ROOK) & rank_bb(relative_rank(c, RANK_1)) & beyond);
            char ch = (shredder || !outermost) ? char('A' + file_of(rsq)) : (kingSide ? 'K' : 'Q');
            out += c == WHITE ? ch : char(std::tolower(ch));
        }
    return out.empty() ? "-" : out;
}

// Field 4 when it names one square: a square on the mover's 6th rank just passed over by
// an enemy pawn's double step (the game decides whether a capture there is possible).
inline std::variant<Square, std::string> read_ep_square(
    const Board& b, Color us, std::string_view field) {
    Square ep = parse_square(field);
    if (ep == SQ_NONE) return fmt::format("bad en passant square '{}'", field);
    Color them = ~us;
    Direction up = pawn_push(them);
    if (relative_rank(us, ep) != RANK_6)
        return fmt::format("en passant square '{}' is on the wrong rank", field);
    if (b.piece_on(ep + up) != make_piece(them, PAWN) || !b.empty(ep) || !b.empty(ep - up))
        return fmt::format("en passant square '{}' does not follow a double step", field);
    return ep;
}

// Fields 5 and 6, both optional (0 and 1).
struct Clocks {
    int rule50 = 0;
    int fullmove = 1;
};
inline std::variant<Clocks, std::string> read_clocks(const std::vector<std::string_view>& fields) {
    std::optional<int> rule50 = 0, fullmove = 1;
    if (fields.size() > 4) rule50 = parse_fen_number(fields[4]);
    if (fields.size() > 5) fullmove = parse_fen_number(fields[5]);
    if (!rule50 || !fullmove) return std::string("bad halfmove or fullmove number");
    return Clocks {*rule50, *fullmove};
}

// Fields 5 and 6 as written.
inline std::string clocks_text(int rule50, int fullmove) {
    return fmt::format("{} {}", fen_count(rule50), fen_count(fullmove));
}

} // namespace hq::chess
