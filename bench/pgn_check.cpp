// SPDX-License-Identifier: GPL-3.0-or-later
#include "pgn_check.h"

#include "engine/io.h"
#include "engine/text.h"
#include "openings.h"
#include "variants/registry.h"

#include <fmt/format.h>
#include <fstream>
#include <sstream>

namespace hq {

namespace {

bool has(const std::string& s, const char* part) { return s.find(part) != std::string::npos; }

// The result a final comment implies, if it names one: a side that forfeits or resigns
// loses, a side that wins by adjudication wins.
std::optional<Result> implied_result(const std::string& comment) {
    // Martian Chess calls the sides South (White) and North (Black).
    bool white = comment.rfind("White", 0) == 0 || comment.rfind("South", 0) == 0;
    bool black = comment.rfind("Black", 0) == 0 || comment.rfind("North", 0) == 0;
    if (comment.rfind("Draw by adjudication", 0) == 0) return Result::DRAW;
    if (!white && !black) return std::nullopt;
    if (has(comment, "wins by adjudication"))
        return white ? Result::WHITE_WINS : Result::BLACK_WINS;
    for (const char* loss : {"loses on time", "illegal move", "disconnects", "stalls",
             "false claim", "rejects a legal move", "resigns", "cannot play"})
        if (has(comment, loss)) return white ? Result::BLACK_WINS : Result::WHITE_WINS;
    return std::nullopt;
}

} // namespace

std::vector<std::string> check_games(const std::vector<PgnRecord>& games) {
    std::vector<std::string> problems;
    for (std::size_t n = 0; n < games.size(); ++n) {
        const PgnRecord& g = games[n];
        auto problem = [&](const std::string& what) {
            problems.push_back(fmt::format("game {}: {}", n + 1, what));
        };
        auto tag = [&](const char* name) {
            auto it = g.tags.find(name);
            return it == g.tags.end() ? std::string() : it->second;
        };
        std::string variant = tag("Variant").empty() ? default_variant() : tag("Variant");
        auto referee = make_referee(variant);
        if (!referee) {
            problem("unknown variant '" + variant + "'");
            continue;
        }
        if (auto err = referee->set_position(tag("FEN"))) {
            problem("bad FEN: " + *err);
            continue;
        }
        bool ok = true;
        for (std::size_t ply = 0; ply < g.moves.size() && ok; ++ply) {
            Outcome o = referee->outcome();
            if (o.over()) {
                problem(fmt::format("move '{}' at ply {} after the game ended ({})", g.moves[ply],
                    ply + 1, o.reason));
                ok = false;
            } else if (auto names = resolve_move(*referee, g.moves[ply])) [[maybe_unused]]
                auto err = referee->play(names->text);
            else {
                problem(fmt::format("illegal move '{}' at ply {}", g.moves[ply], ply + 1));
                ok = false;
            }
        }
        if (!ok) continue;
        std::string result = tag("Result");
        if (result != g.resultToken)
            problem(fmt::format("Result tag {} but movetext ends with {}", result, g.resultToken));
        if (!tag("PlyCount").empty() && tag("PlyCount") != std::to_string(g.moves.size()))
            problem(fmt::format("PlyCount {} for {} moves", tag("PlyCount"), g.moves.size()));
        std::string comment = g.comments.empty() ? "" : g.comments.back();
        Outcome o = referee->outcome();
        std::string termination = tag("Termination");
        if (o.over()) {
            if (termination != "normal" && !termination.empty())
                problem(fmt::format(
                    "ended by '{}' but the rules had ended it: {}", termination, o.reason));
            else if (result != result_text(o.result))
                problem(fmt::format("result {} but the moves give {} ({})", result,
                    result_text(o.result), o.reason));
        } else {
            auto implied = implied_result(comment);
            if (termination == "normal" && !has(comment, "resigns"))
                problem(fmt::format("termination normal but the game is not over: {}", comment));
            else if (!implied)
                problem(fmt::format("no rule ended the game and '{}' names no result", comment));
            else if (result != result_text(*implied))
                problem(fmt::format(
                    "result {} but '{}' means {}", result, comment, result_text(*implied)));
        }
    }
    return problems;
}

int check_pgn_command(const std::string& file) {
    std::ifstream in(file);
    if (!in) {
        println("error: cannot open {}", file);
        return 2;
    }
    std::stringstream ss;
    ss << in.rdbuf();
    auto read = read_pgn(ss.str());
    if (!read.error.empty()) {
        println("error: {}: {}", file, read.error);
        return 1;
    }
    auto problems = check_games(read.games);
    for (const auto& p : problems) println("{}", p);
    println("{} games checked, {} problems", read.games.size(), problems.size());
    return problems.empty() ? 0 : 1;
}

} // namespace hq
