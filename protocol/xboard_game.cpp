// SPDX-License-Identifier: GPL-3.0-or-later
#include "xboard_game.h"

#include "engine/text.h"
#include "variants/registry.h"
#include "xboard_variants.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace hq {

namespace {

struct SquareRef {
    int file = 0; // 0 = a
    int rank = 0; // 1 = the first rank
};

// Reads a square name (a letter and a rank number) at `pos`, advancing past it.
std::optional<SquareRef> read_square(std::string_view s, std::size_t& pos) {
    if (pos >= s.size() || s[pos] < 'a' || s[pos] > 'z') return std::nullopt;
    SquareRef sq;
    sq.file = s[pos++] - 'a';
    std::size_t start = pos;
    while (pos < s.size() && std::isdigit(static_cast<unsigned char>(s[pos])))
        sq.rank = sq.rank * 10 + (s[pos++] - '0');
    if (pos == start) return std::nullopt;
    return sq;
}

// The two squares of a one-leg coordinate move (`e1g1`, `e7e8q`), if it is one.
std::optional<std::pair<SquareRef, SquareRef>> move_squares(std::string_view move) {
    if (move.find(',') != std::string_view::npos) return std::nullopt;
    std::size_t pos = 0;
    auto from = read_square(move, pos);
    auto to = read_square(move, pos);
    if (!from || !to) return std::nullopt;
    return std::pair {*from, *to};
}

std::string square_text(SquareRef s) {
    std::string out(1, char('a' + s.file));
    out += std::to_string(s.rank);
    return out;
}

bool is_white_piece(char c) { return std::isupper(static_cast<unsigned char>(c)) != 0; }

// Whether a FEN's castling field gives `side` any right (KQ/kq or Shredder file letters).
bool has_castling_rights(std::string_view fen, Color side) {
    auto fields = split_words(fen);
    if (fields.size() < 3) return false;
    for (char c : fields[2])
        if (c != '-' && std::isalpha(static_cast<unsigned char>(c))
            && is_white_piece(c) == (side == WHITE))
            return true;
    return false;
}

} // namespace

char fen_piece_at(std::string_view fen, std::string_view square) {
    std::size_t pos = 0;
    auto sq = read_square(square, pos);
    if (!sq || pos != square.size()) return '\0';
    auto fields = split_words(fen);
    if (fields.empty()) return '\0';
    // Rank lines from the top rank down.
    std::vector<std::string_view> ranks;
    std::string_view board = fields[0];
    for (std::size_t start = 0;;) {
        std::size_t slash = board.find('/', start);
        ranks.push_back(board.substr(start, slash - start));
        if (slash == std::string_view::npos) break;
        start = slash + 1;
    }
    if (sq->rank < 1 || sq->rank > int(ranks.size())) return '\0';
    std::string_view line = ranks[ranks.size() - std::size_t(sq->rank)];
    int file = 0;
    for (std::size_t i = 0; i < line.size(); ++i) {
        char c = line[i];
        if (std::isdigit(static_cast<unsigned char>(c))) {
            int n = 0;
            // A run of empty squares; absurd lengths (`4294967296`) stop counting at 1000,
            // far past any board, instead of overflowing.
            while (i < line.size() && std::isdigit(static_cast<unsigned char>(line[i])))
                n = std::min(1000, n * 10 + (line[i++] - '0'));
            --i;
            file += n;
        } else if (std::isalpha(static_cast<unsigned char>(c))) {
            if (file == sq->file) return c;
            ++file;
        }
        if (file > sq->file) return '\0';
    }
    return '\0';
}

XBoardGame::XBoardGame(std::unique_ptr<Referee> referee)
    : ref(std::move(referee)) {
    startSide = ref->side_to_move();
}

void XBoardGame::set_chess960(bool on) {
    chess960 = on;
    ref->set_chess960(on);
    replay();
}

