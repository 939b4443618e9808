// Perft against independent reference numbers, for every game with a data file. One
// generic harness: the file names the game, the engine facade runs it.
#include "support.h"

#include <catch2/catch.hpp>
#include <cstdlib>

using namespace hq;

namespace {

// Lines deeper than this many nodes are skipped, to keep CI within its time; the default
// runs every line of the shipped files. HARLEQUIN_PERFT_LIMIT overrides it.
std::uint64_t node_limit() {
    const char* env = std::getenv("HARLEQUIN_PERFT_LIMIT");
    return env ? std::strtoull(env, nullptr, 10) : 250'000'000ULL;
}

// `fenSuffix` is appended to every FEN of the file (a variant's own fields).
void check_file(
    const std::string& file, const std::string& variant, const std::string& fenSuffix = "") {
    auto cases = test::read_epd(file);
    REQUIRE(!cases.empty());
    auto engine = make_engine(variant);
    REQUIRE(engine);
    for (const auto& c : cases) {
        INFO(variant << " " << c.fen << fenSuffix);
        REQUIRE_FALSE(engine->set_position(c.fen + fenSuffix, {}).has_value());
        for (auto [depth, expected] : c.counts) {
            if (expected > node_limit()) continue;
            INFO("depth " << depth);
            CHECK(test::run_perft(*engine, depth) == expected);
        }
    }
}

} // namespace

TEST_CASE("perft of standard chess matches the reference file", "[perft][chess]") {
    check_file("chess.epd", "chess");
}

TEST_CASE("perft of Chess960 matches the reference file", "[perft][chess960]") {
    check_file("chess960.epd", "chess960");
}

TEST_CASE("perft of Ms. Chess matches the reference file", "[perft][mschess]") {
    check_file("mschess.epd", "mschess");
}

TEST_CASE("perft of Multiple Move Chess matches the reference file", "[perft][multimove]") {
    // Each FEN's field 7 sets N; the engine plays "multimove" (N = 3 by default).
    check_file("multimove.epd", "multimove");
}

TEST_CASE("perft of Control Chess matches the reference file", "[perft][control]") {
    check_file("control.epd", "control");
}

TEST_CASE(
    "Multiple Move Chess with one move a turn has standard chess's perft", "[perft][multimove]") {
    // N = 1 is exactly standard chess: a free check of the whole implementation.
    check_file("chess.epd", "multimove", " 0/1");
}

TEST_CASE("perft of Martian Chess matches the reference file", "[perft][martian]") {
    check_file("martian.epd", "martian");
}
