// SPDX-License-Identifier: GPL-3.0-or-later
// Martian Chess: one test case per rule of rules/martian.md, with positions in FEN and the
// expected moves spelled out; then FEN, hashing, the search hooks and the protocols.
#include "session.h"
#include "support.h"

#include "bench/openings.h"
#include "bench/pgn_check.h"
#include "engine/perft.h"
#include "protocol/pgn.h"
#include "variants/martian/martian.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <type_traits>

using namespace hq;
using namespace hq::test;
using martian::Martian;
using martian::Position;

template <> struct hq::test::GameOf<Position> : std::type_identity<Martian> { };

constexpr auto from_fen = position_from_fen<Martian>;

namespace {

using namespace std::chrono_literals;

const std::string Start = std::string(Position::StartFen);

// The legal moves of the piece on `from` but its clock calls (the same moves marked `*`),
// sorted.
Texts moves_without_calls(const Position& p, const std::string& from) {
    Texts out;
    for (const auto& t : moves_from(p, from))
        if (t.back() != '*') out.push_back(t);
    return out;
}

Position after(const std::string& fen, std::initializer_list<const char*> moves) {
    Position p = from_fen(fen);
    play(p, moves);
    return p;
}

// The position turned half a turn (square (f, r) to (d - f, 8 - r)): the players swap
// places, sides to move, scores and the ban; everything else stays.
std::string rotated(const std::string& fen) {
    auto f = split_words(fen);
    std::vector<std::string> rows;
    std::string row;
    for (char c : f[0] + "/") {
        if (c == '/') {
            rows.push_back(row);
            row.clear();
        } else if (c >= '1' && c <= '4') row += std::string(std::size_t(c - '0'), '.');
        else row += char(std::tolower(static_cast<unsigned char>(c)));
    }
    std::string board;
    for (int i = 7; i >= 0; --i) {
        board += fen_rank(std::string(rows[std::size_t(i)].rbegin(), rows[std::size_t(i)].rend()));
        if (i) board += '/';
    }
    auto plus = f[6].find('+');
    std::string scores = f[6].substr(plus + 1) + "+" + f[6].substr(0, plus);
    std::string ban = f[7];
    if (ban != "-")
        for (std::size_t i = 0; i < 4; i += 2) {
            ban[i] = char('a' + 'd' - ban[i]);
            ban[i + 1] = char('1' + '8' - ban[i + 1]);
        }
    return fmt::format(
        "{} {} - - {} {} {} {} {}", board, f[1] == "w" ? "b" : "w", f[4], f[5], scores, ban, f[8]);
}

} // namespace

// ---- Board, pieces, start ------------------------------------------------------------------

TEST_CASE(
    "martian starts from the rules' position with 10 moves and their clock twins", "[martian]") {
    auto engine = make_engine("martian");
    REQUIRE(engine);
    CHECK(engine->fen() == Start);
    CHECK(engine->spec().files == 4);
    CHECK(engine->spec().ranks == 8);
    Position p;
    CHECK(legal_texts(p)
        == Texts {"b1a1", "b1a1*", "b2a1", "b2a1*", "b2a3", "b2a3*", "b3a2", "b3a2*", "b3a4",
            "b3a4*", "b3c4", "b3c4*", "c3b4", "c3b4*", "c3d4", "c3d4*", "d3d4", "d3d4*", "d3d5",
            "d3d5*"});
}

TEST_CASE("a player owns exactly the pieces standing in their zone", "[martian][zone]") {
    // FEN input takes ownership from the rank whatever the case; output writes South's
    // pieces upper case.
    Position p = from_fen("QQD1/QDP1/DPP1/4/4/1ppd/1pdq/1dqq w - - 0 1 0+0 - -");
    CHECK(p.fen() == Start);
    // South moves only pieces of ranks 1-4, North only pieces of ranks 5-8.
    for (const auto& t : legal_texts(p)) CHECK(t[1] <= '4');
    Position n = after(Start, {"c3b4"});
    for (const auto& t : legal_texts(n)) CHECK(t[1] >= '5');
}

TEST_CASE("the pawn steps one square diagonally in any direction", "[martian][moves]") {
    Position p = from_fen("3q/4/4/4/4/1P2/4/4 w - - 0 1 0+0 - -");
    CHECK(moves_without_calls(p, "b3") == Texts {"b3a2", "b3a4", "b3c2", "b3c4"});
}

