// SPDX-License-Identifier: GPL-3.0-or-later
// Control Chess: one test case per rule of rules/control.md, with positions in FEN and the
// expected moves spelled out; then FEN, hashing, the search hooks and UCI.
#include "session.h"
#include "support.h"

#include "engine/perft.h"
#include "variants/control/control.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <type_traits>

using namespace hq;
using namespace hq::test;
using namespace control;

template <> struct hq::test::GameOf<Position> : std::type_identity<ControlChess> { };

constexpr auto from_fen = position_from_fen<ControlChess>;

namespace {

control::ColourSet colours(std::initializer_list<control::Colour> cs) {
    control::ColourSet s = 0;
    for (auto c : cs) s |= control::colour_bit(c);
    return s;
}

// Walks every line to `depth` and checks, after every move, that each incremental item
// (bitboards, control, pool, key) equals its recomputation; the first failure or "".
std::string consistency_walk(Position& pos, int depth) {
    if (auto err = pos.consistency_error(); !err.empty()) return err + " in " + pos.fen();
    if (depth == 0) return {};
    control::MoveList list;
    ControlChess::generate_legal(pos, list);
    for (auto m : list) {
        std::string before = pos.fen();
        pos.do_move(m);
        std::string err = consistency_walk(pos, depth - 1);
        pos.undo_move(m);
        if (!err.empty()) return err;
        if (pos.fen() != before) return "undo did not restore " + before;
    }
    return {};
}

} // namespace

// ---- Colours, players, start position --------------------------------------------------------

TEST_CASE("the start position: White moves first and has 8 moves, taking neutral pieces",
    "[control][rules]") {
    auto engine = make_engine("control");
    REQUIRE(engine);
    CHECK(engine->fen()
        == "pRpNpBbQbKuBuNuR/pPpPpPbPbPuPuPuP/8/8/8/8/rPrPrPwPwPyPyPyP/rRrNrBwQwKyByNyR w KQkq - "
           "0 1 -");
    Position p;
    CHECK(p.side_to_move() == WHITE);
    CHECK(
        legal_texts(p) == sorted({"d1c1", "d1c2", "e1f1", "e1f2", "d2d3", "d2d4", "e2e3", "e2e4"}));
}

TEST_CASE(
    "each pawn has the colour of the piece behind it and moves by its colour", "[control][rules]") {
    Position p;
    CHECK(p.piece_on(SQ_A2) == make_piece(C_RED, PAWN));
    CHECK(p.piece_on(SQ_H2) == make_piece(C_YELLOW, PAWN));
    CHECK(p.piece_on(SQ_A7) == make_piece(C_PURPLE, PAWN));
    CHECK(p.piece_on(SQ_H7) == make_piece(C_BLUE, PAWN));
    CHECK(pawn_direction(C_RED) == WHITE);
    CHECK(pawn_direction(C_YELLOW) == WHITE);
    CHECK(pawn_direction(C_PURPLE) == BLACK);
    CHECK(pawn_direction(C_BLUE) == BLACK);
}

TEST_CASE(
    "coloured squares: Red c3 c5, Purple c4 c6, Yellow f3 f5, Blue f4 f6", "[control][rules]") {
    CHECK(square_colour(SQ_C3) == C_RED);
    CHECK(square_colour(SQ_C5) == C_RED);
    CHECK(square_colour(SQ_C4) == C_PURPLE);
    CHECK(square_colour(SQ_C6) == C_PURPLE);
    CHECK(square_colour(SQ_F3) == C_YELLOW);
    CHECK(square_colour(SQ_F5) == C_YELLOW);
    CHECK(square_colour(SQ_F4) == C_BLUE);
    CHECK(square_colour(SQ_F6) == C_BLUE);
    CHECK(popcount(ColouredSquares) == 8);
    CHECK(square_colour(SQ_E4) == NO_COLOUR);
}

// ---- Control ---------------------------------------------------------------------------------

TEST_CASE(
    "each player controls their own colour, the other four start neutral", "[control][rules]") {
    Position p;
    CHECK(p.controlled_by(WHITE) == colours({C_WHITE}));
    CHECK(p.controlled_by(BLACK) == colours({C_BLACK}));
    for (Colour c : {C_RED, C_YELLOW, C_PURPLE, C_BLUE}) CHECK(p.controller(c) == COLOR_NB);
}

