// SPDX-License-Identifier: GPL-3.0-or-later
// A game of `harlequin serve` and PGN (protocol/pgn.h): a new game read from a PGN the page
// sends, and the game record written as PGN with its variations.
#pragma once

#include "game_record.h"
#include "refusal.h"

#include <string>
#include <variant>
#include <vector>

namespace hq::serve {

// What a PGN game gives a new game: its start, its moves and the result it states.
struct PgnStart {
    std::string fen; // empty: the game's start position
    std::vector<std::string> moves;
    Outcome end; // a stated result, with the last comment as its reason
};

// Game `index` of `pgn`, which must be a game of `variant`.
std::variant<PgnStart, Refusal> read_pgn_game(
    const std::string& pgn, int index, const std::string& variant);

// The record as PGN, its players named `white` and `black`.
std::string record_pgn(const GameRecord& r, const std::string& white, const std::string& black);

} // namespace hq::serve