TEST_CASE("the drone moves one or two squares orthogonally and does not jump", "[martian][moves]") {
    Position p = from_fen("3q/4/4/4/4/1D2/4/4 w - - 0 1 0+0 - -");
    CHECK(moves_without_calls(p, "b3")
        == Texts {"b3a3", "b3b1", "b3b2", "b3b4", "b3b5", "b3c3", "b3d3"});
    // A piece on b4 stops the drone's way north (it captures nothing of its own).
    Position q = from_fen("3q/4/4/4/1Q2/1D2/4/4 w - - 0 1 0+0 - -");
    CHECK(moves_without_calls(q, "b3") == Texts {"b3a3", "b3b1", "b3b2", "b3c3", "b3d3"});
}

TEST_CASE("the queen moves any distance in a straight line and does not jump", "[martian][moves]") {
    Position p = from_fen("4/4/3p/4/4/4/1Q2/4 w - - 0 1 0+0 - -");
    CHECK(moves_without_calls(p, "b2")
        == Texts {"b2a1", "b2a2", "b2a3", "b2b1", "b2b3", "b2b4", "b2b5", "b2b6", "b2b7", "b2b8",
            "b2c1", "b2c2", "b2c3", "b2d2", "b2d4"});
    // An own piece on c3 blocks the diagonal to d4.
    Position q = from_fen("3p/4/4/4/4/2P1/1Q2/4 w - - 0 1 0+0 - -");
    auto moves = moves_without_calls(q, "b2");
    CHECK(std::find(moves.begin(), moves.end(), "b2d4") == moves.end());
}

// ---- Moves: crossing, capture, merge -----------------------------------------------------

TEST_CASE("crossing the canal changes the piece's owner", "[martian][zone]") {
    Position p = after(Start, {"d3d5"});
    CHECK(p.fen() == "qqd1/qdp1/dpp1/3d/4/1PP1/1PDQ/1DQQ b - - 1 1 0+0 d5d3 -");
    // North now moves the drone (not back to d3, see the ban)...
    CHECK(moves_without_calls(p, "d5") == Texts {"d5b5", "d5c5", "d5d4", "d5d6", "d5d7"});
    // ...and South no longer can.
    play(p, {"a6a5"});
    CHECK(moves_without_calls(p, "d5").empty());
}

TEST_CASE("a capture scores the victim's pips and the capturing piece changes hands",
    "[martian][capture]") {
    const std::string fen = "qqd1/qdp1/dpp1/3p/3Q/1PP1/1PDQ/1DQQ w - - 3 1 0+0 - -";
    Position p = after(fen, {"d4d5"});
    CHECK(p.fen() == "qqd1/qdp1/dpp1/3q/4/1PP1/1PDQ/1DQQ b - - 0 1 1+0 d5d4 -");
    CHECK(p.score(WHITE) == 1);
    // The queen is North's now: it can take South's pieces for North.
    Position q = after(p.fen(), {"d5d2"});
    CHECK(q.score(BLACK) == 3);
    CHECK(q.fen() == "qqd1/qdp1/dpp1/4/4/1PP1/1PDQ/1DQQ w - - 0 2 1+3 d2d5 -");
    // A queen takes 3 pips, a drone 2.
    CHECK(after("4/4/4/2d1/2Q1/4/4/3Q w - - 0 1 0+0 - -", {"c4c5"}).score(WHITE) == 2);
}

TEST_CASE(
    "a drone and a pawn merge into a queen only when the mover has no queen", "[martian][merge]") {
    // Pawn onto drone and drone onto pawn.
    CHECK(after("qqd1/qdp1/dpp1/4/4/4/P3/1D2 w - - 0 1 0+0 - -", {"a2b1"}).fen()
        == "qqd1/qdp1/dpp1/4/4/4/4/1Q2 b - - 1 1 0+0 - -");
    CHECK(after("qqd1/qdp1/dpp1/4/4/4/1P2/1D2 w - - 0 1 0+0 - -", {"b1b2"}).fen()
        == "qqd1/qdp1/dpp1/4/4/4/1Q2/4 b - - 1 1 0+0 - -");
    // With a queen in the zone there is no such merge.
    Position q = from_fen("qqd1/qdp1/dpp1/4/4/4/P3/1D1Q w - - 0 1 0+0 - -");
    CHECK_FALSE(is_legal_text(q, "a2b1"));
    Position r = from_fen("qqd1/qdp1/dpp1/4/4/Q3/1P2/1D2 w - - 0 1 0+0 - -");
    CHECK_FALSE(is_legal_text(r, "b1b2"));
    // North merges the same way in its zone.
    CHECK(after("4/4/1p2/1d2/4/4/4/Q3 b - - 0 1 0+0 - -", {"b5b6"}).fen()
        == "4/4/1q2/4/4/4/4/Q3 w - - 1 2 0+0 - -");
}