TEST_CASE("a colour is controlled while its square holds a piece of a controlled colour",
    "[control][rules]") {
    Position p = from_fen("4bK3/8/8/8/8/5wQ2/8/4wK3 w - - 0 1 -");
    CHECK(p.controlled_by(WHITE) == colours({C_WHITE, C_YELLOW}));
    CHECK(p.controlled_by(BLACK) == colours({C_BLACK}));
}

TEST_CASE("control chains: White's queen on f3 gives Yellow, a Yellow knight on c4 Purple",
    "[control][rules]") {
    Position p = from_fen("4bK3/8/8/8/2yN5/5wQ2/8/4wK3 w - - 0 1 -");
    CHECK(p.controlled_by(WHITE) == colours({C_WHITE, C_YELLOW, C_PURPLE}));
    CHECK(p.controller(C_PURPLE) == WHITE);
}

TEST_CASE("control leaves with the controlling piece", "[control][rules]") {
    Position p = from_fen("4bK3/8/8/8/2yN5/5wQ2/8/4wK3 w - - 0 1 -");
    play(p, {"f3d3"});
    CHECK(p.controlled_by(WHITE) == colours({C_WHITE}));
    CHECK(p.controller(C_YELLOW) == COLOR_NB);
    CHECK(p.controller(C_PURPLE) == COLOR_NB);
}

TEST_CASE("control goes to the capturer standing on the square, with the whole chain",
    "[control][rules]") {
    Position p = from_fen("4bKbR2/8/8/8/2yN5/5wQ2/8/4wK3 b - - 0 1 -");
    CHECK(p.controlled_by(WHITE) == colours({C_WHITE, C_YELLOW, C_PURPLE}));
    play(p, {"f8f3"});
    CHECK(p.controlled_by(WHITE) == colours({C_WHITE}));
    CHECK(p.controlled_by(BLACK) == colours({C_BLACK, C_YELLOW, C_PURPLE}));
    CHECK(p.fen() == "4bK3/8/8/8/2yN5/5bR2/8/4wK3 w - - 0 2 wQ");
}

TEST_CASE("two neutral colours holding each other's squares stay neutral (decision)",
    "[control][rules]") {
    Position p = from_fen("4bK3/8/8/8/8/2yN2rN2/8/4wK3 w - - 0 1 -");
    CHECK(p.controlled_by(WHITE) == colours({C_WHITE}));
    CHECK(p.controlled_by(BLACK) == colours({C_BLACK}));
}

TEST_CASE("only one square of each colour may be occupied, a piece may move to its twin",
    "[control][rules]") {
    // White's queen on c5 (Red) gives White Red. c3 is c5's twin.
    Position p = from_fen("4bK3/8/8/2wQ5/8/8/2rP5/1wN2wK3 w - - 0 1 -");
    // The knight may not go to c3 while the queen stands on c5...
    CHECK(targets_of(p, "b1") == sorted({"a3", "d2"}));
    // ...but the queen itself may move from c5 to its twin c3.
    CHECK(is_legal_text(p, "c5c3"));
}

TEST_CASE("no piece may end its move on a square of its own colour, it may pass over one",
    "[control][rules]") {
    // The Red pawn on c2 (Red controlled through the queen on c5): c2c3 would end on a Red
    // square; the double step passes over it.
    Position p = from_fen("4bK3/8/8/2wQ5/8/8/2rP5/4wK3 w - - 0 1 -");
    CHECK(moves_from(p, "c2") == Texts {"c2c4"});
    // The Red knight may not take the Yellow bishop on c3 (a Red square), though Yellow may
    // be taken; the Red rook passes over c5 but may not stop there.
    Position q = from_fen("4bK3/8/8/rR7/8/2yB2wQ2/8/1rN2wK3 w - - 0 1 -");
    CHECK(q.controlled_by(WHITE) == colours({C_WHITE, C_YELLOW, C_RED}));
    CHECK(targets_of(q, "b1") == sorted({"a3", "d2"}));
    Texts rook = targets_of(q, "a5");
    CHECK(std::find(rook.begin(), rook.end(), "d5") != rook.end());
    CHECK(std::find(rook.begin(), rook.end(), "c5") == rook.end());
    // f5 is Yellow's second square while the queen holds f3.
    CHECK(std::find(rook.begin(), rook.end(), "f5") == rook.end());
    CHECK(std::find(rook.begin(), rook.end(), "g5") != rook.end());
}

