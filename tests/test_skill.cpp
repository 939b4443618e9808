// SPDX-License-Identifier: GPL-3.0-or-later
// Strength levels (engine/skill.h): the scale's shape, the draw among the best moves, and
// the options as a UCI GUI sets them.
#include "engine/skill.h"
#include "session.h"
#include "support.h"
#include "variants/registry.h"

#include <catch2/catch.hpp>
#include <map>

using namespace hq;
using namespace std::chrono_literals;

TEST_CASE("each level searches more and chooses more carefully than the one below", "[skill]") {
    for (int level = 1; level < int(Skill::Full); ++level) {
        INFO("level " << level);
        Skill below {double(level - 1)}, at {double(level)};
        CHECK(at.node_budget() > below.node_budget());
        CHECK(at.temperature() < below.temperature());
        CHECK(at.limited());
    }
    CHECK_FALSE(Skill {}.limited());
    // UCI_Elo rises with the level, within Stockfish's range.
    for (int elo = Skill::MinElo; elo < Skill::MaxElo; elo += 50)
        CHECK(Skill::level_for_elo(elo + 50) > Skill::level_for_elo(elo));
    CHECK(Skill::level_for_elo(100) == Skill::level_for_elo(Skill::MinElo));
    CHECK(Skill::level_for_elo(9999) == Skill::level_for_elo(Skill::MaxElo));
    CHECK(Skill::level_for_elo(Skill::MaxElo) < Skill::Full);
}

TEST_CASE("the last step to full strength searches faster and keeps fewer moves", "[skill]") {
    // Levels up to 19 keep four moves; from 19 the budget grows faster and the moves kept
    // fall to the search's own one, so UCI_Elo near the top reaches full strength's play.
    CHECK(Skill {19.0}.width() == 4);
    CHECK(Skill {16.0}.width() == 4);
    for (double level = 19.0; level < 19.95; level += 0.05) {
        INFO("level " << level);
        Skill below {level}, at {level + 0.05};
        CHECK(at.node_budget() > below.node_budget());
        CHECK(at.width() <= below.width());
    }
    CHECK(Skill {19.5}.width() == 1);
    CHECK(Skill {19.5}.node_budget() > 4 * Skill {19.0}.node_budget());
    CHECK(Skill {19.0}.node_budget() == 208'063); // 32 x 2^(19 / 1.5), as before the step
}

TEST_CASE("the ladder's eight levels rise, from a beginner's, all below full strength", "[skill]") {
    // The levels a player picks from (the browser board's 1 to 8): the common ladder and
    // every game's own.
    STATIC_REQUIRE(Skill::Ladder.size() == 8);
    for (const RegisteredGame& g : registered_games()) {
        INFO(g.spec.name);
        const Skill::LadderLevels& ladder = level_ladder(g.spec.name);
        CHECK(&ladder == &g.ladder);
        CHECK(ladder.front() == 0);
        for (std::size_t i = 1; i < ladder.size(); ++i) CHECK(ladder[i] > ladder[i - 1]);
        CHECK(Skill {double(ladder.back())}.limited());
    }
    CHECK(level_ladder("no such game") == Skill::Ladder);
}

TEST_CASE(
    "the draw prefers the better moves, never one far worse, and repeats for a seed", "[skill]") {
    const std::vector<int> values = {120, 100, 40, -500, 90};
    std::map<int, int> drawn;
    Skill beginner {0.0, 42};
    for (std::uint64_t key = 1; key <= 4000; ++key) ++drawn[beginner.choose(values, key)];
    // A queen's worth below the best is never drawn, nor a move beyond the width (4).
    CHECK(drawn.count(3) == 0);
    CHECK(drawn.count(4) == 0);
    CHECK(drawn[0] > drawn[1]);
    CHECK(drawn[1] > drawn[2]);
    CHECK(drawn[2] > 0);
    // The same seed and position give the same move; another seed varies the choices.
    int differ = 0;
    for (std::uint64_t key = 1; key <= 200; ++key) {
        CHECK(beginner.choose(values, key) == beginner.choose(values, key));
        differ += beginner.choose(values, key) != Skill {0.0, 43}.choose(values, key);
    }
    CHECK(differ > 20);
    // Near the top the best move is nearly always played; a mate always.
    int best = 0;
    for (std::uint64_t key = 1; key <= 1000; ++key)
        best += Skill {19.0, 1}.choose(values, key) == 0;
    CHECK(best > 950);
    CHECK(Skill {0.0, 1}.choose(std::vector<int> {VALUE_MATE - 5, VALUE_MATE - 5}, 7) == 0);
    // Full strength plays the search's move.
    CHECK(Skill {}.choose(values, 7) == 0);
}

namespace {

// The bestmove and the last info line's node count of `go` at a level.
std::pair<std::string, long long> play_at(
    const std::vector<std::string>& setup, const std::string& go) {
    Process p = start_engine();
    for (const std::string& command : setup) p.send(command);
    p.send(go);
    std::vector<std::string> seen;
    std::string move = best_move(p, 10s, &seen);
    long long nodes = 0;
    for (const std::string& l : seen)
        if (auto words = split_words(l); words.size() > 2 && words[0] == "info")
            for (std::size_t i = 0; i + 1 < words.size(); ++i)
                if (words[i] == "nodes") nodes = std::stoll(words[i + 1]);
    return {move, nodes};
}

} // namespace

TEST_CASE("Skill Level and UCI_Elo limit the search, move at once, and repeat for a seed",
    "[skill][uci]") {
    const std::string position
        = "position fen "
          "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    for (std::string level :
        {"setoption name Skill Level value 0", "setoption name Skill Level value 10",
            "setoption name UCI_LimitStrength value true"}) {
        INFO(level);
        std::vector<std::string> setup = {level, "setoption name Skill Seed value 5", position};
        auto [move, nodes] = play_at(setup, "go wtime 60000 btime 60000");
        CHECK(move != "(none)");
        CHECK(play_at(setup, "go wtime 60000 btime 60000").first == move);
        // A budget of nodes, not of time: far below what a minute's clock would buy.
        CHECK(nodes < 20000);
    }
    // UCI_AnalyseMode searches at full strength, as does Skill Level 20.
    auto full = play_at({position}, "go depth 6");
    CHECK(play_at({"setoption name Skill Level value 20", position}, "go depth 6") == full);
    CHECK(play_at({"setoption name Skill Level value 0",
                      "setoption name UCI_AnalyseMode value true", position},
              "go depth 6")
        == full);
}
