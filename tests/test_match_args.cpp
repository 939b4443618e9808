// SPDX-License-Identifier: GPL-3.0-or-later
// `harlequin match` arguments: what cutechess-cli users type, and the errors they get.
#include "bench/match_options.h"
#include "process.h"
#include "variants/registry.h"

#include <catch2/catch.hpp>

using namespace hq;
using namespace std::chrono_literals;

namespace {

std::vector<std::string> words(std::initializer_list<const char*> w) {
    return {w.begin(), w.end()};
}

// The error for these arguments ("" when they parse).
std::string error_of(std::initializer_list<const char*> w) {
    auto r = parse_match_args(words(w));
    CHECK(r.options.has_value() == r.error.empty());
    return r.error;
}

} // namespace

TEST_CASE("match arguments in cutechess-cli style are read into the options", "[match][args]") {
    auto r = parse_match_args(words({"-engine", "cmd=/usr/games/stockfish", "name=SF",
        "option.Hash=32", "option.Move Overhead=10", "-engine", "cmd=sjeng", "proto=xboard",
        "arg=-x", "st=0.5", "timemargin=200", "-each", "tc=40/1:30+0.6", "-variant", "FischeRandom",
        "-games", "4", "-rounds", "3", "-repeat", "-tournament", "gauntlet", "-openings",
        "file=o.pgn", "format=pgn", "order=random", "plies=8", "-concurrency", "2", "-pgnout",
        "out.pgn", "-draw", "movenumber=40", "movecount=8", "score=10", "-resign", "movecount=3",
        "score=600", "twosided=true", "-maxmoves", "200", "-sprt", "elo0=0", "elo1=5", "alpha=0.05",
        "beta=0.1", "-ratinginterval", "10", "-recover", "-seed", "7"}));
    REQUIRE(r.options);
    const MatchOptions& o = *r.options;
    REQUIRE(o.engines.size() == 2);
    CHECK(o.engines[0].name == "SF");
    CHECK(o.engines[0].options
        == std::vector<std::pair<std::string, std::string>> {
            {"Hash", "32"}, {"Move Overhead", "10"}});
    CHECK(o.engines[0].tc.moves == 40);
    CHECK(o.engines[0].tc.base == 90);
    CHECK(o.engines[0].tc.increment == Approx(0.6));
    CHECK(o.engines[1].proto == "xboard");
    CHECK(o.engines[1].args == std::vector<std::string> {"-x"});
    CHECK(o.engines[1].moveTime == Approx(0.5));
    CHECK(o.engines[1].timeMarginMs == 200);
    CHECK(o.variant == "chess960");
    CHECK(o.games == 4);
    CHECK(o.rounds == 3);
    CHECK(o.repeat);
    CHECK(o.gauntlet);
    CHECK(o.openings.file == "o.pgn");
    CHECK(o.openings.format == "pgn");
    CHECK(o.openings.random);
    CHECK(o.openings.plies == 8);
    CHECK(o.concurrency == 2);
    CHECK(o.pgnOut == "out.pgn");
    CHECK(o.draw.enabled);
    CHECK(o.draw.moveNumber == 40);
    CHECK(o.draw.moveCount == 8);
    CHECK(o.draw.score == 10);
    CHECK(o.resign.moveCount == 3);
    CHECK(o.resign.score == 600);
    CHECK(o.resign.twoSided);
    CHECK(o.maxMoves == 200);
    CHECK(o.sprt.enabled);
    CHECK(o.sprt.elo1 == 5);
    CHECK(o.sprt.beta == Approx(0.1));
    CHECK(o.sprt.stop); // the default: the match stops when the test decides
    CHECK(o.ratingInterval == 10);
    CHECK(o.recover);
    CHECK(o.seed == 7);
}