TEST_CASE("a player moves only pieces of colours they control, neutral pieces stand still",
    "[control][rules]") {
    Position p;
    for (const auto& t : legal_texts(p)) {
        Square from = parse_square(t.substr(0, 2));
        CHECK(colour_of(p.piece_on(from)) == C_WHITE);
    }
    // Once White holds f3, the Yellow pieces move too.
    Position q = from_fen("4bK3/8/8/8/8/5wQ2/6yP1/4wK1yN1 w - - 0 1 -");
    CHECK(moves_from(q, "g2") == sorted({"g2g3", "g2g4"}));
    CHECK(targets_of(q, "g1") == sorted({"e2", "h3"}));
}

// ---- Capture ---------------------------------------------------------------------------------

TEST_CASE("any piece but the mover's own colour may be taken, even of a colour they control",
    "[control][rules]") {
    // Black controls Blue through the queen on f4. The Blue knight may not take the Black
    // pawn on b5 (nor the king); the Black queen may take the Blue pawn on g5.
    Position p = from_fen("4bK3/8/3uN4/1bP4uP1/5bQ2/8/8/4wK3 b - - 0 1 -");
    CHECK(p.controlled_by(BLACK) == colours({C_BLACK, C_BLUE}));
    CHECK(targets_of(p, "d6") == sorted({"b7", "c4", "c8", "e4", "f5", "f7"}));
    CHECK(is_legal_text(p, "f4g5"));
    // White may take Black's and neutral pieces but never its own.
    Position q = from_fen("4bK3/8/8/3bN4/4wB3/3wP1rP2/8/4wK3 w - - 0 1 -");
    Texts bishop = targets_of(q, "e4");
    CHECK(std::find(bishop.begin(), bishop.end(), "d5") != bishop.end());
    CHECK(std::find(bishop.begin(), bishop.end(), "d3") == bishop.end());
}

TEST_CASE("captured pieces but pawns and kings go to their colour's pool", "[control][rules]") {
    Position p;
    play(p, {"d1c1"});
    CHECK(p.pool_count(C_RED, BISHOP) == 1);
    CHECK(p.fen()
        == "pRpNpBbQbKuBuNuR/pPpPpPbPbPuPuPuP/8/8/8/8/rPrPrPwPwPyPyPyP/rRrNwQ1wKyByNyR b KQkq - "
           "0 1 rB");
    Position q;
    play(q, {"d1c2"});
    CHECK(q.fen().substr(q.fen().size() - 2) == " -");
    // The pool is written in colour order w b r y p u, Q R B N within a colour.
    Position r = from_fen("4bK3/8/8/8/8/8/8/4wK3 w - - 0 1 uNrNrRbQwB");
    CHECK(r.fen() == "4bK3/8/8/8/8/8/8/4wK3 w - - 0 1 wBbQrRrNuN");
}

// ---- Castling --------------------------------------------------------------------------------

TEST_CASE(
    "castling with a rook of another colour needs control of that colour", "[control][rules]") {
    Position p = from_fen("4bK3/8/8/8/8/5wQ2/8/4wK2yR w K - 0 1 -");
    CHECK(is_legal_text(p, "e1g1"));
    play(p, {"e1g1"});
    CHECK(p.fen() == "4bK3/8/8/8/8/5wQ2/8/5yRwK1 b - - 1 1 -");
    // Without Yellow (the queen off f3), no castling.
    Position q = from_fen("4bK3/8/8/8/8/3wQ4/8/4wK2yR w K - 0 1 -");
    CHECK_FALSE(is_legal_text(q, "e1g1"));
    // Queen side with the Red rook once White controls Red (queen on c5).
    Position r = from_fen("4bK3/8/8/2wQ5/8/8/8/rR3wK3 w Q - 0 1 -");
    play(r, {"e1c1"});
    CHECK(r.fen() == "4bK3/8/8/2wQ5/8/8/8/2wKrR4 b - - 1 1 -");
    // King-takes-rook input is understood too.
    Position s = from_fen("4bK3/8/8/2wQ5/8/8/8/rR3wK3 w Q - 0 1 -");
    CHECK(s.parse_move("e1a1").has_value());
}

