// SPDX-License-Identifier: GPL-3.0-or-later
// Openings for matches: start positions (EPD) and short lines (PGN), checked by the game's
// Referee as they are read, and the generator that made the files in bench/openings/.
#pragma once

#include "engine/referee.h"
#include "match_options.h"
#include "protocol/pgn.h" // resolve_move

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hq {

struct Opening {
    std::string fen;                      // the position the game starts from (the referee's FEN)
    bool startpos = true;                 // it is the variant's start position
    std::vector<std::string> moves, sans; // book moves played from it
};

// Reads the openings of `config` for the variant; with no file, the start position alone.
// On error (unreadable file, illegal position or move, no opening) the message.
struct OpeningsLoad {
    std::vector<Opening> openings;
    std::string error;
};
OpeningsLoad load_openings(const OpeningsConfig& config, const std::string& variant);

// Sets up a referee for an EPD or FEN line: the longest prefix of its words (before the
// first ';') that the referee accepts as a FEN, so EPD operations after the position are
// skipped whatever the number of FEN fields of the game. On failure the referee's message.
std::optional<std::string> set_epd_position(Referee& referee, const std::string& line);

// `harlequin openings ...`: writes random, checked start positions (see bench/openings/).
int openings_command(const std::vector<std::string>& args);

} // namespace hq
