// SPDX-License-Identifier: GPL-3.0-or-later
// Whole games, the compact form the training data is kept in (HQGAMES): what `harlequin
// datagen -out FILE.games` writes and `datagen -convert FILE.games` turns into positions.
// A game keeps its start, its moves and the search's score of every searched ply, so the
// positions are derived when needed, with any filters, instead of stored one by one:
// about 8 bytes a ply as text and under 2 compressed with xz, where a position record
// takes 40 to 60 bytes (HQTD) and a text line 80 to 100.
//
// File: text, one game a line, after a first line naming the game:
//     #hqgames 1 VARIANT
//     START FEN | RESULT | OPENING MOVES | MOVE:SCORE MOVE:SCORE ...
// RESULT is White's (the first player's): 1.0, 0.5 or 0.0; the opening moves are the
// random plies played before the search took over (not scored, never positions); each
// MOVE is the game's own move text, the one the search chose, and SCORE the search's value
// of the position it was played from, in centipawns from White's point of view (mate
// values as the engine's Value). Compressed files are read from standard input:
// `xzcat F.games.xz | harlequin datagen -variant V -convert - -out F.bin`.
#pragma once

#include "engine/game_probe.h"

#include <cstdint>
#include <functional>
#include <istream>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace hq::games {

constexpr int Version = 1;

struct Ply {
    std::string move;
    int whiteScore = 0;
};

struct Record {
    std::string startFen;
    double whiteResult = 0.5;
    std::vector<std::string> opening;
    std::vector<Ply> plies;
};

// The first line of a file of `variant`'s games (with its newline).
[[nodiscard]] std::string header_line(std::string_view variant);
// The variant a first line names, or nothing when it is not an HQGAMES header.
[[nodiscard]] std::optional<std::string> header_variant(std::string_view line);

// One game as its line (with the newline), and back (or the reason it is not one).
[[nodiscard]] std::string format(const Record& game);
[[nodiscard]] std::variant<Record, std::string> parse(std::string_view line);

// Which searched positions become training data (datagen's filters, bench/datagen.h).
struct Filters {
    int maxScore = 1000;
    bool keepNoisy = false;
};
enum class Drop { KEPT, IN_CHECK, NOISY, DECIDED };
// The verdict on the probe's position, searched to `best` with White's score `whiteScore`.
[[nodiscard]] Drop filter(
    const GameProbe& probe, std::string_view best, int whiteScore, const Filters& filters);

struct ReplayCounts {
    std::int64_t kept = 0, inCheck = 0, noisy = 0, decided = 0;
};
// Replays a game with the probe, calling `keep` at every position the filters keep (the
// probe standing on it, with White's score); the reason when a move is not legal.
[[nodiscard]] std::optional<std::string> replay(const Record& game, GameProbe& probe,
    const Filters& filters, const std::function<void(const GameProbe&, int)>& keep,
    ReplayCounts& counts);

struct ConvertStats {
    std::int64_t games = 0, positions = 0, badGames = 0;
    ReplayCounts dropped;
    std::string error;    // the file could not be read or written: nothing was
    std::string firstBad; // where the first bad game was (it and the others are skipped)
};
// A games file (`in`, named `inName` in messages) to positions appended to `out`: text
// (`FEN | score | result`) or, for a name ending in .bin, HQTD records.
[[nodiscard]] ConvertStats convert(std::istream& in, const std::string& inName,
    const std::string& out, std::string_view variant, const Filters& filters);

} // namespace hq::games