TEST_CASE("two pawns merge into a drone only when the mover has no drone", "[martian][merge]") {
    Position p = from_fen("qqd1/qdp1/dpp1/4/4/4/P3/1P1Q w - - 0 1 0+0 - -");
    CHECK(is_legal_text(p, "a2b1"));
    CHECK(is_legal_text(p, "b1a2"));
    CHECK(after(p.fen(), {"b1a2"}).fen() == "qqd1/qdp1/dpp1/4/4/4/D3/3Q b - - 1 1 0+0 - -");
    Position q = from_fen("qqd1/qdp1/dpp1/4/4/4/P2D/1P1Q w - - 0 1 0+0 - -");
    CHECK_FALSE(is_legal_text(q, "a2b1"));
    CHECK_FALSE(is_legal_text(q, "b1a2"));
}

TEST_CASE("no merge otherwise: a move onto an own piece is a merge the rules allow or nothing",
    "[martian][merge]") {
    // Queens never merge, drones never merge with drones, a pawn never with a queen.
    Position p = from_fen("qqd1/qdp1/dpp1/4/4/DD2/PQ2/QP2 w - - 0 1 0+0 - -");
    for (const char* t : {"a1a2", "a1b1", "b2a2", "b2b1", "b2a3", "b2b3", "a3b3", "b3a3", "a2b1",
             "b1a2", "a3a2", "b3b2", "a2b3", "b1b2"}) {
        INFO(t);
        CHECK_FALSE(is_legal_text(p, t));
    }
    // Over the reference positions: every move onto an own piece is an allowed merge.
    for (const auto& c : test::read_epd("martian.epd")) {
        Position r = from_fen(c.fen);
        const Color us = r.side_to_move();
        Martian::MoveList list;
        Martian::generate_legal(r, list);
        for (auto m : list) {
            if (m.is_pass() || !(r.pieces(us) & square_bb(m.to()))) continue;
            INFO(c.fen << " " << r.move_text(m));
            auto a = r.kind_on(m.from()), b = r.kind_on(m.to());
            bool queen = (a == martian::PAWN && b == martian::DRONE)
                || (a == martian::DRONE && b == martian::PAWN);
            bool drone = a == martian::PAWN && b == martian::PAWN;
            CHECK(((queen && !r.pieces(us, martian::QUEEN))
                || (drone && !r.pieces(us, martian::DRONE))));
        }
    }
}

TEST_CASE("no rejection: a piece that crossed may not go straight back, for one move only",
    "[martian][ban]") {
    Position p = after(Start, {"d3d5"});
    CHECK_FALSE(is_legal_text(p, "d5d3"));
    CHECK_FALSE(is_legal_text(p, "d5d3*"));
    CHECK(is_legal_text(p, "d5d4"));
    // A capture across the canal is banned back the same way.
    Position c = after("qqd1/qdp1/dpp1/3p/3Q/1PP1/1PDQ/1DQQ w - - 0 1 0+0 - -", {"d4d5"});
    CHECK_FALSE(is_legal_text(c, "d5d4"));
    CHECK(is_legal_text(c, "d5d3"));
    // One move later the way back is open.
    play(p, {"a6a5", "b3a4"});
    CHECK(p.ban() == martian::Move());
    CHECK(is_legal_text(p, "d5d3"));
    // The ban is FEN field 8.
    Position f = from_fen("q1qp/1dd1/1pp1/qdp1/P3/2Q1/1PD1/1DQQ b - - 4 7 2+0 b5b4 -");
    CHECK_FALSE(is_legal_text(f, "b5b4"));
    CHECK(
        is_legal_text(from_fen("q1qp/1dd1/1pp1/qdp1/P3/2Q1/1PD1/1DQQ b - - 4 7 2+0 - -"), "b5b4"));
}

// ---- Passing -------------------------------------------------------------------------------

TEST_CASE("a pass is legal only without any other move", "[martian][pass]") {
    Position p;
    CHECK_FALSE(p.parse_move("0000").has_value());
    CHECK_FALSE(Martian::is_legal(p, martian::Move::pass()));
    CHECK_FALSE(p.parse_move("0000*").has_value()); // a pass never calls the clock
    // With pieces in its zone a player always has a move (docs/rules.md): no position
    // of the perft walks, nor any reference position, offers a pass.
    for (const auto& c : test::read_epd("martian.epd")) {
        Position r = from_fen(c.fen);
        CHECK_FALSE(r.parse_move("0000").has_value());
        Martian::MoveList list;
        Martian::generate_legal(r, list);
        for (auto m : list) {
            r.do_move(m);
            CHECK_FALSE(is_legal_text(r, "0000"));
            r.undo_move(m);
        }
    }
}

