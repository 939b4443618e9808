// SPDX-License-Identifier: GPL-3.0-or-later
// The state the page draws (docs/serve.md; notes in
// protocol/serve/web/): the whole of one game as JSON, sent after every change. Plain
// functions of the game record and of what the session holds beside it.
#pragma once

#include "game_record.h"
#include "json_words.h"
#include "search_report.h"
#include "settings.h"
#include "storage.h"

#include <cstdint>
#include <optional>
#include <string>

namespace hq::serve {

// Everything of a game the page draws but its record.
struct GameStatus {
    std::string id;
    std::uint64_t version = 0;
    Settings settings;
    SearchReport search;
    std::string message;        // the last thing the page should tell the person
    std::string externalEngine; // --engine, empty when none
    StorageStatus storage;
};

// The state for the position `ply` moves into the line shown (the record's shown position
// when absent; a ply past the line's end is its end).
Json state_json(const GameRecord& r, const GameStatus& g, std::optional<int> ply);

// Where games are stored, as every page and the lists show it.
Json storage_json(const StorageStatus& s);

} // namespace hq::serve
