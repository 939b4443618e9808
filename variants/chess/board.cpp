// SPDX-License-Identifier: GPL-3.0-or-later
#include "board.h"

#include "fen_board.h"

#include <cctype>
#include <fmt/format.h>

namespace hq::chess {

std::optional<std::string> Board::parse(std::string_view field) {
    Board b;
    auto err = read_board_field(field, [&](std::size_t i, Square sq) -> std::optional<std::string> {
        auto idx = PieceChars.find(field[i]);
        if (field[i] == ' ' || idx == std::string_view::npos)
            return fmt::format("unknown piece letter '{}'", field[i]);
        b.put_piece(Piece(idx), sq);
        return std::nullopt;
    });
    if (err) return err;
    *this = b;
    return std::nullopt;
}

std::optional<std::string> Board::check_army_size(Color c) const {
    const char* side = c == WHITE ? "White" : "Black";
    if (int n = popcount(pieces(c, PAWN)); n > 8)
        return fmt::format("{} has {} pawns (at most 8)", side, n);
    if (int n = popcount(pieces(c)); n > 16)
        return fmt::format("{} has {} pieces (at most 16)", side, n);
    return std::nullopt;
}

std::variant<Square, std::string> Board::castling_rook(char letter) const {
    Color c = (letter >= 'a' && letter <= 'z') ? BLACK : WHITE;
    char up = char(std::toupper(static_cast<unsigned char>(letter)));
    Square ksq = king_square(c);
    Bitboard backRank = rank_bb(relative_rank(c, RANK_1));
    Bitboard rooks = pieces(c, ROOK) & backRank;
    if (!(square_bb(ksq) & backRank))
        return fmt::format("castling right '{}' but the king is not on its first rank", letter);
    Square rsq = SQ_NONE;
    if (up == 'K') {
        Bitboard r = rooks & ~((square_bb(ksq) << 1) - 1); // right of the king
        if (r) rsq = msb(r);
    } else if (up == 'Q') {
        Bitboard r = rooks & (square_bb(ksq) - 1); // left of the king
        if (r) rsq = lsb(r);
    } else if (up >= 'A' && up <= 'H') {
        Square s = make_square(File(up - 'A'), relative_rank(c, RANK_1));
        if (rooks & square_bb(s)) rsq = s;
    } else {
        return fmt::format("bad castling letter '{}'", letter);
    }
    if (rsq == SQ_NONE)
        return fmt::format("castling right '{}' has no rook to castle with", letter);
    return rsq;
}

std::string Board::to_fen() const {
    std::string out;
    for (Rank r = RANK_8; r >= RANK_1; --r) {
        int emptyRun = 0;
        for (File f = FILE_A; f <= FILE_H; ++f) {
            Piece p = board[make_square(f, r)];
            if (p == NO_PIECE) {
                ++emptyRun;
                continue;
            }
            if (emptyRun) out += char('0' + emptyRun);
            emptyRun = 0;
            out += PieceChars[p];
        }
        if (emptyRun) out += char('0' + emptyRun);
        if (r > RANK_1) out += '/';
    }
    return out;
}

std::string Board::picture() const {
    std::string out = " +---+---+---+---+---+---+---+---+\n";
    for (Rank r = RANK_8; r >= RANK_1; --r) {
        for (File f = FILE_A; f <= FILE_H; ++f)
            out += fmt::format(" | {}", PieceChars[board[make_square(f, r)]]);
        out += fmt::format(" | {}\n +---+---+---+---+---+---+---+---+\n", int(r) + 1);
    }
    out += "   a   b   c   d   e   f   g   h\n";
    return out;
}

} // namespace hq::chess