TEST_CASE("a pass lowers a called clock and lifts the ban, two passes in a row end the game",
    "[martian][pass][end]") {
    // Passes are played directly here: no reachable position forces one.
    Position p = from_fen("qqd1/qdp1/dpp1/3d/4/1PP1/1PDQ/1DQQ b - - 1 1 2+1 d5d3 5");
    p.do_move(martian::Move::pass());
    CHECK(p.fen() == "qqd1/qdp1/dpp1/3d/4/1PP1/1PDQ/1DQQ w - - 2 2 2+1 - 4");
    CHECK(p.key() == p.compute_key());
    CHECK_FALSE(Martian::adjudicate(p).over());
    p.do_move(martian::Move::pass());
    Outcome o = Martian::adjudicate(p);
    CHECK(o.result == Result::WHITE_WINS);
    CHECK(o.reason == "South wins on points 2-1 (two passes in a row)");
    CHECK(Martian::rule_value(p, 3) == mated_in(3)); // North to move has lost
    p.undo_move(martian::Move::pass());
    p.undo_move(martian::Move::pass());
    CHECK(p.fen() == "qqd1/qdp1/dpp1/3d/4/1PP1/1PDQ/1DQQ b - - 1 1 2+1 d5d3 5");
}

// ---- The end of the game ---------------------------------------------------------------------

TEST_CASE("the game ends when a zone is empty, the higher score wins", "[martian][end]") {
    const std::string board = "qqd1/qdp1/dpp1/4/4/4/4/3Q w - - 0 20 ";
    Position p = after(board + "5+0 - -", {"d1d5"}); // South empties its own zone
    CHECK(p.board_over());
    CHECK(legal_texts(p).empty());
    CHECK(Martian::count_legal(p) == 0);
    CHECK(Martian::adjudicate(p).result == Result::WHITE_WINS);
    CHECK(Martian::adjudicate(p).reason == "South wins on points 5-0 (South's zone is empty)");
    Position q = after(board + "0+5 - -", {"d1d5"});
    CHECK(Martian::adjudicate(q).result == Result::BLACK_WINS);
    CHECK(Martian::rule_value(q, 1) == mate_in(1)); // North, to move, has won
}

TEST_CASE("with equal scores when a zone empties, the last mover wins", "[martian][end]") {
    Position p = after("qqd1/qdp1/dpp1/4/4/4/4/3Q w - - 0 20 0+0 - -", {"d1d5"});
    CHECK(Martian::adjudicate(p).result == Result::WHITE_WINS);
    CHECK(Martian::adjudicate(p).reason
        == "South wins as the last mover at 0-0 (South's zone is empty)");
    // Also when the emptying move is a capture that levels the scores.
    Position q = after("qqd1/qdp1/dpp1/3p/3Q/4/4/4 w - - 0 20 0+1 - -", {"d4d5"});
    CHECK(q.score(WHITE) == 1);
    CHECK(Martian::adjudicate(q).result == Result::WHITE_WINS);
    // And for North.
    Position n = after("4/4/4/p3/4/4/1Q2/Q3 b - - 0 20 3+3 - -", {"a5b4"});
    CHECK(Martian::adjudicate(n).result == Result::BLACK_WINS);
    CHECK(Martian::adjudicate(n).reason
        == "North wins as the last mover at 3-3 (North's zone is empty)");
}

TEST_CASE("the clock may be called once per game, by either player", "[martian][clock]") {
    Position p;
    CHECK(is_legal_text(p, "c3b4*"));
    play(p, {"c3b4*"});
    CHECK(p.clock() == 7);
    CHECK(p.fen() == "qqd1/qdp1/dpp1/4/1P2/1P1D/1PDQ/1DQQ b - - 1 1 0+0 - 7");
    // Called once: no move calls it again, for either player.
    for (const auto& t : legal_texts(p)) CHECK(t.back() != '*');
    CHECK_FALSE(p.parse_move("b6a5*").has_value());
    CHECK(legal_texts(p).size() == 10); // North's 10 moves, without twins
    // North may call it too, while uncalled.
    CHECK(is_legal_text(after(Start, {"c3b4"}), "b6a5*"));
}

TEST_CASE("the clock counts capture-free moves down from 7, a capture sets it back to 7",
    "[martian][clock]") {
    Position p;
    play(p, {"c3b4*"});
    CHECK(p.clock() == 7);
    play(p, {"a6a5"});
    CHECK(p.clock() == 6);
    play(p, {"b4a5"}); // takes the drone
    CHECK(p.clock() == 7);
    CHECK(p.score(WHITE) == 2);
    play(p, {"c6d5"});
    CHECK(p.clock() == 6);
    // A merge counts down too.
    CHECK(after("qqd1/qdp1/dpp1/4/4/4/P3/1D2 w - - 0 1 0+0 - 5", {"a2b1"}).clock() == 4);
    // A clock-calling capture sets 7 and scores.
    Position c = after("qqd1/qdp1/dpp1/3p/3Q/1PP1/1PDQ/1DQQ w - - 0 1 0+0 - -", {"d4d5*"});
    CHECK(c.clock() == 7);
    CHECK(c.score(WHITE) == 1);
}

