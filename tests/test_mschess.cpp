// SPDX-License-Identifier: GPL-3.0-or-later
// Ms. Chess: one test case per rule of rules/mschess.md, with positions in FEN and the
// expected moves spelled out; then FEN, hashing and the search hooks.
#include "session.h"
#include "support.h"

#include "engine/perft.h"
#include "variants/mschess/mschess.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <tuple>
#include <type_traits>

using namespace hq;
using namespace hq::test;
using namespace mschess;

template <> struct hq::test::GameOf<Position> : std::type_identity<MsChess> { };

constexpr auto from_fen = position_from_fen<MsChess>;

// ---- Names, start positions and FEN ------------------------------------------------------

TEST_CASE(
    "mschess and mschess-black start with the woman as White and as Black", "[mschess][fen]") {
    auto white = make_engine("mschess");
    auto black = make_engine("mschess-black");
    REQUIRE(white);
    REQUIRE(black);
    CHECK(white->fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kq - 0 1 w");
    CHECK(black->fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1 b");
    CHECK(white->legal_moves().size() == 32);
    CHECK(black->legal_moves().size() == 20);
}

TEST_CASE("Ms. Chess FEN round trips for every reference position", "[mschess][fen]") {
    for (const auto& c : test::read_epd("mschess.epd")) {
        Position p = from_fen(c.fen);
        CHECK(p.fen() == c.fen);
    }
}

TEST_CASE("field 7 names the enhanced sides and is part of the hash key", "[mschess][fen]") {
    const std::string board = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ";
    Position w = from_fen(board + "w"), b = from_fen(board + "b"), wb = from_fen(board + "wb");
    CHECK(w.is_enhanced(WHITE));
    CHECK_FALSE(w.is_enhanced(BLACK));
    CHECK(b.is_enhanced(BLACK));
    CHECK_FALSE(b.is_enhanced(WHITE));
    CHECK(wb.backlash_done());
    CHECK(w.key() != b.key());
    CHECK(w.key() != wb.key());
    CHECK(b.key() != wb.key());
    for (const Position* p : {&w, &b, &wb}) CHECK(p->key() == p->compute_key());
    CHECK(wb.fen() == board + "wb");
}

TEST_CASE("a FEN without field 7 takes the woman's colour of the variant name", "[mschess][fen]") {
    const std::string fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQ - 0 1";
    auto black = make_engine("mschess-black");
    REQUIRE_FALSE(black->set_position(fen, {}).has_value());
    CHECK(black->fen() == fen + " b");
    auto white = make_engine("mschess");
    // With the woman as White, White's castling rights are refused...
    CHECK(white->set_position(fen, {}).has_value());
    // ...and Black's accepted.
    REQUIRE_FALSE(white->set_position("r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1", {}).has_value());
    CHECK(white->fen() == "r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1 w");
    // Field 7 given explicitly wins over the name.
    REQUIRE_FALSE(white->set_position(fen + " b", {}).has_value());
    CHECK(white->fen() == fen + " b");
}

TEST_CASE("a FEN giving an enhanced side castling rights is refused", "[mschess][fen]") {
    Position p;
    for (const char* fen :
        {"r3k2r/8/8/8/8/8/8/R3K2R w K - 0 1 w", "r3k2r/8/8/8/8/8/8/R3K2R w q - 0 1 b",
            "r3k2r/8/8/8/8/8/8/R3K2R w k - 0 1 wb", "r3k2r/8/8/8/8/8/8/R3K2R w Q - 0 1 wb"}) {
        INFO(fen);
        auto err = p.set_fen(fen);
        REQUIRE(err.has_value());
        CHECK(err->find("enhanced") != std::string::npos);
    }
}

TEST_CASE(
    "an enhanced pawn may stand on its last rank, an unenhanced one may not", "[mschess][fen]") {
    CHECK(from_fen("3Pk3/8/8/8/8/8/8/4K3 b - - 0 1 w").fen() == "3Pk3/8/8/8/8/8/8/4K3 b - - 0 1 w");
    CHECK(
        from_fen("4k3/8/8/8/8/8/8/3pK3 w - - 0 1 wb").fen() == "4k3/8/8/8/8/8/8/3pK3 w - - 0 1 wb");
    Position p;
    CHECK(p.set_fen("3Pk3/8/8/8/8/8/8/4K3 b - - 0 1 b").has_value());
    CHECK(p.set_fen("4k3/8/8/8/8/8/8/3pK3 w - - 0 1 w").has_value());
    // Nobody's pawn stands on its own first rank.
    CHECK(p.set_fen("4k3/8/8/8/8/8/8/3PK3 w - - 0 1 wb").has_value());
}

TEST_CASE("bad Ms. Chess FENs are refused with a message and leave the position unchanged",
    "[mschess][fen]") {
    const std::vector<std::string> bad = {
        "",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kq - 0 1 x",   // field 7
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kq - 0 1 -",   // nobody enhanced
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kq - 0 1 w w", // 8 fields
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 w", // her castling
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x kq - 0 1 w",   // side
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kq e6 0 1 w",  // ep without a step
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kq - x 1 w",   // clock
        "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 w",    // no black king
        "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1 b",                          // Black in check
        "4k3/8/4K3/8/8/8/8/8 w - - 0 1 w",                            // her king checks
        "4k3/8/8/3N4/8/8/8/4K3 w - - 0 1 w",                          // her camel checks
        "4k3/8/8/8/8/8/8/4K3 w - - 2147483647 2147483647 w",          // counts past 100000
    };
    Position p = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1 w");
    check_refused(p, bad);
}

TEST_CASE("Ms. Chess: an enhanced army beyond one set (more than 8 pawns or 16 pieces) is "
          "refused",
    "[mschess][fen]") {
    const std::pair<const char*, const char*> bad[] = {
        {"4k3/8/PPPPPPPP/PPPPPPPP/PPPPPPPP/8/8/4K3 w - - 0 1 w", "White has 24 pawns (at most 8)"},
        {"4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1 w", "White has 9 pawns (at most 8)"},
        {"4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1 b", "Black has 9 pawns (at most 8)"},
        {"4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1 wb", "Black has 9 pawns (at most 8)"},
        {"k7/8/8/8/8/N7/NNNNNNNN/NNNNNNNK w - - 0 1 wb", "White has 17 pieces (at most 16)"},
        {"knnnnnnn/nnnnnnnn/n7/8/8/8/8/7K b - - 0 1 b", "Black has 17 pieces (at most 16)"},
    };
    Position p = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1 w");
    const std::string before = p.fen();
    for (auto [fen, why] : bad) {
        INFO(fen);
        CHECK(p.set_fen(fen) == std::optional<std::string>(why));
        CHECK(p.fen() == before);
    }
    from_fen("1k6/8/pppppppp/8/8/PPPPPPPP/8/RRRRRRRK w - - 0 1 w"); // 8 pawns, 16 pieces
    // The man's army before Male Backlash is not counted: the reference perft file has a
    // position where he has 9 pawns (17 pieces).
    from_fen("rnbqkbnr/pppp1ppp/8/8/8/3p1p2/PPPPPPPP/RNBQKBNR w kq - 0 1 w");
}

// ---- The enhanced king -------------------------------------------------------------------

TEST_CASE("enhanced king steps one square or leaps two in a line over an empty square",
    "[mschess][rules]") {
    // Own pawns on c3 and e5 block the steps there and the leaps to b2 and f6.
    Position p = from_fen("4k3/8/8/4P3/3K4/2P5/8/8 w - - 0 1 w");
    CHECK(targets_of(p, "d4")
        == Texts {"b4", "b6", "c4", "c5", "d2", "d3", "d5", "d6", "e3", "e4", "f2", "f4"});
    // It captures with its leap too.
    Position q = from_fen("4k3/8/5n2/8/3K4/8/8/8 w - - 0 1 w");
    CHECK(is_legal_text(q, "d4f6"));
}

TEST_CASE("enhanced king may not pass over an attacked square", "[mschess][rules]") {
    // The rook on f8 guards f1 and f2: the king may not leap over them to g1 or g3, though
    // g1 and g3 themselves are safe.
    Position p = from_fen("k4r2/8/8/8/8/8/8/4K3 w - - 0 1 w");
    CHECK(targets_of(p, "e1") == Texts {"c1", "c3", "d1", "d2", "e2", "e3"});
}

TEST_CASE("enhanced king may not land on an attacked square, judged with the king lifted off",
    "[mschess][rules]") {
    // In check from the rook on e1: e5 and the leap over it to e6 are attacked once the
    // king has left e4.
    Position p = from_fen("k7/8/8/8/4K3/8/8/4r3 w - - 0 1 w");
    CHECK(p.in_check());
    CHECK(targets_of(p, "e4")
        == Texts {"c2", "c4", "c6", "d3", "d4", "d5", "f3", "f4", "f5", "g2", "g4", "g6"});
}

TEST_CASE("enhanced king never castles: e1g1 is its leap and leaves the rook", "[mschess][rules]") {
    Position p = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1 w");
    CHECK_FALSE(is_legal_text(p, "e1h1"));
    play(p, {"e1g1"});
    CHECK(p.fen() == "r3k2r/8/8/8/8/8/8/R5KR b kq - 1 1 w");
}

TEST_CASE("the woman's king gives check from two squares away", "[mschess][rules]") {
    Position p = from_fen("8/8/4k3/8/4K3/8/8/8 b - - 0 1 w");
    CHECK(p.in_check());
    CHECK(legal_texts(p) == Texts {"e6d6", "e6d7", "e6e7", "e6f6", "e6f7"});
    // A piece on the square between blocks the check, and is then pinned there.
    Position q = from_fen("8/8/4k3/4n3/4K3/8/8/8 b - - 0 1 w");
    CHECK_FALSE(q.in_check());
    CHECK(moves_from(q, "e5").empty());
}

TEST_CASE("once both kings are enhanced neither may come two squares in line from the other",
    "[mschess][rules]") {
    Position both = from_fen("8/8/8/4k3/8/8/8/4K3 w - - 0 1 wb");
    CHECK(targets_of(both, "e1") == Texts {"c1", "d1", "d2", "e2", "f1", "f2", "g1"});
    // With the man unenhanced, her king may: it then gives check.
    Position one = from_fen("8/8/8/4k3/8/8/8/4K3 w - - 0 1 w");
    CHECK(targets_of(one, "e1")
        == Texts {"c1", "c3", "d1", "d2", "e2", "e3", "f1", "f2", "g1", "g3"});
    play(one, {"e1e3"});
    CHECK(one.in_check());
}

// ---- The enhanced pieces -----------------------------------------------------------------

TEST_CASE("enhanced queen moves as queen and knight (amazon)", "[mschess][rules]") {
    Position p = from_fen("8/7k/8/8/8/8/8/Q1K5 w - - 0 1 w");
    CHECK(targets_of(p, "a1")
        == sorted({"a2", "a3", "a4", "a5", "a6", "a7", "a8", "b1", "b2", "c3", "d4", "e5", "f6",
            "g7", "h8", "b3", "c2"}));
}

TEST_CASE("enhanced rook moves as rook and knight (chancellor)", "[mschess][rules]") {
    Position p = from_fen("6k1/8/8/8/8/8/1R6/4K3 w - - 0 1 w");
    CHECK(targets_of(p, "b2")
        == sorted({"b1", "b3", "b4", "b5", "b6", "b7", "b8", "a2", "c2", "d2", "e2", "f2", "g2",
            "h2", "a4", "c4", "d3", "d1"}));
}

TEST_CASE("enhanced bishop moves as bishop and knight (archbishop)", "[mschess][rules]") {
    Position p = from_fen("7k/8/8/8/8/8/8/2B4K w - - 0 1 w");
    CHECK(targets_of(p, "c1")
        == sorted({"b2", "a3", "d2", "e3", "f4", "g5", "h6", "a2", "b3", "d3", "e2"}));
}

TEST_CASE("enhanced knight moves as knight and camel", "[mschess][rules]") {
    Position p = from_fen("7k/8/8/8/3N4/8/8/7K w - - 0 1 w");
    CHECK(targets_of(p, "d4")
        == sorted({"b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5", "c7", "e7", "g5", "g3", "e1",
            "c1", "a5", "a3"}));
}

TEST_CASE("the unenhanced army moves as orthodox chessmen", "[mschess][rules]") {
    // The man's knight, bishop and king (the woman plays Black here).
    Position p = from_fen("7k/8/8/8/3N4/8/8/2B1K3 w - - 0 1 b");
    CHECK(targets_of(p, "d4") == sorted({"b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"}));
    CHECK(targets_of(p, "c1") == sorted({"b2", "a3", "d2", "e3", "f4", "g5", "h6"}));
    CHECK(targets_of(p, "e1") == sorted({"d1", "d2", "e2", "f1", "f2"}));
}

// ---- The enhanced pawn -------------------------------------------------------------------

TEST_CASE(
    "enhanced pawn steps one or two squares forward and captures diagonally", "[mschess][rules]") {
    Position p = from_fen("4k3/8/8/8/8/8/4P3/K7 w - - 0 1 w");
    CHECK(moves_from(p, "e2") == Texts {"e2e3", "e2e4"});
    // Beyond the start rank: one step, and the capture (plain or in passing).
    Position q = from_fen("4k3/8/8/8/5r2/4P3/8/K7 w - - 0 1 w");
    CHECK(moves_from(q, "e3") == Texts {"e3e4", "e3f4", "e3f4,f4e4"});
}

TEST_CASE("capture in passing is written as two legs", "[mschess][rules]") {
    // Knight on d3, pawn on f3: each may be taken by a plain capture, or in passing with a
    // step or a double step, the pawn ending on e3 or e4.
    Position p = from_fen("4k3/8/8/8/8/3n1p2/4P3/K7 w - - 0 1 w");
    CHECK(moves_from(p, "e2")
        == sorted(
            {"e2e3", "e2e4", "e2d3", "e2f3", "e2d3,d3e3", "e2d3,d3e4", "e2f3,f3e3", "e2f3,f3e4"}));
    play(p, {"e2f3,f3e4"});
    CHECK(p.fen() == "4k3/8/8/8/4P3/3n4/8/K7 b - - 0 1 w");
    CHECK(p.key() == p.compute_key());
}

TEST_CASE("capture in passing needs the empty squares of the advance", "[mschess][rules]") {
    // Blocked in front: only the plain capture.
    Position p = from_fen("4k3/8/8/8/8/3nb3/4P3/K7 w - - 0 1 w");
    CHECK(moves_from(p, "e2") == Texts {"e2d3"});
    // Blocked two ahead: the single step only.
    Position q = from_fen("4k3/8/8/8/4b3/3n4/4P3/K7 w - - 0 1 w");
    CHECK(moves_from(q, "e2") == Texts {"e2d3", "e2d3,d3e3", "e2e3"});
    // Not from beyond the start rank with a double step.
    Position r = from_fen("4k3/8/8/8/3n4/4P3/8/K7 w - - 0 1 w");
    CHECK(moves_from(r, "e3") == Texts {"e3d4", "e3d4,d4e4", "e3e4"});
}

TEST_CASE("capture in passing may take a rook on its corner and ends that castling right",
    "[mschess][rules]") {
    Position p = from_fen("4k2r/6P1/8/8/8/8/8/K7 w k - 0 1 w");
    CHECK(moves_from(p, "g7") == Texts {"g7g8", "g7h8", "g7h8,h8g8"});
    play(p, {"g7h8,h8g8"});
    CHECK(p.fen() == "4k1P1/8/8/8/8/8/8/K7 b - - 0 1 w");
}

TEST_CASE(
    "enhanced pawn never promotes, on the last rank it stays, with no moves", "[mschess][rules]") {
    Position p = from_fen("k7/4P3/8/8/8/8/8/K7 w - - 0 1 w");
    CHECK(moves_from(p, "e7") == Texts {"e7e8"});
    play(p, {"e7e8", "a8b7"});
    CHECK(p.fen() == "4P3/1k6/8/8/8/8/8/K7 w - - 1 2 w");
    CHECK(moves_from(p, "e8").empty());
}

TEST_CASE("enhanced pawn never captures en passant", "[mschess][rules]") {
    Position p = from_fen("4k3/3p4/8/4P3/8/8/8/K7 b - - 0 1 w");
    play(p, {"d7d5"});
    CHECK(p.ep_square() == SQ_NONE);
    CHECK(moves_from(p, "e5") == Texts {"e5e6"});
}

TEST_CASE("the man captures en passant after her double step", "[mschess][rules]") {
    Position p = from_fen("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1 w");
    play(p, {"e2e4"});
    CHECK(p.fen() == "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1 w");
    CHECK(moves_from(p, "d4") == Texts {"d4d3", "d4e3"});
    play(p, {"d4e3"});
    CHECK(p.fen() == "4k3/8/8/8/8/4p3/8/4K3 w - - 0 2 w");
}

TEST_CASE("the man captures en passant after her double step with capture in passing",
    "[mschess][rules]") {
    Position p = from_fen("4k3/8/8/8/3p4/5b2/4P3/4K3 w - - 0 1 w");
    play(p, {"e2f3,f3e4"});
    CHECK(p.fen() == "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1 w");
    CHECK(is_legal_text(p, "d4e3"));
}

TEST_CASE("en passant is possible only on the very next move", "[mschess][rules]") {
    Position p = from_fen("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1 w");
    play(p, {"e2e4", "e8e7", "e1d1"});
    CHECK_FALSE(is_legal_text(p, "d4e3"));
}

// ---- The man ---------------------------------------------------------------------------

TEST_CASE("the man castles as in standard chess", "[mschess][rules]") {
    Position p = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQ - 0 1 b");
    CHECK(is_legal_text(p, "e1g1"));
    CHECK(is_legal_text(p, "e1c1"));
    // King takes own rook is understood as input too.
    CHECK(written_as(p, "e1a1") == "e1c1");
    play(p, {"e1g1"});
    CHECK(p.fen() == "r3k2r/8/8/8/8/8/8/R4RK1 b - - 1 1 b");
}

TEST_CASE("castling is illegal through a square an enhanced piece attacks by its jump",
    "[mschess][rules]") {
    // Her chancellor on h3 guards g1 with its knight's jump (an orthodox rook would not).
    Position p = from_fen("4k3/8/8/8/8/7r/8/4K2R w K - 0 1 b");
    CHECK_FALSE(is_legal_text(p, "e1g1"));
    Position away = from_fen("4k3/8/8/8/r7/8/8/4K2R w K - 0 1 b");
    CHECK(is_legal_text(away, "e1g1"));
}

TEST_CASE("Male Backlash: the man's first promotion enhances his whole army at once",
    "[mschess][rules]") {
    Position p = from_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1 b");
    CHECK(moves_from(p, "b7") == Texts {"b7b8b", "b7b8n", "b7b8q", "b7b8r"});
    play(p, {"b7b8n"});
    CHECK(p.fen() == "1N2k3/8/8/8/8/8/8/4K3 b - - 0 1 wb");
    CHECK(p.backlash_done());
    play(p, {"e8f7"});
    // The new knight jumps as a camel too, and his king leaps.
    CHECK(targets_of(p, "b8") == sorted({"a6", "c6", "d7", "c5", "a5", "e7"}));
    CHECK(targets_of(p, "e1")
        == sorted({"d1", "d2", "e2", "f1", "f2", "c1", "c3", "e3", "g1", "g3"}));
}

TEST_CASE("Male Backlash ends his castling, en passant and promotion", "[mschess][rules]") {
    Position p = from_fen("r3k2r/1PP5/8/8/8/8/6p1/R3K2R w KQ - 0 1 b");
    play(p, {"b7b8n"});
    CHECK(p.fen() == "rN2k2r/2P5/8/8/8/8/6p1/R3K2R b - - 0 1 wb");
    play(p, {"g2g1"}); // her pawn reaches the last rank and stays a pawn
    CHECK(p.fen() == "rN2k2r/2P5/8/8/8/8/8/R3K1pR w - - 0 2 wb");
    // His next pawn reaching the last rank does not promote...
    CHECK(moves_from(p, "c7") == Texts {"c7c8"});
    // ...and his king does not castle: e1c1 is now a leap over d1 that leaves the rook.
    play(p, {"e1c1"});
    CHECK(p.fen() == "rN2k2r/2P5/8/8/8/8/8/R1K3pR b - - 1 2 wb");
    // Nor does he capture en passant after her double step.
    Position q = from_fen("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1 wb");
    play(q, {"d7d5"});
    CHECK(q.ep_square() == SQ_NONE);
    CHECK_FALSE(is_legal_text(q, "e5d6"));
}

TEST_CASE(
    "backlash promotion can give check with a piece that was not checking", "[mschess][rules]") {
    // His rook on g6 becomes a chancellor: its knight's jump reaches h8.
    Position p = from_fen("7k/P7/6R1/8/8/8/8/4K3 w - - 0 1 b");
    CHECK_FALSE(p.in_check());
    play(p, {"a7a8b"});
    CHECK(p.in_check());
}

TEST_CASE("backlash promotion can give mate with a pawn", "[mschess][rules]") {
    // The pawn promotes far away on a8; the promotion enhances his rook on g6 (its knight's
    // jump now checks h8) and his knight on f6, which with the rook covers every flight
    // square and every square the two-step king would leap over.
    Position p = from_fen("7k/P7/5NR1/p7/8/8/8/4K3 w - - 0 1 b");
    CHECK(MsChess::adjudicate(p).result == Result::NONE);
    play(p, {"a7a8n"});
    CHECK(p.in_check());
    CHECK(legal_texts(p).empty());
    Outcome o = MsChess::adjudicate(p);
    CHECK(o.result == Result::WHITE_WINS);
    CHECK(o.reason == "White mates");
}

// ---- Attacks, check and the end of the game ----------------------------------------------

TEST_CASE("no move may leave the mover's king attacked, a capture in passing included",
    "[mschess][rules]") {
    // The knight on b3 shields her king on a2 from the bishop on d5: taking it in passing
    // is legal only when the pawn lands on c4, on the bishop's line.
    Position p = from_fen("4k3/8/8/3b4/8/1n6/K1P5/8 w - - 0 1 w");
    CHECK(moves_from(p, "c2") == Texts {"c2b3", "c2b3,b3c4", "c2c3", "c2c4"});
}

TEST_CASE("a capture in passing may answer a double check", "[mschess][rules]") {
    // Knight d6 and bishop h3 both check c8: e7 takes the knight in passing and lands on
    // e6, on the bishop's line.
    Position p = from_fen("1rk5/pp2p3/1p1N1ppp/4n3/2P1b2r/P3PP1B/RB1Q3P/2K4R b - - 0 1 b");
    CHECK(popcount(p.checkers()) == 2);
    CHECK(legal_texts(p) == Texts {"c8c6", "c8c7", "c8d8", "e7d6,d6e6"});
}

TEST_CASE("checkmate wins and stalemate is a draw", "[mschess][rules]") {
    // Her amazon mates alone with the king's help: the knight's jump covers what the
    // queen's lines do not.
    Position mate = from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1 w");
    CHECK(mate.in_check());
    CHECK(MsChess::adjudicate(mate).result == Result::WHITE_WINS);
    // Her king alone stalemates: it guards g8 and g7 by its step and h7 by its leap.
    Position stale = from_fen("7k/5K2/8/8/8/8/8/8 b - - 0 1 w");
    CHECK_FALSE(stale.in_check());
    CHECK(legal_texts(stale).empty());
    CHECK(MsChess::adjudicate(stale).result == Result::DRAW);
    CHECK(MsChess::adjudicate(stale).reason == "Draw by stalemate");
}

TEST_CASE("draw by bare kings only: no other insufficient-material rule", "[mschess][rules]") {
    Position bare = from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1 w");
    CHECK(MsChess::adjudicate(bare).result == Result::DRAW);
    CHECK(MsChess::rule_value(bare, 0) == VALUE_DRAW);
    for (const char* fen : {"4k3/8/8/8/8/8/8/4KN2 w - - 0 1 w", "4k3/8/8/8/8/8/8/4KB2 w - - 0 1 b",
             "2b1k3/8/8/8/8/8/8/4KB2 w - - 0 1 wb"}) {
        INFO(fen);
        Position p = from_fen(fen);
        CHECK(MsChess::adjudicate(p).result == Result::NONE);
        CHECK_FALSE(MsChess::rule_value(p, 0).has_value());
    }
    // Taking the last piece leaves bare kings.
    Position p = from_fen("4k3/8/8/8/8/8/3n4/4K3 w - - 0 1 w");
    play(p, {"e1d2"});
    CHECK(MsChess::adjudicate(p).reason == "Draw by insufficient material (bare kings)");
}

TEST_CASE("Ms. Chess draw by threefold repetition", "[mschess][rules]") {
    Position p;
    play(p, {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"});
    CHECK(MsChess::adjudicate(p).result == Result::NONE);
    play(p, {"f6g8"});
    CHECK(MsChess::adjudicate(p).reason == "Draw by 3-fold repetition");
    // Inside a search (the position after g1f3 recurs 4 plies later, both after the
    // root), once is enough.
    Position q;
    play(q, {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3"});
    CHECK(MsChess::rule_value(q, 5) == VALUE_DRAW);
    CHECK_FALSE(MsChess::rule_value(q, 0).has_value());
}

TEST_CASE("draw by 100 plies without capture or pawn move", "[mschess][rules]") {
    Position p = from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 99 80 b");
    CHECK(MsChess::adjudicate(p).result == Result::NONE);
    play(p, {"a1a2"});
    CHECK(MsChess::adjudicate(p).reason == "Draw by fifty moves rule");
    // A mate on the hundredth ply is a mate.
    Position m = from_fen("7k/8/6K1/8/8/8/8/R7 w - - 99 80 b");
    play(m, {"a1a8"});
    CHECK(MsChess::adjudicate(m).reason == "White mates");
}

// ---- Consistency and the search hooks ----------------------------------------------------

TEST_CASE("Ms. Chess: the incremental key equals the key recomputed after every move",
    "[mschess][hash]") {
    check_consistency<MsChess>(
        {
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kq - 0 1 w",
            "rnbqkbnr/pppp1ppp/8/8/8/3p1p2/PPPPPPPP/RNBQKBNR w kq - 0 1 w",
            "r3k2r/1P6/8/8/8/8/6p1/R3K2R w KQ - 0 1 b",
            "r3k2r/pPp2ppp/8/3pP3/8/8/PPP2PPP/R3K2R w KQ d6 0 1 b",
            "4k3/8/8/8/5p2/3n4/4P3/4K3 w - - 0 1 w",
            "r1b1k2r/pp3ppp/2n5/3p4/3P4/2N5/PP3PPP/R1B1K2R w - - 0 12 wb",
        },
        3);
}

TEST_CASE("noisy and quiet moves partition the legal moves, counting matches generation",
    "[mschess][search]") {
    MsChess::MoveList previous;
    for (const auto& c : test::read_epd("mschess.epd")) {
        Position p = from_fen(c.fen);
        INFO(c.fen);
        MsChess::MoveList all, noisy, quiet;
        MsChess::generate_legal(p, all);
        MsChess::generate_noisy(p, noisy);
        MsChess::generate_quiet(p, quiet);
        CHECK(MsChess::count_legal(p) == all.size());
        CHECK(noisy.size() + quiet.size() == all.size());
        for (auto m : noisy) {
            CHECK(MsChess::is_noisy(p, m));
            CHECK(all.contains(m));
        }
        for (auto m : quiet) {
            CHECK_FALSE(MsChess::is_noisy(p, m));
            CHECK(all.contains(m));
        }
        for (auto m : all) {
            CHECK(MsChess::is_legal(p, m));
            CHECK(MsChess::Move::from_raw(m.raw()) == m);
            CHECK(m.from() < SQUARE_NB);
            CHECK(m.to() < SQUARE_NB);
            if (MsChess::is_noisy(p, m) && p.is_capture(m)) CHECK(MsChess::noisy_order(p, m) > 0);
        }
        CHECK_FALSE(MsChess::is_legal(p, MsChess::Move()));
        // Moves of another position (as a stale TT or killer move would be) are legal
        // here exactly when this position's list has them.
        for (auto m : previous) CHECK(MsChess::is_legal(p, m) == all.contains(m));
        previous = all;
    }
}

TEST_CASE("captures are ordered most valuable victim first, least valuable attacker first",
    "[mschess][search]") {
    // Her pawn may take the rook or the knight; her amazon may take the rook too.
    Position p = from_fen("4k3/8/8/8/3r1n2/4P3/8/Q3K3 w - - 0 1 w");
    auto order = [&](const char* t) { return MsChess::noisy_order(p, *p.parse_move(t)); };
    CHECK(order("e3d4") > order("e3f4"));
    CHECK(order("e3d4") > order("a1d4"));
    CHECK(order("e3d4,d4e4") == order("e3d4"));
}

TEST_CASE("null move passes the turn and is taken back exactly", "[mschess][search]") {
    Position p = from_fen("r3k2r/pPp2ppp/8/3pP3/8/8/PPP2PPP/R3K2R w KQ d6 0 1 b");
    const std::string fen = p.fen();
    const Key key = p.key();
    CHECK(MsChess::null_move_allowed(p));
    p.do_null_move();
    CHECK(p.side_to_move() == BLACK);
    CHECK(p.key() == p.compute_key());
    CHECK(p.ep_square() == SQ_NONE);
    p.undo_null_move();
    CHECK(p.fen() == fen);
    CHECK(p.key() == key);
    // Not in check, not with king and pawns only.
    CHECK_FALSE(MsChess::null_move_allowed(from_fen("8/8/4k3/8/4K3/8/8/8 b - - 0 1 w")));
    CHECK_FALSE(MsChess::null_move_allowed(from_fen("4k3/4p3/8/8/8/8/8/4K3 b - - 0 1 w")));
}

TEST_CASE("no legal move: mated_in(ply) when in check, otherwise a draw", "[mschess][search]") {
    Position mate = from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1 w");
    CHECK(MsChess::no_moves_value(mate, 7) == mated_in(7));
    Position stale = from_fen("7k/5K2/8/8/8/8/8/8 b - - 0 1 w");
    CHECK(MsChess::no_moves_value(stale, 7) == VALUE_DRAW);
}

TEST_CASE("evaluation knows the enhanced pieces and who has them", "[mschess][eval]") {
    // What one White piece on d1 adds to the evaluation of a pawn ending, with White
    // enhanced (the woman, field 7 `w`) or not (the man, `b`).
    auto worth = [](char piece, char woman) {
        std::string tail = std::string(" w - - 0 1 ") + woman;
        std::string with = std::string("4k3/pppp4/8/8/8/8/PPPP4/3") + piece + "K3" + tail;
        return MsChess::evaluate(from_fen(with))
            - MsChess::evaluate(from_fen("4k3/pppp4/8/8/8/8/PPPP4/4K3" + tail));
    };
    CHECK(worth('Q', 'w') > worth('R', 'w'));
    CHECK(worth('R', 'w') > worth('B', 'w'));
    CHECK(worth('B', 'w') > worth('N', 'w'));
    // An enhanced knight (knight and camel) outweighs an ordinary rook, and the enhanced
    // queen (queen and knight) an ordinary queen by far.
    CHECK(worth('N', 'w') > worth('R', 'b'));
    CHECK(worth('Q', 'w') > worth('Q', 'b') + 300);
    for (char piece : {'N', 'B', 'R', 'Q'}) {
        INFO(piece);
        CHECK(worth(piece, 'w') > worth(piece, 'b'));
    }

    // The woman's army is worth far more: from the side to move's view.
    Position white = from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kq - 0 1 w");
    Position black = from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1 b");
    CHECK(MsChess::evaluate(white) > 1500);
    CHECK(MsChess::evaluate(black) < -1500);
    // Symmetric once both are enhanced: a position and its colour mirror are worth the same
    // to whoever moves, the tempo (a small bonus for the mover) and nothing else.
    Position both = from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 wb");
    Position bothBlack = from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 0 1 wb");
    CHECK(MsChess::evaluate(both) == MsChess::evaluate(bothBlack));
    CHECK(MsChess::evaluate(both) >= 0);
    CHECK(MsChess::evaluate(both) < 50);
    Position a = from_fen("r1b1k2r/pp3ppp/2n5/3p4/3P4/2N5/PP3PPP/R1B1K2R w - - 0 12 wb");
    Position b = from_fen("r1b1k2r/pp3ppp/2n5/3p4/3P4/2N5/PP3PPP/R1B1K2R b - - 0 12 wb");
    CHECK(MsChess::evaluate(a) == MsChess::evaluate(b));
    CHECK(MsChess::evaluate(a) < 50);
    // Not symmetric: White up a knight, from White's view and (negated) Black's.
    Position up = from_fen("r1b1k2r/pp3ppp/8/3p4/3P4/2N5/PP3PPP/R1B1K2R w - - 0 12 wb");
    Position upBlack = from_fen("r1b1k2r/pp3ppp/8/3p4/3P4/2N5/PP3PPP/R1B1K2R b - - 0 12 wb");
    CHECK(MsChess::evaluate(up) > 400);
    CHECK(MsChess::evaluate(upBlack) < -400);
}

TEST_CASE("evaluation values the man's coming promotion, and her stopping it", "[mschess][eval]") {
    // The man is Black; his pawn on b2 (about to promote) against one on b6.
    Position far = from_fen("r3k3/8/1p6/8/8/8/8/R2QK2R w - - 0 1 w");
    Position close = from_fen("r3k3/8/8/8/8/8/1p6/R2QK2R w - - 0 1 w");
    CHECK(mschess::backlash_threat(close).mg > mschess::backlash_threat(far).mg + 200);
    CHECK(MsChess::evaluate(close) < MsChess::evaluate(far) - 200);
    // Blockaded (her piece on b1) it threatens less.
    Position blocked = from_fen("r3k3/8/8/8/8/8/1p6/RN1QK2R w - - 0 1 w");
    CHECK(mschess::backlash_threat(blocked).mg < mschess::backlash_threat(close).mg);
    // Nothing to threaten once it has happened.
    Position done = from_fen("r3k3/8/8/8/8/8/1p6/R2QK2R w - - 0 1 wb");
    CHECK(mschess::backlash_threat(done).mg == 0);
}

// ---- Over UCI ------------------------------------------------------------------------------

TEST_CASE("Ms. Chess over UCI: names, start positions, two-leg moves and perft", "[mschess][uci]") {
    Process p = start_engine();
    REQUIRE(ask(
        p, "setoption name UCI_Variant value mschess-black", "info string variant mschess-black"));
    p.send("position startpos");
    CHECK(ask(p, "d", "Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1 b"));
    CHECK(perft_total(p, 4) == "Nodes searched: 527081");
    // Without field 7 the woman plays Black, as the name says.
    p.send("position fen r3k2r/pPp2ppp/8/3pP3/8/8/PPP2PPP/R3K2R w KQ d6 0 1");
    CHECK(perft_total(p, 3) == "Nodes searched: 23073");

    REQUIRE(ask(p, "setoption name UCI_Variant value mschess", "info string variant mschess "));
    p.send("position startpos");
    CHECK(perft_total(p, 4) == "Nodes searched: 518711");
    for (auto [fen, depth, nodes] :
        {
            std::tuple {"4k3/8/8/8/5p2/3n4/4P3/4K3 w - - 0 1 w", 4, "8854"},
            std::tuple {"r3k2r/1P6/8/8/8/8/6p1/R3K2R w KQ - 0 1 b", 3, "25285"},
            std::tuple {"rnbqkbnr/pppp1ppp/8/8/8/3p1p2/PPPPPPPP/RNBQKBNR w kq - 0 1 w", 3, "50131"},
            std::tuple {"4k3/8/8/8/8/8/1p6/R3K3 b - - 0 1 w", 4, "44207"},
        }) {
        INFO(fen);
        p.send(std::string("position fen ") + fen);
        CHECK(perft_total(p, depth) == std::string("Nodes searched: ") + nodes);
    }
    // A capture in passing is played as two legs.
    p.send("position fen 4k3/8/8/8/8/3n1p2/4P3/K7 w - - 0 1 w moves e2f3,f3e4");
    CHECK(ask(p, "d", "Fen: 4k3/8/8/8/4P3/3n4/8/K7 b - - 0 1 w"));
    CHECK(ask(p, "position fen 4k3/8/8/8/8/3n1p2/4P3/K7 w - - 0 1 w moves e2f3f3e4",
        "info string error"));
}
