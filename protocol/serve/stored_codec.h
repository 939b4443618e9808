// SPDX-License-Identifier: GPL-3.0-or-later
// A game as the database stores it (store.h): the game record and its settings as one JSON
// object (a game's row), and each move played since as a small JSON object of its own (what
// the move changed of the record). Reading a game applies its moves to its row in order.
#pragma once

#include "game_record.h"
#include "json_words.h"
#include "settings.h"

#include <string>
#include <variant>
#include <vector>

namespace hq::serve {

// A game as stored: everything to resume it (the settings' clock fields are the record's).
struct StoredSession {
    RecordData record;
    Settings settings;
};
constexpr int StoredFormat = 1; // the "format" field of a game's row

Json stored_json(const RecordData& r, const Settings& s);
Json stored_move_json(const RecordMove& m);
// A game's row and the moves appended since; why not when they are damaged.
std::variant<StoredSession, std::string> parse_stored(
    const std::string& row, const std::vector<std::string>& moves);

} // namespace hq::serve