TEST_CASE("the clock running out ends the game: higher score wins, equal scores draw",
    "[martian][clock][end]") {
    const std::string board = "qqd1/qdp1/dpp1/4/4/1PPD/1PDQ/1DQQ w - - 0 10 ";
    Position p = after(board + "3+3 - 1", {"d3d4"});
    CHECK(p.clock() == 0);
    CHECK(p.fen() == "qqd1/qdp1/dpp1/4/3D/1PP1/1PDQ/1DQQ b - - 1 10 3+3 - 0");
    CHECK(legal_texts(p).empty());
    CHECK(Martian::adjudicate(p).result == Result::DRAW);
    CHECK(Martian::adjudicate(p).reason == "Draw on points 3-3 (the clock ran out)");
    // A draw is worse than nothing for the side that searches: 30 and 3 for each of the
    // 36 pips on the board.
    CHECK(Martian::draw_contempt(p) == 30 + 3 * 36);
    CHECK(Martian::rule_value(p, 1) == 30 + 3 * 36);
    CHECK(Martian::rule_value(p, 2) == -(30 + 3 * 36));
    // With a queen and a pawn left it is little more than the base.
    Position few = after("q3/4/4/4/4/4/4/3P w - - 0 40 9+9 - 1", {});
    CHECK(Martian::draw_contempt(few) == 30 + 3 * 4);
    Position q = after(board + "4+3 - 1", {"d3d4"});
    CHECK(Martian::adjudicate(q).result == Result::WHITE_WINS);
    // A capture on the last count sets it back to 7 instead.
    Position r = after("qqd1/qdp1/dpp1/3p/3Q/1PP1/1PDQ/1DQQ w - - 0 1 0+0 - 1", {"d4d5"});
    CHECK(r.clock() == 7);
    CHECK_FALSE(Martian::adjudicate(r).over());
}

TEST_CASE(
    "the third occurrence of a position ends the game, scored as for the clock", "[martian][end]") {
    Position p;
    play(p, {"d3d4", "a6a5", "d4d3", "a5a6", "d3d4", "a6a5", "d4d3"});
    CHECK_FALSE(Martian::adjudicate(p).over());
    // Inside the search a second occurrence since the root is enough.
    CHECK(Martian::rule_value(p, 6) == -Martian::draw_contempt(p)); // the searching side to move
    CHECK_FALSE(Martian::rule_value(p, 3).has_value());
    play(p, {"a5a6"});
    Outcome o = Martian::adjudicate(p);
    CHECK(o.result == Result::DRAW);
    CHECK(o.reason == "Draw on points 0-0 (3-fold repetition)");
    // Scores are part of the position: the same board after a capture is new.
    Position s = from_fen("qqd1/qdp1/dpp1/4/4/1PPD/1PDQ/1DQQ w - - 0 1 2+0 - -");
    play(s, {"d3d4", "a6a5", "d4d3", "a5a6", "d3d4", "a6a5", "d4d3", "a5a6"});
    CHECK(Martian::adjudicate(s).result == Result::WHITE_WINS);
}

// ---- FEN and hashing -----------------------------------------------------------------------

TEST_CASE(
    "Martian FEN round trips with fields 7-9 for every reference position", "[martian][fen]") {
    for (const auto& c : test::read_epd("martian.epd")) {
        Position p = from_fen(c.fen);
        CHECK(p.fen() == c.fen);
    }
    // Missing trailing fields take their defaults.
    CHECK(from_fen("qqd1/qdp1/dpp1/4/4/1PPD/1PDQ/1DQQ w").fen() == Start);
    CHECK(from_fen("qqd1/qdp1/dpp1/4/4/1PPD/1PDQ/1DQQ w - - 0 1").fen() == Start);
}

