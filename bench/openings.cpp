// SPDX-License-Identifier: GPL-3.0-or-later
#include "openings.h"

#include "command_line.h"
#include "engine/io.h"
#include "engine/text.h"
#include "protocol/client/engine_driver.h"
#include "protocol/pgn.h"
#include "variants/registry.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <random>
#include <set>
#include <sstream>

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
int openings_command(const std::vector<std::string>& args) {
    std::string variant = default_variant(), startsFile, outFile;
    int count = 100, plies = 8, maxScore = 100, bestPlies = 0;
    std::uint64_t seed = 1;
    std::optional<EngineConfig> checker;
    auto usage = [](const std::string& why) {
        return usage_error(why,
            "harlequin openings -variant V -count N -plies P [-seed S] [-starts FILE]"
            " [-out FILE] [-engine cmd=C depth=D ...] [-maxscore CP] [-bestplies K]");
    };
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        bool hasValue = i + 1 < args.size();
        if (a == "-engine") {
            std::vector<std::string> words {"-engine"};
            while (i + 1 < args.size() && args[i + 1][0] != '-') words.push_back(args[++i]);
            auto fake = words;
            fake.insert(fake.end(), words.begin(), words.end()); // parse needs two engines
            auto parsed = parse_match_args(fake);
            if (!parsed.options) return usage(parsed.error);
            checker = parsed.options->engines[0];
        } else if (!hasValue) return usage("missing value for " + a);
        else if (a == "-variant") {
            auto v = canonical_variant(args[++i]);
            if (!v) return usage("unknown variant " + args[i]);
            variant = *v;
        } else if (a == "-count" || a == "-plies" || a == "-maxscore" || a == "-bestplies") {
            auto n = parse_number<int>(args[++i]);
            if (!n || *n < 0) return usage("bad number " + args[i]);
            (a == "-count"              ? count
                    : a == "-plies"     ? plies
                    : a == "-bestplies" ? bestPlies
                                        : maxScore)
                = *n;
        } else if (a == "-seed") {
            auto n = parse_number<std::uint64_t>(args[++i]);
            if (!n) return usage("bad seed " + args[i]);
            seed = *n;
        } else if (a == "-starts") startsFile = args[++i];
        else if (a == "-out") outFile = args[++i];
        else return usage("unknown option " + a);
    }

    auto referee = make_referee(variant);
    std::vector<std::string> starts;
    if (!startsFile.empty()) {
        OpeningsConfig cfg;
        cfg.file = startsFile;
        auto load = load_openings(cfg, variant);
        if (!load.error.empty()) return usage(load.error);
        for (const auto& o : load.openings) starts.push_back(o.fen);
    } else starts.push_back({});

    std::unique_ptr<EngineDriver> engine;
    if (checker) {
        engine = make_driver(*checker, referee->spec(), {});
        if (auto err = engine->start()) return usage(*err);
    }

    std::mt19937_64 rng(seed);
    std::set<std::string> seen;
    std::vector<std::string> lines;
    int attempts = 0, rejectedByScore = 0;
    while (int(lines.size()) < count && attempts++ < count * 200) {
        const std::string& start = starts[rng() % starts.size()];
        if (referee->set_position(start)) continue;
        std::vector<std::string> moves;
        bool ok = true;
        for (int p = 0; p < plies && ok; ++p) {
            auto legal = referee->legal_moves();
            if (legal.empty() || referee->outcome().over()) ok = false;
            else {
                moves.push_back(legal[rng() % legal.size()]);
                ok = !referee->play(moves.back());
            }
        }
        if (!ok || referee->outcome().over() || referee->legal_moves().empty()) continue;
        // The engine's moves, then its verdict on the position reached.
        std::string fen = referee->fen();
        if (engine) {
            for (int p = 0; p <= bestPlies && ok; ++p) {
                fen = referee->fen();
                std::vector<std::string> none;
                MoveRequest req;
                req.startFen = &fen;
                req.moves = &none;
                req.sans = &none;
                req.side = referee->side_to_move();
                req.timeLimit = std::chrono::seconds(60);
                engine->new_game(fen, false);
                auto reply = engine->go(req);
                ok = reply.kind == EngineReply::MOVE && reply.info.hasScore;
                if (ok && p == bestPlies && std::abs(reply.info.centipawns()) > maxScore) {
                    ++rejectedByScore;
                    ok = false;
                }
                if (ok && p < bestPlies) {
                    auto names = resolve_move(*referee, reply.move);
                    ok = names && !referee->play(names->text) && !referee->outcome().over()
                        && !referee->legal_moves().empty();
                }
            }
            if (!ok) continue;
        }
        if (!seen.insert(fen).second) continue;
        lines.push_back(fen);
    }
    // The recipe goes to the terminal (for bench/openings/README.md), never into the file:
    // the testers' tools read every line of an EPD file as a position.
    std::string recipe = fmt::format("{} openings for {}: {} random plies from {}, seed {}",
        lines.size(), variant, plies, startsFile.empty() ? "the start position" : startsFile, seed);
    if (checker)
        recipe += fmt::format("; then {} plies by {}, kept when it scores within {} cp", bestPlies,
            engine->name(), maxScore);
    std::string text;
    for (const auto& l : lines) text += l + "\n";
    if (outFile.empty()) {
        std::fputs(("# " + recipe + "\n").c_str(), stderr);
        if (!text.empty()) print_line(text.substr(0, text.size() - 1));
    } else {
        std::ofstream out(outFile);
        out << text;
        if (!out.flush()) return usage("cannot write " + outFile);
        println("wrote {} to {} ({} rejected by score)", recipe, outFile, rejectedByScore);
    }
    return int(lines.size()) == count ? 0 : 1;
}

} // namespace hq
