// SPDX-License-Identifier: GPL-3.0-or-later
#include "openings.h"

#include "command_line.h"
#include "engine/io.h"
#include "engine/text.h"
#include "protocol/client/make_driver.h"
#include "protocol/pgn.h"
#include "variants/registry.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <variant>

namespace hq {

namespace {

std::optional<std::string> read_file(const std::string& path, std::string& text) {
    std::ifstream in(path);
    if (!in) return "cannot open '" + path + "'";
    std::stringstream ss;
    ss << in.rdbuf();
    text = ss.str();
    return std::nullopt;
}

} // namespace

std::optional<std::string> set_epd_position(Referee& referee, const std::string& line) {
    auto words = split_words(line.substr(0, line.find(';')));
    if (words.empty()) return "empty position";
    std::optional<std::string> first;
    for (std::size_t n = words.size(); n > 0; --n) {
        auto err = referee.set_position(join_words(words, 0, n));
        if (!err) return std::nullopt;
        if (!first) first = err;
    }
    return first;
}

OpeningsLoad load_openings(const OpeningsConfig& config, const std::string& variant) {
    OpeningsLoad out;
    auto referee = make_referee(variant);
    if (!referee) {
        out.error = "unknown variant " + variant;
        return out;
    }
    const std::string startFen = [&] {
        [[maybe_unused]] auto err = referee->set_position({});
        return referee->fen();
    }();
    auto finish_opening = [&](Opening& o) { o.startpos = o.fen == startFen; };
    if (config.file.empty()) {
        Opening o;
        o.fen = startFen;
        finish_opening(o);
        out.openings.push_back(o);
        return out;
    }
    std::string text;
    if (auto err = read_file(config.file, text)) {
        out.error = *err;
        return out;
    }
    if (config.format == "epd") {
        std::istringstream in(text);
        std::string line;
        int number = 0;
        while (std::getline(in, line)) {
            ++number;
            auto words = split_words(line);
            if (words.empty() || words[0][0] == '#') continue;
            if (auto err = set_epd_position(*referee, line)) {
                out.error = fmt::format("{} line {}: {}", config.file, number, *err);
                return out;
            }
            if (referee->outcome().over()) {
                out.error
                    = fmt::format("{} line {}: the game is already over", config.file, number);
                return out;
            }
            Opening o;
            o.fen = referee->fen();
            finish_opening(o);
            out.openings.push_back(o);
        }
    } else {
        auto games = read_pgn(text);
        if (!games.error.empty()) {
            out.error = config.file + ": " + games.error;
            return out;
        }
        int number = 0;
        for (const auto& g : games.games) {
            ++number;
            auto fen = g.tags.find("FEN");
            auto err = referee->set_position(fen == g.tags.end() ? "" : fen->second);
            if (err) {
                out.error = fmt::format("{} game {}: {}", config.file, number, *err);
                return out;
            }
            Opening o;
            o.fen = referee->fen();
            finish_opening(o);
            for (const auto& tok : g.moves) {
                if (config.plies > 0 && int(o.moves.size()) >= config.plies) break;
                if (referee->outcome().over()) break;
                auto names = resolve_move(*referee, tok);
                if (!names) {
                    out.error = fmt::format("{} game {}: illegal move '{}' in {}", config.file,
                        number, tok, referee->fen());
                    return out;
                }
                [[maybe_unused]] auto e = referee->play(names->text);
                o.moves.push_back(names->text);
                o.sans.push_back(names->san);
            }
            if (referee->outcome().over()) {
                out.error
                    = fmt::format("{} game {}: the game is already over", config.file, number);
                return out;
            }
            out.openings.push_back(o);
        }
    }
    if (out.openings.empty()) out.error = config.file + ": no openings in it";
    return out;
}

// harlequin openings -variant V -count N -plies P [-seed S] [-starts FILE] [-out FILE]
//                    [-engine cmd=C [proto=uci] [depth=D] ...] [-maxscore CP] [-bestplies K]
//
// Each opening: a start position (the variant's, or a random line of -starts), then P
// random legal moves chosen uniformly by the referee, then (with -engine) K moves the
// engine chooses; kept when the game is not over, the position is new, and (with -engine)
// the engine's score after its search is within -maxscore centipawns of zero.
namespace {

// What `harlequin openings` was asked for.
struct OpeningsRequest {
    std::string variant = default_variant(), startsFile, outFile;
    int count = 100, plies = 8, maxScore = 100, bestPlies = 0;
    std::uint64_t seed = 1;
    std::optional<EngineConfig> checker;
};

int openings_usage(const std::string& why) {
    return usage_error(why,
        "harlequin openings -variant V -count N -plies P [-seed S] [-starts FILE]"
        " [-out FILE] [-engine cmd=C depth=D ...] [-maxscore CP] [-bestplies K]");
}

// The request, or the reason the arguments are wrong.
std::variant<OpeningsRequest, std::string> parse_openings_args(
    const std::vector<std::string>& args) {
    OpeningsRequest r;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        bool hasValue = i + 1 < args.size();
        if (a == "-engine") {
            std::vector<std::string> words {"-engine"};
            while (i + 1 < args.size() && args[i + 1][0] != '-') words.push_back(args[++i]);
            auto fake = words;
            fake.insert(fake.end(), words.begin(), words.end()); // parse needs two engines
            auto parsed = parse_match_args(fake);
            if (!parsed.options) return parsed.error;
            r.checker = parsed.options->engines[0];
        } else if (!hasValue) return "missing value for " + a;
        else if (a == "-variant") {
            auto v = canonical_variant(args[++i]);
            if (!v) return "unknown variant " + args[i];
            r.variant = *v;
        } else if (a == "-count" || a == "-plies" || a == "-maxscore" || a == "-bestplies") {
            auto n = parse_number<int>(args[++i]);
            if (!n || *n < 0) return "bad number " + args[i];
            (a == "-count"              ? r.count
                    : a == "-plies"     ? r.plies
                    : a == "-bestplies" ? r.bestPlies
                                        : r.maxScore)
                = *n;
        } else if (a == "-seed") {
            auto n = parse_number<std::uint64_t>(args[++i]);
            if (!n) return "bad seed " + args[i];
            r.seed = *n;
        } else if (a == "-starts") r.startsFile = args[++i];
        else if (a == "-out") r.outFile = args[++i];
        else return "unknown option " + a;
    }
    return r;
}

// Random legal plies from `start`; false when the game ends on the way or the start is bad.
bool random_line(Referee& referee, std::mt19937_64& rng, const std::string& start, int plies) {
    if (referee.set_position(start)) return false;
    for (int p = 0; p < plies; ++p) {
        auto legal = referee.legal_moves();
        if (legal.empty() || referee.outcome().over()) return false;
        if (referee.play(legal[rng() % legal.size()])) return false;
    }
    return !referee.outcome().over() && !referee.legal_moves().empty();
}

enum class Verdict { KEEP, REJECTED_BY_SCORE, FAILED };

// The engine plays `bestPlies` moves from the referee's position, then scores the position
// reached: kept when within `maxScore`. `fen` is the position judged.
Verdict engine_verdict(
    EngineDriver& engine, Referee& referee, const OpeningsRequest& r, std::string& fen) {
    for (int p = 0; p <= r.bestPlies; ++p) {
        fen = referee.fen();
        std::vector<std::string> none;
        MoveRequest req;
        req.startFen = &fen;
        req.moves = &none;
        req.sans = &none;
        req.side = referee.side_to_move();
        req.timeLimit = std::chrono::seconds(60);
        engine.new_game(fen, false);
        auto reply = engine.go(req);
        if (reply.kind != EngineReply::MOVE || !reply.info.hasScore) return Verdict::FAILED;
        if (p == r.bestPlies)
            return std::abs(reply.info.centipawns()) > r.maxScore ? Verdict::REJECTED_BY_SCORE
                                                                  : Verdict::KEEP;
        auto names = resolve_move(referee, reply.move);
        if (!names || referee.play(names->text) || referee.outcome().over()
            || referee.legal_moves().empty())
            return Verdict::FAILED;
    }
    return Verdict::FAILED;
}

// The openings to the file (and the recipe to the terminal), or to the terminal alone.
int write_openings(const OpeningsRequest& r, const std::vector<std::string>& lines,
    const std::string& engineName, int rejectedByScore) {
    // The recipe goes to the terminal (for bench/openings/README.md), never into the file:
    // the testers' tools read every line of an EPD file as a position.
    std::string recipe
        = fmt::format("{} openings for {}: {} random plies from {}, seed {}", lines.size(),
            r.variant, r.plies, r.startsFile.empty() ? "the start position" : r.startsFile, r.seed);
    if (r.checker)
        recipe += fmt::format("; then {} plies by {}, kept when it scores within {} cp",
            r.bestPlies, engineName, r.maxScore);
    std::string text;
    for (const auto& l : lines) text += l + "\n";
    if (r.outFile.empty()) {
        std::fputs(("# " + recipe + "\n").c_str(), stderr);
        if (!text.empty()) print_line(text.substr(0, text.size() - 1));
    } else {
        std::ofstream out(r.outFile);
        out << text;
        if (!out.flush()) return openings_usage("cannot write " + r.outFile);
        println("wrote {} to {} ({} rejected by score)", recipe, r.outFile, rejectedByScore);
    }
    return int(lines.size()) == r.count ? 0 : 1;
}

} // namespace