TEST_CASE("bad Martian FENs are refused with a reason and the position is kept", "[martian][fen]") {
    auto engine = make_engine("martian");
    const std::vector<std::string> one = {"c3b4"}, twice = {"c3b4", "c3b4"},
                                   twoCalls = {"c3b4*", "b6a5*"};
    REQUIRE_FALSE(engine->set_position({}, one).has_value());
    const std::string kept = engine->fen();
    for (const char* fen : {"qqd1/qdp1/dpp1/4/4/1PPD/1PDQ w", // 7 ranks
             "qqd1/qdp1/dpp1/4/4/1PPD/1PDQ/1DQQ/4 w",         // 9 ranks
             "qqd11/qdp1/dpp1/4/4/1PPD/1PDQ/1DQQ w",          // 5 squares
             "qqd/qdp1/dpp1/4/4/1PPD/1PDQ/1DQQ w",            // 3 squares
             "qqk1/qdp1/dpp1/4/4/1PPD/1PDQ/1DQQ w",           // a king
             "qqd1/qdp1/dpp1/4/4/1PPD/1PDQ/1DQQ x", "qqd1/qdp1/dpp1/4/4/1PPD/1PDQ/1DQQ w KQ",
             "qqd1/qdp1/dpp1/4/4/1PPD/1PDQ/1DQQ w - e3",
             "qqd1/qdp1/dpp1/4/4/1PPD/1PDQ/1DQQ w - - x 1",
             "qqd1/qdp1/dpp1/4/4/1PPD/1PDQ/1DQQ w - - 2147483647 1", // overflowed (UBSan)
             "qqd1/qdp1/dpp1/4/4/1PPD/1PDQ/1DQQ w - - 0 1 0-0 - -",
             "qqd1/qdp1/dpp1/4/4/1PPD/1PDQ/1DQQ w - - 0 1 0+ - -",
             "qqd1/qdp1/dpp1/4/4/1PPD/1PDQ/1DQQ w - - 0 1 100+0 - -",
             "qqd1/qdp1/dpp1/4/4/1PPD/1PDQ/1DQQ w - - 0 1 0+0 e2e4 -",
             "qqd1/qdp1/dpp1/4/4/1PPD/1PDQ/1DQQ w - - 0 1 0+0 d3d4 -", // not across the canal
             "qqd1/qdp1/dpp1/4/4/1PPD/1PDQ/1DQQ w - - 0 1 0+0 a6a5 -", // not South's piece
             "qqd1/qdp1/dpp1/4/4/1PPD/1PDQ/1DQQ w - - 0 1 0+0 - 8",
             "qqd1/qdp1/dpp1/4/4/1PPD/1PDQ/1DQQ w - - 0 1 0+0 - x",
             "qqd1/qdp1/dpp1/4/4/1PPD/1PDQ/1DQQ w - - 0 1 0+0 - - extra"}) {
        INFO(fen);
        auto err = engine->set_position(fen, {});
        CHECK(err.has_value());
        CHECK(engine->fen() == kept);
    }
    // An illegal move keeps the position too.
    CHECK(engine->set_position({}, twice).has_value());
    CHECK(engine->set_position({}, twoCalls).has_value());
    CHECK(engine->fen() == kept);
}

TEST_CASE("the hash key covers scores, ban, clock and side, and stays consistent in play",
    "[martian][hash]") {
    const std::string board = "qqd1/qdp1/dpp1/3d/4/1PP1/1PDQ/1DQQ b - - 1 1 ";
    Position base = from_fen(board + "0+0 - -");
    for (const char* rest : {"1+0 - -", "0+1 - -", "0+0 d5d3 -", "0+0 - 7", "0+0 - 6"}) {
        Position p = from_fen(board + rest);
        INFO(rest);
        CHECK(p.key() != base.key());
        CHECK(p.key() == p.compute_key());
    }
    CHECK(from_fen("qqd1/qdp1/dpp1/3d/4/1PP1/1PDQ/1DQQ w - - 1 1 0+0 - -").key() != base.key());
    // The walk checks key == recomputed key after every move and undo == FEN before: to
    // depth 3 from the first 8 lines of the perft file, to depth 2 from the others.
    std::vector<std::string> fens;
    for (const auto& c : read_epd("martian.epd")) fens.push_back(c.fen);
    REQUIRE(fens.size() > 8);
    check_consistency<Martian>({fens.begin(), fens.begin() + 8}, 3);
    check_consistency<Martian>({fens.begin() + 8, fens.end()}, 2);
}

TEST_CASE("the rules and the evaluation treat both players alike", "[martian][eval]") {
    // The start position is its own half-turn image.
    CHECK(from_fen(rotated(Start)).fen().substr(0, 33) == Start.substr(0, 33));
    for (const auto& c : test::read_epd("martian.epd")) {
        Position p = from_fen(c.fen), q = from_fen(rotated(c.fen));
        INFO(c.fen << " / " << q.fen());
        CHECK(Martian::evaluate(p) == Martian::evaluate(q));
        CHECK(perft<Martian>(p, 2) == perft<Martian>(q, 2));
    }
}

// ---- Search --------------------------------------------------------------------------------

