// SPDX-License-Identifier: GPL-3.0-or-later
#include "match_options.h"

#include "command_line.h"
#include "engine/text.h"
#include "variants/registry.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <initializer_list>
#include <map>
#include <string_view>

namespace hq {

namespace {

// Seconds, or minutes:seconds.
std::optional<double> parse_seconds(const std::string& t) {
    auto colon = t.find(':');
    if (colon == std::string::npos) return parse_real(t);
    auto m = parse_number<int>(t.substr(0, colon));
    auto s = parse_real(t.substr(colon + 1));
    if (!m || !s || *m < 0) return std::nullopt;
    return *m * 60.0 + *s;
}

} // namespace

std::optional<TimeControl> parse_time_control(const std::string& text) {
    TimeControl tc;
    if (text == "inf" || text == "infinite") return tc;
    std::string rest = text;
    auto slash = rest.find('/');
    if (slash != std::string::npos) {
        auto m = parse_number<int>(rest.substr(0, slash));
        if (!m || *m <= 0) return std::nullopt;
        tc.moves = *m;
        rest = rest.substr(slash + 1);
    }
    auto plus = rest.find('+');
    if (plus != std::string::npos) {
        auto inc = parse_real(rest.substr(plus + 1));
        if (!inc || *inc < 0) return std::nullopt;
        tc.increment = *inc;
        rest = rest.substr(0, plus);
    }
    auto base = parse_seconds(rest);
    if (!base || *base < 0 || (*base == 0 && tc.increment == 0)) return std::nullopt;
    tc.base = *base;
    tc.infinite = false;
    return tc;
}

// ---------------------------------------------------------------------------------------
// Reading the arguments: a table for each kind of option (a switch, key=value settings, one
// value), the engines' own settings, then the checks of the whole.

namespace {

using Error = std::optional<std::string>;
using KeyValues = std::vector<std::pair<std::string, std::string>>;

// The message for a time beyond what the runner keeps.
std::string too_long(const std::string& given) {
    return fmt::format("{}: a time above {:.0f} s (about 31 years) is refused; give tc=inf "
                       "for no clock, or depth= or nodes=",
        given, MAX_TIME_SECONDS);
}

// One value as given: an option's own (`-games 4`), or one key=value word of an option
// (`-draw score=10`, `-engine tc=1`), with the errors it can have.
struct Given {
    std::string_view option, key; // key: empty for an option's own value
    const std::string& value;

