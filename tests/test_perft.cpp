// SPDX-License-Identifier: GPL-3.0-or-later
// Perft against independent reference numbers, for every game with a data file. One
// generic harness: the file names the game, the engine facade runs it.
#include "support.h"

#include <catch2/catch.hpp>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <fstream>

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

// Every registered game: its reference file (BenchCatalog::perftFile) exists and every line
// of it matches. A game registered without a reference file fails here. One test case a
// game, registered from the registry when the tests start, so that ctest runs the games
// side by side and times each (the deep lines of one game are minutes under ASan).
class PerftFileTest : public Catch::ITestInvoker {
public:
    explicit PerftFileTest(const VariantSpec& spec)
        : spec(spec) { }
    void invoke() const override {
        INFO("the registry names no perft file for " << spec.name);
        const std::string& file = bench_catalog(spec.name).perftFile;
        REQUIRE_FALSE(file.empty());
        check_file(file + ".epd", spec.name);
    }

private:
    const VariantSpec& spec;
};

const bool PerftTestsRegistered = [] {
    static std::deque<std::string> names; // Catch keeps views of the names
    for (const VariantSpec& spec : registered_variants()) {
        names.push_back("perft of " + spec.name + " matches its reference file");
        Catch::AutoReg(new PerftFileTest(spec), CATCH_INTERNAL_LINEINFO, Catch::StringRef(),
            Catch::NameAndTags {names.back(), "[perft]"});
    }
    return true;
}();

TEST_CASE(
    "Multiple Move Chess with one move a turn has standard chess's perft", "[perft][multimove]") {
    // N = 1 is exactly standard chess: a free check of the whole implementation.
    check_file("chess.epd", "multimove", " 0/1");
}

const std::string OpeningsDir = std::string(HARLEQUIN_TEST_DATA) + "/../../bench/openings/";

// Every line of an openings file is a position (EPD: the FEN's fields up to the first
// operation `;`) that loads in the engine's game, and there are at least 20. No comment or
// blank line: cutechess-cli, fastchess and OpenBench read every line as a position.
void check_openings_file(Engine& engine, const std::string& path) {
    INFO(path);
    std::ifstream in(path);
    REQUIRE(in);
    int lines = 0;
    for (std::string line; std::getline(in, line);) {
        ++lines;
        INFO("line " << lines);
        REQUIRE_FALSE(line.empty());
        REQUIRE(line[0] != '#');
        std::string fen = line.substr(0, line.find(';'));
        INFO(fen);
        CHECK_FALSE(engine.set_position(fen, {}).has_value());
    }
    CHECK(lines >= 20);
}

TEST_CASE("every registered game has bench positions and an openings file", "[registry]") {
    for (const VariantSpec& spec : registered_variants()) {
        INFO(spec.name);
        const auto& positions = bench_catalog(spec.name).positions;
        CHECK_FALSE(positions.empty());
        auto engine = make_engine(spec.name);
        REQUIRE(engine);
        for (const BenchPosition& bp : positions) {
            INFO(bp.fen);
            CHECK_FALSE(engine->set_position(bp.fen, {}).has_value());
        }
        // The openings that `harlequin match` and the self-play runs start from.
        check_openings_file(*engine, OpeningsDir + spec.name + ".epd");
    }
}

TEST_CASE("every openings file loads in the game its name starts with", "[registry]") {
    // bench/openings/<game>[-<set>].epd: chess.epd, mschess-odds.epd, mschess-black-odds.epd.
    const std::filesystem::path dir = OpeningsDir;
    int files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        if (entry.path().extension() != ".epd") continue;
        const std::string stem = entry.path().stem().string();
        INFO(stem);
        // The longest registered name that the file's name starts with, followed by its end
        // or a dash.
        std::string game;
        for (const VariantSpec& spec : registered_variants()) {
            const std::string& n = spec.name;
            if (stem.rfind(n, 0) == 0 && (stem.size() == n.size() || stem[n.size()] == '-')
                && n.size() > game.size())
                game = n;
        }
        REQUIRE_FALSE(game.empty());
        auto engine = make_engine(game);
        REQUIRE(engine);
        check_openings_file(*engine, entry.path().string());
        ++files;
    }
    CHECK(files >= int(registered_variants().size()));
}
