// SPDX-License-Identifier: GPL-3.0-or-later
// genfens, as OpenBench's workers call it: `./harlequin "genfens N seed S book B" quit`,
// reading `info string genfens <FEN>` lines.
#include "bench/genfens.h"
#include "process.h"
#include "support.h"

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>

using namespace hq;
using namespace std::chrono_literals;

namespace {

GenfensRequest request(
    const std::string& words, const std::string& variant = "chess", bool chess960 = false) {
    auto r = parse_genfens(split_words(words), variant, chess960);
    if (auto* err = std::get_if<std::string>(&r)) FAIL("genfens " << words << ": " << *err);
    return std::get<GenfensRequest>(r);
}

std::vector<std::string> fens(const GenfensRequest& r) {
    std::vector<std::string> out;
    auto err = generate_fens(r, [&](const std::string& fen) { out.push_back(fen); });
    INFO((err ? *err : ""));
    REQUIRE_FALSE(err.has_value());
    return out;
}

} // namespace

TEST_CASE("genfens reads OpenBench's words and refuses what it cannot use", "[genfens]") {
    auto r = request("16 seed 12345 book None");
    CHECK(r.count == 16);
    CHECK(r.seed == 12345);
    CHECK(r.book.empty());
    CHECK(request("4 seed 1 book None chess960").chess960);
    CHECK(request("4 seed 1 book None", "chess", true).chess960);
    CHECK(request("4 seed 1 book None variant control").variant == "control");
    for (const char* bad :
        {"", "seed 1 book None", "x seed 1 book None", "0 seed 1 book None", "4 seed -1 book None",
            "4 sed 1 book None", "4 seed 1 book", "4 seed 1 book None plies",
            "4 seed 1 book None variant nosuchgame", "4 seed 1 book None frobnicate 3"}) {
        INFO(bad);
        auto parsed = parse_genfens(split_words(bad), "chess", false);
        REQUIRE(std::holds_alternative<std::string>(parsed));
        CHECK_THAT(std::get<std::string>(parsed), Catch::Contains("usage: genfens"));
    }
    std::vector<std::string> none;
    auto err = generate_fens(request("2 seed 1 book /nonexistent/book.epd"),
        [&](const std::string& fen) { none.push_back(fen); });
    REQUIRE(err.has_value());
    CHECK_THAT(*err, Catch::Contains("/nonexistent/book.epd"));
    CHECK(none.empty());
}

TEST_CASE("genfens gives legal, varied chess starts, the same for the same seed", "[genfens]") {
    auto a = fens(request("12 seed 7 book None"));
    REQUIRE(a.size() == 12);
    CHECK(std::set<std::string>(a.begin(), a.end()).size() == a.size());
    CHECK(fens(request("12 seed 7 book None")) == a);
    CHECK(fens(request("12 seed 8 book None")) != a);
    auto engine = make_engine("chess");
    for (const auto& fen : a) {
        INFO(fen);
        CHECK_FALSE(engine->set_position(fen, {}).has_value());
        CHECK(fen != make_engine("chess")->fen()); // moved away from the start
    }
}

TEST_CASE("genfens draws Chess960 arrays and reads a book", "[genfens]") {
    auto starts = fens(request("10 seed 3 book None chess960 plies 0 maxscore 1000"));
    std::set<std::string> backRanks;
    auto engine = make_engine("chess960");
    for (const auto& fen : starts) {
        INFO(fen);
        CHECK_FALSE(engine->set_position(fen, {}).has_value());
        backRanks.insert(fen.substr(0, fen.find('/')));
    }
    CHECK(backRanks.size() >= 5);

    auto book = std::filesystem::temp_directory_path() / "harlequin_genfens_book.epd";
    {
        std::ofstream out(book);
        out << "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n";
    }
    auto fromBook = fens(request("3 seed 1 book " + book.string() + " plies 2"));
    std::filesystem::remove(book);
    for (const auto& fen : fromBook) {
        INFO(fen);
        // The book line (Black to move, move 1) and two plies: Black to move at move 2.
        auto words = split_words(fen);
        REQUIRE(words.size() == 6);
        CHECK(words[1] == "b");
        CHECK(words[5] == "2");
    }
}

TEST_CASE("genfens gives positions every game accepts", "[genfens]") {
    for (const VariantSpec& spec : registered_variants()) {
        INFO(spec.name);
        // No bound on the score: Ms. Chess's start is far from balanced (a book of balanced
        // starts is what to give it, bench/openings/mschess-odds.epd).
        auto got = fens(request("3 seed 5 book None variant " + spec.name + " maxscore 100000"));
        REQUIRE(got.size() == 3);
        auto engine = make_engine(spec.name);
        for (const auto& fen : got) {
            INFO(fen);
            CHECK_FALSE(engine->set_position(fen, {}).has_value());
        }
    }
}

TEST_CASE("the binary answers OpenBench's quoted genfens with info string lines", "[genfens]") {
    test::Process p({HARLEQUIN_BINARY, "genfens 4 seed 99 book None", "quit"});
    std::vector<std::string> lines;
    for (auto line = p.read_line(10s); line; line = p.read_line(10s)) lines.push_back(*line);
    REQUIRE(p.wait_exit(5s, true) == 0);
    REQUIRE(lines.size() == 4);
    auto engine = make_engine("chess");
    for (const auto& l : lines) {
        INFO(l);
        REQUIRE(l.rfind("info string genfens ", 0) == 0);
        CHECK_FALSE(engine->set_position(l.substr(20), {}).has_value());
    }
}
