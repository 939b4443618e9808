// SPDX-License-Identifier: GPL-3.0-or-later
// The skeleton game of docs/adding-a-game.md (tests/skeleton/skeleton.h) goes through
// everything a registered game goes through: the hooks check, the engine facade (perft and
// the search) and the rules (the referee and the probe), built by the factories that
// HARLEQUIN_GAME compiles, from an entry written as the registry's are. If the concepts in
// engine/game.h change, this file stops compiling or these tests fail, and the guide is
// brought up to date with it. tests/seventh_game.py adds this game to a copy of the tree
// as a registered seventh game, its folder, one registry entry and its data files and no
// other line, and plays it through perft, bench, match and the browser API.
#include "skeleton/skeleton.h"
#include "support.h"
#include "variants/game_instance.h"
#include "variants/registry.h"

#include <catch2/catch.hpp>

// What a game's instance.cpp holds: this one line (it also proves the stated hooks).
HARLEQUIN_GAME(hq::skeleton::KingRace)

namespace hq {

using skeleton::KingRace;

static_assert(SearchGame<KingRace>, "the skeleton satisfies what the search needs");

} // namespace hq

using namespace hq;

namespace {

// The skeleton's entry as it would stand in variants/registry.cpp: its spec, aliases,
// factories and bench catalog (the other fields are optional).
const RegisteredGame& race() {
    static const RegisteredGame entry {
        .spec = {"kingrace", std::string(skeleton::Position::StartFen), 8, 8, false},
        .aliases = {},
        .make = game_factories<KingRace>(),
        .bench = {{{""}}, "kingrace"},
    };
    return entry;
}

std::unique_ptr<Engine> race_engine() { return race().make.engine(race().spec, false); }
std::unique_ptr<GameProbe> race_rules() { return race().make.rules(race().spec, false); }

} // namespace

TEST_CASE("the skeleton game reads and writes its FEN and refuses bad ones", "[skeleton]") {
    skeleton::Position p;
    CHECK(p.fen() == "4k3/8/8/8/8/8/8/4K3 w 0");
    REQUIRE_FALSE(p.set_fen("8/8/3k4/8/3K4/8/8/8 b 7").has_value());
    CHECK(p.fen() == "8/8/3k4/8/3K4/8/8/8 b 7");
    for (const char* bad : {"", "4k3/8/8/8/8/8/8/4K3 w", "4k3/8/8/8/8/8/8/4K3 x 0",
             "4k3/8/8/8/8/8/8/8 w 0", "4k3/8/8/8/8/8/4K3/4K3 w 0", "8/8/8/3kK3/8/8/8/8 w 0",
             "4k3/8/8/8/8/8/8/4K3 w -1", "4k3/8/8/8/8/8/8/4K4 w 0", "4q3/8/8/8/8/8/8/4K3 w 0"}) {
        INFO(bad);
        CHECK(p.set_fen(bad).has_value());
        CHECK(p.fen() == "8/8/3k4/8/3K4/8/8/8 b 7"); // untouched
    }
}

TEST_CASE("the skeleton game's perft through the engine facade", "[skeleton]") {
    auto engine = race_engine();
    REQUIRE_FALSE(engine->set_position("", {}).has_value());
    // Each king has five steps from its start, and the kings are far apart.
    CHECK(test::run_perft(*engine, 1) == 5);
    CHECK(test::run_perft(*engine, 2) == 25);
    // Kings two files apart on one rank: White's steps towards Black are refused.
    REQUIRE_FALSE(engine->set_position("8/8/8/8/2k1K3/8/8/8 w 0", {}).has_value());
    CHECK(test::run_perft(*engine, 1) == 5);
    // Do and undo keep the incremental key equal to the recomputed one.
    test::check_consistency<KingRace>({"4k3/8/8/8/8/8/8/4K3 w 0", "8/8/8/8/2k1K3/8/8/8 b 3"}, 4);
}

TEST_CASE("the search plays the skeleton game: it takes the winning step", "[skeleton]") {
    auto engine = race_engine();
    SearchLimits limits;
    limits.depth = 6;
    // White steps onto the 8th rank at once; Black is one step short.
    auto r = test::search(*engine, "8/4K3/8/8/8/8/3k4/8 w 20", limits);
    CHECK(r.bestmoves == 1);
    CHECK(r.best.substr(3, 1) == "8");
    CHECK(r.last.value == mate_in(1));
}

TEST_CASE("the referee plays a skeleton game to its end", "[skeleton]") {
    auto rules = race_rules();
    Referee& referee = *rules;
    auto engine = race_engine();
    std::vector<std::string> moves;
    SearchLimits limits;
    limits.depth = 4;
    while (!referee.outcome().over()) {
        REQUIRE(moves.size() < std::size_t(skeleton::PlyLimit));
        REQUIRE_FALSE(engine->set_position("", moves).has_value());
        test::SearchResult r;
        engine->go(limits,
            {[&](const SearchInfo& i) { r.last = i; },
                [&](const std::string& b, const std::string&) { r.best = b; }});
        engine->wait();
        REQUIRE_FALSE(referee.play(r.best).has_value());
        moves.push_back(r.best);
    }
    // White moves first and has the same distance: it arrives first.
    CHECK(referee.outcome().result == Result::WHITE_WINS);
    CHECK(referee.outcome().reason == "White reaches the 8th rank");
    CHECK(moves.size() == 13);
}

TEST_CASE(
    "the skeleton's probe evaluates for the side to move, and it is not registered", "[skeleton]") {
    auto rules = race_rules();
    GameProbe& probe = *rules;
    REQUIRE_FALSE(probe.set_position("8/8/4K3/8/k7/8/8/8 w 10").has_value());
    CHECK(probe.evaluate() > 0); // White to move needs 2 steps, Black 3
    REQUIRE_FALSE(probe.set_position("4k3/8/8/8/8/4K3/8/8 b 4").has_value());
    CHECK(probe.evaluate() < 0); // Black to move needs 7 steps, White 5
    CHECK_FALSE(probe.play("e8d8").has_value());
    CHECK(probe.play("e3e9").has_value());
    CHECK(probe.weight_names().empty());
    // No registry entry builds the skeleton's type: tests/seventh_game.py registers a copy
    // of it, hq::kingrace::KingRace, as "kingrace" in a copy of the tree, and this test
    // passes there too (its factories are another type's).
    for (const RegisteredGame& g : registered_games()) {
        INFO(g.spec.name);
        CHECK(g.make.engine != race().make.engine);
        CHECK(g.make.rules != race().make.rules);
    }
}
