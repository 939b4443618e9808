// SPDX-License-Identifier: GPL-3.0-or-later
#include "xboard_game.h"

#include "engine/text.h"
#include "variants/registry.h"
#include "xboard_board.h"
#include "xboard_variants.h"

#include <algorithm>
#include <cctype>

namespace hq {

namespace {

bool is_white_piece(char c) { return std::isupper(static_cast<unsigned char>(c)) != 0; }

} // namespace

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
    // The game's own reading, as UCI's `position fen`; where it refuses a castling field
    // that is XBoard's list of unmoved pieces, the same reading of the rights that list
    // stands for: the rights the board allows, most first. When none is accepted, the
    // reason is the one for no rights, which names what else is wrong.
    std::string accepted(fen);
    auto err = ref->set_position(fen);
    if (err && lists_unmoved_pieces(fen))
        for (const std::string& reading : xboard::castling_readings(*ref, fen)) {
            err = ref->set_position(reading);
            accepted = reading;
            if (!err) break;
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

bool XBoardGame::lists_unmoved_pieces(std::string_view fen) const {
    if (!xboard_fen_lists_unmoved(spec())) return false;
    auto fields = split_words(fen);
    // XBoard's FENs have the six standard fields, never a game's own (standard_fen).
    if (fields.size() < 3 || fields.size() > 6 || fields[2] == "-") return false;
    // XBoard writes a file letter for each piece on a side's first rank (upper case: White's
    // rank 1, lower case: Black's last rank) that has not moved and whose description has
    // an initial move (`i`), and nothing else.
    auto board = xboard::fen_piece_letters(*ref, fields[0]);
    std::string seen;
    for (char c : fields[2]) {
        bool white = std::isupper(static_cast<unsigned char>(c)) != 0;
        int file = std::tolower(static_cast<unsigned char>(c)) - 'a';
        if (file < 0 || file >= spec().files || seen.find(c) != std::string::npos) return false;
        seen += c;
        int rank = white ? 0 : spec().ranks - 1;
        char piece = board[std::size_t(rank * spec().files + file)];
        if (!piece || is_white_piece(piece) != white) return false;
        bool initialMove = false;
        for (const std::string& desc : xboard_profile(spec().name).pieceBetza)
            if (desc.size() > 2 && desc[0] == piece && desc[1] == ' ')
                initialMove = desc.find('i', 2) != std::string::npos;
        if (!initialMove) return false;
    }
    return true;
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
    return nullOwed && xboard::same_board_and_side(*ref, fen);
}

std::optional<std::vector<std::string>> XBoardGame::relayed_null_differences(
    std::string_view fen) const {
    if (!nullOwed) return std::nullopt;
    std::vector<std::string> differences;
    if (xboard::same_board_and_side(*ref, fen)) return differences;
    // Only a position of this game can be XBoard's view of it; anything else is a bad FEN.
    auto check = make_referee(spec().name);
    if (!check || check->set_position(fen) || check->side_to_move() != ref->side_to_move())
        return std::nullopt;
    auto theirs = xboard::piece_letters(*check), ours = xboard::piece_letters(*ref);
    for (std::size_t i = 0; i < ours.size() && i < theirs.size(); ++i)
        if (theirs[i] != ours[i]) differences.push_back(xboard::square_name(*ref, int(i)));
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
    auto sq = xboard::move_squares(*ref, engineMove);
    if (!sq) return std::nullopt;
    auto before = xboard::piece_letters(*ref);
    char mover = before[std::size_t(sq->first)];
    if (!mover) return std::nullopt;
    auto next = after(engineMove);
    if (!next) return std::nullopt;
    auto afterMove = xboard::piece_letters(*next);
    for (int i = 0; i < int(before.size()); ++i) {
        if (i == sq->first || i == sq->second) continue;
        char was = before[std::size_t(i)];
        if (was && is_white_piece(was) != is_white_piece(mover) && !afterMove[std::size_t(i)])
            return xboard::square_name(*ref, i);
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
            std::size_t fromLength
                = xboard::square_name(*ref, xboard::move_squares(*ref, engineMove)->first).size();
            return {std::string(engineMove.substr(0, fromLength)) + *victim + ",",
                *victim + std::string(engineMove.substr(fromLength))};
        }
    // Castling written king takes own rook (Chess960): XBoard wants O-O / O-O-O.
    if (auto kingSide = xboard::castles_onto_rook(*ref, engineMove))
        return {*kingSide ? "O-O" : "O-O-O"};
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
        auto first = xboard::move_squares(*ref, xboardMove.substr(0, comma));
        auto second = xboard::move_squares(*ref, xboardMove.substr(comma + 1));
        if (first && second && first->second == second->first) {
            std::string victim = xboard::square_name(*ref, first->second);
            std::string single = xboard::square_name(*ref, first->first)
                + std::string(xboardMove.substr(comma + 1 + victim.size()));
            if (is_legal(single) && capture_elsewhere(single) == victim) return single;
        }
    }
    return std::string(xboardMove);
}

// XBoard's O-O and O-O-O: the game's castling move, none while a null is owed.
std::optional<std::string> XBoardGame::castling_move(bool kingSide) const {
    if (nullOwed) return std::nullopt;
    return xboard::castling_move(*ref, kingSide);
}

} // namespace hq
