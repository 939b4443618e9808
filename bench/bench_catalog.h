// SPDX-License-Identifier: GPL-3.0-or-later
// A game's share of the command-line runs: the positions `harlequin bench` searches, its
// perft reference file and the length after which `harlequin match` adjudicates. Given by
// each game through its registry entry (variants/registry.cpp: bench_catalog).
#pragma once

#include <string>
#include <vector>

namespace hq {

// A position `harlequin bench` searches (empty FEN: the start position).
struct BenchPosition {
    std::string fen;
    int depthOffset = 0; // games with long turns search shallower for the same effort
};

struct BenchCatalog {
    // The game's share of `harlequin bench` (every registered game must have some).
    std::vector<BenchPosition> positions = {};
    // Its reference perft file, tests/data/<perftFile>.epd (games of one rule set share
    // one: its FENs carry the fields that tell them apart). Every game must have one.
    std::string perftFile = {};
    // For a game whose rules end a game only when a player chooses to (no fifty-move
    // rule): the moves of each side after which `harlequin match` adjudicates a draw when
    // no -maxmoves is given; 0 for a game whose rules bound its length (Martian Chess:
    // `Martian::MatchMaxMoves`).
    int matchMaxMoves = 0;
};

} // namespace hq