    // "-draw: bad value 'x' for score", "-stalltimeout: bad value 'x'".
    [[nodiscard]] std::string bad_value() const {
        if (key.empty()) return fmt::format("{}: bad value '{}'", option, value);
        return fmt::format("{}: bad value '{}' for {}", option, value, key);
    }
    [[nodiscard]] std::string unknown_key() const {
        return fmt::format("{}: unknown key '{}'", option, key);
    }
    // An integer of at least `min`, into `out`.
    [[nodiscard]] Error integer(int& out, int min) const {
        auto n = parse_number<int>(value);
        if (!n || *n < min)
            return fmt::format("{}: expected an integer >= {}, got '{}'", option, min, value);
        out = *n;
        return std::nullopt;
    }
    // One of `choices`, into `out`.
    [[nodiscard]] Error one_of(
        std::initializer_list<std::string_view> choices, std::string& out) const {
        if (std::find(choices.begin(), choices.end(), value) == choices.end()) return bad_value();
        out = value;
        return std::nullopt;
    }
    // `yes` (true) or `no` (false), into `out`.
    [[nodiscard]] Error either(std::string_view yes, std::string_view no, bool& out) const {
        if (value != yes && value != no) return bad_value();
        out = value == yes;
        return std::nullopt;
    }
};

// The words after -engine, -each, -openings, ...: "key=value" each, at least one.
Error split_settings(
    const std::string& option, const std::vector<std::string>& words, KeyValues& out) {
    for (const auto& w : words) {
        auto eq = w.find('=');
        if (eq == std::string::npos || eq == 0)
            return fmt::format("{}: expected key=value, got '{}'", option, w);
        out.emplace_back(w.substr(0, eq), w.substr(eq + 1));
    }
    if (out.empty()) return option + ": no settings given";
    return std::nullopt;
}

// ----- The engines' settings (-engine, -each).

// A whole-string integer of at least `least`, into `out`.
template <typename Int> Error engine_number(const Given& s, Int& out, Int least) {
    auto n = parse_number<Int>(s.value);
    if (!n || *n < least) return s.bad_value();
    out = *n;
    return std::nullopt;
}

Error engine_setting(EngineConfig& e, const Given& s) {
    const std::string_view k = s.key;
    const std::string& v = s.value;
    if (k == "cmd") e.cmd = v;
    else if (k == "name") e.name = v;
    else if (k == "dir") e.dir = v;
    else if (k == "arg") e.args.push_back(v);
    else if (k == "proto") {
        if (v != "uci" && v != "xboard")
            return fmt::format("-engine: proto must be uci or xboard, not '{}'", v);
        e.proto = v;
    } else if (k.starts_with("option.") && k.size() > 7)
        e.options.emplace_back(std::string(k.substr(7)), v);
    else if (k == "tc") {
        auto tc = parse_time_control(v);
        if (!tc) return s.bad_value();
        if (tc->base > MAX_TIME_SECONDS || tc->increment > MAX_TIME_SECONDS)
            return "-engine: " + too_long(fmt::format("{}={}", k, v));
        e.tc = *tc;
    } else if (k == "st") {
        auto t = parse_real(v);
        if (!t || *t <= 0) return s.bad_value();
        if (*t > MAX_TIME_SECONDS) return "-engine: " + too_long(fmt::format("{}={}", k, v));
        e.moveTime = *t;
    } else if (k == "depth") return engine_number(s, e.depth, 1);
    else if (k == "nodes") return engine_number<std::int64_t>(s, e.nodes, 1);
    else if (k == "timemargin") return engine_number(s, e.timeMarginMs, 0);
    else return s.unknown_key();
    return std::nullopt;
}

// ----- Switches: no value.

struct Switch {
    std::string_view name;
    bool MatchOptions::*field;
};
const Switch Switches[] = {
    {"-repeat", &MatchOptions::repeat},
    {"-recover", &MatchOptions::recover},
    {"-debug", &MatchOptions::debug},
};

// ----- Settings: -openings, -draw, -resign, -sprt take key=value words.

Error openings_setting(MatchOptions& o, const Given& s) {
    if (s.key == "file") o.openings.file = s.value;
    else if (s.key == "format") return s.one_of({"epd", "pgn"}, o.openings.format);
    else if (s.key == "order") return s.either("random", "sequential", o.openings.random);
    else if (s.key == "plies") return s.integer(o.openings.plies, 0);
    else return s.unknown_key();
    return std::nullopt;
}

Error draw_setting(MatchOptions& o, const Given& s) {
    o.draw.enabled = true;
    if (s.key == "movenumber") return s.integer(o.draw.moveNumber, 0);
    if (s.key == "movecount") return s.integer(o.draw.moveCount, 1);
    if (s.key == "score") return s.integer(o.draw.score, 0);
    return s.unknown_key();
}

Error resign_setting(MatchOptions& o, const Given& s) {
    o.resign.enabled = true;
    if (s.key == "movecount") return s.integer(o.resign.moveCount, 1);
    if (s.key == "score") return s.integer(o.resign.score, 1);
    if (s.key == "twosided") return s.either("true", "false", o.resign.twoSided);
    return s.unknown_key();
}

Error sprt_setting(MatchOptions& o, const Given& s) {
    o.sprt.enabled = true;
    if (s.key == "model") return s.one_of({"pentanomial", "trinomial"}, o.sprt.model);
    if (s.key == "stop") return s.either("true", "false", o.sprt.stop);
    auto x = parse_real(s.value);
    if (!x) return s.bad_value();
    if (s.key == "elo0") o.sprt.elo0 = *x;
    else if (s.key == "elo1") o.sprt.elo1 = *x;
    else if (s.key == "alpha" || s.key == "beta") {
        if (*x <= 0 || *x >= 0.5) return s.bad_value();
        (s.key == "alpha" ? o.sprt.alpha : o.sprt.beta) = *x;
    } else return s.unknown_key();
    return std::nullopt;
}

// What must be given once an option's settings are read (of all its settings so far,
// should it be given twice).
Error openings_check(const MatchOptions& o) {
    if (o.openings.file.empty()) return "-openings: file= is required";
    return std::nullopt;
}
Error draw_check(const MatchOptions& o) {
    if (o.draw.moveCount == 0) return "-draw: movecount= is required";
    return std::nullopt;
}
Error resign_check(const MatchOptions& o) {
    if (o.resign.moveCount == 0 || o.resign.score == 0)
        return "-resign: movecount= and score= are required";
    return std::nullopt;
}
Error sprt_check(const MatchOptions& o) {
    if (o.sprt.elo0 >= o.sprt.elo1) return "-sprt: elo0 must be below elo1";
    return std::nullopt;
}

struct SettingsOption {
    std::string_view name;
    Error (*setting)(MatchOptions&, const Given&);
    Error (*check)(const MatchOptions&);
};
const SettingsOption SettingsOptions[] = {
    {"-openings", openings_setting, openings_check},
    {"-draw", draw_setting, draw_check},
    {"-resign", resign_setting, resign_check},
    {"-sprt", sprt_setting, sprt_check},
};

// ----- One value: the next word, whatever it is.

Error read_variant(MatchOptions& o, const Given& g) {
    auto name = canonical_variant(g.value);
    if (!name) {
        std::string known;
        for (const auto& s : registered_variants()) known += (known.empty() ? "" : ", ") + s.name;
        return fmt::format("-variant: unknown variant '{}' (known: {})", g.value, known);
    }
    o.variant = *name;
    return std::nullopt;
}

Error read_tournament(MatchOptions& o, const Given& g) {
    if (g.value != "round-robin" && g.value != "gauntlet")
        return fmt::format("-tournament: expected round-robin or gauntlet, got '{}'", g.value);
    o.gauntlet = g.value == "gauntlet";
    return std::nullopt;
}

Error read_seed(MatchOptions& o, const Given& g) {
    auto s = parse_number<std::uint64_t>(g.value);
    if (!s) return fmt::format("-seed: expected an integer, got '{}'", g.value);
    o.seed = *s;
    o.seedGiven = true;
    return std::nullopt;
}

Error read_stall_timeout(MatchOptions& o, const Given& g) {
    auto s = parse_real(g.value);
    if (!s || *s <= 0) return g.bad_value();
    if (*s > MAX_TIME_SECONDS) return too_long("-stalltimeout " + g.value);
    o.stallTimeout = *s;
    return std::nullopt;
}

Error read_shard(MatchOptions& o, const Given& g) {
    auto slash = g.value.find('/');
    std::optional<int> k, n;
    if (slash != std::string::npos) {
        k = parse_number<int>(g.value.substr(0, slash));
        n = parse_number<int>(g.value.substr(slash + 1));
    }
    if (!k || !n || *n < 1 || *k < 1 || *k > *n)
        return fmt::format(
            "-shard: expected K/N with 1 <= K <= N (shard K of N), got '{}'", g.value);
    o.shard = *k;
    o.shards = *n;
    return std::nullopt;
}

struct ValueOption {
    std::string_view name;
    Error (*read)(MatchOptions&, const Given&);
};
const ValueOption ValueOptions[] = {
    {"-variant", read_variant},
    {"-games", [](MatchOptions& o, const Given& g) { return g.integer(o.games, 1); }},
    {"-rounds", [](MatchOptions& o, const Given& g) { return g.integer(o.rounds, 1); }},
    {"-concurrency", [](MatchOptions& o, const Given& g) { return g.integer(o.concurrency, 1); }},
    {"-maxmoves", [](MatchOptions& o, const Given& g) { return g.integer(o.maxMoves, 1); }},
    {"-ratinginterval",
        [](MatchOptions& o, const Given& g) { return g.integer(o.ratingInterval, 0); }},
    {"-pgnout",
        [](MatchOptions& o, const Given& g) -> Error {
            o.pgnOut = g.value;
            return {};
        }},
    {"-event",
        [](MatchOptions& o, const Given& g) -> Error {
            o.event = g.value;
            return {};
        }},
    {"-tournament", read_tournament},
    {"-seed", read_seed},
    {"-stalltimeout", read_stall_timeout},
    {"-shard", read_shard},
};

template <typename Entry, std::size_t N>
const Entry* find_option(const Entry (&table)[N], std::string_view name) {
    for (const Entry& e : table)
        if (e.name == name) return &e;
    return nullptr;
}

// ----- The whole.

// The arguments read so far. The engines are built once all are read, since -each may
// come after -engine.
struct ArgsRead {
    MatchOptions o;
    std::vector<KeyValues> engineKeys;
    KeyValues eachKeys;
};

class Words {
public:
    explicit Words(const std::vector<std::string>& args)
        : args(args) { }
    [[nodiscard]] bool done() const { return at >= args.size(); }
    std::string next() { return args[at++]; }
    // The words up to the next option.
    std::vector<std::string> values() {
        std::vector<std::string> v;
        while (!done() && !(args[at].size() > 1 && args[at][0] == '-')) v.push_back(next());
        return v;
    }

private:
    const std::vector<std::string>& args;
    std::size_t at = 0;
};

// Reads the next option and what follows it.
Error read_option(ArgsRead& r, Words& words) {
    std::string opt = words.next();
    if (opt.size() < 2 || opt[0] != '-') return fmt::format("unexpected argument '{}'", opt);
    if (opt == "-engine" || opt == "-each") {
        KeyValues kv;
        if (auto err = split_settings(opt, words.values(), kv)) return err;
        if (opt == "-engine") r.engineKeys.push_back(std::move(kv));
        else r.eachKeys.insert(r.eachKeys.end(), kv.begin(), kv.end());
        return std::nullopt;
    }
    if (const Switch* s = find_option(Switches, opt)) {
        r.o.*(s->field) = true;
        return std::nullopt;
    }
    if (const SettingsOption* s = find_option(SettingsOptions, opt)) {
        KeyValues kv;
        if (auto err = split_settings(opt, words.values(), kv)) return err;
        for (const auto& [k, v] : kv)
            if (auto err = s->setting(r.o, Given {opt, k, v})) return err;
        return s->check(r.o);
    }
    // Any other option has one value, an unknown one too (its missing value is named first).
    if (words.done()) return fmt::format("{}: missing value", opt);
    std::string value = words.next();
    if (const ValueOption* v = find_option(ValueOptions, opt))
        return v->read(r.o, Given {opt, {}, value});
    return fmt::format("unknown option '{}'", opt);
}

// Each engine: -each's settings, then its own (which win); it needs a command and a limit.
Error build_engines(ArgsRead& r) {
    for (std::size_t n = 0; n < r.engineKeys.size(); ++n) {
        EngineConfig e;
        for (const auto* list : {&r.eachKeys, &r.engineKeys[n]})
            for (const auto& [k, v] : *list)
                if (auto err = engine_setting(e, Given {"-engine", k, v})) return err;
        if (e.cmd.empty()) return fmt::format("-engine {}: cmd= is required", n + 1);
        if (!e.has_limit())
            return fmt::format(
                "-engine {}: no limit: give tc=, st=, depth= or nodes= (or -each tc=...)", n + 1);
        r.o.engines.push_back(std::move(e));
    }
    return std::nullopt;
}

// What the options need of each other.
Error check_match(const MatchOptions& o) {
    if (o.engines.size() < 2) return "at least two -engine are needed";
    if (o.sprt.enabled && o.engines.size() != 2) return "-sprt needs exactly two engines";
    if (o.sprt.model == "pentanomial" && (!o.repeat || o.games % 2))
        return "-sprt model=pentanomial needs game pairs: -repeat and an even -games";
    if (o.shards > 0 && o.openings.random && !o.seedGiven)
        return "-shard with order=random needs -seed N, the same for every shard, so that all "
               "shards draw the same openings";
    return std::nullopt;
}

// Names must tell engines apart in the standings; numbered when given twice.
void number_repeated_names(std::vector<EngineConfig>& engines) {
    std::map<std::string, int> seen;
    for (auto& e : engines)
        if (!e.name.empty() && ++seen[e.name] > 1) e.name += fmt::format(" ({})", seen[e.name]);
}

} // namespace

ParsedMatchArgs parse_match_args(const std::vector<std::string>& args) {
    ArgsRead r;
    Words words(args);
    Error err;
    while (!err && !words.done()) err = read_option(r, words);
    if (!err) err = build_engines(r);
    if (!err) err = check_match(r.o);
    if (err) return {std::nullopt, *err};
    number_repeated_names(r.o.engines);
    if (const int bound = bench_catalog(r.o.variant).matchMaxMoves;
        r.o.maxMoves == 0 && bound > 0) {
        r.o.maxMoves = bound;
        r.o.maxMovesByGame = true;
    }
    return {std::move(r.o), {}};
}

std::optional<std::string> parse_sprt_settings(
    const std::vector<std::string>& words, SprtConfig& sprt) {
    KeyValues kv;
    if (auto err = split_settings("-sprt", words, kv)) return err;
    MatchOptions o;
    for (const auto& [k, v] : kv)
        if (auto err = sprt_setting(o, Given {"-sprt", k, v})) return err;
    if (auto err = sprt_check(o)) return err;
    sprt = o.sprt;
    return std::nullopt;
}

} // namespace hq
