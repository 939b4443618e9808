// SPDX-License-Identifier: GPL-3.0-or-later
// `harlequin datagen`: training data from self-play, for the tuner (docs/tuning.md).
//
//   harlequin datagen -variant NAME -out FILE [-games N | -positions N]
//                     [-nodes N | -depth D] [-threads T] [-seed S] [-openings FILE]
//                     [-randomplies N] [-maxplies N] [-adjudicate CP] [-maxscore CP]
//                     [-hash MB] [-noisy keep|drop] [-nnue on|off] [-leaves K]
//   harlequin datagen -variant NAME -convert TEXT -out FILE.bin
//
// Harlequin plays itself: each game starts from an opening (the game's start position, or
// a line of an EPD file chosen at random), then `randomplies` uniformly random legal moves,
// then every move is searched to the node or depth limit by one search thread. Each of the
// `threads` workers plays its own games with its own engine.
//
// Format: text unless FILE ends in .bin, then binary records of the network's inputs
// (bench/training_data.h; the same positions and filters). Text: one position a line,
// appended to FILE,
//     FEN | score | result
// with the score the search's value of the position in centipawns and the result the
// game's final result, both from WHITE's point of view (the first player's, in every
// game): result 1.0 (White won), 0.5, 0.0. This is the text format the common NNUE
// trainers read (e.g. bullet's "text" format).
//
// Filters (a searched position is not written when): the side to move is in check, the
// search's best move is noisy (a capture, a promotion: whatever the game's quiescence
// search looks at), or the score is decided (|score| >= maxscore, default 1000, or a
// mate score). The positions of the random plies are not searched and not written.
// `-noisy keep` writes the noisy ones too: for a game whose static evaluation must price
// captures still on offer, as Multiple Move Chess's must (the mover's remaining moves and
// the opponent's whole next turn come after the quiescence search's leaf).
//
// `-leaves K` writes, after each searched position, K positions its search evaluated (at
// random among its static evaluations: engine/leaf_sampler.h), each searched in turn to
// the same limit for its score and given the game's result; the same filters apply. For
// a game whose network must judge positions that games never reach (the lines the search
// refutes). Text or .bin output only.
//
// `-nnue off` plays with the hand-crafted evaluation (the Use NNUE option), for a game
// whose network is to be replaced or checked against the data it was not made from.
//
// Game end: the game's own rules (the referee), or adjudication: a win once the score
// stayed at or beyond `adjudicate` cp (default 1000, 0: never) for the same side for 8
// plies in a row, a draw after `maxplies` plies (default 400).
//
// Determinism: game i plays from a generator seeded by (seed, i) alone, and games are
// written whole, in game order, so a run's output depends on the seed and the limits
// only, not on the thread count or the machine's load (node limits; depth limits too).
// With -positions N the run stops after the first game that brings the total to N.
// Ctrl-C: the games in progress are abandoned (their positions have no result yet);
// every finished game is written before the command returns.
#pragma once

#include "variants/registry.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace hq {

struct DatagenOptions {
    std::string variant = default_variant();
    std::string out;      // ending in .bin: binary records (training_data.h), otherwise text
    std::string convert;  // -convert TEXT: no games, TEXT turned into binary records in `out`
    std::string openings; // EPD file; empty: the start position
    std::int64_t games = 0, positions = 0; // stop after this many (one of them)
    std::uint64_t nodes = 0;
    int depth = 0;
    int threads = 1;
    std::uint64_t seed = 1;
    int randomPlies = 8;
    int maxPlies = 400;
    int adjudicate = 1000;
    int maxScore = 1000;
    int hashMb = 16;
    bool keepNoisy = false; // -noisy keep: write positions whose best move is noisy too
    bool useNnue = true;    // -nnue off: the hand-crafted evaluation (Use NNUE false)
    int leaves = 0;         // -leaves K: K of each search's evaluated positions written too
};

struct DatagenStats {
    std::int64_t games = 0, positions = 0;
    std::int64_t leaves = 0;                          // of the positions, those from -leaves
    std::int64_t inCheck = 0, noisy = 0, decided = 0; // positions dropped by each filter
    std::int64_t wins = 0, draws = 0, losses = 0;     // White's results
    std::string error;
};

struct DatagenParse {
    std::optional<DatagenOptions> options;
    std::string error;
};
DatagenParse parse_datagen_args(const std::vector<std::string>& args);

// Runs the generation; `progress` (may be empty) gets a status line about once a second.
// `stop` (may be null) ends the run early, as Ctrl-C does.
DatagenStats run_datagen(const DatagenOptions& o,
    const std::function<void(const std::string&)>& progress = {},
    const std::function<bool()>& stop = {});

int datagen_command(const std::vector<std::string>& args);

} // namespace hq
