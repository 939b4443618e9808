// SPDX-License-Identifier: GPL-3.0-or-later
// Whole matches against small scripted engines (tests/data/engines): the referee ends games
// by the rules and by adjudication, and faulty engines (an illegal move, silence, a crash)
// lose by forfeit with the reason in the PGN while the match goes on.
#include "bench/match.h"
#include "bench/pgn_check.h"
#include "match_run.h"
#include "protocol/pgn.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdio>
#include <fstream>
#include <map>
#include <mutex>
#include <unistd.h>

using namespace hq;

namespace {

std::string engine(const std::string& script) {
    return "cmd=" + std::string(HARLEQUIN_TEST_DATA) + "/engines/" + script;
}

// The fool's mate, the shortest game there is.
const std::vector<const char*> FoolsMate = {"arg=f2f3", "arg=e7e5", "arg=g2g4", "arg=d8h4"};

using test::MatchRun;

// Runs `harlequin match` with these arguments (plus -pgnout to a fresh file).
MatchRun run(std::vector<std::string> args) {
    const std::string name = test::fresh_file_name("/tmp/hq_match_XXXXXX");
    args.insert(args.end(), {"-pgnout", name});
    MatchRun r = test::run_match_with(args);
    r.games = test::read_pgn_file(name);
    std::remove(name.c_str());
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

// "Good", playing the fool's mate, against the faulty engine `script` named `name`; `more`
// ends the arguments.
MatchRun run_against(
    const std::string& script, const std::string& name, const std::vector<const char*>& more) {
    auto args = with({"-engine", engine("line.sh"), "name=Good"}, FoolsMate);
    args.insert(args.end(), {"-engine", engine(script), "name=" + name});
    return run(with(args, more));
}

// Three engines A, B and C, each playing the fool's mate; `more` ends the arguments.
MatchRun run_three(const std::vector<const char*>& more) {
    std::vector<std::string> args;
    for (const char* name : {"name=A", "name=B", "name=C"})
        args = with(with(args, {"-engine", engine("line.sh").c_str(), name}), FoolsMate);
    return run(with(args, more));
}

// The match went on: all `games` played, each lost by the faulty engine `name` with this
// Termination tag and the final comment "<its colour><reason>".
void check_forfeits(const MatchRun& r, std::size_t games, const std::string& name,
    const std::string& termination, const std::string& reason) {
    REQUIRE(r.summary.error.empty());
    REQUIRE(r.games.size() == games);
    for (const auto& g : r.games) {
        bool faultyIsWhite = g.tags.at("White") == name;
        CHECK(g.tags.at("Result") == (faultyIsWhite ? "0-1" : "1-0"));
        CHECK(g.tags.at("Termination") == termination);
        CHECK(g.comments.back() == (faultyIsWhite ? "White" : "Black") + reason);
    }
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

TEST_CASE("maxmoves adjudicates a draw after that many moves", "[match][engines]") {
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

TEST_CASE("draw adjudication needs both engines within the band for movecount moves from "
          "movenumber on",
    "[match][engines]") {
    // Both engines report 0 cp on every move.
    std::vector<const char*> line
        = {"arg=e2e4", "arg=e7e5", "arg=g1f3", "arg=b8c6", "arg=f1c4", "arg=g8f6", "arg=d2d3"};
    for (auto [moveNumber, plies] : {std::pair {"movenumber=3", 4u}, {"movenumber=4", 6u}}) {
        auto args = with(
            with({"-engine", engine("line.sh")}, line), {"-engine", engine("line.sh").c_str()});
        args = with(with(args, line),
            {"-each", "tc=5+0.1", "-draw", moveNumber, "movecount=2", "score=10"});
        auto r = run(args);
        REQUIRE(r.games.size() == 1);
        INFO(moveNumber);
        CHECK(r.games[0].tags.at("Result") == "1/2-1/2");
        CHECK(r.games[0].tags.at("Termination") == "adjudication");
        CHECK(r.games[0].moves.size() == plies);
        CHECK(
            r.games[0].comments.back() == "Draw by adjudication: scores within 10 cp for 2 moves");
    }
}

TEST_CASE("resign adjudication scores a loss after the engine's score stays below the margin",
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
    auto r = run_against(
        "illegal.sh", "Bad", {"-each", "tc=2+0.05", "-games", "4", "-concurrency", "2"});
    check_forfeits(r, 4, "Bad", "rules infraction", " makes an illegal move: e2e5");
    for (const auto& g : r.games) CHECK(g.moves.size() == (g.tags.at("White") == "Bad" ? 0u : 1u));
    CHECK(r.summary.firstVsSecond.wins == 4);
}

TEST_CASE("an engine that never answers loses on time, is restarted, and the match goes on",
    "[match][engines][faulty]") {
    auto r = run_against(
        "stall.sh", "Silent", {"-each", "tc=0.3+0", "-games", "3", "-concurrency", "2"});
    check_forfeits(r, 3, "Silent", "time forfeit", " loses on time");
}

TEST_CASE("without a clock, an engine silent for -stalltimeout loses by a stalled connection",
    "[match][engines][faulty]") {
    auto r = run_against("stall.sh", "Silent",
        {"-each", "depth=3", "-games", "2", "-concurrency", "2", "-stalltimeout", "0.2"});
    check_forfeits(r, 2, "Silent", "abandoned", "'s connection stalls: no move in 0.2 s");
    for (const auto& g : r.games) CHECK(g.tags.at("TimeControl") == "-");
}

TEST_CASE(
    "an engine that crashes loses each game and -recover restarts it", "[match][engines][faulty]") {
    auto r = run_against("crash.sh", "Crashy",
        {"-each", "tc=2+0.05", "-games", "4", "-concurrency", "2", "-recover"});
    check_forfeits(r, 4, "Crashy", "abandoned", " disconnects (engine signal 11)");
}

TEST_CASE("without -recover a crash stops the match after that game", "[match][engines][faulty]") {
    auto r = run_against("crash.sh", "Crashy", {"-each", "tc=2+0.05", "-games", "4"});
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

TEST_CASE("a round robin pairs every engine with every other, colours alternating",
    "[match][engines][schedule]") {
    auto r = run_three({"-each", "tc=5+0.1", "-games", "2", "-concurrency", "2"});
    REQUIRE(r.games.size() == 6);
    // Black wins every fool's mate: each engine played each colour twice.
    for (const auto& w : r.summary.perEngine) {
        CHECK(w.wins == 2);
        CHECK(w.losses == 2);
    }
    std::map<std::string, int> pairings;
    for (const auto& g : r.games) ++pairings[g.tags.at("White") + "-" + g.tags.at("Black")];
    CHECK(pairings
        == std::map<std::string, int> {
            {"A-B", 1}, {"B-A", 1}, {"A-C", 1}, {"C-A", 1}, {"B-C", 1}, {"C-B", 1}});
    // More than two engines: a ranking table.
    bool table = false;
    for (const auto& l : r.lines) table |= l.rfind("Rank Name", 0) == 0;
    CHECK(table);
}

TEST_CASE(
    "a gauntlet pairs the first engine with each of the others", "[match][engines][schedule]") {
    auto r = run_three({"-each", "tc=5+0.1", "-games", "2", "-tournament", "gauntlet"});
    REQUIRE(r.games.size() == 4);
    for (const auto& g : r.games) CHECK((g.tags.at("White") == "A" || g.tags.at("Black") == "A"));
}

TEST_CASE(
    "repeat plays each opening twice with the colours reversed", "[match][engines][schedule]") {
    char name[] = "/tmp/hq_openings_XXXXXX";
    int fd = mkstemp(name);
    REQUIRE(fd >= 0);
    close(fd);
    // Two openings in which the fool's mate still works.
    std::ofstream(name) << "r1bqkbnr/pppppppp/2n5/8/8/2N5/PPPPPPPP/R1BQKBNR w KQkq - 2 2\n"
                           "r1bqkbnr/pppppppp/n7/8/8/N7/PPPPPPPP/R1BQKBNR w KQkq - 2 2\n";
    auto args = with({"-engine", engine("line.sh"), "name=A"}, FoolsMate);
    args = with(with(args, {"-engine", engine("line.sh").c_str(), "name=B"}), FoolsMate);
    args = with(args,
        {"-each", "tc=5+0.1", "-games", "4", "-repeat", "-openings",
            (std::string("file=") + name).c_str()});
    auto r = run(args);
    std::remove(name);
    REQUIRE(r.games.size() == 4);
    std::sort(r.games.begin(), r.games.end(),
        [](const auto& a, const auto& b) { return a.tags.at("Round") < b.tags.at("Round"); });
    for (int pair = 0; pair < 2; ++pair) {
        const auto& g1 = r.games[2 * pair];
        const auto& g2 = r.games[2 * pair + 1];
        CHECK(g1.tags.at("FEN") == g2.tags.at("FEN"));
        CHECK(g1.tags.at("SetUp") == "1");
        CHECK(g1.tags.at("White") == g2.tags.at("Black"));
        CHECK(g1.moves == std::vector<std::string> {"f3", "e5", "g4", "Qh4#"});
    }
    CHECK(r.games[0].tags.at("FEN") != r.games[2].tags.at("FEN"));
    // Black mates in every game: each engine wins one game of each pair, so both pairs
    // score 1 point of 2 (the middle of the pentanomial).
    CHECK(r.summary.pairs.pairs() == 2);
    CHECK(r.summary.pairs.counts[2] == 2);
    bool ptnml = false;
    for (const auto& l : r.lines) ptnml |= l.starts_with("Ptnml(0-2): [0, 0, 2, 0, 0], pairs 2;");
    CHECK(ptnml);
}

// Two scripted engines for the SPRT tests: A plays a repetition line; B repeats it with
// White but answers 1. Nf3 with an illegal move with Black. So A wins with White and draws
// with Black.
namespace {
std::vector<std::string> winning_and_drawing_pair() {
    std::vector<const char*> repetition = {"arg=g1f3", "arg=g8f6", "arg=f3g1", "arg=f6g8",
        "arg=g1f3", "arg=g8f6", "arg=f3g1", "arg=f6g8"};
    std::vector<const char*> drawOrForfeit = {"arg=g1f3", "arg=e2e5", "arg=f3g1", "arg=e2e5",
        "arg=g1f3", "arg=e2e5", "arg=f3g1", "arg=e2e5"};
    auto args = with({"-engine", engine("line.sh"), "name=A"}, repetition);
    return with(with(args, {"-engine", engine("line.sh").c_str(), "name=B"}), drawOrForfeit);
}
} // namespace

TEST_CASE(
    "the SPRT stops the match once the LLR crosses its upper bound", "[match][engines][sprt]") {
    // A wins with White and draws with Black (winning_and_drawing_pair): after W D W D ... the LLR
    // for elo0 = 0, elo1 = 100 (s1 = 0.640065) is 0, 0.807, 1.991, 1.613, 2.684, 2.420, then
    // after W4 D3 (s = 0.785714, var = 0.061224): 7 * 0.140065 * 0.431363 / 0.122449 = 3.454,
    // past log(0.95 / 0.05) = 2.944.
    auto args = winning_and_drawing_pair();
    args = with(args, {"-each", "tc=5+0.1", "-games", "100", "-sprt", "elo0=0", "elo1=100"});
    auto r = run(args);
    CHECK(r.summary.sprtDecided);
    CHECK(r.games.size() == 7);
    CHECK(r.summary.firstVsSecond.wins == 4);
    CHECK(r.summary.firstVsSecond.draws == 3);
    bool accepted = false;
    for (const auto& l : r.lines) accepted |= l == "SPRT: H1 accepted after 7 games";
    CHECK(accepted);
}

TEST_CASE("with -sprt stop=false the match plays all its games and reports when the test "
          "decided",
    "[match][engines][sprt]") {
    // The same engines as above: the LLR crosses the upper bound after game 7, and the
    // match goes on to its 12 games.
    auto args = winning_and_drawing_pair();
    args = with(
        args, {"-each", "tc=5+0.1", "-games", "12", "-sprt", "elo0=0", "elo1=100", "stop=false"});
    auto r = run(args);
    CHECK(r.summary.sprtDecided);
    CHECK(r.games.size() == 12);
    CHECK(r.summary.sprtVerdict == "H1 accepted after 7 games");
    int decided = 0;
    bool finalLine = false;
    for (const auto& l : r.lines) {
        decided += l == "SPRT: H1 accepted after 7 games (the match plays on: -sprt stop=false)";
        finalLine |= l.starts_with("SPRT (") && l.ends_with("; H1 accepted after 7 games");
    }
    CHECK(decided == 1);
    CHECK(finalLine);
}

TEST_CASE("an unwritable -pgnout stops the match before the first game", "[match][engines][pgn]") {
    char dir[] = "/tmp/hq_pgnout_XXXXXX";
    REQUIRE(mkdtemp(dir));
    // A missing directory, and a directory where the file should be.
    for (std::string path : {std::string(dir) + "/missing/games.pgn", std::string(dir)}) {
        INFO(path);
        auto args = with({"-engine", engine("line.sh"), "name=A"}, FoolsMate);
        args = with(args, {"-engine", engine("line.sh").c_str(), "name=B"});
        args = with(with(args, FoolsMate), {"-each", "tc=5+0.1", "-games", "2"});
        args.insert(args.end(), {"-pgnout", path});
        auto parsed = parse_match_args(args);
        REQUIRE(parsed.options);
        std::vector<std::string> lines;
        std::mutex m;
        auto summary = run_match(
            *parsed.options,
            [&](const std::string& l) {
                std::lock_guard lock(m);
                lines.push_back(l);
            },
            false);
        CHECK(summary.games.empty());
        CHECK(contains(summary.error, "-pgnout: cannot write " + path + ": "));
        REQUIRE_FALSE(lines.empty());
        CHECK(lines[0] == "error: " + summary.error);
        for (const auto& l : lines) CHECK_FALSE(contains(l, "Finished game"));
    }
    // A file that can be written is not left behind by the check when no game is played.
    std::string fresh = std::string(dir) + "/fresh.pgn";
    auto args = with({"-engine", "cmd=/nonexistent/engine", "-engine", "cmd=/nonexistent/engine",
                         "-each", "tc=1", "-pgnout"},
        {fresh.c_str()});
    auto parsed = parse_match_args(args);
    REQUIRE(parsed.options);
    auto summary = run_match(
        *parsed.options, [](const std::string&) {}, false);
    CHECK_FALSE(contains(summary.error, "-pgnout"));
    CHECK(access(fresh.c_str(), F_OK) != 0);
    rmdir(dir);
}

TEST_CASE("a match that replays its games at fixed nodes says so before the first game",
    "[match][engines]") {
    // Two fool's-mate engines from the start position (no openings file: one opening). At
    // depth 1 alone every pair of games after the first replays it.
    auto args = with({"-engine", engine("line.sh"), "name=A"}, FoolsMate);
    args = with(args, {"-engine", engine("line.sh").c_str(), "name=B"});
    args = with(args, FoolsMate);
    auto replay = run(with(args, {"-each", "depth=1", "-games", "2", "-rounds", "3"}));
    REQUIRE(replay.games.size() == 6);
    auto warning = std::find_if(replay.lines.begin(), replay.lines.end(),
        [](const std::string& l) { return contains(l, "Warning: 4 of the 6 games replay"); });
    CHECK(warning != replay.lines.end());
    // A clock makes every game new; so does a single round.
    for (auto extra :
        {std::vector<const char*> {"-each", "tc=5+0.1", "-games", "2", "-rounds", "3"},
            std::vector<const char*> {"-each", "depth=1", "-games", "2"}}) {
        auto r = run(with(args, extra));
        for (const auto& l : r.lines) CHECK_FALSE(contains(l, "Warning"));
    }
}
