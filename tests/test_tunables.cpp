// SPDX-License-Identifier: GPL-3.0-or-later
// The search's tunable numbers (engine/tunable.h), read the way a tuner reads them: the
// real binary's `uci` answer and `harlequin tunables` lines. A tuning build (-DHARLEQUIN_TUNE=ON,
// the ASan build of .ci/run) declares and applies them; every other build declares none.
#include "engine/tunable.h"
#include "process.h"
#include "session.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <string>
#include <vector>

using namespace hq::test;

namespace {

// `harlequin tunables`: its output lines and exit code.
std::pair<std::vector<std::string>, std::optional<int>> tunables_run() {
    Process p({HARLEQUIN_BINARY, "tunables"});
    std::vector<std::string> lines;
    while (auto line = p.read_line(std::chrono::seconds(5))) lines.push_back(*line);
    return {lines, p.wait_exit(std::chrono::seconds(5), true)};
}

#ifdef HARLEQUIN_TUNE
// The node count of the last `info ... nodes N` line of a depth-9 search from the start.
long long nodes_at_depth_9(Process& p) {
    std::vector<std::string> seen;
    send_all(p, {"ucinewgame", "position startpos", "go depth 9"});
    best_move(p, std::chrono::seconds(60), &seen);
    long long nodes = -1;
    for (const std::string& l : seen)
        if (auto at = l.find(" nodes "); l.rfind("info depth", 0) == 0 && at != std::string::npos)
            nodes = std::stoll(l.substr(at + 7));
    return nodes;
}
#endif

} // namespace

#ifdef HARLEQUIN_TUNE
TEST_CASE("a tuning build declares every tunable as a UCI spin and lists it for SPSA",
    "[uci][tunables]") {
    REQUIRE(hq::tunables().size() >= 20);
    Process p = start_engine();
    const auto uci = uci_lines(p);
    const auto [lines, exitCode] = tunables_run();
    CHECK(exitCode == 0);
    REQUIRE(lines.size() == hq::tunables().size());
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const hq::Tunable& t = hq::tunables()[i];
        INFO(t.name);
        const std::string spin = fmt::format("option name {} type spin default {} min {} max {}",
            t.name, t.defaultValue, t.min, t.max);
        CHECK(std::find(uci.begin(), uci.end(), spin) != uci.end());
        CHECK(lines[i].rfind(
                  fmt::format("{}, int, {}, {}, {}, ", t.name, t.defaultValue, t.min, t.max), 0)
            == 0);
        CHECK(t.min <= t.defaultValue);
        CHECK(t.defaultValue <= t.max);
    }
}

TEST_CASE("a tunable set by setoption changes the search, and a value out of range is refused",
    "[uci][tunables]") {
    Process p = start_engine();
    uci_lines(p);
    const long long before = nodes_at_depth_9(p);
    REQUIRE(before > 0);
    // Refused: the value is kept, so the same search gives the same nodes.
    auto refused = ask(p, "setoption name LmrDivisorCenti value 9999", "info string error");
    REQUIRE(refused);
    CHECK(refused->find("from 150 to 350") != std::string::npos);
    CHECK(nodes_at_depth_9(p) == before);
    // Deeper reductions search fewer nodes to the same depth.
    p.send("setoption name LmrDivisorCenti value 150");
    const long long reduced = nodes_at_depth_9(p);
    CHECK(reduced < before);
    // Its default again: the search of before.
    const auto& all = hq::tunables();
    auto lmr = std::find_if(
        all.begin(), all.end(), [](const hq::Tunable& t) { return t.name == "LmrDivisorCenti"; });
    REQUIRE(lmr != all.end());
    p.send(fmt::format("setoption name LmrDivisorCenti value {}", lmr->defaultValue));
    CHECK(nodes_at_depth_9(p) == before);
}
#else
TEST_CASE("a normal build declares no tunable and says how to get them", "[uci][tunables]") {
    CHECK(hq::tunables().empty());
    Process p = start_engine();
    for (const std::string& l : uci_lines(p)) CHECK(l.find("LmrDivisorCenti") == std::string::npos);
    auto refused = ask(p, "setoption name LmrDivisorCenti value 150", "info string error");
    REQUIRE(refused);
    CHECK(refused->find("unknown option") != std::string::npos);
    const auto [lines, exitCode] = tunables_run();
    CHECK(exitCode == 2);
    REQUIRE(lines.size() == 1);
    CHECK(lines[0].find("-DHARLEQUIN_TUNE=ON") != std::string::npos);
}
#endif