TEST_CASE("time controls: moves/time+increment, minutes:seconds, inf", "[match][args]") {
    auto tc = parse_time_control("40/60+0.6");
    REQUIRE(tc);
    CHECK(tc->pgn() == "40/60+0.6");
    CHECK(parse_time_control("2+0.05")->pgn() == "2+0.05");
    CHECK(parse_time_control("1:30")->base == 90);
    CHECK(parse_time_control("inf")->infinite);
    CHECK(parse_time_control("inf")->pgn() == "-");
    CHECK(parse_time_control("0+0.1")->base == 0);
    CHECK(!parse_time_control("abc"));
    CHECK(!parse_time_control("0"));
    CHECK(!parse_time_control("10+"));
    CHECK(!parse_time_control("0/10"));
    CHECK(!parse_time_control("-5"));
}

TEST_CASE("bad match arguments are refused with a message naming them", "[match][args]") {
    CHECK(error_of({"-engine", "cmd=a", "tc=1"}) == "at least two -engine are needed");
    CHECK(error_of({"-engine", "name=x", "tc=1", "-engine", "cmd=b", "tc=1"})
        == "-engine 1: cmd= is required");
    CHECK(error_of({"-engine", "cmd=a", "-engine", "cmd=b"}).find("no limit") != std::string::npos);
    CHECK(error_of({"-engine", "cmd=a", "tc=x", "-engine", "cmd=b", "tc=1"})
        == "-engine: bad value 'x' for tc");
    CHECK(error_of({"-engine", "cmd=a", "proto=cecp", "tc=1", "-engine", "cmd=b", "tc=1"})
        == "-engine: proto must be uci or xboard, not 'cecp'");
    CHECK(error_of({"-engine", "cmd=a", "colour=red", "-each", "tc=1", "-engine", "cmd=b"})
        == "-engine: unknown key 'colour'");
    CHECK(error_of({"-engine", "cmd=a", "tc", "-engine", "cmd=b"})
        == "-engine: expected key=value, got 'tc'");
    const char* two[] = {"-engine", "cmd=a", "-engine", "cmd=b", "-each", "tc=1"};
    auto with = [&](std::initializer_list<const char*> more) {
        std::vector<std::string> w(std::begin(two), std::end(two));
        w.insert(w.end(), more.begin(), more.end());
        return parse_match_args(w).error;
    };
    CHECK(with({}).empty());
    CHECK(
        with({"-variant", "xiangqi"}).rfind("-variant: unknown variant 'xiangqi' (known: chess", 0)
        == 0);
    CHECK(with({"-games", "0"}) == "-games: expected an integer >= 1, got '0'");
    CHECK(with({"-games"}) == "-games: missing value");
    CHECK(with({"-concurrency", "two"}) == "-concurrency: expected an integer >= 1, got 'two'");
    CHECK(with({"-tournament", "swiss"})
        == "-tournament: expected round-robin or gauntlet, got 'swiss'");
    CHECK(with({"-openings", "format=epd"}) == "-openings: file= is required");
    CHECK(with({"-openings", "file=a", "format=bin"}) == "-openings: bad value 'bin' for format");
    CHECK(with({"-sprt", "elo0=5", "elo1=0"}) == "-sprt: elo0 must be below elo1");
    CHECK(with({"-sprt", "elo0=0", "elo1=5", "model=binomial"})
        == "-sprt: bad value 'binomial' for model");
    CHECK(with({"-sprt", "elo0=0", "elo1=5", "model=pentanomial"})
        == "-sprt model=pentanomial needs game pairs: -repeat and an even -games");
    CHECK(with({"-sprt", "elo0=0", "elo1=5", "alpha=0.7"}) == "-sprt: bad value '0.7' for alpha");
    CHECK(with({"-sprt", "elo0=0", "elo1=5", "stop=maybe"}) == "-sprt: bad value 'maybe' for stop");
    auto playsOn = parse_match_args(words({"-engine", "cmd=a", "-engine", "cmd=b", "-each", "tc=1",
        "-sprt", "elo0=0", "elo1=5", "stop=false"}));
    REQUIRE(playsOn.options);
    CHECK_FALSE(playsOn.options->sprt.stop);
    CHECK(with({"-draw", "score=10"}) == "-draw: movecount= is required");
    CHECK(with({"-resign", "movecount=3"}) == "-resign: movecount= and score= are required");
    CHECK(with({"-frobnicate", "1"}) == "unknown option '-frobnicate'");
    CHECK(error_of({"stray", "-engine", "cmd=a"}) == "unexpected argument 'stray'");
    CHECK(with({"-engine", "cmd=c", "-sprt", "elo0=0", "elo1=5"})
        == "-sprt needs exactly two engines");
}

