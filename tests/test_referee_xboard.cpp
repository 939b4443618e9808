// SPDX-License-Identifier: GPL-3.0-or-later
// The board queries over a Referee that the XBoard front-end asks (protocol/xboard_board.h) instead
// of reading FENs: piece letters by square, castling moves and castling rights, and XBoard's FEN
// dialect whose castling field lists unmoved pieces.
#include "engine/referee.h"
#include "protocol/xboard_board.h"
#include "support.h"
#include "variants/registry.h"

#include <algorithm>
#include <catch2/catch.hpp>

using namespace hq;
using hq::test::letter_on;

namespace {

std::unique_ptr<Referee> referee_at(const char* game, const char* fen) {
    auto r = make_referee(game);
    REQUIRE(r);
    auto err = r->set_position(fen);
    INFO(fen);
    REQUIRE_FALSE(err.has_value());
    return r;
}

} // namespace

TEST_CASE("piece_letters names each square's piece by its letter, White's upper case",
    "[referee][xboard]") {
    auto r = referee_at("chess", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    CHECK(letter_on(*r, "e1") == 'K');
    CHECK(letter_on(*r, "a8") == 'r');
    CHECK(letter_on(*r, "e4") == 'P');
    CHECK(letter_on(*r, "e2") == '\0');
    CHECK(letter_on(*r, "h1") == 'R');
    CHECK(xboard::square_index(*r, "a1") == 0);
    CHECK(xboard::square_index(*r, "h8") == 63);
    CHECK(xboard::square_index(*r, "i1") == -1);
    CHECK(xboard::square_index(*r, "a9") == -1);
    CHECK(xboard::square_index(*r, "a99999999999") == -1);
    CHECK(xboard::square_name(*r, 12) == "e2");
    // Control Chess's two-letter pieces, by who controls them: White's king on a1.
    auto c = referee_at("control", "4bK3/8/8/8/8/8/8/wK7 w - - 0 1 -");
    CHECK(letter_on(*c, "a1") == 'K');
    CHECK(letter_on(*c, "b1") == '\0');
}

TEST_CASE("move_squares reads one-leg coordinate moves only", "[referee][xboard]") {
    auto r = make_referee("chess");
    CHECK(xboard::move_squares(*r, "e2e4") == std::pair {12, 28});
    CHECK(xboard::move_squares(*r, "e7e8q") == std::pair {52, 60});
    CHECK_FALSE(xboard::move_squares(*r, "e2d3,d3e3"));
    CHECK_FALSE(xboard::move_squares(*r, "O-O"));
    CHECK_FALSE(xboard::move_squares(*r, "e2"));
}

TEST_CASE("castling written king takes own rook is recognised with its side", "[referee][xboard]") {
    auto r = referee_at("chess960", "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
    CHECK(xboard::castles_onto_rook(*r, "e1h1") == true);
    CHECK(xboard::castles_onto_rook(*r, "e1a1") == false);
    CHECK_FALSE(xboard::castles_onto_rook(*r, "e1f1"));
    CHECK_FALSE(xboard::castles_onto_rook(*r, "a1a8"));
    auto s = referee_at("chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    CHECK_FALSE(xboard::castles_onto_rook(*s, "e1g1")); // standard notation: the king's two steps
}

TEST_CASE("the castling move is the game's legal one, and a two-file king step only "
          "while the side has castling rights",
    "[referee][xboard]") {
    auto r = referee_at("chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    CHECK(xboard::castling_move(*r, true) == std::string("e1g1"));
    CHECK(xboard::castling_move(*r, false) == std::string("e1c1"));
    CHECK(xboard::has_castling_rights(*r, WHITE));
    auto none = referee_at("chess", "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1");
    CHECK_FALSE(xboard::has_castling_rights(*none, WHITE));
    CHECK_FALSE(xboard::castling_move(*none, true));
    // Ms. Chess: the enhanced king (the woman's, White here) steps two files as a move of
    // its own; with no castling rights that is no castling.
    auto ms = referee_at("mschess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 w");
    auto legal = ms->legal_moves();
    REQUIRE(std::find(legal.begin(), legal.end(), "e1g1") != legal.end());
    CHECK_FALSE(xboard::castling_move(*ms, true));
    // Control Chess's castling is the king's two-file step too, read from its own board.
    auto c = referee_at("control", "4bK3/8/8/8/8/5wQ2/8/4wK2yR w K - 0 1 -");
    CHECK(xboard::castling_move(*c, true) == std::string("e1g1"));
    CHECK_FALSE(xboard::castling_move(*c, false));
}

TEST_CASE("same_board_and_side compares a FEN's first two fields", "[referee][xboard]") {
    auto r = make_referee("chess");
    const std::string start = r->fen();
    CHECK(xboard::same_board_and_side(*r, start));
    CHECK(xboard::same_board_and_side(*r, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 5 9"));
    CHECK_FALSE(xboard::same_board_and_side(
        *r, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"));
    CHECK_FALSE(xboard::same_board_and_side(*r, "8/8/8/8/8/8/8/8 w - - 0 1"));
    CHECK_FALSE(xboard::same_board_and_side(*r, ""));
}

TEST_CASE("castling readings of a FEN listing unmoved pieces: the rights its board allows, "
          "kings and rooks where the start position has them",
    "[referee][xboard][mschess]") {
    auto r = make_referee("mschess");
    const std::string board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    CHECK(xboard::castling_readings(*r, board + " w E - 0 1")
        == std::vector<std::string> {board + " w KQkq - 0 1", board + " w kq - 0 1",
            board + " w KQ - 0 1", board + " w - - 0 1"});
    CHECK(xboard::castling_readings(*r, "r3k3/8/8/8/8/8/8/4K2R b - - 0 1")
        == std::vector<std::string> {"r3k3/8/8/8/8/8/8/4K2R b Kq - 0 1",
            "r3k3/8/8/8/8/8/8/4K2R b q - 0 1", "r3k3/8/8/8/8/8/8/4K2R b K - 0 1",
            "r3k3/8/8/8/8/8/8/4K2R b - - 0 1"});
    // A king off its start square has no rights; nothing to read without a castling field.
    CHECK(xboard::castling_readings(*r, "4k3/8/8/8/8/8/8/3K3R w E - 0 1")
        == std::vector<std::string> {"4k3/8/8/8/8/8/8/3K3R w - - 0 1"});
    CHECK(xboard::castling_readings(*r, "4k3/8/8/8/8/8/8/4K3 w").empty());
}
