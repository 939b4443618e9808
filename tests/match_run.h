// SPDX-License-Identifier: GPL-3.0-or-later
// Running `harlequin match` inside a test, for the match tests (test_match_engines.cpp,
// test_match_shards.cpp): a fresh file name for its PGN, the run with its printed lines
// collected, and the PGN file read back.
#pragma once

#include "bench/match.h"
#include "protocol/pgn.h"

#include <catch2/catch.hpp>
#include <cstdio>
#include <fstream>
#include <mutex>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace hq::test {

struct MatchRun {
    MatchSummary summary;
    std::vector<std::string> lines; // what the match printed, in order
    std::vector<PgnRecord> games;   // its PGN file read back, where the test reads it
};

// A name for a file that does not exist yet, from a mkstemp pattern ("/tmp/hq_XXXXXX").
inline std::string fresh_file_name(std::string pattern) {
    int fd = mkstemp(pattern.data());
    REQUIRE(fd >= 0);
    close(fd);
    std::remove(pattern.c_str());
    return pattern;
}

// The games of a PGN file; the test fails if it does not read.
inline std::vector<PgnRecord> read_pgn_file(const std::string& file) {
    std::ifstream in(file);
    std::stringstream text;
    text << in.rdbuf();
    auto read = read_pgn(text.str());
    INFO(read.error);
    REQUIRE(read.error.empty());
    return read.games;
}

// Runs `harlequin match` with these arguments, which must parse; the games are not read.
inline MatchRun run_match_with(const std::vector<std::string>& args) {
    auto parsed = parse_match_args(args);
    INFO(parsed.error);
    REQUIRE(parsed.options);
    MatchRun r;
    std::mutex m; // the match's game threads print concurrently
    LineSink sink = [&](const std::string& l) {
        std::lock_guard lock(m);
        r.lines.push_back(l);
    };
    r.summary = run_match(*parsed.options, sink, false);
    return r;
}

} // namespace hq::test