TEST_CASE("the search scores a win on points like a mate at that ply", "[martian][search]") {
    // South leads 5-0 with one queen left: crossing the canal empties its zone and wins.
    const std::string ahead = "qqd1/qdp1/dpp1/4/4/4/4/3Q w - - 0 20 5+0 - -";
    SearchLimits limits;
    limits.depth = 4;
    SearchResult r = search("martian", ahead, limits);
    CHECK(r.last.value == mate_in(1));
    auto referee = make_referee("martian");
    REQUIRE_FALSE(referee->set_position(ahead).has_value());
    REQUIRE_FALSE(referee->play(r.best).has_value());
    CHECK(referee->outcome().result == Result::WHITE_WINS);

    // Behind 0-5, the same move would lose: the search keeps its queen at home.
    r = search("martian", "qqd1/qdp1/dpp1/4/4/4/4/3Q w - - 0 20 0+5 - -", limits);
    // South's zone is ranks 1-4: a queen moved beyond it would become North's.
    REQUIRE(r.best.size() >= 4);
    int destinationRank = r.best[3] - '0';
    INFO("best move " << r.best);
    CHECK(destinationRank <= 4);
}

TEST_CASE("the search takes a free queen", "[martian][search]") {
    // North's queen on c5 hangs to South's drone on c4; nothing recaptures on c5.
    SearchLimits limits;
    limits.depth = 5;
    auto r = search("martian", "3d/4/4/2q1/2D1/4/4/Q3 w - - 0 10 0+0 - -", limits);
    CHECK(r.best.rfind("c4c5", 0) == 0);
}

TEST_CASE("the search calls the clock only when the call leaves the mover ahead",
    "[martian][search][clock]") {
    static_assert(Martian::hooks.searchSkips);
    // The hook: a call is skipped with the scores level or behind after the move, a
    // capture that puts the mover ahead may call, and a move that calls nothing never is.
    Position level = from_fen("qqd1/qdp1/d1p1/2p1/2D1/1PP1/1PDQ/1DQQ w - - 6 4 0+0 - -");
    CHECK(Martian::search_skips(level, *level.parse_move("b3a4*")));
    CHECK_FALSE(Martian::search_skips(level, *level.parse_move("b3a4")));
    CHECK_FALSE(Martian::search_skips(level, *level.parse_move("c4c5*"))); // takes a pawn
    CHECK_FALSE(Martian::search_skips(level, *level.parse_move("c4c5")));
    Position behind = from_fen("qqd1/qdp1/d1p1/2p1/2D1/1PP1/1PDQ/1DQQ w - - 6 4 0+4 - -");
    CHECK(Martian::search_skips(behind, *behind.parse_move("c4c5*"))); // 1-4: still behind
    Position ahead = from_fen("qqd1/qdp1/d1p1/2p1/2D1/1PP1/1PDQ/1DQQ w - - 6 4 1+0 - -");
    CHECK_FALSE(Martian::search_skips(ahead, *ahead.parse_move("b3a4*")));

    // The search: in an opening where the engine without the rule called the clock (in
    // a game at 1+0.01 `d4b4*`, scoring its own side a little worse, and the game ended
    // 0-0 on the clock; at depth 10 `d2d3*`), it now plays on; and `searchmoves` still
    // reaches a skipped call.
    const std::string even = "qqdp/qd2/1pp1/4/D2D/1PP1/1PDQ/1DQQ w - - 6 4 0+0 d4d5 -";
    SearchLimits limits;
    limits.depth = 10;
    SearchResult r = search("martian", even, limits);
    INFO("best move " << r.best);
    CHECK(r.best.back() != '*');
    limits.searchMoves = {"d4b4*"};
    CHECK(search("martian", even, limits).best == "d4b4*");
}

TEST_CASE("after a long capture-free stretch the draw contempt fades out and a level clock "
          "call is searched",
    "[martian][search][clock]") {
    // The last position of a game between two networks that went on for 6,646 plies
    // without a capture or a call (docs/log/tuning.md, Martian step 8): 12-12, four queens.
    auto at = [](int halfmove) {
        return from_fen(fmt::format("4/4/2q1/4/3Q/3Q/4/1Q2 w - - {} 3327 12+12 - -", halfmove));
    };
    const Value full = Martian::DrawContempt + Martian::DrawContemptPerPip * 12;
    CHECK(Martian::draw_contempt(at(0)) == full);
    CHECK(Martian::draw_contempt(at(Martian::LongQuiet / 2)) == full);
    CHECK(Martian::draw_contempt(at(Martian::LongQuiet * 3 / 4)) == full / 2);
    CHECK(Martian::draw_contempt(at(Martian::LongQuiet)) == 0);
    CHECK(Martian::draw_contempt(at(6606)) == 0);
    // A level call: skipped until the stretch is long, a losing call always.
    CHECK(Martian::search_skips(at(Martian::LongQuiet - 1), *at(0).parse_move("b1b2*")));
    CHECK_FALSE(Martian::search_skips(at(Martian::LongQuiet), *at(0).parse_move("b1b2*")));
    Position behind = from_fen("4/4/2q1/4/3Q/3Q/4/1Q2 w - - 6606 3327 11+12 - -");
    CHECK(Martian::search_skips(behind, *behind.parse_move("b1b2*")));

    // The search: South scores this position below a draw (the network: -40 at depth 10).
    // Early in a game it plays on; after the long stretch it calls the clock, which ends
    // the game level on points in seven quiet plies.
    SearchLimits limits;
    limits.depth = 10;
    SearchResult early = search("martian", "4/4/2q1/4/3Q/3Q/4/1Q2 w - - 6 3327 12+12 - -", limits);
    INFO("early " << early.best);
    CHECK(early.best.back() != '*');
    SearchResult late
        = search("martian", "4/4/2q1/4/3Q/3Q/4/1Q2 w - - 6606 3327 12+12 - -", limits);
    INFO("late " << late.best);
    CHECK(late.best.back() == '*');
    CHECK(late.last.value == VALUE_DRAW);
}

