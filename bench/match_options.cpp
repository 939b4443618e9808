// SPDX-License-Identifier: GPL-3.0-or-later
#include "match_options.h"

#include "engine/text.h"
#include "variants/registry.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fmt/format.h>
#include <map>

namespace hq {

namespace {

std::optional<double> parse_real(const std::string& t) {
    if (t.empty()) return std::nullopt;
    char* end = nullptr;
    double v = std::strtod(t.c_str(), &end);
    if (end != t.c_str() + t.size() || !std::isfinite(v)) return std::nullopt;
    return v;
}

// Seconds, or minutes:seconds.
std::optional<double> parse_seconds(const std::string& t) {
    auto colon = t.find(':');
    if (colon == std::string::npos) return parse_real(t);
    auto m = parse_number<int>(t.substr(0, colon));
    auto s = parse_real(t.substr(colon + 1));
    if (!m || !s || *m < 0) return std::nullopt;
    return *m * 60.0 + *s;
}

// The message for a time beyond what the runner keeps.
std::string too_long(const std::string& given) {
    return fmt::format("{}: a time above {:.0f} s (about 31 years) is refused; give tc=inf "
                       "for no clock, or depth= or nodes=",
        given, MAX_TIME_SECONDS);
}

using KeyValues = std::vector<std::pair<std::string, std::string>>;

// Splits "key=value" words; a word without '=' is an error.
std::optional<std::string> split_pairs(
    const std::vector<std::string>& words, const std::string& what, KeyValues& out) {
    for (const auto& w : words) {
        auto eq = w.find('=');
        if (eq == std::string::npos || eq == 0)
            return fmt::format("{}: expected key=value, got '{}'", what, w);
        out.emplace_back(w.substr(0, eq), w.substr(eq + 1));
    }
    return std::nullopt;
}

std::optional<std::string> apply_engine_key(
    EngineConfig& e, const std::string& key, const std::string& value) {
    auto bad = [&] { return fmt::format("-engine: bad value '{}' for {}", value, key); };
    if (key == "cmd") e.cmd = value;
    else if (key == "name") e.name = value;
    else if (key == "dir") e.dir = value;
    else if (key == "arg") e.args.push_back(value);
    else if (key == "proto") {
        if (value != "uci" && value != "xboard")
            return fmt::format("-engine: proto must be uci or xboard, not '{}'", value);
        e.proto = value;
    } else if (key.rfind("option.", 0) == 0 && key.size() > 7)
        e.options.emplace_back(key.substr(7), value);
    else if (key == "tc") {
        auto tc = parse_time_control(value);
        if (!tc) return bad();
        if (tc->base > MAX_TIME_SECONDS || tc->increment > MAX_TIME_SECONDS)
            return "-engine: " + too_long(key + "=" + value);
        e.tc = *tc;
    } else if (key == "st") {
        auto s = parse_real(value);
        if (!s || *s <= 0) return bad();
        if (*s > MAX_TIME_SECONDS) return "-engine: " + too_long(key + "=" + value);
        e.moveTime = *s;
    } else if (key == "depth") {
        auto d = parse_number<int>(value);
        if (!d || *d <= 0) return bad();
        e.depth = *d;
    } else if (key == "nodes") {
        auto n = parse_number<std::int64_t>(value);
        if (!n || *n <= 0) return bad();
        e.nodes = *n;
    } else if (key == "timemargin") {
        auto m = parse_number<int>(value);
        if (!m || *m < 0) return bad();
        e.timeMarginMs = *m;
    } else return fmt::format("-engine: unknown key '{}'", key);
    return std::nullopt;
}

// A positive (or non-negative) integer option value.
std::optional<std::string> int_value(
    const std::string& opt, const std::string& v, int& out, int min) {
    auto n = parse_number<int>(v);
    if (!n || *n < min) return fmt::format("{}: expected an integer >= {}, got '{}'", opt, min, v);
    out = *n;
    return std::nullopt;
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

ParsedMatchArgs parse_match_args(const std::vector<std::string>& args) {
    ParsedMatchArgs out;
    MatchOptions o;
    std::vector<KeyValues> engineKeys;
    KeyValues eachKeys;
    auto fail = [&](std::string msg) {
        out.error = std::move(msg);
        return out;
    };

    std::size_t i = 0;
    // The words after an option up to the next option.
    auto values = [&]() {
        std::vector<std::string> v;
        while (i < args.size() && !(args[i].size() > 1 && args[i][0] == '-'))
            v.push_back(args[i++]);
        return v;
    };
    // Exactly one value.
    auto value = [&]() -> std::optional<std::string> {
        if (i >= args.size()) return std::nullopt;
        return args[i++];
    };

    while (i < args.size()) {
        std::string opt = args[i++];
        if (opt.size() < 2 || opt[0] != '-')
            return fail(fmt::format("unexpected argument '{}'", opt));
        if (opt == "-engine" || opt == "-each") {
            KeyValues kv;
            if (auto err = split_pairs(values(), opt, kv)) return fail(*err);
            if (kv.empty()) return fail(opt + ": no settings given");
            if (opt == "-engine") engineKeys.push_back(std::move(kv));
            else eachKeys.insert(eachKeys.end(), kv.begin(), kv.end());
        } else if (opt == "-repeat") o.repeat = true;
        else if (opt == "-recover") o.recover = true;
        else if (opt == "-debug") o.debug = true;
        else if (opt == "-openings" || opt == "-draw" || opt == "-resign" || opt == "-sprt") {
            KeyValues kv;
            if (auto err = split_pairs(values(), opt, kv)) return fail(*err);
            if (kv.empty()) return fail(opt + ": no settings given");
            for (const auto& [k, v] : kv) {
                auto badValue = [&, k = k, v = v] {
                    return fmt::format("{}: bad value '{}' for {}", opt, v, k);
                };
                std::optional<std::string> err;
                if (opt == "-openings") {
                    if (k == "file") o.openings.file = v;
                    else if (k == "format") {
                        if (v != "epd" && v != "pgn") return fail(badValue());
                        o.openings.format = v;
                    } else if (k == "order") {
                        if (v != "random" && v != "sequential") return fail(badValue());
                        o.openings.random = v == "random";
                    } else if (k == "plies") err = int_value(opt, v, o.openings.plies, 0);
                    else return fail(fmt::format("{}: unknown key '{}'", opt, k));
                } else if (opt == "-draw") {
                    o.draw.enabled = true;
                    if (k == "movenumber") err = int_value(opt, v, o.draw.moveNumber, 0);
                    else if (k == "movecount") err = int_value(opt, v, o.draw.moveCount, 1);
                    else if (k == "score") err = int_value(opt, v, o.draw.score, 0);
                    else return fail(fmt::format("{}: unknown key '{}'", opt, k));
                } else if (opt == "-resign") {
                    o.resign.enabled = true;
                    if (k == "movecount") err = int_value(opt, v, o.resign.moveCount, 1);
                    else if (k == "score") err = int_value(opt, v, o.resign.score, 1);
                    else if (k == "twosided") {
                        if (v != "true" && v != "false") return fail(badValue());
                        o.resign.twoSided = v == "true";
                    } else return fail(fmt::format("{}: unknown key '{}'", opt, k));
                } else { // -sprt
                    o.sprt.enabled = true;
                    if (k == "model") {
                        if (v != "pentanomial" && v != "trinomial") return fail(badValue());
                        o.sprt.model = v;
                        continue;
                    }
                    auto x = parse_real(v);
                    if (!x) return fail(badValue());
                    if (k == "elo0") o.sprt.elo0 = *x;
                    else if (k == "elo1") o.sprt.elo1 = *x;
                    else if (k == "alpha" || k == "beta") {
                        if (*x <= 0 || *x >= 0.5) return fail(badValue());
                        (k == "alpha" ? o.sprt.alpha : o.sprt.beta) = *x;
                    } else return fail(fmt::format("{}: unknown key '{}'", opt, k));
                }
                if (err) return fail(*err);
            }
            if (opt == "-openings" && o.openings.file.empty())
                return fail("-openings: file= is required");
            if (opt == "-draw" && o.draw.moveCount == 0)
                return fail("-draw: movecount= is required");
            if (opt == "-resign" && (o.resign.moveCount == 0 || o.resign.score == 0))
                return fail("-resign: movecount= and score= are required");
            if (opt == "-sprt" && o.sprt.elo0 >= o.sprt.elo1)
                return fail("-sprt: elo0 must be below elo1");
        } else {
            auto v = value();
            if (!v) return fail(fmt::format("{}: missing value", opt));
            std::optional<std::string> err;
            if (opt == "-variant") {
                auto name = canonical_variant(*v);
                if (!name) {
                    std::string known;
                    for (const auto& s : registered_variants())
                        known += (known.empty() ? "" : ", ") + s.name;
                    return fail(
                        fmt::format("-variant: unknown variant '{}' (known: {})", *v, known));
                }
                o.variant = *name;
            } else if (opt == "-games") err = int_value(opt, *v, o.games, 1);
            else if (opt == "-rounds") err = int_value(opt, *v, o.rounds, 1);
            else if (opt == "-concurrency") err = int_value(opt, *v, o.concurrency, 1);
            else if (opt == "-maxmoves") err = int_value(opt, *v, o.maxMoves, 1);
            else if (opt == "-ratinginterval") err = int_value(opt, *v, o.ratingInterval, 0);
            else if (opt == "-pgnout") o.pgnOut = *v;
            else if (opt == "-event") o.event = *v;
            else if (opt == "-tournament") {
                if (*v != "round-robin" && *v != "gauntlet")
                    return fail(
                        fmt::format("-tournament: expected round-robin or gauntlet, got '{}'", *v));
                o.gauntlet = *v == "gauntlet";
            } else if (opt == "-seed") {
                auto s = parse_number<std::uint64_t>(*v);
                if (!s) return fail(fmt::format("-seed: expected an integer, got '{}'", *v));
                o.seed = *s;
                o.seedGiven = true;
            } else if (opt == "-stalltimeout") {
                auto s = parse_real(*v);
                if (!s || *s <= 0) return fail(fmt::format("-stalltimeout: bad value '{}'", *v));
                if (*s > MAX_TIME_SECONDS) return fail(too_long("-stalltimeout " + *v));
                o.stallTimeout = *s;
            } else return fail(fmt::format("unknown option '{}'", opt));
            if (err) return fail(*err);
        }
    }

    for (std::size_t n = 0; n < engineKeys.size(); ++n) {
        EngineConfig e;
        for (const auto* list : {&eachKeys, &engineKeys[n]})
            for (const auto& [k, v] : *list)
                if (auto err = apply_engine_key(e, k, v)) return fail(*err);
        if (e.cmd.empty()) return fail(fmt::format("-engine {}: cmd= is required", n + 1));
        if (!e.has_limit())
            return fail(fmt::format(
                "-engine {}: no limit: give tc=, st=, depth= or nodes= (or -each tc=...)", n + 1));
        o.engines.push_back(std::move(e));
    }
    if (o.engines.size() < 2) return fail("at least two -engine are needed");
    if (o.sprt.enabled && o.engines.size() != 2) return fail("-sprt needs exactly two engines");
    if (o.sprt.model == "pentanomial" && (!o.repeat || o.games % 2))
        return fail("-sprt model=pentanomial needs game pairs: -repeat and an even -games");
    // Names must tell engines apart in the standings; numbered when given twice.
    std::map<std::string, int> seen;
    for (auto& e : o.engines)
        if (!e.name.empty() && ++seen[e.name] > 1) e.name += fmt::format(" ({})", seen[e.name]);
    out.options = std::move(o);
    return out;
}

} // namespace hq
