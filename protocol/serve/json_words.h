// SPDX-License-Identifier: GPL-3.0-or-later
// The small words of `harlequin serve`'s JSON, shared by its codecs (state_codec.h,
// settings_codec.h, stored_codec.h): sides, scores, outcomes, a move's squares, levels.
#pragma once

#include "engine/score.h"
#include "engine/types.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace hq::serve {

using Json = nlohmann::json;

const char* side_word(Color c);
Json score_json(Value v);
Json outcome_json(const Outcome& o);
// "1-0", "0-1", "1/2-1/2"; anything else: no result.
Result result_from_text(const std::string& text);
// The squares a move's text names, in order, once each in a row.
std::vector<std::string> move_squares(const std::string& text);

// A level as the page reads it: 1..MaxLevel, or null for full strength (0).
Json level_json(int level);
// The page's "level": a whole number from 1 to MaxLevel, or null (0); nothing when neither.
std::optional<int> parse_level(const Json& v);

} // namespace hq::serve
