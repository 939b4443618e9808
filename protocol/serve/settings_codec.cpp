// SPDX-License-Identifier: GPL-3.0-or-later
#include "settings_codec.h"

#include <fmt/format.h>

namespace hq::serve {

namespace {

std::optional<Refusal> read_player(
    const std::string& key, const Json& value, bool externalEngine, Settings& n) {
    auto p = value.is_string() ? parse_player(value.get<std::string>()) : std::nullopt;
    if (!p) return Refusal {400, key + " must be \"human\", \"harlequin\" or \"engine\""};
    if (*p == Player::EXTERNAL && !externalEngine)
        return Refusal {400, "no engine was given at server start (--engine)"};
    n.players[key == "white" ? WHITE : BLACK] = *p;
    return std::nullopt;
}

std::optional<Refusal> read_level(const Json& value, Settings& n) {
    auto level = parse_level(value);
    if (!level)
        return Refusal {400,
            fmt::format(
                "level must be a whole number from 1 to {} (null: full strength)", MaxLevel)};
    n.strength.level = *level;
    return std::nullopt;
}

// A number field: its range, and where it goes.
struct NumberField {
    const char* key;
    std::int64_t lo, hi;
    void (*store)(Settings&, std::int64_t);
};

const NumberField NumberFields[] = {
    {"movetime", 10, 600'000,
        [](Settings& n, std::int64_t v) {
            n.strength.moveTimeMs = int(v);
            n.strength.depth = 0; // a time per move instead of a depth
        }},
    {"depth", 0, 64, [](Settings& n, std::int64_t v) { n.strength.depth = int(v); }},
    {"multipv", 1, 8, [](Settings& n, std::int64_t v) { n.strength.multiPv = int(v); }},
    {"base", 0, 36'000'000,
        [](Settings& n, std::int64_t v) {
            n.baseMs = v;
            n.clockGiven = true;
        }},
    {"inc", 0, 600'000,
        [](Settings& n, std::int64_t v) {
            n.incMs = v;
            n.clockGiven = true;
        }},
};

std::optional<Refusal> read_number(const NumberField& f, const Json& value, Settings& n) {
    if (!value.is_number_integer())
        return Refusal {400, std::string(f.key) + " must be a whole number"};
    const std::int64_t v = value.get<std::int64_t>();
    if (v < f.lo || v > f.hi)
        return Refusal {400, fmt::format("{} must be from {} to {}", f.key, f.lo, f.hi)};
    f.store(n, v);
    return std::nullopt;
}

std::optional<Refusal> read_field(
    const std::string& key, const Json& value, bool externalEngine, Settings& n) {
    if (key == "white" || key == "black") return read_player(key, value, externalEngine, n);
    if (key == "level") return read_level(value, n);
    for (const auto& f : NumberFields)
        if (key == f.key) return read_number(f, value, n);
    return Refusal {400, "unknown setting '" + key + "'"};
}

} // namespace

std::variant<Settings, Refusal> parse_settings(
    const Json& body, const Settings& current, bool externalEngine) {
    if (!body.is_object()) return Refusal {400, "settings must be a JSON object"};
    Settings n = current;
    n.clockGiven = false;
    for (auto& [key, value] : body.items())
        if (auto no = read_field(key, value, externalEngine, n)) return *no;
    return n;
}

} // namespace hq::serve
