// SPDX-License-Identifier: GPL-3.0-or-later
// The exchanges with the real binary that the protocol tests share: starting it, sending a
// list of commands or one awaiting its answer, and the UCI exchanges they repeat (`uci`,
// `go perft`, a timed `isready`, `bestmove`, `quit`, a search to interrupt).
#pragma once

#include "process.h"

#include <catch2/catch.hpp>
#include <chrono>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

namespace hq::test {

using Clock = std::chrono::steady_clock;

// The real binary with no arguments: it speaks UCI or XBoard, as it is spoken to.
inline Process start_engine() { return Process({HARLEQUIN_BINARY}); }

// Sends the commands in order.
inline void send_all(Process& p, std::initializer_list<std::string> commands) {
    for (const std::string& c : commands) p.send(c);
}

// Sends `command` and waits up to `timeout` for a line starting with `prefix`: that line,
// or nothing. The lines read are appended to `seen`.
inline std::optional<std::string> ask(Process& p, const std::string& command,
    const std::string& prefix, std::chrono::milliseconds timeout = std::chrono::seconds(2),
    std::vector<std::string>* seen = nullptr) {
    p.send(command);
    return p.wait_for(prefix, timeout, seen);
}

// Sends `uci` and returns the lines of the answer, `uciok` last (which must come within 2 s).
inline std::vector<std::string> uci_lines(Process& p) {
    std::vector<std::string> seen;
    REQUIRE(ask(p, "uci", "uciok", std::chrono::seconds(2), &seen));
    return seen;
}

// Sends `go perft <depth>` and returns the lines up to the total (`Nodes searched: N`,
// last), which must come within 30 s.
inline std::vector<std::string> perft_lines(Process& p, int depth) {
    std::vector<std::string> seen;
    REQUIRE(ask(p, "go perft " + std::to_string(depth), "Nodes searched:", std::chrono::seconds(30),
        &seen));
    return seen;
}

// The same, only the total's line.
inline std::string perft_total(Process& p, int depth) { return perft_lines(p, depth).back(); }

// Sends `isready` and returns how long `readyok` took; the test fails if it does not come
// within `timeout`. The lines before it are appended to `seen`.
inline Clock::duration isready_time(
    Process& p, std::chrono::milliseconds timeout, std::vector<std::string>* seen = nullptr) {
    auto t0 = Clock::now();
    REQUIRE(ask(p, "isready", "readyok", timeout, seen));
    return Clock::now() - t0;
}

// Sends `quit`; the exit code, or nothing if the process still runs after `timeout`.
inline std::optional<int> quit(Process& p, std::chrono::milliseconds timeout) {
    p.send("quit");
    return p.wait_exit(timeout, false);
}

// Waits for the UCI `bestmove` line (the test fails if none comes within `timeout`) and
// returns its move; the lines read, that one included, are appended to `seen`.
inline std::string best_move(
    Process& p, std::chrono::milliseconds timeout, std::vector<std::string>* seen = nullptr) {
    auto line = p.wait_for("bestmove ", timeout, seen);
    REQUIRE(line);
    return line->substr(9, line->find(' ', 9) - 9);
}

// Gives a UCI engine `position` and `go infinite`, and returns once it reports `info depth
// <depth>` (the test fails if that takes more than 5 s): a search to interrupt.
inline void search_to_depth(Process& p, const std::string& position, int depth) {
    send_all(p, {position, "go infinite"});
    REQUIRE(p.wait_for("info depth " + std::to_string(depth), std::chrono::seconds(5)));
}

} // namespace hq::test
