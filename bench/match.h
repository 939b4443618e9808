// SPDX-License-Identifier: GPL-3.0-or-later
// The match runner: `harlequin match`. Plans the games (round robin or gauntlet, rounds,
// games per encounter, colours alternating, -repeat playing each opening with both
// colours), plays them on -concurrency threads (each thread owns its own engine
// processes, started once and restarted after a crash with -recover, or after a stall),
// writes each game's PGN and result line as it finishes, and prints standings (Elo,
// error margin, LOS) every -ratinginterval games and at the end, with the SPRT's state
// when -sprt is given (the match stops when it decides).
#pragma once

#include "engine/score.h"
#include "match_options.h"
#include "match_stats.h"

#include <functional>
#include <string>
#include <vector>

namespace hq {

struct FinishedGame {
    int number = 0;
    int white = 0, black = 0; // engine indices
    Result result = Result::NONE;
    std::string termination, reason;
};

struct MatchSummary {
    std::vector<std::string> names;  // engine names as used in PGN and standings
    std::vector<FinishedGame> games; // in the order they finished
    std::vector<Wdl> perEngine;      // each engine's results against the field
    Wdl firstVsSecond;               // engine 0's results against engine 1
    // Engine 0's game pairs against engine 1 (with -repeat: the two games of an opening,
    // both finished), in the pentanomial model of match_stats.h.
    Pentanomial pairs;
    bool sprtDecided = false;
    std::string sprtVerdict; // "H1 accepted after 132 games", once decided
    std::string error;       // why the match stopped early, if it did
};

// Where the runner's lines go (the console by default).
using LineSink = std::function<void(const std::string& line)>;

// Runs a match. `progress`: draw a live status line (only for a terminal).
MatchSummary run_match(const MatchOptions& options, const LineSink& out, bool progress);

// `harlequin match ...` (see match_options.h for the arguments).
int match_command(const std::vector<std::string>& args);

} // namespace hq