std::optional<std::string> XBoardGame::reset(std::string_view fen) {
    // XBoard's own FEN dialect for this game: its castling field lists unmoved pieces and
    // never the rights; take the rights the board allows.
    std::vector<std::string> readings;
    if (xboard_fen_lists_unmoved(spec()) && !fen.empty()) readings = castling_from_board(fen);
    if (readings.empty()) readings.emplace_back(fen);
    std::optional<std::string> err;
    std::string accepted;
    for (const std::string& reading : readings) {
        err = ref->set_position(reading);
        if (!err) {
            accepted = reading;
            break;
        }
    }
    if (err) {
        if (readings.size() > 1) err = ref->set_position(fen); // the reason for XBoard's FEN
        if (!err) accepted = std::string(fen);
    }
    if (err) {
        replay(); // a failed set_position leaves the referee as it was, but be sure
        return err;
    }
    startFen = accepted;
    plies.clear();
    nullOwed = false;
    startSide = ref->side_to_move();
    return std::nullopt;
}

std::optional<std::string> XBoardGame::play_xboard(std::string_view text) {
    if (text == XBOARD_NULL_MOVE && nullOwed) {
        plies.emplace_back(XBOARD_NULL_MOVE);
        nullOwed = false;
        return std::nullopt;
    }
    if (nullOwed) return std::string("the other side is in the middle of its turn: @@@@ expected");
    auto move = to_engine(text);
    if (!move) return std::string("no such move here");
    Color before = ref->side_to_move();
    if (auto err = ref->play(*move)) return err;
    plies.push_back(*move);
    nullOwed = ref->side_to_move() == before;
    return std::nullopt;
}

std::vector<std::string> XBoardGame::play_engine(std::string_view move) {
    if (move == XBOARD_NULL_MOVE) {
        if (!nullOwed) return {};
        plies.emplace_back(XBOARD_NULL_MOVE);
        nullOwed = false;
        return {std::string(XBOARD_NULL_MOVE)};
    }
    if (nullOwed) return {};
    auto texts = to_xboard(move);
    Color before = ref->side_to_move();
    if (ref->play(move)) return {};
    plies.emplace_back(move);
    nullOwed = ref->side_to_move() == before;
    return texts;
}

bool XBoardGame::undo(int count) {
    if (count < 0 || count > int(plies.size())) return false;
    plies.resize(plies.size() - std::size_t(count));
    replay();
    return true;
}

bool XBoardGame::is_relayed_null(std::string_view fen) const {
    if (!nullOwed) return false;
    auto theirs = split_words(fen);
    auto ours = split_words(ref->fen());
    return theirs.size() >= 2 && ours.size() >= 2 && theirs[0] == ours[0] && theirs[1] == ours[1];
}

std::vector<std::string> XBoardGame::castling_from_board(std::string_view fen) const {
    auto fields = split_words(fen);
    if (fields.size() < 3) return {};
    std::string board(fields[0]);
    auto on = [&](const char* sq, char piece) { return fen_piece_at(board, sq) == piece; };
    bool whiteKing = on("e1", 'K'), blackKing = on("e8", 'k');
    bool rights[4] = {whiteKing && on("h1", 'R'), whiteKing && on("a1", 'R'),
        blackKing && on("h8", 'r'), blackKing && on("a8", 'r')};
    // Both sides' rights, then Black's only, White's only, none.
    const bool keep[4][2] = {{true, true}, {false, true}, {true, false}, {false, false}};
    std::vector<std::string> out;
    for (const auto& k : keep) {
        char field[5] = {};
        int n = 0;
        for (int i = 0; i < 4; ++i)
            if (rights[i] && k[i / 2]) field[n++] = "KQkq"[i];
        if (n == 0) field[n++] = '-';
        fields[2] = std::string(field, std::size_t(n));
        std::string alt = join_words(fields, 0, fields.size());
        if (std::find(out.begin(), out.end(), alt) == out.end()) out.push_back(alt);
    }
    return out;
}

