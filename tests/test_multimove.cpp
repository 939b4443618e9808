// SPDX-License-Identifier: GPL-3.0-or-later
// Multiple Move Chess (Westmont rules): one test case per rule of rules/multimove.md, then
// FEN, hashing, the search hooks and the protocol.
#include "support.h"

#include "engine/perft.h"
#include "engine/random.h"
#include "session.h"
#include "variants/multimove/multimove.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <fstream>
#include <set>
#include <type_traits>

using namespace hq;
using multimove::MultiMove;
using Move = MultiMove::Move;
using multimove::Position;
using Strings = std::vector<std::string>;
using namespace hq::test;

template <> struct hq::test::GameOf<Position> : std::type_identity<MultiMove> { };

constexpr auto from_fen = position_from_fen<MultiMove>;

namespace {

// The same position with colours swapped and the board mirrored top to bottom.
std::string mirror_fen(const std::string& fen) {
    auto f = split_words(fen);
    std::string board;
    std::vector<std::string> ranks;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= f[0].size(); ++i)
        if (i == f[0].size() || f[0][i] == '/') {
            ranks.push_back(f[0].substr(start, i - start));
            start = i + 1;
        }
    std::reverse(ranks.begin(), ranks.end());
    for (std::size_t i = 0; i < ranks.size(); ++i) {
        if (i) board += '/';
        board += ranks[i];
    }
    auto swap_case = [](std::string s) {
        for (char& c : s) c = std::isupper(c) ? char(std::tolower(c)) : char(std::toupper(c));
        return s;
    };
    auto flip_squares = [](std::string s) {
        for (std::size_t i = 1; i < s.size(); ++i)
            if (std::isdigit(s[i]) && std::isalpha(s[i - 1])) s[i] = char('1' + '8' - s[i]);
        return s;
    };
    std::string out = swap_case(board) + (f[1] == "w" ? " b " : " w ");
    std::string castling = f[2] == "-" ? "-" : swap_case(f[2]);
    // KQkq order after swapping case: White's letters first.
    std::sort(castling.begin(), castling.end(), [](char a, char b) {
        return std::isupper(a) != std::isupper(b) ? std::isupper(a) : a < b;
    });
    out += castling;
    out += ' ';
    out += flip_squares(f[3]);
    for (std::size_t i = 4; i < f.size(); ++i) {
        out += ' ';
        out += i == 7 ? flip_squares(f[i]) : f[i];
    }
    return out;
}

} // namespace

// ---- Single moves ------------------------------------------------------------------------

TEST_CASE("a piece that has moved this turn may not capture", "[multimove][rules]") {
    // The knight on e4 attacks the pawn on d6.
    Position fresh = from_fen("4k3/8/3p4/8/4N3/8/8/4K3 w - - 0 1 0/3");
    CHECK(is_legal_text(fresh, "e4d6"));
    Position moved = from_fen("4k3/8/3p4/8/4N3/8/8/4K3 w - - 0 1 1/3 e4m");
    CHECK(moves_from(moved, "e4")
        == Strings {"e4c3", "e4c5", "e4d2", "e4f2", "e4f6", "e4g3", "e4g5"});
    // Arriving on e4 during the turn is the same.
    Position p = from_fen("4k3/8/3p4/8/8/5N2/8/4K3 w - - 0 1 0/3");
    play(p, {"f3e5", "e5c4"});
    CHECK_FALSE(is_legal_text(p, "c4d6"));
    CHECK(is_legal_text(p, "c4b6"));
}

TEST_CASE("a piece that captures is frozen for the rest of the turn", "[multimove][rules]") {
    Position p = from_fen("4k3/8/3p4/8/4N3/8/8/4K3 w - - 0 1 0/3");
    play(p, {"e4d6"});
    CHECK(p.fen() == "4k3/8/3N4/8/8/8/8/4K3 w - - 0 1 1/3 d6x");
    CHECK(moves_from(p, "d6").empty());
    CHECK(p.side_to_move() == WHITE);
}

TEST_CASE("any number of different pieces may capture in one turn", "[multimove][rules]") {
    Position p = from_fen("4k3/8/3p4/7p/4N3/8/8/4K2R w - - 0 1 0/3");
    play(p, {"e4d6", "h1h5"});
    CHECK(p.fen() == "4k3/8/3N4/7R/8/8/8/4K3 w - - 0 1 2/3 h5x,d6x");
    // The king is the only piece left that may move.
    CHECK(legal_texts(p) == Strings {"e1d1", "e1d2", "e1e2", "e1f1", "e1f2"});
}

