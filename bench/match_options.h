// SPDX-License-Identifier: GPL-3.0-or-later
// What `harlequin match` is asked to do, read from cutechess-cli style arguments:
//
//   harlequin match -engine cmd=PATH [name=N] [arg=A]... [dir=D] [proto=uci|xboard]
//                           [option.NAME=VALUE]... [tc=MOVES/TIME+INC|inf] [st=S]
//                           [depth=D] [nodes=N] [timemargin=MS]
//                   -engine ... [-engine ...] [-each KEY=VALUE ...]
//                   [-variant NAME] [-games N] [-rounds N] [-repeat]
//                   [-tournament round-robin|gauntlet]
//                   [-openings file=F [format=epd|pgn] [order=random|sequential] [plies=N]]
//                   [-concurrency N] [-pgnout FILE] [-event NAME]
//                   [-draw movenumber=N movecount=N score=CP] [-resign movecount=N score=CP
//                   [twosided=true]] [-maxmoves N] [-sprt elo0=E0 elo1=E1 alpha=A beta=B
//                   [model=pentanomial|trinomial] [stop=true|false]]
//                   [-ratinginterval N] [-recover] [-seed N] [-stalltimeout S] [-debug]
//                   [-shard K/N]
//
//   harlequin match -merge FILE... [-sprt ...] (the standings of shards: bench/match.h)
//   harlequin match -checkpgn FILE      (replays a PGN with the rules: bench/pgn_check.h)
//   harlequin match -variants           (the registered games, one a line)
//
// TIME is seconds or minutes:seconds; MOVES/ is optional (moves per period). Every engine
// needs a limit: a tc, st, depth or nodes. No time (a tc's base or increment, st=,
// -stalltimeout) may exceed MAX_TIME_SECONDS.
#pragma once

#include "protocol/client/engine_config.h"
#include "variants/registry.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace hq {

// "40/60+0.6", "1:30+1", "10", "inf"; nothing when malformed.
std::optional<TimeControl> parse_time_control(const std::string& text);

struct OpeningsConfig {
    std::string file; // empty: every game from the variant's start position
    std::string format = "epd";
    bool random = false;
    int plies = 0; // PGN openings: at most this many moves, 0 for all
};

// -draw: a draw once both engines' scores stayed within `score` cp of zero for
// `moveCount` consecutive moves each, from full move `moveNumber` on.
struct DrawAdjudication {
    bool enabled = false;
    int moveNumber = 0, moveCount = 0, score = 0;
};
// -resign: an engine loses once its score stayed at or below -`score` cp for `moveCount`
// consecutive moves (and, two-sided, its opponent's at or above +`score`).
struct ResignAdjudication {
    bool enabled = false;
    int moveCount = 0, score = 0;
    bool twoSided = false;
};

struct SprtConfig {
    bool enabled = false;
    double elo0 = 0, elo1 = 5, alpha = 0.05, beta = 0.05;
    // model=pentanomial|trinomial; empty: pentanomial when games come in pairs (-repeat
    // with an even -games), else trinomial.
    std::string model;
    // stop=false: the match plays all its games and reports when the test decided (one
    // run gives the SPRT and a fixed-length result).
    bool stop = true;
};

struct MatchOptions {
    std::vector<EngineConfig> engines;
    std::string variant = default_variant(); // a registered name (canonical_variant)
    int games = 1, rounds = 1;
    bool repeat = false;
    bool gauntlet = false; // else round robin
    OpeningsConfig openings;
    int concurrency = 1;
    std::string pgnOut, event = "?";
    DrawAdjudication draw;
    ResignAdjudication resign;
    int maxMoves = 0;
    bool maxMovesByGame = false; // maxMoves is the game's own bound (BenchCatalog::matchMaxMoves)
    SprtConfig sprt;
    int ratingInterval = 0;
    bool recover = false;
    std::uint64_t seed = 0;
    bool seedGiven = false;
    double stallTimeout = 60; // seconds an engine may think without any time limit
    bool debug = false;       // engine traffic on stderr
    // -shard K/N: play only the game pairs (bench/match.h) whose number is K modulo N
    // (pairs K, K + N, K + 2N, ...); 0 of 0 when the match is not sharded.
    int shard = 0, shards = 0;
};

// Parses the words after `match`. On error: the message (naming the bad argument).
struct ParsedMatchArgs {
    std::optional<MatchOptions> options;
    std::string error;
};
ParsedMatchArgs parse_match_args(const std::vector<std::string>& args);

// The key=value words after -sprt (as -merge takes them) into `sprt`; the error, if any.
std::optional<std::string> parse_sprt_settings(
    const std::vector<std::string>& words, SprtConfig& sprt);

} // namespace hq
