// SPDX-License-Identifier: GPL-3.0-or-later
// A new game as the page asks for it (POST /api/sessions): the game, its start (the game's
// start, a FEN, a PGN's game, a numbered Chess960 start) and its settings, checked.
#pragma once

#include "json_words.h"
#include "refusal.h"
#include "session.h"

#include <optional>
#include <string>
#include <variant>

namespace hq::serve {

struct NewGame {
    std::string game;
    std::string fen;
    std::optional<std::string> pgn;
    int index = 0;
    int start960 = -1;
    std::optional<Json> settings;

    // The start, pointing into this object.
    GameStart start() const { return {fen, pgn ? &*pgn : nullptr, index, start960}; }
};

// The body of POST /api/sessions. A new Chess960 game with neither a FEN nor a PGN starts
// from its numbered start position: the one given, or one of the 960 at random.
std::variant<NewGame, Refusal> parse_new_game(const Json& body);

} // namespace hq::serve