TEST_CASE("a promoted piece is the pawn that moved and keeps its marks", "[multimove][rules]") {
    // A pawn that has moved promotes by a push to a piece that may move but not capture.
    Position p = from_fen("1r2k3/8/P7/8/8/8/8/4K3 w - - 0 1 0/3");
    play(p, {"a6a7"});
    CHECK(is_legal_text(p, "a7a8q"));
    CHECK_FALSE(is_legal_text(p, "a7b8q"));
    play(p, {"a7a8q"});
    CHECK(p.fen() == "Qr2k3/8/8/8/8/8/8/4K3 w - - 0 1 2/3 a8m");
    CHECK(moves_from(p, "a8")
        == Strings {"a8a1", "a8a2", "a8a3", "a8a4", "a8a5", "a8a6", "a8a7", "a8b7", "a8c6", "a8d5",
            "a8e4", "a8f3", "a8g2", "a8h1"});
    // A fresh pawn that promotes by capturing is frozen.
    Position q = from_fen("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1 0/3");
    play(q, {"a7b8n"});
    CHECK(q.fen() == "1N2k3/8/8/8/8/8/8/4K3 w - - 0 1 1/3 b8x");
    CHECK(moves_from(q, "b8").empty());
}

TEST_CASE("castling moves both king and rook", "[multimove][rules]") {
    Position p = from_fen("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1 0/3");
    play(p, {"e1g1"});
    CHECK(p.fen() == "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 w kq - 1 1 1/3 f1m,g1m");
    // Both moved, so neither may capture; both may still move.
    CHECK(moves_from(p, "g1") == Strings {"g1h1"});
    CHECK(moves_from(p, "f1") == Strings {"f1b1", "f1c1", "f1d1", "f1e1"});
}

TEST_CASE("kings are never captured", "[multimove][rules]") {
    // The fresh rook on e2 attacks the black king but may not take it.
    Position p = from_fen("4k3/8/8/8/8/8/4R3/K7 w - - 0 1 1/3 a1m");
    CHECK_FALSE(is_legal_text(p, "e2e8"));
    CHECK(is_legal_text(p, "e2e7"));
    // A fresh king beside the enemy king may not take it either; it must step away.
    Position q = from_fen("8/8/8/8/8/8/3kK3/8 w - - 0 1 1/3 e2c");
    CHECK(legal_texts(q) == Strings {"e2f1", "e2f2", "e2f3"});
}

TEST_CASE("a king steps onto an attacked square only when it is attacked where it stands",
    "[multimove][rules]") {
    // Not in check: the rook on d2 guards d1, e2 and f2; taking it is safe.
    Position safe = from_fen("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1 0/3");
    CHECK(moves_from(safe, "e1") == Strings {"e1d2", "e1f1"});
    // In check from the rook on a1 (with a knight to move afterwards): d1 and f1 are
    // attacked, but the king may step there.
    Position checked = from_fen("4k3/8/8/8/8/7N/8/r3K3 w - - 0 1 0/3");
    CHECK(moves_from(checked, "e1") == Strings {"e1d1", "e1d2", "e1e2", "e1f1", "e1f2"});
}

TEST_CASE("a king that steps onto an attacked square is frozen", "[multimove][rules]") {
    // The bishop on e2 shields the king from the rook on e8. Moving it is allowed in the
    // middle of the turn; the king, now attacked, may step onto e2 (attacked) and stays.
    Position p = from_fen("4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1 0/3");
    play(p, {"e2d3"});
    CHECK(p.in_check());
    CHECK(is_legal_text(p, "e1e2"));
    Position q = p;
    play(q, {"e1e2"});
    CHECK(q.fen() == "4r1k1/8/8/8/8/3B4/4K3/8 w - - 2 1 2/3 e2x,d3m");
    CHECK(moves_from(q, "e2").empty());
    // A step to a safe square leaves it free to move again.
    play(p, {"e1f1"});
    CHECK(p.fen() == "4r1k1/8/8/8/8/3B4/8/5K2 w - - 2 1 2/3 f1m,d3m");
    CHECK_FALSE(moves_from(p, "f1").empty());
}

TEST_CASE("a king attacked at the start of the turn makes one move only", "[multimove][rules]") {
    Position p = from_fen("4k3/8/8/8/8/7N/8/r3K3 w - - 0 1 0/3");
    CHECK(p.checked_king() == square_bb(SQ_E1));
    play(p, {"e1d2"}); // a safe square, yet the king is done for this turn
    CHECK(p.fen() == "4k3/8/8/8/8/7N/3K4/r7 w - - 1 1 1/3 d2x");
    CHECK(moves_from(p, "d2").empty());
    // The mark c survives other moves while the king has not moved.
    Position q = from_fen("4k3/8/8/8/8/7N/8/r3K3 w - - 0 1 0/3");
    play(q, {"h3g1"});
    CHECK(q.fen() == "4k3/8/8/8/8/8/8/r3K1N1 w - - 1 1 1/3 e1c,g1m");
}

