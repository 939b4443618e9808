// SPDX-License-Identifier: GPL-3.0-or-later
// Win/draw/loss chances (engine/wdl.h): the model's shape, and UCI_ShowWDL as a GUI reads
// it (`wdl W D L` after the score, only when asked).
#include "engine/wdl.h"
#include "session.h"
#include "support.h"

#include <catch2/catch.hpp>
#include <regex>

using namespace hq;

TEST_CASE("win/draw/loss: the chances add up, rise with the score, and a mate is won", "[wdl]") {
    // a = 50 + 100 x: a smaller edge wins as the board empties.
    const WdlModel m {{50, 100, 0}, {80, 40, 0}, 32};
    for (int pieces : {4, 16, 32}) {
        INFO(pieces << " pieces");
        WdlChances previous {0, 0, 1000};
        for (Value v = -1500; v <= 1500; v += 25) {
            WdlChances w = wdl_of(m, v, pieces);
            CHECK(w.win + w.draw + w.loss == 1000);
            CHECK(w.win >= previous.win);
            CHECK(w.loss <= previous.loss);
            previous = w;
        }
        // An even score: as likely to win as to lose.
        WdlChances even = wdl_of(m, 0, pieces);
        CHECK(even.win == even.loss);
    }
    // The same score means more with fewer pieces on the board (this model's a falls).
    CHECK(wdl_of(m, 150, 32).win == 500); // a(1) = 150: an even chance
    CHECK(wdl_of(m, 100, 8).win > wdl_of(m, 100, 32).win);
    CHECK(wdl_of(m, mate_in(5), 32) == WdlChances {1000, 0, 0});
    CHECK(wdl_of(m, mated_in(4), 32) == WdlChances {0, 0, 1000});
    CHECK(wdl_of(m, table_win_in(3), 5) == WdlChances {1000, 0, 0});
    CHECK(fen_pieces("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") == 32);
}

TEST_CASE("win/draw/loss: White's edge moves the score towards White for either side", "[wdl]") {
    const WdlModel even {{50, 100, 0}, {80, 40, 0}, 32};
    WdlModel leaning = even;
    leaning.whiteEdge = 60;
    // White to move at +40 reads as +100; Black to move at +40 as -20.
    CHECK(wdl_of(leaning, 40, 32, true) == wdl_of(even, 100, 32));
    CHECK(wdl_of(leaning, 40, 32, false) == wdl_of(even, -20, 32));
    // Even for White is the same chances as -60 would be without the edge for Black: the
    // two views of one position agree (White's win is Black's loss).
    const WdlChances white = wdl_of(leaning, 0, 20, true), black = wdl_of(leaning, 0, 20, false);
    CHECK(white.win == black.loss);
    CHECK(white.loss == black.win);
    CHECK(white.win > white.loss);
    // No edge: the side to move does not matter.
    CHECK(wdl_of(even, 70, 16, false) == wdl_of(even, 70, 16, true));
}

TEST_CASE("win/draw/loss: a score of exactly 0 reads as the game's share of such draws", "[wdl]") {
    const WdlModel curve {{50, 100, 0}, {80, 40, 0}, 32};
    WdlModel drawish = curve;
    drawish.zeroDraw = 803;
    // Exactly 0, either side to move, any material: the share drawn, the rest split.
    for (bool white : {true, false})
        for (int pieces : {4, 20, 32})
            CHECK(wdl_of(drawish, 0, pieces, white) == WdlChances {98, 803, 99});
    // Any other score reads the curve, as without the share; so does 0 without it.
    for (Value v : {-300, -1, 1, 40, 300}) CHECK(wdl_of(drawish, v, 20) == wdl_of(curve, v, 20));
    CHECK(wdl_of(curve, 0, 20).draw != 803);
    // A mate stays won.
    CHECK(wdl_of(drawish, VALUE_MATE - 3, 20) == WdlChances {1000, 0, 0});
}

TEST_CASE("UCI_ShowWDL: info lines carry wdl W D L after the score once it is on", "[wdl][uci]") {
    auto p = test::start_engine();
    test::uci_lines(p);
    const std::regex wdl(
        R"( score (cp|mate) -?\d+( lowerbound| upperbound)? wdl (\d+) (\d+) (\d+) )");
    for (const char* game : {"chess", "mschess", "multimove", "control", "martian"}) {
        INFO(game);
        test::send_all(
            p, {fmt::format("setoption name UCI_Variant value {}", game), "position startpos"});
        std::vector<std::string> seen;
        p.send("go depth 3");
        test::best_move(p, std::chrono::seconds(20), &seen);
        for (const auto& line : seen) CHECK(line.find(" wdl ") == std::string::npos);

        p.send("setoption name UCI_ShowWDL value true");
        seen.clear();
        p.send("go depth 3");
        test::best_move(p, std::chrono::seconds(20), &seen);
        int lines = 0;
        for (const auto& line : seen) {
            if (line.rfind("info depth", 0) != 0) continue;
            std::smatch mt;
            INFO(line);
            REQUIRE(std::regex_search(line, mt, wdl));
            CHECK(std::stoi(mt[3]) + std::stoi(mt[4]) + std::stoi(mt[5]) == 1000);
            ++lines;
        }
        CHECK(lines >= 3);
        p.send("setoption name UCI_ShowWDL value false");
    }
}
