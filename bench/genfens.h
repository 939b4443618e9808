// SPDX-License-Identifier: GPL-3.0-or-later
// genfens: opening positions for OpenBench's workers, which run
//     ./harlequin "genfens N seed S book <file>|None [extra]" quit
// and read N lines `info string genfens <FEN>`. Each position is a start (the game's, a
// random Chess960 array, or a random line of the book) followed by random legal plies,
// kept when the game goes on and a short fixed-node search scores it within a bound, so the
// starts are varied, legal and balanced enough. The same words and seed give the same FENs.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace hq {

struct GenfensRequest {
    int count = 0;
    std::uint64_t seed = 0;
    std::string book;           // empty: no book ("None")
    std::string variant;        // a registered game
    bool chess960 = false;      // random Chess960 starts (UCI_Chess960, `chess960`/`frc`)
    bool doubleRandom = false;  // `dfrc`: each side's back rank drawn on its own
    int plies = -1;             // random plies after the start; -1: 8, or 4 after a book line
    int maxScore = 200;         // centipawns, side to move's view
    std::uint64_t nodes = 5000; // the balance check's search
};

// Reads `N seed S book B [extra]` (the words after `genfens`); the extra words are
// `variant NAME`, `chess960` (or `frc`), `dfrc`, `plies P`, `maxscore CP`, `nodes N`.
// `variant` and `chess960` start from the front-end's current game and setting.
[[nodiscard]] std::variant<GenfensRequest, std::string> parse_genfens(
    const std::vector<std::string>& words, const std::string& variant, bool chess960);

// Writes the request's positions through `emit`, one FEN each; on failure (an unreadable
// book, a book line the game refuses, no balanced position found) the message.
[[nodiscard]] std::optional<std::string> generate_fens(
    const GenfensRequest& request, const std::function<void(const std::string&)>& emit);

// `harlequin genfens N seed S book B [extra]` from the command line (or the quoted form
// OpenBench uses, which main.cpp reads as UCI commands).
int genfens_command(const std::vector<std::string>& args);

} // namespace hq
