// Whole matches against small scripted engines (tests/data/engines): the referee ends games
// by the rules and by adjudication, and faulty engines (an illegal move, silence, a crash)
// lose by forfeit with the reason in the PGN while the match goes on.
#include "bench/match.h"
#include "bench/pgn.h"
#include "bench/pgn_check.h"

#include <catch2/catch.hpp>
#include <cstdio>
#include <fstream>
#include <mutex>
#include <sstream>
#include <unistd.h>

using namespace hq;

namespace {

std::string engine(const std::string& script) {
    return "cmd=" + std::string(HARLEQUIN_TEST_DATA) + "/engines/" + script;
}

// The fool's mate, the shortest game there is.
const std::vector<const char*> FoolsMate = {"arg=f2f3", "arg=e7e5", "arg=g2g4", "arg=d8h4"};

struct MatchRun {
    MatchSummary summary;
    std::vector<PgnRecord> games; // the PGN file read back
    std::vector<std::string> lines;
};

// Runs `harlequin match` with these arguments (plus -pgnout to a fresh file).
MatchRun run(std::vector<std::string> args) {
    char name[] = "/tmp/hq_match_XXXXXX";
    int fd = mkstemp(name);
    REQUIRE(fd >= 0);
    close(fd);
    std::remove(name);
    args.insert(args.end(), {"-pgnout", name});
    auto parsed = parse_match_args(args);
    INFO(parsed.error);
    REQUIRE(parsed.options);
    MatchRun r;
    std::mutex m;
    LineSink sink = [&](const std::string& l) {
        std::lock_guard lock(m);
        r.lines.push_back(l);
    };
    r.summary = run_match(*parsed.options, sink, false);
    std::ifstream in(name);
    std::stringstream text;
    text << in.rdbuf();
    std::remove(name);
    auto read = read_pgn(text.str());
    INFO(read.error);
    REQUIRE(read.error.empty());
    r.games = read.games;
    // Every game, replayed with the rules, ends as its result says.
    CHECK(check_games(r.games) == std::vector<std::string> {});
    return r;
}

std::vector<std::string> with(std::vector<std::string> a, const std::vector<const char*>& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

bool contains(const std::string& s, const std::string& part) {
    return s.find(part) != std::string::npos;
}

} // namespace

TEST_CASE("the referee ends a game by mate, with the mating move in SAN", "[match][engines]") {
    auto args = with({"-engine", engine("line.sh"), "name=A"}, FoolsMate);
    args = with(args, {"-engine", engine("line.sh").c_str(), "name=B"});
    args = with(args, FoolsMate);
    args = with(args, {"-each", "tc=5+0.1", "-games", "2"});
    auto r = run(args);
    REQUIRE(r.summary.error.empty());
    REQUIRE(r.games.size() == 2);
    for (const auto& g : r.games) {
        CHECK(g.tags.at("Result") == "0-1");
        CHECK(g.tags.at("Termination") == "normal");
        CHECK(g.tags.at("Variant") == "chess");
        CHECK(g.tags.at("TimeControl") == "5+0.1");
        CHECK(g.tags.at("PlyCount") == "4");
        CHECK(g.moves == std::vector<std::string> {"f3", "e5", "g4", "Qh4#"});
        CHECK(g.comments.back() == "Black mates");
        CHECK(contains(g.comments[0], "+0.00/1 ")); // the engine's score and depth
    }
    // Colours alternate: each engine won once with Black.
    CHECK(r.summary.firstVsSecond.wins == 1);
    CHECK(r.summary.firstVsSecond.losses == 1);
    CHECK(contains(r.lines[1], "Finished game"));
    CHECK(contains(r.lines[1], "0-1 {Black mates}"));
}

TEST_CASE("threefold repetition ends the game as a draw", "[match][engines]") {
    std::vector<const char*> line = {"arg=g1f3", "arg=g8f6", "arg=f3g1", "arg=f6g8", "arg=g1f3",
        "arg=g8f6", "arg=f3g1", "arg=f6g8", "arg=e2e4"};
    auto args
        = with(with({"-engine", engine("line.sh")}, line), {"-engine", engine("line.sh").c_str()});
    args = with(with(args, line), {"-each", "tc=5+0.1"});
    auto r = run(args);
    REQUIRE(r.games.size() == 1);
    CHECK(r.games[0].tags.at("Result") == "1/2-1/2");
    CHECK(r.games[0].moves.size() == 8);
    CHECK(r.games[0].comments.back() == "Draw by 3-fold repetition");
}

TEST_CASE("-maxmoves adjudicates a draw after that many moves", "[match][engines]") {
    std::vector<const char*> line = {"arg=e2e4", "arg=e7e5", "arg=g1f3", "arg=b8c6", "arg=f1c4"};
    auto args
        = with(with({"-engine", engine("line.sh")}, line), {"-engine", engine("line.sh").c_str()});
    args = with(with(args, line), {"-each", "tc=5+0.1", "-maxmoves", "2"});
    auto r = run(args);
    REQUIRE(r.games.size() == 1);
    CHECK(r.games[0].tags.at("Result") == "1/2-1/2");
    CHECK(r.games[0].tags.at("Termination") == "adjudication");
    CHECK(r.games[0].moves.size() == 4);
}

TEST_CASE("-resign adjudicates a loss after the engine's score stays below the margin",
    "[match][engines]") {
    std::vector<const char*> line
        = {"arg=e2e4", "arg=e7e5", "arg=g1f3", "arg=b8c6", "arg=f1c4", "arg=g8f6"};
    // White believes it is lost (-700 cp) on every move, Black is optimistic.
    auto args
        = with({"-engine", engine("line.sh"), "name=Pessimist", "arg=--score", "arg=-700"}, line);
    args = with(
        args, {"-engine", engine("line.sh").c_str(), "name=Optimist", "arg=--score", "arg=700"});
    args = with(with(args, line), {"-each", "tc=5+0.1", "-resign", "movecount=2", "score=600"});
    auto r = run(args);
    REQUIRE(r.games.size() == 1);
    CHECK(r.games[0].tags.at("Result") == "0-1");
    CHECK(r.games[0].tags.at("Termination") == "adjudication");
    CHECK(r.games[0].moves.size() == 3); // White's second move made the count
    CHECK(contains(r.games[0].comments.back(), "Black wins by adjudication"));
}

TEST_CASE("an engine that plays an illegal move loses by forfeit with the move in the PGN",
    "[match][engines][faulty]") {
    auto args = with({"-engine", engine("line.sh"), "name=Good"}, FoolsMate);
    args = with(args,
        {"-engine", engine("illegal.sh").c_str(), "name=Bad", "-each", "tc=2+0.05", "-games", "4",
            "-concurrency", "2"});
    auto r = run(args);
    REQUIRE(r.summary.error.empty());
    REQUIRE(r.games.size() == 4);
    for (const auto& g : r.games) {
        bool badIsWhite = g.tags.at("White") == "Bad";
        CHECK(g.tags.at("Result") == (badIsWhite ? "0-1" : "1-0"));
        CHECK(g.tags.at("Termination") == "rules infraction");
        CHECK(g.comments.back()
            == std::string(badIsWhite ? "White" : "Black") + " makes an illegal move: e2e5");
        CHECK(g.moves.size() == (badIsWhite ? 0u : 1u));
    }
    CHECK(r.summary.firstVsSecond.wins == 4);
}

TEST_CASE("an engine that never answers loses on time, is restarted, and the match goes on",
    "[match][engines][faulty]") {
    auto args = with({"-engine", engine("line.sh"), "name=Good"}, FoolsMate);
    args = with(args,
        {"-engine", engine("stall.sh").c_str(), "name=Silent", "-each", "tc=0.3+0", "-games", "3",
            "-concurrency", "2"});
    auto r = run(args);
    REQUIRE(r.summary.error.empty());
    REQUIRE(r.games.size() == 3);
    for (const auto& g : r.games) {
        bool silentIsWhite = g.tags.at("White") == "Silent";
        CHECK(g.tags.at("Result") == (silentIsWhite ? "0-1" : "1-0"));
        CHECK(g.tags.at("Termination") == "time forfeit");
        CHECK(
            g.comments.back() == std::string(silentIsWhite ? "White" : "Black") + " loses on time");
    }
}

TEST_CASE(
    "an engine that crashes loses each game and -recover restarts it", "[match][engines][faulty]") {
    auto args = with({"-engine", engine("line.sh"), "name=Good"}, FoolsMate);
    args = with(args,
        {"-engine", engine("crash.sh").c_str(), "name=Crashy", "-each", "tc=2+0.05", "-games", "4",
            "-concurrency", "2", "-recover"});
    auto r = run(args);
    REQUIRE(r.summary.error.empty());
    REQUIRE(r.games.size() == 4);
    for (const auto& g : r.games) {
        bool crashIsWhite = g.tags.at("White") == "Crashy";
        CHECK(g.tags.at("Result") == (crashIsWhite ? "0-1" : "1-0"));
        CHECK(g.tags.at("Termination") == "abandoned");
        CHECK(g.comments.back()
            == std::string(crashIsWhite ? "White" : "Black") + " disconnects (engine signal 11)");
    }
}

TEST_CASE("without -recover a crash stops the match after that game", "[match][engines][faulty]") {
    auto args = with({"-engine", engine("line.sh"), "name=Good"}, FoolsMate);
    args = with(args,
        {"-engine", engine("crash.sh").c_str(), "name=Crashy", "-each", "tc=2+0.05", "-games",
            "4"});
    auto r = run(args);
    CHECK(r.games.size() == 1);
    CHECK(contains(r.summary.error, "engine Crashy crashed (use -recover to restart it)"));
}

TEST_CASE("an XBoard engine plays through the CECP driver", "[match][engines][xboard]") {
    // The CECP line engine against the UCI one, both playing the fool's mate, from the
    // start and from a FEN opening (setboard).
    auto args = with({"-engine", engine("xline.sh"), "proto=xboard"}, FoolsMate);
    args = with(args, {"-engine", engine("line.sh").c_str()});
    args = with(with(args, FoolsMate), {"-each", "tc=5+0.1", "-games", "2"});
    auto r = run(args);
    REQUIRE(r.summary.error.empty());
    REQUIRE(r.summary.names[0] == "XLine");
    REQUIRE(r.games.size() == 2);
    for (const auto& g : r.games) {
        CHECK(g.tags.at("Result") == "0-1");
        CHECK(g.moves == std::vector<std::string> {"f3", "e5", "g4", "Qh4#"});
        CHECK(g.comments.back() == "Black mates");
    }
    // The CECP thinking line "1 -25 0 1 move" gave the comment's score and depth.
    bool xlineScore = false;
    for (const auto& g : r.games)
        for (const auto& c : g.comments) xlineScore |= contains(c, "-0.25/1 ");
    CHECK(xlineScore);
}

TEST_CASE("an engine that does not play the variant stops the match before any game",
    "[match][engines]") {
    auto args = with({"-engine", engine("line.sh"), "-engine", engine("line.sh").c_str(), "-each",
                         "tc=1", "-variant", "chess960"},
        {});
    auto parsed = parse_match_args(args);
    REQUIRE(parsed.options);
    std::vector<std::string> lines;
    auto summary = run_match(
        *parsed.options, [&](const std::string& l) { lines.push_back(l); }, false);
    CHECK(summary.games.empty());
    CHECK(contains(summary.error, "does not play chess960"));
}