TEST_CASE("no castling out of, through or into check", "[control][rules]") {
    const std::string base = "4bK3/8/8/8/8/5wQ2/8/4wK2yR w K - 0 1 -";
    CHECK(is_legal_text(from_fen(base), "e1g1"));
    // Into: a Black knight on h3 covers g1.
    CHECK_FALSE(is_legal_text(from_fen("4bK3/8/8/8/8/5wQ1bN/8/4wK2yR w K - 0 1 -"), "e1g1"));
    // Through: a Black knight on d2 covers f1.
    CHECK_FALSE(is_legal_text(from_fen("4bK3/8/8/8/8/5wQ2/3bN4/4wK2yR w K - 0 1 -"), "e1g1"));
    // Out of: a Black rook on e5 gives check.
    CHECK_FALSE(is_legal_text(from_fen("4bK3/8/8/4bR3/8/5wQ2/8/4wK2yR w K - 0 1 -"), "e1g1"));
}

// ---- Promotion -------------------------------------------------------------------------------

TEST_CASE(
    "promotion takes a pool piece of a controlled colour: e7e8q, e7e8qr", "[control][rules]") {
    // Only White controlled: the White queen is usable, the Red rook is not.
    Position p = from_fen("4bK3/wP7/8/8/8/8/8/4wK3 w - - 0 1 wQrR");
    CHECK(moves_from(p, "a7") == sorted({"a7a8q", "a7a8k"}));
    // With Red (bishop on c5) both, the Red rook written with its colour letter.
    Position q = from_fen("4bK3/wP7/8/2wB5/8/8/8/4wK3 w - - 0 1 wQrR");
    CHECK(moves_from(q, "a7") == sorted({"a7a8q", "a7a8rr", "a7a8k"}));
    play(q, {"a7a8rr"});
    CHECK(q.fen() == "rR3bK3/8/8/2wB5/8/8/8/4wK3 b - - 0 1 wQ");
    // A Red pawn: its own colour needs no letter, White's queen does.
    Position r = from_fen("4bK3/rP7/8/2wB5/8/8/8/4wK3 w - - 0 1 wQrR");
    CHECK(moves_from(r, "a7") == sorted({"a7a8qw", "a7a8r", "a7a8k"}));
    // The redundant colour letter of the pawn's own colour is understood on input.
    CHECK(r.parse_move("a7a8rr").has_value());
}

TEST_CASE("king promotion e7e8k: the pawn goes, the king takes its place, the pool stays",
    "[control][rules]") {
    Position p = from_fen("4bK3/wP7/8/8/8/8/8/4wK3 w - - 0 1 wQrR");
    auto m = p.parse_move("a7a8k");
    REQUIRE(m.has_value());
    p.do_move(*m);
    CHECK(p.fen() == "wK3bK3/8/8/8/8/8/8/8 b - - 0 1 wQrR");
    p.undo_move(*m);
    CHECK(p.fen() == "4bK3/wP7/8/8/8/8/8/4wK3 w - - 0 1 wQrR");
}

TEST_CASE("king promotion is illegal where the king would stand in check", "[control][rules]") {
    // The Black rook on b8 covers a8; taking it (b8) is fine.
    Position p = from_fen("1bR2bK3/wP7/8/8/8/8/8/4wK3 w - - 0 1 wQ");
    CHECK(moves_from(p, "a7") == sorted({"a7a8q", "a7b8k", "a7b8q"}));
}

TEST_CASE("no promotion without a usable pool piece: the pawn stays a pawn on the last rank",
    "[control][rules]") {
    // The pool holds only a Blue rook, which White does not control.
    Position p = from_fen("4bK3/wP7/8/8/8/8/8/4wK3 w - - 0 1 uR");
    CHECK(moves_from(p, "a7") == Texts {"a7a8"});
    play(p, {"a7a8", "e8d8"});
    CHECK(p.piece_on(SQ_A8) == make_piece(C_WHITE, PAWN));
    CHECK(moves_from(p, "a8").empty());
    Position q = from_fen("4bK3/wP7/8/8/8/8/8/4wK3 w - - 0 1 -");
    CHECK(moves_from(q, "a7") == Texts {"a7a8"});
}

TEST_CASE("promotion is compulsory when the pool offers a piece", "[control][rules]") {
    Position p = from_fen("4bK3/wP7/8/8/8/8/8/4wK3 w - - 0 1 wN");
    CHECK(moves_from(p, "a7") == sorted({"a7a8n", "a7a8k"}));
}

// ---- Check, mate and the queen rescue ----------------------------------------------------------

