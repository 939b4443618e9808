// SPDX-License-Identifier: GPL-3.0-or-later
#include "new_game.h"

#include "request_json.h"
#include "variants/registry.h"

#include <mutex>
#include <random>

namespace hq::serve {

namespace {

// A random number below `count`.
int random_start(int count) {
    static std::mutex m;
    static std::mt19937 rng {std::random_device {}()};
    std::lock_guard lock(m);
    return int(rng() % unsigned(count));
}

// The numbered start of a new game that starts from one by its rules (the registry's
// NumberedStarts of a game whose spec has them on: Chess960) and has neither a FEN nor a
// PGN; a number for any other game is refused.
std::optional<Refusal> choose_numbered_start(NewGame& g) {
    const RegisteredGame* game = find_game(g.game);
    const bool fromStart
        = game && game->spec.chess960 && game->starts.count > 0 && g.fen.empty() && !g.pgn;
    if (!fromStart) {
        if (g.start960 < 0) return std::nullopt;
        std::string games;
        for (const RegisteredGame& r : registered_games())
            if (r.spec.chess960 && r.starts.count > 0)
                games += (games.empty() ? "" : " or ") + r.spec.name;
        return Refusal {400, "\"start960\" is for a new " + games + " game without fen or pgn"};
    }
    if (g.start960 < 0) g.start960 = random_start(game->starts.count);
    g.fen = game->starts.fen(g.start960, g.start960);
    return std::nullopt;
}

} // namespace

std::variant<NewGame, Refusal> parse_new_game(const Json& body) {
    Fields f(body);
    NewGame g;
    auto game = f.text("game");
    f.require(game, "missing \"game\"");
    auto fen = f.text("fen");
    g.pgn = f.text("pgn");
    auto index = f.whole("index");
    const std::string bad960 = "\"start960\" must be a whole number from 0 to 959";
    auto start960 = f.whole("start960", bad960);
    if (start960 && (*start960 < 0 || *start960 >= 960)) f.refuse(bad960);
    if (f.refusal) return *f.refusal;
    g.game = *game;
    g.fen = fen.value_or("");
    g.index = index.value_or(0);
    g.start960 = start960.value_or(-1);
    if (body.contains("settings")) g.settings = body["settings"];
    if (auto no = choose_numbered_start(g)) return *no;
    return g;
}

} // namespace hq::serve
