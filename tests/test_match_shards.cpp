// SPDX-License-Identifier: GPL-3.0-or-later
// A match split across machines: `harlequin match -shard K/N` plays a share of the match's
// game pairs, and `-merge` counts the shards' PGNs into the standings a single run prints.
// Two Harlequin engines at fixed nodes play deterministic games, so the shards' games are
// the single run's, move for move.
#include "bench/match.h"
#include "bench/pgn_check.h"
#include "match_run.h"
#include "protocol/pgn.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdio>
#include <map>

using namespace hq;

namespace {

using Run = test::MatchRun;

std::string temp_name() { return test::fresh_file_name("/tmp/hq_shard_XXXXXX"); }

// A fixed-node match of two Harlequins (the stronger one first, so games are decided),
// -repeat: 3 pairs of 2 games from random openings with seed 5; `more` ends the arguments.
// Its PGN goes to `pgn`.
Run play(const std::string& pgn, const std::vector<std::string>& more = {}) {
    std::vector<std::string> args {"-engine", std::string("cmd=") + HARLEQUIN_BINARY, "name=A",
        "nodes=3000", "-engine", std::string("cmd=") + HARLEQUIN_BINARY, "name=B", "nodes=300",
        "-games", "2", "-rounds", "3", "-repeat", "-maxmoves", "60", "-openings",
        "file=" HARLEQUIN_TEST_DATA "/../../bench/openings/chess.epd", "order=random", "-seed", "5",
        "-sprt", "elo0=0", "elo1=100", "alpha=0.1", "beta=0.1", "stop=false", "-pgnout", pgn};
    for (const auto& m : more) {
        // A later -seed or name= replaces the default one.
        if (m.starts_with("seed="))
            args[std::size_t(std::find(args.begin(), args.end(), "-seed") - args.begin() + 1)]
                = m.substr(5);
        else if (m == "name=C") args[2] = "name=C";
        else args.push_back(m);
    }
    Run r = test::run_match_with(args);
    INFO(r.summary.error);
    REQUIRE(r.summary.error.empty());
    r.games = test::read_pgn_file(pgn);
    // The extra tags leave the games checkable by the rules (-checkpgn).
    CHECK(check_games(r.games) == std::vector<std::string> {});
    return r;
}

Run merge(const std::vector<std::string>& files) {
    Run r;
    r.summary
        = merge_shards(files, std::nullopt, [&](const std::string& l) { r.lines.push_back(l); });
    return r;
}

// The standings a run prints at its end: from the last "Score of" line up to "Finished match".
std::vector<std::string> final_standings(const std::vector<std::string>& lines) {
    std::size_t from = lines.size();
    for (std::size_t i = 0; i < lines.size(); ++i)
        if (lines[i].starts_with("Score of")) from = i;
    std::vector<std::string> out;
    for (std::size_t i = from; i < lines.size() && !lines[i].starts_with("Finished match"); ++i)
        out.push_back(lines[i]);
    return out;
}

// Game number -> its moves and result.
std::map<std::string, std::pair<std::vector<std::string>, std::string>> by_round(
    const std::vector<PgnRecord>& games) {
    std::map<std::string, std::pair<std::vector<std::string>, std::string>> out;
    for (const auto& g : games) out[g.tags.at("Round")] = {g.moves, g.resultToken};
    return out;
}

bool contains(const std::vector<std::string>& lines, const std::string& part) {
    for (const auto& l : lines)
        if (l.find(part) != std::string::npos) return true;
    return false;
}

struct Files {
    std::vector<std::string> names;
    ~Files() {
        for (const auto& n : names) std::remove(n.c_str());
    }
    std::string add() { return names.emplace_back(temp_name()); }
};

} // namespace

TEST_CASE("a match played as two shards and merged gives the single run's games and statistics",
    "[match][shard]") {
    Files files;
    std::string whole = files.add(), first = files.add(), second = files.add();
    Run single = play(whole);
    Run one = play(first, {"-shard", "1/2"});
    Run two = play(second, {"-shard", "2/2"});

    // Shard 1 plays pairs 1 and 3 (games 1, 2, 5, 6), shard 2 pair 2 (games 3, 4).
    CHECK(one.games.size() == 4);
    CHECK(two.games.size() == 2);
    for (const auto& g : two.games) CHECK(g.tags.at("MatchPair") == "2");
    CHECK(two.games[0].tags.at("MatchPairGame") == "1/2");
    CHECK(two.games[1].tags.at("MatchPairGame") == "2/2");

    // The same games, move for move and result for result.
    auto together = by_round(one.games);
    together.merge(by_round(two.games));
    CHECK(together == by_round(single.games));

    // Decided games, so that equal statistics say something.
    CHECK(single.summary.firstVsSecond.wins > 0);
    for (const auto& order : {std::vector {first, second}, std::vector {second, first}}) {
        Run merged = merge(order);
        INFO(merged.summary.error);
        REQUIRE(merged.summary.error.empty());
        CHECK(merged.summary.firstVsSecond.wins == single.summary.firstVsSecond.wins);
        CHECK(merged.summary.firstVsSecond.draws == single.summary.firstVsSecond.draws);
        CHECK(merged.summary.firstVsSecond.losses == single.summary.firstVsSecond.losses);
        for (int k = 0; k < 5; ++k)
            CHECK(merged.summary.pairs.counts[k] == single.summary.pairs.counts[k]);
        CHECK(merged.summary.sprtVerdict == single.summary.sprtVerdict);
        // The same lines, but for the note a run adds to the decision with stop=false.
        auto expected = final_standings(single.lines);
        for (auto& l : expected)
            if (l.ends_with(" (the match plays on: -sprt stop=false)"))
                l.resize(l.size() - std::string(" (the match plays on: -sprt stop=false)").size());
        auto standings = final_standings(merged.lines);
        CHECK(standings.size() >= 4); // score, Elo, pentanomial, SPRT (and its decision)
        CHECK(standings == expected);
        CHECK(contains(merged.lines, "3 of 3 pairs complete"));
    }
}

TEST_CASE("a merge refuses shards of different matches and a shard given twice, and names "
          "missing pairs",
    "[match][shard]") {
    Files files;
    std::string first = files.add(), second = files.add(), otherSeed = files.add(),
                otherEngine = files.add(), whole = files.add();
    play(first, {"-shard", "1/2"});
    play(second, {"-shard", "2/2"});
    play(otherSeed, {"-shard", "2/2", "seed=6"});
    play(otherEngine, {"-shard", "2/2", "name=C"});

    Run mixedSeed = merge({first, otherSeed});
    CHECK_FALSE(mixedSeed.summary.error.empty());
    CHECK(contains(mixedSeed.lines, "different seeds"));

    Run mixedEngines = merge({first, otherEngine});
    CHECK_FALSE(mixedEngines.summary.error.empty());
    CHECK(contains(mixedEngines.lines, "different engines"));

    Run twice = merge({first, second, first});
    CHECK_FALSE(twice.summary.error.empty());
    CHECK(contains(twice.lines, "given twice"));

    // A shard missing: its pairs are named and left out, the rest counted.
    Run half = merge({first});
    CHECK(half.summary.error.empty());
    CHECK(contains(half.lines, "warning: 1 of 3 pairs incomplete or missing, left out: pairs 2"));
    CHECK(half.summary.pairs.pairs() == 2);

    // A PGN of an unsharded run carries no match tags.
    play(whole);
    Run plain = merge({whole});
    CHECK(contains(plain.lines, "no MatchId tag"));
}