TEST_CASE("castling follows the ordinary rules at the moment it is played", "[multimove][rules]") {
    // f1 is attacked by the rook on f8: no king-side castling, until the knight blocks.
    Position p = from_fen("4kr2/8/8/8/8/8/6N1/R3K2R w KQ - 0 1 0/3");
    CHECK_FALSE(is_legal_text(p, "e1g1"));
    CHECK(is_legal_text(p, "e1c1"));
    play(p, {"g2f4"});
    CHECK(is_legal_text(p, "e1g1"));
    // A king that was in check at the start of the turn castles once the check is
    // blocked; castling is its one move.
    Position q = from_fen("4k3/8/8/4r3/8/2N5/8/R3K2R w KQ - 0 1 0/3");
    CHECK_FALSE(is_legal_text(q, "e1g1"));
    play(q, {"c3e4", "e1g1"});
    CHECK(q.fen() == "4k3/8/8/4r3/4N3/8/8/R4RK1 w - - 2 1 2/3 f1m,g1x,e4m");
}

TEST_CASE(
    "other moves may leave or put the own king in check during the turn", "[multimove][rules]") {
    // The bishop shields the king: moving it is legal unless it is the last move.
    Position first = from_fen("4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1 0/3");
    CHECK(moves_from(first, "e2").size() == 9);
    Position last = from_fen("4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1 2/3 e1m");
    CHECK(moves_from(last, "e2").empty());
}

TEST_CASE("en passant during the turn against the opponent's double steps", "[multimove][rules]") {
    // Black steps d7-d5 in its turn; in White's next turn the e5 pawn, not yet moved,
    // takes en passant on any of its moves.
    Position p = from_fen("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1 0/2");
    play(p, {"d7d5", "e8e7"});
    CHECK(p.fen() == "8/4k3/8/3pP3/8/8/8/4K3 w - d6 1 2 0/2");
    CHECK(is_legal_text(p, "e5d6"));
    Position later = p;
    play(later, {"e1e2"});
    CHECK(is_legal_text(later, "e5d6"));
    // The right lasts for that one turn.
    play(p, {"e1e2", "e2e1", "e7e8", "e8e7"});
    CHECK(p.fen() == "8/4k3/8/3pP3/8/8/8/4K3 w - - 5 3 0/2");
    CHECK_FALSE(is_legal_text(p, "e5d6"));
}

TEST_CASE("several en passant captures in one turn", "[multimove][rules]") {
    Position p = from_fen("4k3/3p1p2/8/4P1P1/8/8/8/4K3 b - - 0 1 0/2");
    play(p, {"d7d5", "f7f5"});
    CHECK(p.fen() == "4k3/8/8/3pPpP1/8/8/8/4K3 w - d6,f6 0 2 0/2");
    play(p, {"e5d6"});
    CHECK(is_legal_text(p, "g5f6"));
    play(p, {"g5f6"});
    CHECK(p.fen() == "4k3/8/3P1P2/8/8/8/8/4K3 b - - 0 2 0/2");
}

TEST_CASE("en passant needs a pawn that has not moved and an empty passed-over square",
    "[multimove][rules]") {
    // The e5 pawn came from e4 this turn: no capture, and the target is not written.
    Position moved = from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1 1/3 e5m");
    CHECK(moved.fen() == "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1 1/3 e5m");
    CHECK_FALSE(is_legal_text(moved, "e5d6"));
    // A knight standing on d6 blocks the capture; once it leaves, the capture is back.
    Position p = from_fen("4k3/8/8/3pP3/2N5/8/8/4K3 w - d6 0 1 0/3");
    play(p, {"c4d6"});
    CHECK_FALSE(is_legal_text(p, "e5d6"));
    play(p, {"d6b5"});
    CHECK(is_legal_text(p, "e5d6"));
    // During the turn the mover's own double step is recorded for the opponent.
    Position q = from_fen("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1 0/2");
    play(q, {"e2e4"});
    CHECK(q.fen() == "4k3/8/8/8/3pP3/8/8/4K3 w - e3 0 1 1/2 e4m");
    play(q, {"e1f1"});
    CHECK(is_legal_text(q, "d4e3"));
}

// ---- End of a turn -----------------------------------------------------------------------

TEST_CASE("a turn ends after N single moves", "[multimove][rules]") {
    Position p = from_fen(std::string(Position::StartFen));
    play(p, {"e2e4", "d2d4"});
    CHECK(p.side_to_move() == WHITE);
    CHECK_FALSE(p.turn_ended());
    play(p, {"g1f3"});
    CHECK(p.side_to_move() == BLACK);
    CHECK(p.turn_ended());
    CHECK(p.fen() == "rnbqkbnr/pppppppp/8/8/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq - 1 1 0/3");
    play(p, {"e7e5", "d7d5", "g8f6"});
    CHECK(p.fen() == "rnbqkb1r/ppp2ppp/5n2/3pp3/3PP3/5N2/PPP2PPP/RNBQKB1R w KQkq - 1 2 0/3");
    // undo walks back over the turn boundary.
    for (int i = 0; i < 6; ++i) p.undo_move({});
    CHECK(p.fen() == std::string(Position::StartFen));
}