// ---- Match runner, PGN, openings -----------------------------------------------------------

TEST_CASE(
    "Martian games in PGN: clock calls and results replay through the checker", "[martian][pgn]") {
    auto referee = make_referee("martian");
    for (const char* m : {"d3d4*", "a6a5", "d4d3", "a5a6", "d3d4", "a6a5", "d4d3", "a5a6"})
        REQUIRE_FALSE(referee->play(m).has_value());
    Outcome o = referee->outcome();
    CHECK(o.result == Result::DRAW);
    CHECK(o.reason == "Draw on points 0-0 (the clock ran out)");
    const std::string pgn = "[Variant \"martian\"]\n[Result \"1/2-1/2\"]\n[Termination "
                            "\"normal\"]\n\n1. d3d4* a6a5 2. d4d3 a5a6 3. d3d4 a6a5 4. d4d3 "
                            "a5a6 {Draw on points 0-0 (the clock ran out)} 1/2-1/2\n";
    auto read = read_pgn(pgn);
    REQUIRE(read.error.empty());
    REQUIRE(read.games.size() == 1);
    CHECK(read.games[0].moves.size() == 8);
    CHECK(check_games(read.games).empty());
    // A pass is written `--` in PGN (a PGN reader takes `0000` for a move number).
    Position p;
    CHECK(Martian::san(p, martian::Move::pass()) == "--");
    CHECK(Martian::san(p, *p.parse_move("c3b4*")) == "c3b4*");
}

TEST_CASE("the shipped Martian openings load and are playable", "[martian][pgn][openings]") {
    OpeningsConfig cfg;
    cfg.file = std::string(HARLEQUIN_TEST_DATA) + "/../../bench/openings/martian.epd";
    auto load = load_openings(cfg, "martian");
    CHECK(load.error.empty());
    CHECK(load.openings.size() == 100);
    for (const auto& o : load.openings) {
        Position p = from_fen(o.fen);
        CHECK_FALSE(Martian::adjudicate(p).over());
    }
}

// ---- Protocols, through the binary ---------------------------------------------------------

TEST_CASE("uci: martian is selected, set up, searched, and bad input keeps the position",
    "[martian][uci]") {
    Process p = start_engine();
    bool listed = false;
    for (const auto& l : uci_lines(p)) listed |= l.find(" var martian") != std::string::npos;
    CHECK(listed);
    auto line = ask(p, "setoption name UCI_Variant value martian", "info string variant");
    REQUIRE(line);
    CHECK(*line
        == "info string variant martian files 4 ranks 8 pocket 0 template fairy startpos " + Start);
    p.send("position startpos");
    CHECK(perft_total(p, 2) == "Nodes searched: 312");
    p.send("position startpos moves c3b4* b6a5 b4a5");
    for (const char* bad : {"position startpos moves c3b4* b6a5*", "position startpos moves 0000",
             "position fen qqd1/qdp1/dpp1/4/4/1PPD/1PDQ w - - 0 1 0+0 - -",
             "position fen qqd1/qdp1/dpp1/4/4/1PPD/1PDQ/1DQQ w - - 0 1 0+0 - 9"}) {
        INFO(bad);
        CHECK(ask(p, bad, "info string error"));
    }
    const std::string kept = "qqd1/qdp1/d1p1/p3/4/1P1D/1PDQ/1DQQ b - - 0 2 1+0 a5b4 7";
    CHECK(ask(p, "d", "Fen: " + kept));
    p.send("go depth 6");
    std::string best = best_move(p, 20s);
    auto referee = make_referee("martian");
    REQUIRE_FALSE(referee->set_position(kept).has_value());
    CHECK_FALSE(referee->play(best).has_value());
    CHECK(quit(p, 2s) == 0);
}