TEST_CASE("queen rescue: a mated player with a queen swaps king and queen", "[control][rules]") {
    // Back-rank mate by the rook on a1; the queen on a8 can neither block nor take.
    Position p = from_fen("wQ7/8/8/4bK3/8/8/bP5wPwP/bR6wK w - - 0 1 -");
    CHECK(p.in_check());
    CHECK(legal_texts(p) == Texts {"h1a8"});
    CHECK_FALSE(ControlChess::adjudicate(p).over());
    play(p, {"h1a8"});
    CHECK(p.fen() == "wK7/8/8/4bK3/8/8/bP5wPwP/bR7 b - - 0 1 -");
}

TEST_CASE(
    "the rescue is illegal where the king would be attacked, mate then loses", "[control][rules]") {
    // The Black bishop on d5 covers a8.
    Position p = from_fen("wQ7/8/4bK3/3bB4/8/8/bP5wPwP/bR6wK w - - 0 1 -");
    CHECK(legal_texts(p).empty());
    Outcome o = ControlChess::adjudicate(p);
    CHECK(o.result == Result::BLACK_WINS);
    CHECK(o.reason == "Black mates");
}

TEST_CASE("a stalemated player with a queen may rescue too", "[control][rules]") {
    // The White king on a1 has no move and is not in check; the queen on h8 is walled in by
    // White pawns (the one on g8 stays there, without moves).
    Position p = from_fen("6wPwQ/6wPwP/8/8/4bK3/1bQ6/8/wK7 w - - 0 1 -");
    CHECK_FALSE(p.in_check());
    CHECK(legal_texts(p) == Texts {"a1h8"});
    play(p, {"a1h8"});
    CHECK(p.fen() == "6wPwK/6wPwP/8/8/4bK3/1bQ6/8/8 b - - 0 1 -");
}

TEST_CASE("stalemate without a rescue is a draw", "[control][rules]") {
    // The White king on h1 has no move and is not in check, and White has no queen.
    const std::string stalemate = "7bK/8/8/8/8/6bQ1/8/7wK w - - 0 1 -";
    Position s = from_fen(stalemate);
    CHECK(legal_texts(s).empty());
    CHECK(ControlChess::adjudicate(s).result == Result::DRAW);
    CHECK(ControlChess::adjudicate(s).reason == "Draw by stalemate");
}

TEST_CASE(
    "a square is attacked by every piece of a colour the opponent controls", "[control][rules]") {
    // Black controls Blue (queen on f4); the Blue rook on e8 checks the White king.
    Position q = from_fen("3bKuR3/8/8/8/5bQ2/8/8/4wK3 w - - 0 1 -");
    CHECK(q.in_check());
    // A neutral rook gives no check.
    Position r = from_fen("3bKuR3/8/8/8/8/8/8/4wK3 w - - 0 1 -");
    CHECK_FALSE(r.in_check());
}

TEST_CASE("control is judged after the move: taking the controlling piece can end a check",
    "[control][rules]") {
    // The Blue rook on e8 checks White only through Black's queen on f4; taking the queen
    // (the White rook on f1) removes the check.
    Position p = from_fen("3bKuR3/8/8/8/5bQ2/8/8/4wKwR2 w - - 0 1 -");
    CHECK(p.in_check());
    CHECK(is_legal_text(p, "f1f4"));
    // A king move that stays on the e-file stays in check.
    CHECK_FALSE(is_legal_text(p, "e1e2"));
}

// ---- En passant --------------------------------------------------------------------------------

TEST_CASE("en passant by any controlled pawn moving the other way, on the next move only",
    "[control][rules]") {
    // White controls Red (queen on c3); the Red pawn on e5 may take d7-d5 in passing.
    Position p = from_fen("4bK3/3bP4/8/4rP3/8/2wQ5/8/4wK3 b - - 0 1 -");
    play(p, {"d7d5"});
    CHECK(p.ep_square() == SQ_D6);
    CHECK(p.fen() == "4bK3/8/8/3bPrP3/8/2wQ5/8/4wK3 w - d6 0 2 -");
    CHECK(is_legal_text(p, "e5d6"));
    Position q = p;
    play(q, {"e5d6"});
    CHECK(q.fen() == "4bK3/8/3rP4/8/8/2wQ5/8/4wK3 b - - 0 2 -");
    // Next move only.
    play(p, {"e1d1", "e8d8"});
    CHECK_FALSE(is_legal_text(p, "e5d6"));
    // A pawn moving the same way never takes en passant: Black's Red pawn (Black holds c5)
    // beside White's d-pawn.
    Position r = from_fen("4bK3/8/8/2bN5/4rP3/8/3wP4/4wK3 w - - 0 1 -");
    CHECK(r.controller(C_RED) == BLACK);
    play(r, {"d2d4"});
    CHECK(r.ep_square() == SQ_NONE);
}