TEST_CASE("the rest of the turn passes automatically when nothing can move", "[multimove][rules]") {
    // The white king, in check from the g2 pawn, makes its one move and is frozen; White
    // has nothing else, so each king move ends the turn.
    Position p = from_fen("k7/8/8/8/8/8/6p1/7K w - - 0 1 0/3");
    CHECK(legal_texts(p) == Strings {"h1g1", "h1g2", "h1h2"});
    play(p, {"h1g1"});
    CHECK(p.fen() == "k7/8/8/8/8/8/6p1/6K1 b - - 1 1 0/3");
    // The pass takes no perft depth: perft(2) is the sum of Black's first moves.
    Position q = from_fen("k7/8/8/8/8/8/6p1/7K w - - 0 1 0/3");
    std::uint64_t sum = 0;
    for (const char* m : {"h1g1", "h1g2", "h1h2"}) {
        Position r = q;
        play(r, {m});
        sum += MultiMove::count_legal(r);
    }
    CHECK(perft<MultiMove>(q, 2) == sum);
    // The black king's three steps each time; after h1h2 also the four promotions on g1.
    CHECK(sum == 3 + 3 + 7);
}

TEST_CASE("a move that ends the turn must leave the king unattacked", "[multimove][rules]") {
    // The last move of the turn, in check from the rook: escape or block only.
    Position last = from_fen("4r1k1/8/8/8/8/3B4/8/4K3 w - - 0 1 2/3 d3m");
    CHECK(legal_texts(last) == Strings {"d3e2", "d3e4", "e1d1", "e1d2", "e1f1", "e1f2"});
    // Earlier in the turn anything goes, stepping onto e2 included.
    Position earlier = from_fen("4r1k1/8/8/8/8/3B4/8/4K3 w - - 0 1 1/3 d3m");
    CHECK(legal_texts(earlier).size() == 11 + 5);
    CHECK(is_legal_text(earlier, "e1e2"));
}

TEST_CASE("a legal move may leave no legal way to finish the turn", "[multimove][rules]") {
    // In check, the king may step onto e2 (attacked): legal, but then frozen in check with
    // only a knight that cannot block. perft counts the move; there is no continuation.
    Position p = from_fen("4r1k1/8/8/8/8/8/8/4K2N w - - 0 1 1/3 h1m");
    CHECK(is_legal_text(p, "e1e2"));
    play(p, {"e1e2"});
    CHECK(MultiMove::count_legal(p) == 0);
    CHECK(MultiMove::no_moves_value(p, 5) == mated_in(5));
    CHECK(MultiMove::rule_value(p, 5) == mated_in(5));
    CHECK(MultiMove::adjudicate(p).result == Result::BLACK_WINS);
    // Two moves left after the step, but only a pawn far from the e-file can move: the
    // single moves go on, the turn cannot be finished, and rule_value sees it at once.
    Position q = from_fen("4r1k1/8/8/8/8/P7/8/4K3 w - - 0 1 1/4 a3m");
    play(q, {"e1e2"});
    CHECK(MultiMove::count_legal(q) > 0);
    CHECK(MultiMove::rule_value(q, 5) == mated_in(5));
}

// ---- End of the game ---------------------------------------------------------------------

TEST_CASE("checkmate: no legal complete turn with the king attacked", "[multimove][rules]") {
    // Single moves exist (the pawn, and the king's one step), but every turn ends with
    // the king attacked.
    Position p = from_fen("7k/8/8/8/8/2p5/1q5P/K7 w - - 0 1 0/3");
    CHECK(legal_texts(p) == Strings {"a1a2", "a1b1", "a1b2", "h2h3", "h2h4"});
    Outcome o = MultiMove::adjudicate(p);
    CHECK(o.result == Result::BLACK_WINS);
    CHECK(o.reason == "Black mates");
    CHECK(MultiMove::rule_value(p, 3) == mated_in(3));
    // With a fresh rook to take the queen, the turn can be finished.
    Position q = from_fen("1R6/7k/8/8/8/2p5/1q5P/K7 w - - 0 1 0/3");
    CHECK_FALSE(MultiMove::adjudicate(q).over());
}

