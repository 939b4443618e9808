// SPDX-License-Identifier: GPL-3.0-or-later
// Whole games as the training data is kept (bench/game_records.h): a .games file converts
// to exactly the positions datagen writes directly, in every game, and bad input is
// reported, not half-read.
#include "bench/datagen.h"
#include "bench/game_records.h"
#include "datagen_run.h"
#include "variants/registry.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

using namespace hq;

namespace {

std::string games_temp(const std::string& name) {
    auto p = std::filesystem::temp_directory_path()
        / ("hq_games_" + std::to_string(::getpid()) + "_" + name);
    std::filesystem::remove(p);
    return p.string();
}

DatagenOptions games_run(const std::string& variant, const std::string& out) {
    return test::small_datagen(variant, out, 7);
}

games::ConvertStats games_convert(const std::string& in, const std::string& out,
    const std::string& variant, games::Filters filters = {}) {
    std::ifstream file(in);
    return games::convert(file, in, out, variant, filters);
}

} // namespace

TEST_CASE("a .games file converts to the very positions datagen writes, text and binary",
    "[datagen][games]") {
    for (const char* variant : {"chess", "mschess", "multimove", "control", "martian"}) {
        INFO(variant);
        const std::string direct = games_temp("direct.txt"), kept = games_temp("kept.games"),
                          converted = games_temp("converted.txt");
        REQUIRE(run_datagen(games_run(variant, direct)).error.empty());
        auto stats = run_datagen(games_run(variant, kept));
        REQUIRE(stats.error.empty());
        auto st = games_convert(kept, converted, variant);
        REQUIRE(st.error.empty());
        CHECK(st.badGames == 0);
        CHECK(st.games == 3);
        CHECK(st.positions == stats.positions);
        CHECK(st.dropped.noisy == stats.noisy);
        CHECK(test::file_bytes(converted) == test::file_bytes(direct));
        CHECK(!test::file_bytes(direct).empty());
        // Smaller than the positions it holds, although it keeps every ply (a game of few
        // kept positions, Ms. Chess's quick ones, may not be).
        if (stats.positions >= 50)
            CHECK(test::file_bytes(kept).size() < test::file_bytes(direct).size());
        if (make_probe(variant)->network_inputs() > 0) {
            const std::string directBin = games_temp("direct.bin"),
                              convertedBin = games_temp("c.bin");
            REQUIRE(run_datagen(games_run(variant, directBin)).error.empty());
            REQUIRE(games_convert(kept, convertedBin, variant).error.empty());
            CHECK(test::file_bytes(convertedBin) == test::file_bytes(directBin));
            for (auto& p : {directBin, convertedBin}) std::filesystem::remove(p);
        }
        for (auto& p : {direct, kept, converted}) std::filesystem::remove(p);
    }
}

TEST_CASE("the filters apply at conversion: -noisy keep and -maxscore from the same games",
    "[datagen][games]") {
    const std::string kept = games_temp("f.games"), all = games_temp("all.txt"),
                      direct = games_temp("noisy.txt");
    auto o = games_run("chess", kept);
    REQUIRE(run_datagen(o).error.empty());
    auto st = games_convert(kept, all, "chess", {1000, true});
    REQUIRE(st.error.empty());
    CHECK(st.dropped.noisy == 0);
    o.out = direct;
    o.keepNoisy = true;
    REQUIRE(run_datagen(o).error.empty());
    CHECK(test::file_bytes(all) == test::file_bytes(direct));
    for (auto& p : {kept, all, direct}) std::filesystem::remove(p);
}

TEST_CASE("a game line round-trips, and bad games are skipped with the first one named",
    "[datagen][games]") {
    games::Record g;
    g.startFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    g.whiteResult = 1.0;
    g.opening = {"e2e4", "e7e5"};
    g.plies = {{"g1f3", 25}, {"b8c6", -31990}};
    auto back = games::parse(games::format(g));
    REQUIRE(std::holds_alternative<games::Record>(back));
    const auto& r = std::get<games::Record>(back);
    CHECK(r.startFen == g.startFen);
    CHECK(r.whiteResult == 1.0);
    CHECK(r.opening == g.opening);
    REQUIRE(r.plies.size() == 2);
    CHECK(r.plies[1].move == "b8c6");
    CHECK(r.plies[1].whiteScore == -31990);

    const std::string in = games_temp("bad.games"), out = games_temp("bad.txt");
    {
        std::ofstream f(in);
        f << games::header_line("chess") << games::format(g) << "not a game\n" // line 3
          << g.startFen << " | 1.0 | e2e4 | e7e6:10 e2e4:3\n" // illegal in the game
          << g.startFen << " | 2.0 | | e2e4:1\n"
          << games::format(g); // a bad result
    }
    auto st = games_convert(in, out, "chess");
    CHECK(st.error.empty());
    CHECK(st.games == 2);
    CHECK(st.badGames == 3);
    CHECK(st.firstBad.find(":3: not 'FEN | result") != std::string::npos);
    // Another game's file, or no header: refused before anything is written.
    std::filesystem::remove(out);
    st = games_convert(in, out, "martian");
    CHECK(st.error.find("holds chess games, not martian") != std::string::npos);
    CHECK(!std::filesystem::exists(out));
    {
        std::ofstream f(in);
        f << games::format(g);
    }
    CHECK(
        games_convert(in, out, "chess").error.find("is not an HQGAMES file") != std::string::npos);
    // datagen will not append one game's games to another's file.
    auto o = games_run("control", games_temp("x.games"));
    {
        std::ofstream f(o.out);
        f << games::header_line("chess");
    }
    CHECK(run_datagen(o).error.find("holds chess games, not control") != std::string::npos);
    for (auto& p : {in, out, o.out}) std::filesystem::remove(p);
}
