// SPDX-License-Identifier: GPL-3.0-or-later
#include "xboard_board.h"

#include "engine/text.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace hq::xboard {

namespace {

bool upper(char c) { return std::isupper(static_cast<unsigned char>(c)) != 0; }

// Whether a right of `side` towards `wing` (0: king side, higher files; 1: queen side) is
// allowed on `board`: the king and the farthest rook beside it on its rank stand where the
// start position has them.
bool right_allowed(
    const std::vector<char>& board, const std::vector<char>& start, int files, int side, int wing) {
    char king = side == 0 ? 'K' : 'k', rook = side == 0 ? 'R' : 'r';
    auto home = std::find(start.begin(), start.end(), king);
    if (home == start.end()) return false;
    int k = int(home - start.begin()), rank = k / files;
    if (board[std::size_t(k)] != king) return false;
    int r = -1;
    for (int f = 0; f < files; ++f) {
        int i = rank * files + f;
        if (start[std::size_t(i)] == rook && (wing == 0 ? i > k : i < k)
            && (r < 0 || wing == 0 || i < r))
            r = i;
    }
    return r >= 0 && board[std::size_t(r)] == rook;
}

} // namespace

std::vector<char> piece_letters(const BoardDisplay& d) {
    std::vector<char> out(d.cells.size(), '\0');
    for (std::size_t i = 0; i < d.cells.size(); ++i) {
        const DisplayCell& c = d.cells[i];
        if (c.piece.size() != 1 || (c.side != "white" && c.side != "black")) continue;
        char up = char(std::toupper(static_cast<unsigned char>(c.piece[0])));
        out[i] = c.side == "white" ? up : char(std::tolower(static_cast<unsigned char>(up)));
    }
    return out;
}

std::vector<char> piece_letters(const Referee& r) { return piece_letters(r.display()); }

std::vector<char> fen_piece_letters(const Referee& r, std::string_view fen) {
    return piece_letters(display_from_fen(fen, r.spec().files, r.spec().ranks));
}

int square_index(const Referee& r, std::string_view square) {
    const int files = r.spec().files, ranks = r.spec().ranks;
    if (square.size() < 2 || square[0] < 'a' || square[0] > 'z') return -1;
    int file = square[0] - 'a', rank = 0;
    for (char c : square.substr(1)) {
        if (c < '0' || c > '9' || rank > ranks) return -1;
        rank = rank * 10 + (c - '0');
    }
    if (file >= files || rank < 1 || rank > ranks) return -1;
    return (rank - 1) * files + file;
}

std::string square_name(const Referee& r, int index) {
    return char('a' + index % r.spec().files) + std::to_string(index / r.spec().files + 1);
}

std::optional<std::pair<int, int>> move_squares(const Referee& r, std::string_view move) {
    if (move.find(',') != std::string_view::npos) return std::nullopt;
    std::size_t pos = 0;
    auto square = [&]() {
        std::size_t start = pos++;
        while (pos < move.size() && move[pos] >= '0' && move[pos] <= '9') ++pos;
        return square_index(r, move.substr(start, pos - start));
    };
    if (move.empty()) return std::nullopt;
    int from = square();
    if (from < 0 || pos >= move.size()) return std::nullopt;
    int to = square();
    if (to < 0) return std::nullopt;
    return std::pair {from, to};
}

bool has_castling_rights(const Referee& r, Color side) {
    auto fields = split_words(r.fen());
    if (fields.size() < 3) return false;
    for (char c : fields[2])
        if (c != '-' && std::isalpha(static_cast<unsigned char>(c)) && upper(c) == (side == WHITE))
            return true;
    return false;
}

std::optional<bool> castles_onto_rook(const Referee& r, std::string_view move) {
    auto sq = move_squares(r, move);
    if (!sq) return std::nullopt;
    auto letters = piece_letters(r);
    char king = letters[std::size_t(sq->first)], target = letters[std::size_t(sq->second)];
    if ((king == 'K' || king == 'k') && (target == 'R' || target == 'r')
        && upper(king) == upper(target))
        return sq->second > sq->first;
    return std::nullopt;
}

std::optional<std::string> castling_move(const Referee& r, bool kingSide) {
    Color us = r.side_to_move();
    char king = us == WHITE ? 'K' : 'k', rook = us == WHITE ? 'R' : 'r';
    bool rights = has_castling_rights(r, us);
    auto letters = piece_letters(r);
    const int files = r.spec().files;
    for (const std::string& m : r.legal_moves()) {
        auto sq = move_squares(r, m);
        if (!sq || letters[std::size_t(sq->first)] != king) continue;
        int df = sq->second % files - sq->first % files;
        bool sameRank = sq->second / files == sq->first / files;
        bool castles
            = letters[std::size_t(sq->second)] == rook || (rights && sameRank && std::abs(df) == 2);
        if (castles && (df > 0) == kingSide) return m;
    }
    return std::nullopt;
}

bool same_board_and_side(const Referee& r, std::string_view otherFen) {
    auto theirs = split_words(otherFen);
    auto ours = split_words(r.fen());
    return theirs.size() >= 2 && ours.size() >= 2 && theirs[0] == ours[0] && theirs[1] == ours[1];
}

std::vector<std::string> castling_readings(const Referee& r, std::string_view xboardFen) {
    auto fields = split_words(xboardFen);
    if (fields.size() < 3) return {};
    auto board = fen_piece_letters(r, fields[0]);
    auto start = fen_piece_letters(r, r.spec().startFen);
    // KQkq: each side's right with the farthest rook beside the king on its rank.
    bool rights[4] = {};
    for (int i = 0; i < 4; ++i)
        rights[i] = right_allowed(board, start, r.spec().files, i / 2, i % 2);
    const bool keep[4][2] = {{true, true}, {false, true}, {true, false}, {false, false}};
    std::vector<std::string> out;
    for (const auto& k : keep) {
        std::string field;
        for (int i = 0; i < 4; ++i)
            if (rights[i] && k[i / 2]) field += "KQkq"[i];
        fields[2] = field.empty() ? "-" : field;
        std::string reading = join_words(fields, 0, fields.size());
        if (std::find(out.begin(), out.end(), reading) == out.end()) out.push_back(reading);
    }
    return out;
}

} // namespace hq::xboard
