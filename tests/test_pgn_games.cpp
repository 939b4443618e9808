// SPDX-License-Identifier: GPL-3.0-or-later
// Engine games in PGN with their scores (bench/pgn_games.h), as OpenBench's DATAGEN
// workloads return them (fastchess), to whole-game records: the scores read from the
// comments to White's view, the book moves as the opening, and games that cannot be
// training data skipped with the reason. tests/data/openbench_datagen.pgn holds games
// played the way an OpenBench worker plays them (docs/openbench.md, "DATAGEN", says how).
#include "bench/pgn_games.h"
#include "protocol/pgn.h"

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

using namespace hq;

namespace {

std::string read_text(const std::string& path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

} // namespace

TEST_CASE("a PGN move comment's score is the mover's, in centipawns or a mate", "[pgn-games]") {
    CHECK(games::comment_score("+0.35/12 0.213s, n=48210, sd=15") == 35);
    CHECK(games::comment_score("-1.20/9 0.05s") == -120);
    CHECK(games::comment_score("0.00/30 1.2s") == 0);
    CHECK(games::comment_score("+M5/20 0.1s") == VALUE_MATE - 5);
    CHECK(games::comment_score("-M4/18 0.1s") == -(VALUE_MATE - 4));
    CHECK_FALSE(games::comment_score("book"));
    CHECK_FALSE(games::comment_score(""));
    CHECK_FALSE(games::comment_score("+0.3x/12"));
    CHECK_FALSE(games::comment_score("White mates"));
}

TEST_CASE(
    "a PGN game becomes a record: book moves its opening, scores to White's view", "[pgn-games]") {
    const std::string pgn = R"([Event "t"]
[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]
[SetUp "1"]
[Result "0-1"]

1. e4 {book} e5 {book} 2. Nf3 {+0.31/10 0.1s, n=1000} Nc6 {+0.12/9 0.1s}
3. Bb5 {+0.40/10 0.1s} a6 {-0.05/9 0.1s} 0-1
)";
    auto read = read_pgn(pgn);
    REQUIRE(read.error.empty());
    REQUIRE(read.games.size() == 1);
    auto rec = games::record_from_pgn(read.games[0], "chess");
    REQUIRE(std::holds_alternative<games::Record>(rec));
    const auto& r = std::get<games::Record>(rec);
    CHECK(r.whiteResult == 0.0);
    CHECK(r.opening == std::vector<std::string> {"e2e4", "e7e5"});
    REQUIRE(r.plies.size() == 4);
    CHECK(r.plies[0].move == "g1f3");
    CHECK(r.plies[0].whiteScore == 31);
    CHECK(r.plies[1].move == "b8c6");
    CHECK(r.plies[1].whiteScore == -12); // Black's +0.12
    CHECK(r.plies[3].whiteScore == 5);   // Black's -0.05
}

TEST_CASE("PGN games that cannot be training data are skipped with the reason", "[pgn-games]") {
    const std::string pgn = R"([Result "*"]

1. e4 {+0.30/8 0.1s} *

[Result "1-0"]

1. e4 {+0.30/8 0.1s} Ke7 {-0.20/8 0.1s} 1-0

[Result "1/2-1/2"]

1. d4 {+0.20/8 0.1s} d5 {-0.10/8 0.1s} 2. c4 c6 {+0.00/8 0.1s} 1/2-1/2
)";
    std::string out;
    auto st = games::pgn_to_records(pgn, "chess", out);
    CHECK(st.error.empty());
    CHECK(st.games == 1);
    CHECK(st.skipped == 2);
    CHECK(st.firstSkipped.find("game 1: no result") != std::string::npos);
    // The third game's record ends at 2. c4, which has no score.
    CHECK(st.plies == 2);
    CHECK(out.find("d2d4:20 d7d5:10") != std::string::npos);
    CHECK(games::pgn_to_records("[Event \"x\"\n1. e4", "chess", out).error.find("cannot be read")
        != std::string::npos);
}

TEST_CASE("fastchess's games from an OpenBench-style DATAGEN run convert, every score kept",
    "[pgn-games]") {
    const std::string pgn = read_text(std::string(HARLEQUIN_TEST_DATA) + "/openbench_datagen.pgn");
    REQUIRE(!pgn.empty());
    auto read = read_pgn(pgn);
    REQUIRE(read.error.empty());
    REQUIRE(read.games.size() >= 4);
    // Every move of these games has a score but the book's (fastchess writes "book" for
    // none of them here: the genfens book is the start position, FEN tag).
    std::int64_t scored = 0;
    for (const auto& g : read.games)
        for (const auto& c : g.moveComments) scored += games::comment_score(c).has_value();
    std::string out;
    auto st = games::pgn_to_records(pgn, "chess", out);
    CHECK(st.error.empty());
    CHECK(st.skipped == 0);
    CHECK(st.games == std::int64_t(read.games.size()));
    CHECK(st.plies == scored);
    // Each record replays as the PGN's game: the first record's start is the first game's FEN.
    auto firstLine = out.substr(0, out.find('\n'));
    auto rec = games::parse(firstLine);
    REQUIRE(std::holds_alternative<games::Record>(rec));
    CHECK(std::get<games::Record>(rec).startFen == read.games[0].tags.at("FEN"));
}
