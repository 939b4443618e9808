// SPDX-License-Identifier: GPL-3.0-or-later
// Engine-vs-engine games in PGN with the engines' scores in the move comments, as
// fastchess and cutechess-cli write them ("{+0.35/12 0.213s, n=48210, sd=15}", "{book}"):
// what OpenBench's DATAGEN workloads return. Turned into whole-game records (HQGAMES,
// bench/game_records.h), the form the training data is kept in, so that `datagen -convert`
// makes positions of them as of Harlequin's own games.
//
// A comment's first word is the mover's score: centipawns as pawns with two decimals
// ("+0.35", "-1.20", "0.00"), or a mate as "+M5" / "-M4" (plies to mate), then "/depth".
// Moves before the first scored move (the book's, "{book}") are the record's opening; a
// game ends its record at the first move after that without a score (an engine that
// printed none). A game without a result ("*") or with an illegal move is skipped.
#pragma once

#include "game_records.h"

#include "protocol/pgn.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace hq::games {

// The mover's score in a PGN move comment, in centipawns (mates as the engine's values),
// or nothing when the comment has none.
[[nodiscard]] std::optional<int> comment_score(std::string_view comment);

// One PGN game as a record of `variant` (the referee reads its moves), or why it is not one.
[[nodiscard]] std::variant<Record, std::string> record_from_pgn(
    const PgnRecord& game, std::string_view variant);

struct PgnConvertStats {
    std::int64_t games = 0, plies = 0, skipped = 0;
    std::string firstSkipped; // the first skipped game, with its number and why
    std::string error;        // the PGN cannot be read: nothing converted
};
// Every game of a PGN text as HQGAMES lines (no header line) appended to `out`.
[[nodiscard]] PgnConvertStats pgn_to_records(
    const std::string& pgn, std::string_view variant, std::string& out);

} // namespace hq::games