std::optional<std::vector<std::string>> XBoardGame::relayed_null_differences(
    std::string_view fen) const {
    if (!nullOwed) return std::nullopt;
    auto theirs = split_words(fen);
    auto ours = split_words(ref->fen());
    if (theirs.size() < 2 || ours.size() < 2 || theirs[1] != ours[1]) return std::nullopt;
    std::vector<std::string> differences;
    if (theirs[0] == ours[0]) return differences;
    // Only a position of this game can be XBoard's view of it; anything else is a bad FEN.
    auto check = make_referee(spec().name);
    if (!check || !chess_pieces_only(ours[0]) || check->set_position(fen)) return std::nullopt;
    std::string board = std::string(theirs[0]) + " w", mine = std::string(ours[0]) + " w";
    for (int rank = 1; rank <= spec().ranks; ++rank)
        for (int file = 0; file < spec().files; ++file) {
            std::string sq = square_text({file, rank});
            if (fen_piece_at(board, sq) != fen_piece_at(mine, sq)) differences.push_back(sq);
        }
    return differences;
}

std::unique_ptr<Referee> XBoardGame::after(std::string_view engineMove) const {
    auto r = make_referee(spec().name);
    if (!r) return nullptr;
    r->set_chess960(chess960);
    if (r->set_position(ref->fen()) || r->play(engineMove)) return nullptr;
    return r;
}

bool XBoardGame::over_after(std::string_view engineMove) const {
    auto r = after(engineMove);
    return r && r->outcome().over();
}

std::optional<std::string> XBoardGame::capture_elsewhere(std::string_view engineMove) const {
    auto sq = move_squares(engineMove);
    std::string before = ref->fen();
    if (!sq || !chess_pieces_only(before)) return std::nullopt;
    char mover = fen_piece_at(before, square_text(sq->first));
    if (!mover) return std::nullopt;
    auto next = after(engineMove);
    if (!next) return std::nullopt;
    std::string afterFen = next->fen();
    for (int rank = 1; rank <= spec().ranks; ++rank)
        for (int file = 0; file < spec().files; ++file) {
            SquareRef s {file, rank};
            if ((s.file == sq->first.file && s.rank == sq->first.rank)
                || (s.file == sq->second.file && s.rank == sq->second.rank))
                continue;
            std::string name = square_text(s);
            char was = fen_piece_at(before, name);
            if (was && is_white_piece(was) != is_white_piece(mover)
                && !fen_piece_at(afterFen, name))
                return name;
        }
    return std::nullopt;
}

void XBoardGame::replay() {
    [[maybe_unused]] auto err = ref->set_position(startFen);
    nullOwed = false;
    for (const std::string& p : plies) {
        if (p == XBOARD_NULL_MOVE) {
            nullOwed = false;
            continue;
        }
        Color before = ref->side_to_move();
        [[maybe_unused]] auto bad = ref->play(p);
        nullOwed = ref->side_to_move() == before;
    }
}

std::vector<std::string> XBoardGame::engine_moves() const {
    std::vector<std::string> out;
    for (const std::string& p : plies)
        if (p != XBOARD_NULL_MOVE) out.push_back(p);
    return out;
}

int XBoardGame::plies_by(Color side) const {
    int n = 0;
    for (std::size_t i = 0; i < plies.size(); ++i)
        n += (i % 2 == 0 ? startSide : ~startSide) == side;
    return n;
}

