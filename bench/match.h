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
#include <optional>
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

// -shard K/N and -merge: a match's games split into pairs (the two games of an opening
// with -repeat, or each game alone), numbered from 1 in the order a single run plays
// them; shard K of N plays pairs K, K + N, K + 2N, ... with the same openings and colours
// as the whole match (the same -seed), and tags each game of its -pgnout with what the
// merge needs: MatchId (a hash of every setting but -shard, -pgnout, -concurrency,
// -ratinginterval, -event, -debug), MatchShard, MatchSeed, MatchGames, MatchPairs,
// MatchPair, MatchPairGame ("1/2"), MatchEngines and MatchEngine1..N (names), MatchLimits,
// MatchModel, MatchSprt. A shard does not stop when its own SPRT decides.
//
// merge_shards reads the shards' PGNs, refuses games of different matches and a game
// given twice, names the pairs missing a game and leaves them out, and counts the other
// games in the order of their numbers with the runner's own tally, printing the standings
// (and the SPRT: `sprt`, else the shards' MatchSprt) a run at -concurrency 1 prints at its
// end. `error` is set when it refused.
MatchSummary merge_shards(const std::vector<std::string>& files,
    const std::optional<SprtConfig>& sprt, const LineSink& out);

// `harlequin match ...` (see match_options.h for the arguments).
int match_command(const std::vector<std::string>& args);

} // namespace hq