TEST_CASE("stalemate: no legal complete turn with the king not attacked", "[multimove][rules]") {
    // The pinned pawn may step off the diagonal in the middle of the turn, but the last
    // move can never leave the king safe; the king's own steps are all attacked.
    Position p = from_fen("7k/8/8/8/3b4/8/1P1n4/K1n5 w - - 0 1 0/2");
    CHECK(legal_texts(p) == Strings {"b2b3", "b2b4"});
    CHECK_FALSE(p.in_check());
    CHECK(MultiMove::adjudicate(p).reason == "Draw by stalemate");
    CHECK(MultiMove::rule_value(p, 4) == VALUE_DRAW);
    play(p, {"b2b3"});
    CHECK(MultiMove::count_legal(p) == 0);
    CHECK(MultiMove::no_moves_value(p, 5) == mated_in(5));
    // No single move at all at a turn start: stalemate, or mate when in check.
    Position none = from_fen("7k/8/8/8/8/1p6/1P1n4/K7 w - - 0 1 0/3");
    CHECK(legal_texts(none).empty());
    CHECK(MultiMove::no_moves_value(none, 2) == VALUE_DRAW);
    Position mated = from_fen("7k/8/8/8/8/2p5/1q6/K7 w - - 0 1 0/3");
    CHECK(legal_texts(mated).empty());
    CHECK(MultiMove::no_moves_value(mated, 2) == mated_in(2));
    CHECK(MultiMove::adjudicate(mated).reason == "Black mates");
}

TEST_CASE(
    "draw by threefold repetition of the position at the start of a turn", "[multimove][rules]") {
    Position p = from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 0/2");
    auto cycle = [&] { play(p, {"g1f3", "f3g1", "g8f6", "f6g8"}); };
    cycle();
    CHECK_FALSE(p.is_repetition(0));
    CHECK(p.is_repetition(5)); // once since the search root is enough
    cycle();
    CHECK(p.is_repetition(0));
    CHECK(MultiMove::adjudicate(p).reason == "Draw by 3-fold repetition");
    // A middle-of-turn position never counts.
    play(p, {"g1f3", "f3g1"});
    play(p, {"g8f6"});
    CHECK_FALSE(p.is_repetition(0));
}

TEST_CASE("draw when the halfmove clock reaches 100 x N single moves", "[multimove][rules]") {
    Position p = from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 297 80 0/3");
    play(p, {"a1a2", "a2a3"});
    CHECK_FALSE(p.fifty_move_limit()); // 299, and in the middle of a turn
    play(p, {"a3a4"});
    CHECK(p.rule50() == 300);
    CHECK(p.fifty_move_limit());
    CHECK(MultiMove::adjudicate(p).reason == "Draw by fifty moves rule");
    CHECK(MultiMove::rule_value(p, 3) == VALUE_DRAW);
}

