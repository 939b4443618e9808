// SPDX-License-Identifier: GPL-3.0-or-later
// The page's settings object (POST .../settings, a new game's "settings"): every field it
// may hold, checked, read onto the settings a game has.
#pragma once

#include "json_words.h"
#include "refusal.h"
#include "settings.h"

#include <variant>

namespace hq::serve {

// `body` read onto `current`; a refusal names the bad field. `externalEngine`: whether the
// server has an --engine a side may be given to.
std::variant<Settings, Refusal> parse_settings(
    const Json& body, const Settings& current, bool externalEngine);

} // namespace hq::serve
