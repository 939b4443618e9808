// SPDX-License-Identifier: GPL-3.0-or-later
// What XBoard needs to know of a game besides its rules: its own name for it, the letters
// and moves of the game's pieces, or why it cannot play it. Given by each game (its folder)
// through its registry entry (variants/registry.cpp: xboard_profile); read by the XBoard
// front-end and driver (protocol/xboard_variants.h).
#pragma once

#include <string>
#include <vector>

namespace hq {

struct XBoardProfile {
    // XBoard's own name for the game when XBoard knows its rules (`normal`,
    // `fischerandom`); empty: offered as an engine-defined variant under the registry name.
    std::string name = {};
    // Pieces that move unlike their chess namesakes, as "LETTER BETZA" (`K KnDnA`), for
    // XBoard's `piece` command.
    std::vector<std::string> pieceBetza = {};
    // XBoard's piece-to-char table for a game whose letters are not chess's (one letter
    // per XBoard piece type, `.` for unused, White's half then Black's); empty: chess's.
    std::string pieces = {};
    // Why XBoard cannot play this game, as the game sees it (empty: it can). XBoard draws
    // two armies whose pieces belong to one side for good; a game whose pieces change
    // owner is not offered to it.
    std::string unplayable = {};
};

} // namespace hq