// ---- FEN -------------------------------------------------------------------------------------

TEST_CASE("FEN round trips for every reference position, pool in field 7", "[control][fen]") {
    for (const auto& c : test::read_epd("control.epd")) {
        Position p = from_fen(c.fen);
        CHECK(p.fen() == c.fen);
    }
    // 32 pieces on the board and in the pool is the most.
    std::string full = "4bK3/8/8/8/8/8/8/4wK3 w - - 0 1 ";
    for (int i = 0; i < 15; ++i) full += "rQ";
    for (int i = 0; i < 15; ++i) full += "rR";
    CHECK(from_fen(full).fen() == full);
    // Six fields: an empty pool.
    Position p = from_fen("4bK3/8/8/8/8/8/8/4wK3 w - - 0 1");
    CHECK(p.fen() == "4bK3/8/8/8/8/8/8/4wK3 w - - 0 1 -");
}

TEST_CASE(
    "bad FENs are refused with a message and leave the position untouched", "[control][fen]") {
    Position p;
    check_refused(p,
        {
            "",
            "4bK3/8/8/8/8/8/8/4wK3",                   // too few fields
            "4bK3/8/8/8/8/8/8/4wK3 w - - 0 1 - x",     // too many
            "4bK3/8/8/8/8/8/8/4K3 w - - 0 1 -",        // type letter without colour
            "4bK3/8/8/8/8/8/8/4wX3 w - - 0 1 -",       // unknown type
            "4bK3/8/8/8/8/8/8/4xK3 w - - 0 1 -",       // unknown colour
            "4bK3/8/8/8/8/8/8/4wK4 w - - 0 1 -",       // 9 squares
            "4bK3/8/8/8/8/8/4wK3 w - - 0 1 -",         // 7 ranks
            "8/8/8/8/8/8/8/4wK3 w - - 0 1 -",          // no Black king
            "4bK3/8/8/8/8/8/8/4wKrK2 w - - 0 1 -",     // a Red king
            "4bK3/8/8/8/8/8/8/wP3wK3 w - - 0 1 -",     // up pawn on rank 1
            "4bK3/8/8/8/8/2rN5/8/4wK3 w - - 0 1 -",    // Red piece on a Red square
            "4bK3/8/8/2wN5/8/2wB5/8/4wK3 w - - 0 1 -", // both Red squares occupied
            "4bK3/8/8/8/8/8/8/4wK3 x - - 0 1 -",       // side
            "4bK3/8/8/8/8/8/8/4wK3 w K - 0 1 -",       // right without rook
            "4bK3/8/8/8/8/8/8/4wK3 w B - 0 1 -",       // bad castling letter
            "4bK3/8/8/8/8/8/8/4wK3 w - e4 0 1 -",      // ep on a wrong rank
            "4bK3/8/8/8/8/8/8/4wK3 w - e6 0 1 -",      // ep without a double step
            "4bK3/8/8/8/8/8/8/4wK3 w - - x 1 -",       // halfmove clock
            // Counts past 100000: they overflowed (found by the fuzzer under UBSan)
            "4bK3/8/8/8/8/8/8/4wK3 w - - 2147483647 1 -",
            "4bK3/8/8/8/8/8/8/4wK3 b - - 0 2147483647 -",
            "4bK3/8/8/8/8/8/8/4wK3 w - - 0 1 wK",  // king in the pool
            "4bK3/8/8/8/8/8/8/4wK3 w - - 0 1 rQr", // odd pool
            "4bKwR2/8/8/8/8/8/8/4wK3 w - - 0 1 -", // side not to move in check
            // 33 pieces on the board and in the pool
            "4bK3/8/8/8/8/8/8/4wK3 w - - 0 1 "
            "rQrQrQrQrQrQrQrQrQrQrQrQrQrQrQrRrRrRrRrRrRrRrRrRrRrRrRrRrRrRrB",
        });
}

// ---- Hashing and consistency -----------------------------------------------------------------

TEST_CASE("incremental key, control, pool and bitboards equal their recomputation on every line",
    "[control][hash]") {
    auto cases = test::read_epd("control.epd");
    REQUIRE(cases.size() > 10);
    for (std::size_t i = 0; i < cases.size(); i += 4) {
        INFO(cases[i].fen);
        Position p = from_fen(cases[i].fen);
        CHECK(perft_consistency<ControlChess>(p, 3).empty());
        CHECK(consistency_walk(p, 3).empty());
    }
    Position start;
    CHECK(consistency_walk(start, 4).empty());
}