TEST_CASE("absurd times are refused with a message, before any game", "[match][args][clock]") {
    // Each once overflowed the runner's millisecond clock (UBSan: signed integer overflow
    // in std::chrono), and the Release build forfeited White on time after 0.008 s.
    const std::string why = ": a time above 1000000000 s (about 31 years) is refused; give "
                            "tc=inf for no clock, or depth= or nodes=";
    auto each = [](const char* setting) {
        return error_of({"-engine", "cmd=a", "-engine", "cmd=b", "-each", setting});
    };
    CHECK(each("tc=99999999999999999999") == "-engine: tc=99999999999999999999" + why);
    CHECK(each("tc=9223372036854775") == "-engine: tc=9223372036854775" + why);
    CHECK(each("tc=1+99999999999999999999") == "-engine: tc=1+99999999999999999999" + why);
    CHECK(each("tc=40/99999999999999999999") == "-engine: tc=40/99999999999999999999" + why);
    CHECK(each("st=99999999999999999999") == "-engine: st=99999999999999999999" + why);
    CHECK(each("st=1e300") == "-engine: st=1e300" + why);
    CHECK(each("tc=99999999:00") == "-engine: tc=99999999:00" + why); // minutes:seconds
    CHECK(error_of({"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=1", "-stalltimeout",
              "1e300"})
        == "-stalltimeout 1e300" + why);
    // The longest time itself is kept, and written without an exponent.
    auto longest = parse_match_args(words({"-engine", "cmd=a", "-engine", "cmd=b", "-each",
        "tc=40/1000000000+1000000000", "st=1000000000"}));
    REQUIRE(longest.options);
    CHECK(longest.options->engines[0].tc.pgn() == "40/1000000000+1000000000");
    CHECK(parse_time_control("1000000")->pgn() == "1000000");
}

TEST_CASE("a game whose rules do not bound its length is drawn after the game's own -maxmoves "
          "unless one is given",
    "[match][args]") {
    for (const VariantSpec& spec : registered_variants()) {
        INFO(spec.name);
        auto r = parse_match_args(words({"-engine", "cmd=a", "-engine", "cmd=b", "-each",
            "tc=1+0.01", "-variant", spec.name.c_str()}));
        REQUIRE(r.options);
        const int bound = bench_catalog(spec.name).matchMaxMoves;
        CHECK(r.options->maxMoves == bound);
        CHECK(r.options->maxMovesByGame == (bound > 0));
        // Martian Chess alone: no fifty-move rule, and a capture-free game ends only when a
        // player calls the clock (or by a third repetition).
        CHECK((bound > 0) == (spec.name == "martian"));
        auto given = parse_match_args(words({"-engine", "cmd=a", "-engine", "cmd=b", "-each",
            "tc=1+0.01", "-variant", spec.name.c_str(), "-maxmoves", "40"}));
        REQUIRE(given.options);
        CHECK(given.options->maxMoves == 40);
        CHECK_FALSE(given.options->maxMovesByGame);
    }
}

TEST_CASE("harlequin match prints the argument error and exits with 2", "[match][args]") {
    test::Process p({HARLEQUIN_BINARY, "match", "-engine", "cmd=x", "tc=1", "-games", "0"});
    auto line = p.read_line(5s);
    REQUIRE(line);
    CHECK(*line == "error: -games: expected an integer >= 1, got '0'");
    CHECK(p.wait_exit(5s, true) == 2);
    test::Process q({HARLEQUIN_BINARY, "match", "-engine", "cmd=a", "-engine", "cmd=b", "-each",
        "tc=99999999999999999999"});
    line = q.read_line(5s);
    REQUIRE(line);
    CHECK(line->rfind("error: -engine: tc=99999999999999999999: a time above", 0) == 0);
    CHECK(q.wait_exit(5s, true) == 2);
}
