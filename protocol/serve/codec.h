// SPDX-License-Identifier: GPL-3.0-or-later
// The JSON of `harlequin serve`'s games, apart from the games themselves (session.h): the
// state the page draws, the settings the page sends, and the game as the database stores
// it (store.h). Session holds plain data; this file alone knows the field names.
#pragma once

#include "session.h"

#include <variant>

namespace hq::serve {

// The whole state the page draws (README.md, "Playing in the browser"; notes in
// protocol/serve/web/) for the position `ply` moves into the line shown.
Json state_json(const Session& s, std::optional<int> ply);

// The page's settings object read onto `current`; a refusal names the bad field.
std::variant<Settings, Refusal> parse_settings(
    const Json& body, const Settings& current, bool externalEngine);

// A game as stored: everything to resume it.
struct StoredSession {
    std::string game, startFen, created;
    int start960 = -1;
    std::vector<TreeNode> nodes;
    std::vector<int> mainline;
    int lineEnd = 0;
    Settings settings;
    std::int64_t clockMs[COLOR_NB] = {0, 0};
    Outcome manualEnd;
};
constexpr int StoredFormat = 1; // the "format" field of the stored JSON

Json stored_json(const StoredSession& s);
std::variant<StoredSession, std::string> parse_stored(const Json& j);

// Words and scores as the page reads them.
const char* side_word(Color c);
Json score_json(Value v);
Json outcome_json(const Outcome& o);
std::vector<std::string> move_squares(const std::string& text);

} // namespace hq::serve