TEST_CASE("the key covers the pool, the side, castling and en passant", "[control][hash]") {
    const std::string board = "4bK3/8/8/8/8/8/8/4wK3 w - - 0 1 ";
    Position a = from_fen(board + "-"), b = from_fen(board + "rN"), c = from_fen(board + "rNrN"),
             d = from_fen(board + "yN");
    CHECK(a.key() != b.key());
    CHECK(b.key() != c.key());
    CHECK(b.key() != d.key());
    for (const Position* p : {&a, &b, &c, &d}) CHECK(p->key() == p->compute_key());
    // A transposition: the same position reached two ways hashes alike.
    Position x, y;
    play(x, {"d2d4", "e7e5", "e2e4"});
    play(y, {"e2e4", "e7e5", "d2d4"});
    CHECK(x.key() == y.key());
}

// ---- Game end --------------------------------------------------------------------------------

TEST_CASE("kings alone, fifty moves and threefold repetition draw", "[control][rules]") {
    CHECK(ControlChess::adjudicate(from_fen("4bK3/8/8/8/8/8/8/4wK3 w - - 0 1 -")).reason
        == "Draw by insufficient material (bare kings)");
    CHECK(ControlChess::adjudicate(from_fen("4bK3/8/8/8/8/8/wP7/4wK3 w - - 100 80 -")).reason
        == "Draw by fifty moves rule");
    Position p = from_fen("4bK3/8/8/8/8/8/wP7/4wK3 w - - 0 1 -");
    play(p, {"e1d1", "e8d8", "d1e1", "d8e8", "e1d1", "e8d8", "d1e1", "d8e8"});
    CHECK(ControlChess::adjudicate(p).reason == "Draw by 3-fold repetition");
}

// ---- Search hooks ----------------------------------------------------------------------------

TEST_CASE("noisy and quiet moves together are exactly the legal moves", "[control][search]") {
    for (const auto& c : test::read_epd("control.epd")) {
        Position p = from_fen(c.fen);
        control::MoveList noisy, quiet, legal;
        ControlChess::generate_noisy(p, noisy);
        ControlChess::generate_quiet(p, quiet);
        ControlChess::generate_legal(p, legal);
        INFO(c.fen);
        CHECK(noisy.size() + quiet.size() == legal.size());
        for (Move m : noisy) {
            CHECK(ControlChess::is_noisy(p, m));
            CHECK(ControlChess::is_legal(p, m));
        }
        for (Move m : quiet) {
            CHECK_FALSE(ControlChess::is_noisy(p, m));
            CHECK(ControlChess::is_legal(p, m));
        }
    }
    // The rescue is the quiet list's when nothing else exists.
    Position r = from_fen("wQ7/8/8/4bK3/8/8/bP5wPwP/bR6wK w - - 0 1 -");
    control::MoveList quiet;
    ControlChess::generate_quiet(r, quiet);
    CHECK(quiet.size() == 1);
}

namespace {

// Walks every line to `depth` and checks at each node that counting the legal moves gives
// the generated list's size, that no move comes twice, and that each one, once made, leaves the
// mover's king unattacked by the pieces the opponent then controls (control as do_move recomputes
// it: an oracle independent of the generator's shortcuts).
std::string counting_walk(Position& pos, int depth) {
    control::MoveList list;
    ControlChess::generate_legal(pos, list);
    if (ControlChess::count_legal(pos) != list.size())
        return "count_legal differs from the list's size in " + pos.fen();
    std::vector<std::uint32_t> raw;
    for (auto m : list) raw.push_back(m.raw());
    std::sort(raw.begin(), raw.end());
    if (std::adjacent_find(raw.begin(), raw.end()) != raw.end())
        return "a move is generated twice in " + pos.fen();
    if (depth == 0) return {};
    for (auto m : list) {
        const Color us = pos.side_to_move();
        std::string text = pos.move_text(m), before = pos.fen();
        if (!ControlChess::is_legal(pos, m)) return text + " is not is_legal in " + before;
        pos.do_move(m);
        std::string err;
        if (pos.attackers_by(~us, pos.king_square(us)))
            err = text + " leaves the king attacked in " + before;
        else err = counting_walk(pos, depth - 1);
        pos.undo_move(m);
        if (!err.empty()) return err;
    }
    return {};
}

} // namespace