TEST_CASE("draw with bare kings", "[multimove][rules]") {
    CHECK(MultiMove::adjudicate(from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1 0/3")).result
        == Result::DRAW);
    // The rules file names bare kings only: king and knight against king plays on.
    CHECK_FALSE(MultiMove::adjudicate(from_fen("4k3/8/8/8/8/8/8/4KN2 w - - 0 1 0/3")).over());
}

// ---- FEN and hashing ---------------------------------------------------------------------

TEST_CASE("FEN round trips for every Multiple Move Chess reference position", "[multimove][fen]") {
    for (const auto& c : test::read_epd("multimove.epd")) {
        Position p = from_fen(c.fen);
        CHECK(p.fen() == c.fen);
    }
    // Standard chess positions with N = 1.
    for (const auto& c : test::read_epd("chess.epd")) {
        Position p = from_fen(c.fen + " 0/1");
        CHECK(p.fen() == c.fen + " 0/1");
    }
}

TEST_CASE("FEN fields 7 and 8: turn progress and marks", "[multimove][fen]") {
    // Without field 7: a turn start with the variant's N.
    Position p = from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    CHECK(p.fen() == "4k3/8/8/8/8/8/8/4K3 w - - 0 1 0/3");
    VariantSpec two {"multimove2", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 0/2"};
    Position q;
    q.set_variant(two);
    REQUIRE_FALSE(q.set_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").has_value());
    CHECK(q.moves_per_turn() == 2);
    // Marks are written in square order (a1, b1, ..., h8), whatever the input order.
    Position r = from_fen("4k3/8/8/3N4/8/8/3P4/4K3 w - - 0 1 2/3 d5x,d2m");
    CHECK(r.fen() == "4k3/8/8/3N4/8/8/3P4/4K3 w - - 0 1 2/3 d2m,d5x");
    // In the middle of a turn the opponent may be in check.
    CHECK(from_fen("4k3/8/8/8/8/8/4R3/4K3 w - - 0 1 1/3 e2m").fen()
        == "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1 1/3 e2m");
    // Same board, different marks: different keys.
    Position a = from_fen("4k3/8/8/8/4N3/8/8/4K3 w - - 0 1 1/3 e4m");
    Position b = from_fen("4k3/8/8/8/4N3/8/8/4K3 w - - 0 1 1/3 e4x");
    Position c = from_fen("4k3/8/8/8/4N3/8/8/4K3 w - - 0 1 2/3 e4m");
    CHECK(a.key() != b.key());
    CHECK(a.key() != c.key());
}

TEST_CASE("bad Multiple Move Chess FENs are refused and leave the position unchanged",
    "[multimove][fen]") {
    const std::vector<std::string> bad = {
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 3/3",               // k must be below N
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 0/0",               // N from 1
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 0/10",              // to 9
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 1-3",               // k/N
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 0/3 e1m",           // marks at a turn start
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 1/3 e8m",           // mark on an enemy piece
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 1/3 d4m",           // mark on an empty square
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 1/3 e2c",         // c on a pawn
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 1/3 e2q",         // unknown letter
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 1/3 e2m,e2x",     // marked twice
        "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 1/3 a1m",          // castling right of a moved rook
        "4k3/8/8/3pP3/8/8/8/4K3 w - d5 0 1 0/3",           // en passant rank
        "4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1 0/3",            // no double step
        "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1 0/3",            // own target at a turn start
        "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1 0/3",             // opponent in check, turn start
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 1/3 e1x",           // mid-turn, nothing can move
        "QQQQQQQQ/QQQQQQQQ/1k6/8/8/8/8/4K3 w - - 0 1 0/3", // more than 16 pieces
        "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1 0/3",       // more than 8 pawns
        "4k3/pppppppp/p7/8/8/8/8/4K3 b - - 0 1 0/2",       // more than 8 pawns
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 0/3 e1m extra",     // too many fields
        "4k3/8/8/8/8/8/8/4K3 w - - 2147483647 1 0/3",      // halfmove clock past 100000
    };
    Position p = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 1/3 e1c");
    check_refused(p, bad);
}

TEST_CASE("the incremental key equals the key recomputed from scratch after every single move",
    "[multimove][hash]") {
    check_consistency<MultiMove>(
        {
            "r1bqkbnr/1ppppppp/p1n5/8/2P5/NP6/P2PPPPP/R1BQKBNR b KQkq - 1 1 2/3 a6m,c6m",
            "r1bqk1nr/p1p4p/2n4b/1p1pPpp1/P3P3/1P3NPP/2PP4/RNBQKB1R w KQkq f6 0 4 1/3 a4m",
            "r1bqk2r/pppp1ppp/n4n2/4p3/5P2/4PQP1/PPPB3P/RN2KBNR w KQkq - 1 3 2/3 b1m,e1c,d2x",
            "2rQ2kr/3n2pp/2bbp2n/ppp2P1P/8/2P2PPB/PP1BP3/RN2K2R b Q - 2 9 1/2 c6m,g8c",
            "4k3/3p1p2/8/4P1P1/8/8/8/4K3 b - - 0 1 0/2",
            "r3k2r/pP4pp/8/3pP3/8/8/6Pp/R3K2R w KQkq d6 0 1 0/3",
        },
        3);
}

TEST_CASE("random play: FEN and key survive a round trip, noisy and quiet split the moves, the "
          "last move of a turn is generated exactly",
    "[multimove][hash]") {
    Prng rng(20240611);
    for (const auto& c : test::read_epd("multimove.epd")) {
        Position p = from_fen(c.fen);
        for (int ply = 0; ply < 40; ++ply) {
            INFO(p.fen());
            // The FEN carries the whole state: same FEN and same key when read back.
            Position q = from_fen(p.fen());
            REQUIRE(q.fen() == p.fen());
            REQUIRE(q.key() == p.key());

            MultiMove::MoveList all, noisy, quiet;
            MultiMove::generate_legal(p, all);
            MultiMove::generate_noisy(p, noisy);
            MultiMove::generate_quiet(p, quiet);
            REQUIRE(all.size() == MultiMove::count_legal(p));
            REQUIRE(noisy.size() + quiet.size() == all.size());
            for (auto m : noisy) REQUIRE((MultiMove::is_noisy(p, m) && all.contains(m)));
            for (auto m : quiet) REQUIRE((!MultiMove::is_noisy(p, m) && all.contains(m)));
            for (auto m : all) REQUIRE(MultiMove::is_legal(p, m));

            // The last move of a turn: the fast generator (check mask and pins) must give
            // exactly the moves that a longer turn allows here and that leave the king safe.
            if (p.moves_left() == 1) {
                // The same position in a turn two moves longer.
                auto f = split_words(p.fen());
                int k = p.moves_done();
                f[6] = std::to_string(k) + "/" + std::to_string(k + 2);
                std::string longer = join_words(f, 0, f.size());
                Position l = from_fen(longer);
                Strings expected;
                MultiMove::MoveList moves;
                MultiMove::generate_legal(l, moves);
                Color us = l.side_to_move();
                for (auto m : moves) {
                    l.do_move(m);
                    if (!(l.attackers_to(l.king_square(us)) & l.pieces(~us)))
                        expected.push_back(p.move_text(m));
                    l.undo_move(m);
                }
                std::sort(expected.begin(), expected.end());
                REQUIRE(legal_texts(p) == expected);
            }
            if (all.empty()) break;
            p.do_move(all[std::size_t(rng.below(all.size()))]);
        }
    }
}

TEST_CASE("transposed move orders reach the same key", "[multimove][hash]") {
    Position a = from_fen(std::string(Position::StartFen)), b = a;
    play(a, {"g1f3", "b1c3"});
    play(b, {"b1c3", "g1f3"});
    CHECK(a.fen() == b.fen());
    CHECK(a.key() == b.key());
}

// ---- Search hooks --------------------------------------------------------------------------

TEST_CASE(
    "the null move passes the rest of the turn and is undone exactly", "[multimove][search]") {
    Position p
        = from_fen("r1bqkbnr/1ppppppp/p1n5/8/2P5/NP6/P2PPPPP/R1BQKBNR b KQkq - 1 1 2/3 a6m,c6m");
    const std::string before = p.fen();
    const Key key = p.key();
    CHECK_FALSE(MultiMove::null_move_allowed(p)); // not at a turn start
    p.do_null_move();
    CHECK(p.side_to_move() == WHITE);
    CHECK(p.fen() == "r1bqkbnr/1ppppppp/p1n5/8/2P5/NP6/P2PPPPP/R1BQKBNR w KQkq - 1 2 0/3");
    CHECK(p.key() == p.compute_key());
    CHECK(MultiMove::null_move_allowed(p));
    p.undo_null_move();
    CHECK(p.fen() == before);
    CHECK(p.key() == key);
}

TEST_CASE("evaluation is symmetric between the colours", "[multimove][eval]") {
    for (const auto& c : test::read_epd("multimove.epd")) {
        Position p = from_fen(c.fen), q = from_fen(mirror_fen(c.fen));
        INFO(c.fen << " / " << q.fen());
        CHECK(MultiMove::evaluate(p) == MultiMove::evaluate(q));
    }
}

TEST_CASE(
    "evaluation: a piece the mover can still take counts nearly in full", "[multimove][eval]") {
    // Black's queen on d5 is attacked by a fresh knight and not defended.
    Position fresh = from_fen("4k3/8/8/3q4/8/4N3/8/4K3 w - - 0 1 1/3 e1m");
    Position spent = from_fen("4k3/8/8/3q4/8/4N3/8/4K3 w - - 0 1 1/3 e3m");
    CHECK(MultiMove::evaluate(fresh) > 0); // a knight against a queen, but the queen falls
    CHECK(MultiMove::evaluate(fresh) > MultiMove::evaluate(spent) + 500);
    // The opponent's next turn threatens what the mover leaves hanging: two undefended
    // white pieces attacked by a black queen, with only one white move left to save one.
    Position hanging = from_fen("k7/7K/8/8/3q4/8/1N3N2/8 w - - 0 1 2/3 h7m");
    Position saved = from_fen("k7/7K/8/8/3q4/8/8/1N3N2 w - - 0 1 2/3 h7m");
    CHECK(MultiMove::evaluate(hanging) < MultiMove::evaluate(saved) - 100);
}

TEST_CASE("the search hooks: noisy order, legality of foreign moves, values without moves",
    "[multimove][search]") {
    Position p = from_fen("4k3/8/3q4/7p/4N3/8/8/4K2R w - - 0 1 0/3");
    auto qx = *p.parse_move("e4d6"), px = *p.parse_move("h1h5");
    CHECK(MultiMove::noisy_order(p, qx) > MultiMove::noisy_order(p, px));
    play(p, {"e4d6"});
    // The knight is frozen: its old moves are no longer legal here.
    CHECK_FALSE(MultiMove::is_legal(p, chess::Move(SQ_D6, SQ_E4)));
    CHECK(MultiMove::is_legal(p, px));
    // A turn start out of check with material: nothing decided yet.
    Position start = from_fen(std::string(Position::StartFen));
    CHECK_FALSE(MultiMove::rule_value(start, 0).has_value());
    CHECK_FALSE(MultiMove::rule_value(p, 1).has_value()); // middle of a turn
}

namespace {

// A minimal fixed-depth negamax over the SearchGame hooks, negating only when the side to
// move changes, as the engine's search does. Enough to check that the hooks fit together.
Value negamax(Position& p, int depth, int ply, Value alpha, Value beta, std::vector<Move>* pv) {
    if (auto v = MultiMove::rule_value(p, ply)) return *v;
    MultiMove::MoveList list;
    MultiMove::generate_legal(p, list);
    if (list.empty()) return MultiMove::no_moves_value(p, ply);
    if (depth == 0) return MultiMove::evaluate(p);
    Value best = -VALUE_INFINITE;
    std::vector<Move> line;
    for (auto m : list) {
        Color before = p.side_to_move();
        p.do_move(m);
        bool passed = p.side_to_move() != before;
        std::vector<Move> child;
        Value v = passed ? -negamax(p, depth - 1, ply + 1, -beta, -alpha, &child)
                         : negamax(p, depth - 1, ply + 1, alpha, beta, &child);
        p.undo_move(m);
        if (v > best) {
            best = v;
            line = {m};
            line.insert(line.end(), child.begin(), child.end());
        }
        alpha = std::max(alpha, v);
        if (alpha >= beta) break;
    }
    if (pv) *pv = line;
    return best;
}

} // namespace

TEST_CASE("the hooks let a search find a mate in one turn", "[multimove][search]") {
    // A lone black king; White's three moves of one turn mate it. The look-ahead of
    // rule_value at Black's turn start sees that Black cannot finish a turn.
    const char* fens[] = {
        "7k/8/8/8/8/8/8/R3K1R1 w - - 0 1 0/3",
        "k7/8/1K6/8/8/8/7Q/8 w - - 0 1 0/2",
    };
    for (const char* fen : fens) {
        Position p = from_fen(fen);
        INFO(fen);
        std::vector<Move> pv;
        Value v = negamax(p, p.moves_per_turn(), 0, -VALUE_INFINITE, VALUE_INFINITE, &pv);
        CHECK(v == mate_in(p.moves_per_turn()));
        REQUIRE(pv.size() >= std::size_t(p.moves_per_turn()));
        for (int i = 0; i < p.moves_per_turn(); ++i) p.do_move(pv[std::size_t(i)]);
        CHECK(p.side_to_move() == BLACK);
        CHECK(MultiMove::adjudicate(p).reason == "White mates");
    }
}

TEST_CASE("the mate-in-one-turn suite: every position has a mating turn", "[multimove][search]") {
    auto cases = test::read_epd("multimove_mates.epd");
    REQUIRE(cases.size() >= 20);
    std::ifstream in(std::string(HARLEQUIN_TEST_DATA) + "/multimove_mates.epd");
    std::string line;
    while (std::getline(in, line)) {
        auto semi = line.find(";pv ");
        if (semi == std::string::npos) continue;
        const std::string fen = line.substr(0, semi - 1);
        INFO(fen);
        Position p = from_fen(fen);
        const int n = p.moves_per_turn();
        REQUIRE(p.turn_start());
        CHECK_FALSE(MultiMove::adjudicate(p).over());
        // The recorded turn mates, as the exact referee sees it.
        Position r = p;
        for (const auto& m : split_words(line.substr(semi + 4))) play(r, {m.c_str()});
        CHECK(r.side_to_move() != p.side_to_move());
        CHECK(MultiMove::adjudicate(r).reason.find("mates") != std::string::npos);
        // A search over the hooks finds a mate in exactly one turn, and its turn mates.
        std::vector<Move> pv;
        Value v = negamax(p, n, 0, -VALUE_INFINITE, VALUE_INFINITE, &pv);
        CHECK(v == mate_in(n));
        REQUIRE(pv.size() >= std::size_t(n));
        for (int i = 0; i < n; ++i) p.do_move(pv[std::size_t(i)]);
        CHECK(MultiMove::adjudicate(p).reason.find("mates") != std::string::npos);
    }
}

// ---- Protocol ------------------------------------------------------------------------------

TEST_CASE("UCI: multimove and multimove2 are offered, and perft runs on single moves",
    "[multimove][uci]") {
    Process p = start_engine();
    auto seen = uci_lines(p);
    bool offered = std::any_of(seen.begin(), seen.end(), [](const std::string& l) {
        return l.find(" var multimove var multimove2") != std::string::npos;
    });
    CHECK(offered);
    auto line = ask(p, "setoption name UCI_Variant value multimove2", "info string variant");
    REQUIRE(line);
    CHECK(*line
        == "info string variant multimove2 files 8 ranks 8 pocket 0 template fairy startpos "
           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 0/2");
    p.send("position startpos moves e2e4 d2d4 e7e5");
    CHECK(ask(p, "d", "Fen: rnbqkbnr/pppp1ppp/8/4p3/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 0 1 1/2 e5m"));
    REQUIRE(ask(p, "setoption name UCI_Variant value multimove", "info string variant multimove "));
    // Reference numbers from shared/perft/multimove.epd.
    p.send("position fen 1r1qkbnr/1pp1pp1p/2n3p1/3P4/8/NpN2PP1/P1PP3P/R1BQKBR1 w Qk - 2 4 2/3 "
           "g1m,c3m");
    CHECK(perft_total(p, 3) == "Nodes searched: 25855");
    p.send("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 0/4");
    CHECK(perft_total(p, 4) == "Nodes searched: 297390");
}
