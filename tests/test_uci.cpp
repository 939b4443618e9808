// SPDX-License-Identifier: GPL-3.0-or-later
// The UCI front-end, driven through the real binary over pipes.
#include "engine/text.h"
#include "engine/tunable.h"
#include "session.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <thread>

using namespace hq::test;
using namespace std::chrono_literals;

TEST_CASE("uci answers id, the variant combo and UCI_Chess960 within 100 ms", "[uci]") {
    Process p = start_engine();
    auto t0 = Clock::now();
    auto seen = uci_lines(p);
    CHECK(Clock::now() - t0 < within(100ms));
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
    Process p = start_engine();
    p.send("position startpos moves e2e4");
    auto lines = perft_lines(p, 2);
    CHECK(lines.back() == "Nodes searched: 600");
    int moves = 0;
    for (const auto& l : lines)
        if (l.find(": ") != std::string::npos && l.rfind("Nodes", 0) != 0) ++moves;
    CHECK(moves == 20);
}

TEST_CASE("setoption UCI_Variant accepts aliases and announces the variant", "[uci]") {
    Process p = start_engine();
    auto line = ask(p, "setoption name UCI_Variant value FischeRandom", "info string variant");
    REQUIRE(line);
    CHECK(*line
        == "info string variant chess960 files 8 ranks 8 pocket 0 template fairy startpos "
           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    // Chess960 castling is king takes rook.
    p.send("position fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
    CHECK(perft_total(p, 3) == "Nodes searched: 12189");
    CHECK(ask(p, "setoption name UCI_Variant value standard", "info string variant chess "));
}

TEST_CASE("bad input is answered with an error and the position is kept", "[uci]") {
    Process p = start_engine();
    p.send("position startpos moves e2e4");
    for (const char* bad : {"position fen rnbqkbnr/pppppppp/8/8 w - - 0 1",
             "position startpos moves e2e4 e2e4", "position fen", "position", "position sideways",
             "setoption name UCI_Variant value shogi", "setoption name NoSuchOption value 3",
             "setoption name UCI_Chess960 value maybe", "go perft -3", "go perft",
             "flibbertigibbet", "position startpos foo", "position startpos e2e4"}) {
        INFO(bad);
        CHECK(ask(p, bad, "info string error"));
    }
    isready_time(p, 2s);
    CHECK(perft_total(p, 1) == "Nodes searched: 20");
    CHECK(ask(p, "d", "Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"));
}

TEST_CASE("isready is answered while a perft runs, and quit exits", "[uci]") {
    Process p = start_engine();
    p.send("go perft 8");
    CHECK(isready_time(p, 2s) < within(50ms));
    CHECK(quit(p, 2s) == 0);
}

TEST_CASE("options set before UCI_Variant survive the change of game", "[uci]") {
    // The fuzzer found MultiPV, Hash and Threads reset to their defaults by UCI_Variant.
    Process p = start_engine();
    send_all(p,
        {"setoption name MultiPV value 3", "setoption name UCI_Variant value control",
            "position startpos", "go depth 2"});
    std::vector<std::string> seen;
    best_move(p, 10s, &seen);
    bool third = false;
    for (const auto& l : seen) third |= l.find(" multipv 3 ") != std::string::npos;
    CHECK(third);
}

TEST_CASE("a Hash the machine cannot give is made smaller, not a crash", "[uci]") {
    // 64 GB: the fuzzer found std::bad_alloc ending the program at the next search. Where
    // the memory is short the engine says so and searches with what it could get.
    // The engine never takes more than half the machine's memory (engine/tt.cpp), nor
    // more than HARLEQUIN_HASH_LIMIT_MB.
    // The table is written before readyok, so the test keeps it small: the same cap, lower.
    ::setenv("HARLEQUIN_HASH_LIMIT_MB", "300", 1);
    const long long totalKb = 300 * 1024 * 2;
    bool fits = false;
    Process p = start_engine();
    std::vector<std::string> seen;
    p.send("setoption name Hash value 65536");
    isready_time(p, 10s, &seen);
    auto notice = std::find_if(seen.begin(), seen.end(), [](const std::string& l) {
        return l.rfind("info string error: not enough memory for a 65536 MB hash; using ", 0) == 0;
    });
    if (fits) CHECK(notice == seen.end());
    else {
        REQUIRE(notice != seen.end());
        // "... using N MB": a smaller table that the machine could give.
        auto words = hq::split_words(*notice);
        long long mb = std::stoll(words[words.size() - 2]);
        CHECK(mb >= 1);
        CHECK(mb <= totalKb / 1024 / 2);
    }
    // And it searches with it.
    p.send("go depth 3");
    CHECK(best_move(p, 10s) != "(none)");
    send_all(p, {"setoption name Hash value 16", "go depth 3"});
    best_move(p, 10s);
}

TEST_CASE("absurd clock values are answered with a move, not an overflow", "[uci]") {
    Process p = start_engine();
    for (const char* go : {"go wtime 9223372036854775807 winc 9223372036854775807 depth 2",
             "go btime 9223372036854775807 binc 9223372036854775807 movestogo 1 depth 2",
             "go wtime -9223372036854775808 winc -9223372036854775808",
             "go movetime 9223372036854775807 depth 2"}) {
        INFO(go);
        p.send(go);
        best_move(p, 10s);
    }
    isready_time(p, 2s);
}

TEST_CASE(
    "go numbers too large for 64 bits are taken as the largest value, not an error", "[uci]") {
    Process p = start_engine();
    send_all(p,
        {"position startpos",
            "go depth 99999999999999999999 nodes 99999999999999999999 movetime 200"});
    std::vector<std::string> seen;
    best_move(p, 10s, &seen);
    for (const auto& l : seen) CHECK(l.find("error") == std::string::npos);
    CHECK(ask(p, "go depth 2x", "info string error: 'go depth' needs a number, not '2x'"));
    p.send("stop");
    best_move(p, 2s);
}

namespace {

// One `option` line of the `uci` answer, read the way a GUI reads it: the name runs up to
// ` type `, then keyword/value pairs (`var` may repeat).
struct DeclaredOption {
    std::string name, type, defaultValue;
    std::optional<long long> min, max;
    std::vector<std::string> vars;
};

std::optional<DeclaredOption> parse_option_line(const std::string& line) {
    const std::string head = "option name ";
    if (line.rfind(head, 0) != 0) return std::nullopt;
    auto typePos = line.find(" type ");
    if (typePos == std::string::npos) return std::nullopt;
    DeclaredOption o;
    o.name = line.substr(head.size(), typePos - head.size());
    std::istringstream rest(line.substr(typePos + 1));
    std::string key, value;
    while (rest >> key >> value) {
        if (key == "type") o.type = value;
        else if (key == "default") o.defaultValue = value;
        else if (key == "min") o.min = std::stoll(value);
        else if (key == "max") o.max = std::stoll(value);
        else if (key == "var") o.vars.push_back(value);
    }
    return o;
}

std::vector<DeclaredOption> declared_options(Process& p) {
    std::vector<DeclaredOption> out;
    for (const auto& l : uci_lines(p))
        if (auto o = parse_option_line(l)) out.push_back(*o);
    return out;
}

// The option names in the user manual's option table (docs/uci.md: first column, in
// backquotes).
std::vector<std::string> documented_options() {
    std::ifstream in(std::string(HARLEQUIN_TEST_DATA) + "/../../docs/uci.md");
    std::vector<std::string> names;
    std::string line;
    bool inTable = false;
    while (std::getline(in, line)) {
        if (line.rfind("| option | default | meaning |", 0) == 0) inTable = true;
        else if (inTable && line.rfind("| `", 0) == 0)
            names.push_back(line.substr(3, line.find('`', 3) - 3));
        else if (inTable && line.rfind("|---", 0) != 0) break;
    }
    return names;
}

// Sends `command`, then isready; the lines up to readyok.
std::vector<std::string> answer(Process& p, const std::string& command) {
    std::vector<std::string> seen;
    p.send(command);
    isready_time(p, 5s, &seen);
    return seen;
}

bool has_error(const std::vector<std::string>& lines) {
    return std::any_of(lines.begin(), lines.end(),
        [](const std::string& l) { return l.rfind("info string error", 0) == 0; });
}

} // namespace

TEST_CASE(
    "uci declares the options of docs/uci.md's table, no other, with type and range", "[uci]") {
    Process p = start_engine();
    auto declared = declared_options(p);
    auto documented = documented_options();
    REQUIRE(documented.size() >= 8);
    for (const std::string& name : documented) {
        INFO(name);
        CHECK(std::any_of(declared.begin(), declared.end(),
            [&](const DeclaredOption& o) { return o.name == name; }));
    }
    for (const DeclaredOption& o : declared) {
        INFO(o.name);
        // A tuning build's search numbers (test_tunables.cpp) are for tuners, not in the manual.
        const bool tunable = std::any_of(hq::tunables().begin(), hq::tunables().end(),
            [&](const hq::Tunable& t) { return t.name == o.name; });
        CHECK(std::count(documented.begin(), documented.end(), o.name) == (tunable ? 0 : 1));
        CHECK((o.type == "spin" || o.type == "check" || o.type == "button" || o.type == "combo"
            || o.type == "string"));
        if (o.type == "spin") {
            REQUIRE(o.min);
            REQUIRE(o.max);
            CHECK(*o.min <= std::stoll(o.defaultValue));
            CHECK(std::stoll(o.defaultValue) <= *o.max);
        }
        if (o.type == "check") CHECK((o.defaultValue == "true" || o.defaultValue == "false"));
        if (o.type == "combo") CHECK(std::count(o.vars.begin(), o.vars.end(), o.defaultValue) == 1);
    }
    auto hash = std::find_if(
        declared.begin(), declared.end(), [](const DeclaredOption& o) { return o.name == "Hash"; });
    REQUIRE(hash != declared.end());
    CHECK(hash->type == "spin");
    CHECK(hash->defaultValue == "16");
    CHECK(*hash->min == 1);
    CHECK(*hash->max == 65536);
}

TEST_CASE("every declared option can be set, and a value outside its range is refused", "[uci]") {
    Process p = start_engine();
    for (const DeclaredOption& o : declared_options(p)) {
        INFO(o.name);
        std::string set = "setoption name " + o.name;
        if (o.type == "button") CHECK_FALSE(has_error(answer(p, set)));
        else if (o.type == "check") {
            CHECK_FALSE(has_error(answer(p, set + " value true")));
            CHECK_FALSE(has_error(answer(p, set + " value false")));
            CHECK(has_error(answer(p, set + " value perhaps")));
        } else if (o.type == "combo") {
            for (const std::string& v : o.vars)
                CHECK_FALSE(has_error(answer(p, set + " value " + v)));
            CHECK(has_error(answer(p, set + " value no-such-choice")));
            CHECK_FALSE(has_error(answer(p, set + " value " + o.defaultValue)));
        } else if (o.type == "spin") {
            // The smallest value and the default (the largest Hash would take the memory).
            CHECK_FALSE(has_error(answer(p, set + " value " + std::to_string(*o.min))));
            CHECK_FALSE(has_error(answer(p, set + " value " + o.defaultValue)));
            CHECK(has_error(answer(p, set + " value " + std::to_string(*o.max + 1))));
            CHECK(has_error(answer(p, set + " value " + std::to_string(*o.min - 1))));
        }
    }
    // The settings took effect: MultiPV 2 gives two lines per depth.
    answer(p, "setoption name MultiPV value 2");
    p.send("go depth 3");
    std::vector<std::string> seen;
    best_move(p, 10s, &seen);
    CHECK(std::any_of(seen.begin(), seen.end(),
        [](const std::string& l) { return l.find(" multipv 2 ") != std::string::npos; }));
}

TEST_CASE("debug on and debug off are accepted", "[uci]") {
    Process p = start_engine();
    CHECK_FALSE(has_error(answer(p, "debug on")));
    CHECK_FALSE(has_error(answer(p, "debug off")));
    CHECK(has_error(answer(p, "debug sideways")));
}

namespace {

// Every command a GUI may send, each sent while a long job runs.
const std::vector<std::string> EVERY_COMMAND
    = {"uci", "isready", "ucinewgame", "debug on", "setoption name Hash value 32",
        "setoption name Threads value 2", "setoption name MultiPV value 2",
        "setoption name Move Overhead value 10", "setoption name Ponder value true",
        "setoption name Clear Hash", "setoption name UCI_Chess960 value true",
        "setoption name UCI_Chess960 value false", "setoption name UCI_Variant value control",
        "setoption name UCI_Variant value martian", "setoption name UCI_Variant value chess",
        "position startpos moves e2e4", "position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1", "go perft 1",
        "go depth 1", "go infinite", "go ponder", "ponderhit", "stop", "d", "flibbertigibbet"};

void every_command_during(const std::string& longJob) {
    Process p = start_engine();
    for (const std::string& command : EVERY_COMMAND) {
        INFO(longJob << " then " << command);
        send_all(p, {"position startpos", longJob});
        std::this_thread::sleep_for(20ms);
        p.send(command);
        CHECK(isready_time(p, 5s) < within(100ms));
        p.send("stop");
    }
    p.send(longJob);
    std::this_thread::sleep_for(20ms);
    CHECK(quit(p, 1s) == 0);
}

} // namespace

TEST_CASE("every command during go infinite leaves isready answered at once", "[uci][hang]") {
    every_command_during("go infinite");
}

TEST_CASE("every command during go perft 12 leaves isready answered at once", "[uci][hang]") {
    every_command_during("go perft 12");
}

TEST_CASE("quit during go infinite exits within a second", "[uci][hang]") {
    for (const char* job : {"go infinite", "go ponder", "go perft 12"}) {
        INFO(job);
        Process p = start_engine();
        send_all(p, {"setoption name Threads value 2", job});
        std::this_thread::sleep_for(50ms);
        CHECK(quit(p, 1s) == 0);
    }
}
