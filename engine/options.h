// SPDX-License-Identifier: GPL-3.0-or-later
// The engine's settings as one table: the only list of what a GUI may set. The UCI
// front-end declares every row in its `uci` answer and accepts exactly these names in
// `setoption`; the XBoard front-end declares the rows it has no native command for
// (protocol/xboard.cpp) as `feature option=` and accepts them in `option`. A row's setter is how
// the value reaches Engine::Options, so a declared option and an accepted one cannot differ.
//
// The front-ends keep their Engine::Options (a new game's engine gets the same ones):
// they apply a row to it, then hand it to the engine with Engine::set_options().
#pragma once

#include "engine.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>

namespace hq {

enum class OptionType { SPIN, CHECK, BUTTON, STRING };

struct OptionDef {
    std::string_view name;
    OptionType type;
    std::int64_t defaultValue = 0; // spin: the number; check: 0 or 1
    std::int64_t min = 0, max = 0; // spin only
    // Spin and check: stores the value. Button: nullptr (see `press`).
    void (*set)(Engine::Options&, std::int64_t) = nullptr;
    // Button: what pressing it does to the engine.
    void (*press)(Engine&) = nullptr;
    // String: the default text, and how a value (already accepted by `check`) is stored.
    std::string_view defaultText = {};
    void (*setText)(Engine::Options&, std::string_view) = nullptr;
    // String: whether the engine takes the value (EvalFile: the file loads as a network),
    // with the reason when not, or a notice. The front-ends call it before storing it.
    Engine::FileLoad (*check)(Engine&, const std::string&) = nullptr;
    // Spin of a tuning build's search number (engine/tunable.h): set in place, at once.
    int* tunable = nullptr;
};

// Every engine option, in the order GUIs list them; in a tuning build (engine/tunable.h)
// the search's tunable numbers follow, one spin each.
[[nodiscard]] std::span<const OptionDef> engine_options();

// The row named `name`, case-insensitively (UCI option names are case-insensitive).
[[nodiscard]] const OptionDef* find_option(std::string_view name);

// The value text parsed for `def`: a number within the spin's range, `true`/`false` for a
// check (any case), nothing for a button; or the error message naming what it takes.
// String options are not parsed here: see set_text_option.
[[nodiscard]] std::variant<std::int64_t, std::string> parse_option_value(
    const OptionDef& def, std::string_view value);

// Applies a parsed value: a setting goes into `options` (true when it changed), a button
// is pressed on `engine`.
bool apply_option(
    const OptionDef& def, std::int64_t value, Engine::Options& options, Engine& engine);

// A string option's value, checked by the engine (def.check) and stored in `options`
// (with a notice to show, if any); or the reason it was refused (`error`, options
// unchanged). Both texts start with the option's name.
[[nodiscard]] Engine::FileLoad set_text_option(
    const OptionDef& def, const std::string& value, Engine::Options& options, Engine& engine);

} // namespace hq