int openings_command(const std::vector<std::string>& args) {
    auto parsed = parse_openings_args(args);
    if (auto* why = std::get_if<std::string>(&parsed)) return openings_usage(*why);
    const OpeningsRequest& r = std::get<OpeningsRequest>(parsed);
    auto referee = make_referee(r.variant);
    std::vector<std::string> starts;
    if (!r.startsFile.empty()) {
        OpeningsConfig cfg;
        cfg.file = r.startsFile;
        auto load = load_openings(cfg, r.variant);
        if (!load.error.empty()) return openings_usage(load.error);
        for (const auto& o : load.openings) starts.push_back(o.fen);
    } else starts.push_back({});
    std::unique_ptr<EngineDriver> engine;
    if (r.checker) {
        engine = make_driver(*r.checker, referee->spec(), {});
        if (auto err = engine->start()) return openings_usage(*err);
    }
    std::mt19937_64 rng(r.seed);
    std::set<std::string> seen;
    std::vector<std::string> lines;
    int attempts = 0, rejectedByScore = 0;
    while (int(lines.size()) < r.count && attempts++ < r.count * 200) {
        if (!random_line(*referee, rng, starts[rng() % starts.size()], r.plies)) continue;
        std::string fen = referee->fen();
        if (engine) {
            Verdict v = engine_verdict(*engine, *referee, r, fen);
            rejectedByScore += v == Verdict::REJECTED_BY_SCORE;
            if (v != Verdict::KEEP) continue;
        }
        if (seen.insert(fen).second) lines.push_back(fen);
    }
    return write_openings(r, lines, engine ? engine->name() : "", rejectedByScore);
}

} // namespace hq
