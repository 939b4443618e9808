// SPDX-License-Identifier: GPL-3.0-or-later
#include "options.h"

#include "text.h"
#include "tunable.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <fmt/format.h>
#include <vector>

namespace hq {

namespace {

bool same_name(std::string_view a, std::string_view b) {
    return std::ranges::equal(a, b, [](char x, char y) {
        return std::tolower(static_cast<unsigned char>(x))
            == std::tolower(static_cast<unsigned char>(y));
    });
}

// A check option's setter: the flag `Field` of the options.
template <bool Engine::Options::*Field> void set_flag(Engine::Options& o, std::int64_t v) {
    o.*Field = v != 0;
}

// A string option's setter: the text `Field` of the options, empty when the value is `None`
// (the option's default, which stands for no file).
template <std::string Engine::Options::*Field, const std::string_view& None>
void set_text_or_none(Engine::Options& o, std::string_view v) {
    o.*Field = v == None ? std::string() : std::string(v);
}

constexpr std::array<OptionDef, 18> OPTIONS = {{
    {"Hash", OptionType::SPIN, 16, 1, 65536,
        [](Engine::Options& o, std::int64_t v) { o.hashMb = std::size_t(v); }},
    {"Threads", OptionType::SPIN, 1, 1, 256,
        [](Engine::Options& o, std::int64_t v) { o.threads = int(v); }},
    {"MultiPV", OptionType::SPIN, 1, 1, 256,
        [](Engine::Options& o, std::int64_t v) { o.multiPv = int(v); }},
    {"Move Overhead", OptionType::SPIN, 50, 0, 5000,
        [](Engine::Options& o, std::int64_t v) { o.moveOverhead = v; }},
    // Pondering is driven by `go ponder`; the option tells the GUI that Harlequin can.
    {"Ponder", OptionType::CHECK, 0, 0, 1, set_flag<&Engine::Options::ponder>},
    // The games with a network (GameHooks::useNnue; engine/nnue.h) evaluate with it or,
    // when off, with their hand-crafted evaluation; the others ignore it.
    {"Use NNUE", OptionType::CHECK, 1, 0, 1, set_flag<&Engine::Options::useNnue>},
    // The network file of the game being played (engine/nnue.h; docs/nnue.md): its input
    // count must be the game's. A new game (UCI_Variant) tries the same file and falls back
    // to its built-in network when the file is not one of its own.
    {"EvalFile", OptionType::STRING, 0, 0, 0, nullptr, nullptr, Engine::BuiltInNetwork,
        set_text_or_none<&Engine::Options::evalFile, Engine::BuiltInNetwork>,
        [](Engine& e, const std::string& v) { return e.load_network(v); }},
    {"Clear Hash", OptionType::BUTTON, 0, 0, 0, nullptr, [](Engine& e) { e.clear_hash(); }},
    // Strength (engine/skill.h; docs/levels.md), as Stockfish declares it: UCI_Elo when
    // UCI_LimitStrength is on, else Skill Level (20: full strength).
    {"UCI_LimitStrength", OptionType::CHECK, 0, 0, 1, set_flag<&Engine::Options::limitStrength>},
    {"UCI_Elo", OptionType::SPIN, Skill::MinElo, Skill::MinElo, Skill::MaxElo,
        [](Engine::Options& o, std::int64_t v) { o.elo = int(v); }},
    {"Skill Level", OptionType::SPIN, 20, 0, 20,
        [](Engine::Options& o, std::int64_t v) { o.skillLevel = int(v); }},
    // The weaker levels' choices are drawn from this seed (0: a new one every game), so a
    // game can be played again exactly.
    {"Skill Seed", OptionType::SPIN, 0, 0, 2147483647,
        [](Engine::Options& o, std::int64_t v) { o.skillSeed = std::uint64_t(v); }},
    // Analysis is at full strength whatever the level.
    {"UCI_AnalyseMode", OptionType::CHECK, 0, 0, 1, set_flag<&Engine::Options::analyseMode>},
    // Info lines with the score's win/draw/loss chances, per mille (engine/wdl.h: a model
    // fitted to each game's own games).
    {"UCI_ShowWDL", OptionType::CHECK, 0, 0, 1, set_flag<&Engine::Options::showWdl>},
    // Endgame tables (chess: Syzygy, variants/chess/syzygy.h; docs/tablebases.md), as
    // Stockfish declares them: the folders (':'-separated), the least depth at which a
    // position of the most pieces the tables hold is probed, whether a win the fifty-move
    // rule spoils is a draw, and the most pieces probed.
    {"SyzygyPath", OptionType::STRING, 0, 0, 0, nullptr, nullptr, Engine::NoTables,
        set_text_or_none<&Engine::Options::syzygyPath, Engine::NoTables>,
        [](Engine& e, const std::string& v) { return e.load_tables(v); }},
    {"SyzygyProbeDepth", OptionType::SPIN, 1, 1, 100,
        [](Engine::Options& o, std::int64_t v) { o.syzygyProbeDepth = int(v); }},
    {"Syzygy50MoveRule", OptionType::CHECK, 1, 0, 1, set_flag<&Engine::Options::syzygy50MoveRule>},
    {"SyzygyProbeLimit", OptionType::SPIN, 7, 0, 7,
        [](Engine::Options& o, std::int64_t v) { o.syzygyProbeLimit = int(v); }},
}};

} // namespace

std::span<const OptionDef> engine_options() {
    // Built on the first call, after every tunable registered itself (static
    // initialisation, before main).
    static const std::vector<OptionDef> all = [] {
        std::vector<OptionDef> rows(OPTIONS.begin(), OPTIONS.end());
        for (const Tunable& t : tunables()) {
            OptionDef row {t.name, OptionType::SPIN, t.defaultValue, t.min, t.max};
            row.tunable = t.value;
            rows.push_back(row);
        }
        return rows;
    }();
    return all;
}

const OptionDef* find_option(std::string_view name) {
    for (const OptionDef& d : engine_options())
        if (same_name(d.name, name)) return &d;
    return nullptr;
}

std::variant<std::int64_t, std::string> parse_option_value(
    const OptionDef& def, std::string_view value) {
    switch (def.type) {
    case OptionType::SPIN: {
        std::int64_t v = 0;
        auto [p, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
        if (ec == std::errc() && p == value.data() + value.size() && v >= def.min && v <= def.max)
            return v;
        return fmt::format("option {} takes a whole number from {} to {}, not '{}'", def.name,
            def.min, def.max, value);
    }
    case OptionType::CHECK:
        if (same_name(value, "true")) return std::int64_t(1);
        if (same_name(value, "false")) return std::int64_t(0);
        return fmt::format("option {} takes true or false, not '{}'", def.name, value);
    case OptionType::BUTTON:
        if (value.empty()) return std::int64_t(0);
        return fmt::format("option {} is a button and takes no value", def.name);
    case OptionType::STRING: return fmt::format("option {} takes text", def.name);
    }
    return std::string("unknown option type");
}

bool apply_option(
    const OptionDef& def, std::int64_t value, Engine::Options& options, Engine& engine) {
    if (def.press) {
        def.press(engine);
        return false;
    }
    if (def.tunable) { // the search reads it from the next search on; no Options changed
        *def.tunable = int(value);
        return false;
    }
    Engine::Options before = options;
    def.set(options, value);
    return !(before == options);
}

Engine::FileLoad set_text_option(
    const OptionDef& def, const std::string& value, Engine::Options& options, Engine& engine) {
    const std::string text = value.empty() ? std::string(def.defaultText) : value;
    Engine::FileLoad r = def.check ? def.check(engine, text) : Engine::FileLoad {};
    if (!r.error.empty()) return {fmt::format("{}: {}", def.name, r.error), {}};
    def.setText(options, text);
    // Each line of the notice names the option.
    std::string named;
    for (std::string_view line : split_lines(r.notice))
        named += fmt::format("{}{}: {}", named.empty() ? "" : "\n", def.name, line);
    r.notice = named;
    return r;
}

} // namespace hq