std::vector<std::string> XBoardGame::to_xboard(std::string_view engineMove) const {
    if (engineMove == "0000") return {std::string(XBOARD_NULL_MOVE)};
    // Multi-leg: one `move` command per leg, every leg but the last ending in a comma.
    if (engineMove.find(',') != std::string_view::npos) {
        std::vector<std::string> legs;
        for (std::size_t start = 0;;) {
            std::size_t comma = engineMove.find(',', start);
            if (comma == std::string_view::npos) {
                legs.emplace_back(engineMove.substr(start));
                break;
            }
            legs.emplace_back(engineMove.substr(start, comma - start + 1));
            start = comma + 1;
        }
        return legs;
    }
    // A capture off the destination (en passant), in a game XBoard does not know: two legs
    // through the victim's square, so that XBoard takes the right piece off its board.
    if (!xboard_knows(spec()))
        if (auto victim = capture_elsewhere(engineMove)) {
            std::size_t fromLength = square_text(move_squares(engineMove)->first).size();
            return {std::string(engineMove.substr(0, fromLength)) + *victim + ",",
                *victim + std::string(engineMove.substr(fromLength))};
        }
    // Castling written king takes own rook (Chess960): XBoard wants O-O / O-O-O.
    if (auto sq = move_squares(engineMove); sq && chess_pieces_only(ref->fen())) {
        std::string fen = ref->fen();
        char king = fen_piece_at(fen, square_text(sq->first));
        char target = fen_piece_at(fen, square_text(sq->second));
        if ((king == 'K' || king == 'k') && (target == 'R' || target == 'r')
            && is_white_piece(king) == is_white_piece(target))
            return {sq->second.file > sq->first.file ? "O-O" : "O-O-O"};
    }
    return {std::string(engineMove)};
}

std::optional<std::string> XBoardGame::to_engine(std::string_view xboardMove) const {
    if (xboardMove == XBOARD_NULL_MOVE) return std::string(nullOwed ? XBOARD_NULL_MOVE : "0000");
    if (xboardMove == "O-O" || xboardMove == "0-0") return castling_move(true);
    if (xboardMove == "O-O-O" || xboardMove == "0-0-0") return castling_move(false);
    if (auto comma = xboardMove.find(','); comma != std::string_view::npos) {
        // A move of two legs: the game's own (Ms. Chess's capture in passing), or a capture
        // off the destination sent through the victim's square (`d5e5,e5e6` for `d5e6`).
        auto legal = ref->legal_moves();
        auto is_legal = [&](std::string_view m) {
            return std::find(legal.begin(), legal.end(), m) != legal.end();
        };
        if (is_legal(xboardMove)) return std::string(xboardMove);
        auto first = move_squares(xboardMove.substr(0, comma));
        auto second = move_squares(xboardMove.substr(comma + 1));
        if (first && second && first->second.file == second->first.file
            && first->second.rank == second->first.rank) {
            std::string victim = square_text(first->second);
            std::string single = square_text(first->first)
                + std::string(xboardMove.substr(comma + 1 + victim.size()));
            if (is_legal(single) && capture_elsewhere(single) == victim) return single;
        }
    }
    return std::string(xboardMove);
}

// The legal castling move towards the king side (higher files) or the queen side, in the
// engine's notation: a king move onto its own rook (Chess960 notation) or, where the side
// still has castling rights, a king move of two files along its rank.
std::optional<std::string> XBoardGame::castling_move(bool kingSide) const {
    if (nullOwed) return std::nullopt;
    Color us = ref->side_to_move();
    std::string fen = ref->fen();
    if (!chess_pieces_only(fen)) {
        // The king's two-file move from the e-file (Control Chess).
        std::string wanted
            = us == WHITE ? (kingSide ? "e1g1" : "e1c1") : (kingSide ? "e8g8" : "e8c8");
        for (const std::string& m : ref->legal_moves())
            if (m == wanted) return m;
        return std::nullopt;
    }
    char king = us == WHITE ? 'K' : 'k';
    char rook = us == WHITE ? 'R' : 'r';
    bool rights = has_castling_rights(fen, us);
    for (const std::string& m : ref->legal_moves()) {
        auto sq = move_squares(m);
        if (!sq || fen_piece_at(fen, square_text(sq->first)) != king) continue;
        int df = sq->second.file - sq->first.file;
        bool castles = fen_piece_at(fen, square_text(sq->second)) == rook
            || (rights && sq->first.rank == sq->second.rank && std::abs(df) == 2);
        if (castles && (df > 0) == kingSide) return m;
    }
    return std::nullopt;
}

} // namespace hq