TEST_CASE("counting the legal moves equals generating them, and every generated move is legal",
    "[control][movegen]") {
    for (const auto& c : test::read_epd("control.epd")) {
        Position p = from_fen(c.fen);
        INFO(c.fen);
        CHECK(counting_walk(p, 3).empty());
    }
    Position start;
    CHECK(counting_walk(start, 4).empty());
}

TEST_CASE("moves from elsewhere are recognised as illegal", "[control][search]") {
    Position p;
    CHECK_FALSE(ControlChess::is_legal(p, Move(SQ_A2, SQ_A3))); // neutral pawn
    CHECK_FALSE(ControlChess::is_legal(p, Move(SQ_D1, SQ_D2))); // own piece
    CHECK_FALSE(ControlChess::is_legal(p, Move(SQ_E1, SQ_D1, RESCUE)));
    CHECK(ControlChess::is_legal(p, Move(SQ_D1, SQ_C1)));
}

TEST_CASE("the evaluation counts controlled colours' pieces and is symmetric", "[control][eval]") {
    // Gaining Yellow (queen to f3) is worth more than a quiet queen move (d3): its pieces
    // now count for White. The fitted weights count a held colour's pieces at a fraction
    // of an army's (MaterialHeld: a colour can change hands any move) and charge the
    // queen's standing on a coloured square and the pawns' start rank, so the margin is
    // small (60 cp with the weights of 2026-12-02); without the held pieces counted it
    // would be -182.
    Position f3 = from_fen("4bK3/8/8/8/8/5wQ2/6yPyP/4wK1yNyR b - - 0 1 -");
    Position d3 = from_fen("4bK3/8/8/8/8/3wQ4/6yPyP/4wK1yNyR b - - 0 1 -");
    CHECK(ControlChess::evaluate(f3) < ControlChess::evaluate(d3));
    // A held colour's piece counts for its holder: without Yellow's rook White has less.
    Position noRook = from_fen("4bK3/8/8/8/8/5wQ2/6yPyP/4wK1yN1 b - - 0 1 -");
    CHECK(ControlChess::evaluate(f3) < ControlChess::evaluate(noRook) - 50);
    // The start position with the other side to move: same value but the tempo.
    Position w = from_fen(std::string(Position::StartFen));
    Position b = from_fen("pRpNpBbQbKuBuNuR/pPpPpPbPbPuPuPuP/8/8/8/8/rPrPrPwPwPyPyPyP/"
                          "rRrNrBwQwKyByNyR b KQkq - 0 1 -");
    CHECK(ControlChess::evaluate(w) == ControlChess::evaluate(b));
}

// ---- Over UCI --------------------------------------------------------------------------------

TEST_CASE("Control Chess over UCI: variant, moves, FEN, perft, d and bad input", "[control][uci]") {
    using namespace std::chrono_literals;
    Process p = start_engine();
    bool listed = false;
    for (const auto& l : uci_lines(p))
        listed |= l.find("UCI_Variant") != std::string::npos
            && l.find("var control") != std::string::npos;
    CHECK(listed);
    REQUIRE(ask(p, "setoption name UCI_Variant value control", "info string variant control"));
    p.send("position startpos");
    CHECK(perft_total(p, 4) == "Nodes searched: 10327");
    p.send("position startpos moves d1c1 e8f8");
    CHECK(ask(p, "d",
        "Fen: pRpNpBbQ1bKuNuR/pPpPpPbPbPuPuPuP/8/8/8/8/rPrPrPwPwPyPyPyP/"
        "rRrNwQ1wKyByNyR w KQ - 0 2 rBuB",
        2s));
    p.send("position fen pRpNpB2uBuNuR/pPpPpPbQ1uPuPuP/8/3bPbPbK2/1wQ1wP4/4wP1yP1/rPrP5yP/"
           "rRrN2wKyByNyR b - - 1 8 rB");
    CHECK(perft_total(p, 3) == "Nodes searched: 20833");
    // Bad input: an error, and the last good position stays.
    CHECK(ask(p, "position fen 4bK3/8/8/8/8/8/8/4xK3 w - - 0 1 -", "info string error"));
    CHECK(ask(p, "position startpos moves a2a3", "info string error"));
    CHECK(perft_total(p, 3) == "Nodes searched: 20833");
    p.send("go depth 4");
    CHECK(best_move(p, 20s) != "(none)");
    p.send("quit");
}
