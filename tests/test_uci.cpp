// The UCI front-end, driven through the real binary over pipes.
#include "process.h"

#include <catch2/catch.hpp>

using namespace hq::test;
using namespace std::chrono_literals;

namespace {

Process start() { return Process({HARLEQUIN_BINARY}); }

// Sends `go perft` and collects the lines up to the node count.
std::vector<std::string> perft_lines(Process& p, int depth) {
    std::vector<std::string> seen;
    p.send("go perft " + std::to_string(depth));
    REQUIRE(p.wait_for("Nodes searched:", 30s, &seen));
    return seen;
}

} // namespace

TEST_CASE("uci answers id, the variant combo and UCI_Chess960 within 100 ms", "[uci]") {
    Process p = start();
    auto t0 = std::chrono::steady_clock::now();
    p.send("uci");
    std::vector<std::string> seen;
    REQUIRE(p.wait_for("uciok", 2s, &seen));
    auto elapsed = std::chrono::steady_clock::now() - t0;
    CHECK(elapsed < 100ms);
    CHECK(seen[0].rfind("id name Harlequin", 0) == 0);
    bool combo = false, chess960 = false;
    for (const auto& l : seen) {
        if (l.rfind("option name UCI_Variant type combo default chess", 0) == 0
            && l.find(" var chess960") != std::string::npos)
            combo = true;
        if (l == "option name UCI_Chess960 type check default false") chess960 = true;
    }
    CHECK(combo);
    CHECK(chess960);
}

TEST_CASE("go perft prints each root move and the total", "[uci][perft]") {
    Process p = start();
    p.send("position startpos moves e2e4");
    auto lines = perft_lines(p, 2);
    CHECK(lines.back() == "Nodes searched: 600");
    int moves = 0;
    for (const auto& l : lines)
        if (l.find(": ") != std::string::npos && l.rfind("Nodes", 0) != 0) ++moves;
    CHECK(moves == 20);
}

TEST_CASE("setoption UCI_Variant accepts aliases and announces the variant", "[uci]") {
    Process p = start();
    p.send("setoption name UCI_Variant value FischeRandom");
    auto line = p.wait_for("info string variant", 2s);
    REQUIRE(line);
    CHECK(*line
        == "info string variant chess960 files 8 ranks 8 pocket 0 template fairy startpos "
           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    // Chess960 castling is king takes rook.
    p.send("position fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
    CHECK(perft_lines(p, 3).back() == "Nodes searched: 12189");
    p.send("setoption name UCI_Variant value standard");
    CHECK(p.wait_for("info string variant chess ", 2s));
}

TEST_CASE("bad input is answered with an error and the position is kept", "[uci]") {
    Process p = start();
    p.send("position startpos moves e2e4");
    for (const char* bad : {"position fen rnbqkbnr/pppppppp/8/8 w - - 0 1",
             "position startpos moves e2e4 e2e4", "position fen", "position", "position sideways",
             "setoption name UCI_Variant value shogi", "setoption name NoSuchOption value 3",
             "setoption name UCI_Chess960 value maybe", "go perft -3", "go perft",
             "flibbertigibbet", "position startpos foo", "position startpos e2e4"}) {
        INFO(bad);
        p.send(bad);
        auto line = p.wait_for("info string error", 2s);
        CHECK(line);
    }
    p.send("isready");
    CHECK(p.wait_for("readyok", 2s));
    CHECK(perft_lines(p, 1).back() == "Nodes searched: 20");
    p.send("d");
    CHECK(p.wait_for("Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", 2s));
}

TEST_CASE("isready is answered while a perft runs, and quit exits", "[uci]") {
    Process p = start();
    p.send("go perft 8");
    p.send("isready");
    auto t0 = std::chrono::steady_clock::now();
    REQUIRE(p.wait_for("readyok", 2s));
    CHECK(std::chrono::steady_clock::now() - t0 < 50ms);
    p.send("quit");
    auto code = p.wait_exit(2s, false);
    REQUIRE(code);
    CHECK(*code == 0);
}

TEST_CASE("options set before UCI_Variant survive the change of game", "[uci]") {
    // The fuzzer found MultiPV, Hash and Threads reset to their defaults by UCI_Variant.
    Process p = start();
    p.send("setoption name MultiPV value 3");
    p.send("setoption name UCI_Variant value control");
    p.send("position startpos");
    p.send("go depth 2");
    std::vector<std::string> seen;
    REQUIRE(p.wait_for("bestmove", 10s, &seen));
    bool third = false;
    for (const auto& l : seen) third |= l.find(" multipv 3 ") != std::string::npos;
    CHECK(third);
}

TEST_CASE("a Hash the machine cannot give is made smaller, not a crash", "[uci]") {
    // 64 GB: the fuzzer found std::bad_alloc ending the program at the next search. Where
    // the memory is short the engine says so and searches with what it could get.
    Process p = start();
    p.send("setoption name Hash value 65536");
    p.send("go depth 1");
    REQUIRE(p.wait_for("bestmove", 10s));
    p.send("isready");
    CHECK(p.wait_for("readyok", 2s));
    p.send("setoption name Hash value 16");
    p.send("go depth 3");
    CHECK(p.wait_for("bestmove", 10s));
    CHECK(p.running());
}

TEST_CASE("absurd clock values are answered with a move, not an overflow", "[uci]") {
    Process p = start();
    for (const char* go : {"go wtime 9223372036854775807 winc 9223372036854775807 depth 2",
             "go btime 9223372036854775807 binc 9223372036854775807 movestogo 1 depth 2",
             "go wtime -9223372036854775808 winc -9223372036854775808",
             "go movetime 9223372036854775807 depth 2"}) {
        INFO(go);
        p.send(go);
        CHECK(p.wait_for("bestmove", 10s));
    }
    p.send("isready");
    CHECK(p.wait_for("readyok", 2s));
}

TEST_CASE(
    "go numbers too large for 64 bits are taken as the largest value, not an error", "[uci]") {
    Process p = start();
    p.send("position startpos");
    p.send("go depth 99999999999999999999 nodes 99999999999999999999 movetime 200");
    std::vector<std::string> seen;
    CHECK(p.wait_for("bestmove", 10s, &seen));
    for (const auto& l : seen) CHECK(l.find("error") == std::string::npos);
    p.send("go depth 2x");
    CHECK(p.wait_for("info string error: 'go depth' needs a number, not '2x'", 2s));
    p.send("stop");
    CHECK(p.wait_for("bestmove", 2s));
}
