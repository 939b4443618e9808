// SPDX-License-Identifier: GPL-3.0-or-later
// `harlequin datagen`: the training data's format, its filters, determinism and appending
// (bench/datagen.h states what each means).
#include "bench/datagen.h"
#include "datagen_run.h"
#include "engine/engine.h"
#include "engine/leaf_sampler.h"
#include "engine/text.h"
#include "variants/registry.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <functional>
#include <set>
#include <sstream>
#include <unistd.h>

using namespace hq;

namespace {

std::string temp_file(const std::string& tag) {
    auto p = std::filesystem::temp_directory_path()
        / ("hq_datagen_" + tag + "_" + std::to_string(::getpid()) + ".txt");
    std::filesystem::remove(p);
    return p.string();
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) out.push_back(l);
    return out;
}

DatagenOptions small(const std::string& variant, const std::string& out) {
    return test::small_datagen(variant, out, 11);
}

struct Line {
    std::string fen;
    int score = 0;
    std::string result;
};

// "FEN | score | result", or nothing when the line does not have that shape.
std::optional<Line> parse_line(const std::string& l) {
    auto a = l.find(" | ");
    if (a == std::string::npos) return std::nullopt;
    auto b = l.find(" | ", a + 3);
    if (b == std::string::npos || l.find(" | ", b + 3) != std::string::npos) return std::nullopt;
    auto score = parse_number<int>(l.substr(a + 3, b - a - 3));
    if (!score) return std::nullopt;
    return Line {l.substr(0, a), *score, l.substr(b + 3)};
}

// A run, checked for what every run promises: no error, and one line in the file for
// each position it counts. The run's statistics and the file's lines.
struct CheckedRun {
    DatagenStats stats;
    std::vector<std::string> lines;
};
CheckedRun run_checked(const DatagenOptions& o, const std::function<bool()>& stop = {}) {
    CheckedRun r {run_datagen(o, {}, stop), {}};
    REQUIRE(r.stats.error.empty());
    r.lines = lines_of(test::file_bytes(o.out));
    CHECK(std::int64_t(r.lines.size()) == r.stats.positions);
    return r;
}

// One written line, checked for what every line promises (read back by the game, not in
// check, not a decided score, a result); its fields.
Line check_written(GameProbe& probe, const std::string& l) {
    INFO(l);
    auto parsed = parse_line(l);
    REQUIRE(parsed);
    CHECK(!probe.set_position(parsed->fen));
    CHECK(!probe.in_check());
    CHECK(std::abs(parsed->score) < 1000);
    CHECK((parsed->result == "1.0" || parsed->result == "0.5" || parsed->result == "0.0"));
    return *parsed;
}

} // namespace

TEST_CASE("datagen writes FEN | score | result lines the game reads back, after its filters",
    "[datagen]") {
    for (const char* variant : {"chess", "multimove2", "control", "martian"}) {
        INFO(variant);
        std::string path = temp_file(variant);
        auto [stats, lines] = run_checked(small(variant, path));
        CHECK(stats.games == 3);
        CHECK(stats.positions > 0);
        auto probe = make_probe(variant);
        for (const auto& l : lines) check_written(*probe, l); // the filters held
        std::filesystem::remove(path);
    }
}

TEST_CASE("datagen's result is the game's, the same on every line of one game", "[datagen]") {
    std::string path = temp_file("one");
    auto o = small("chess", path);
    o.games = 1;
    auto stats = run_datagen(o);
    REQUIRE(stats.error.empty());
    auto lines = lines_of(test::file_bytes(path));
    REQUIRE(!lines.empty());
    std::string first = parse_line(lines[0])->result;
    for (const auto& l : lines) CHECK(parse_line(l)->result == first);
    CHECK(stats.wins + stats.draws + stats.losses == 1);
    CHECK(first == (stats.wins ? "1.0" : stats.losses ? "0.0" : "0.5"));
    std::filesystem::remove(path);
}

TEST_CASE("datagen is deterministic for a seed, whatever the thread count", "[datagen]") {
    std::string a = temp_file("a"), b = temp_file("b"), c = temp_file("c");
    auto o = small("chess", a);
    o.games = 4;
    o.threads = 1;
    REQUIRE(run_datagen(o).error.empty());
    o.out = b;
    o.threads = 2;
    REQUIRE(run_datagen(o).error.empty());
    CHECK(test::file_bytes(a) == test::file_bytes(b));
    CHECK(!test::file_bytes(a).empty());
    o.out = c;
    o.seed = 12; // another seed, other games
    REQUIRE(run_datagen(o).error.empty());
    CHECK(test::file_bytes(a) != test::file_bytes(c));
    for (auto& p : {a, b, c}) std::filesystem::remove(p);
}

TEST_CASE("datagen appends to an existing file", "[datagen]") {
    std::string path = temp_file("append");
    {
        std::ofstream out(path);
        out << "existing line\n";
    }
    auto o = small("chess", path);
    o.games = 1;
    auto first = run_datagen(o);
    std::string once = test::file_bytes(path);
    CHECK(once.starts_with("existing line\n"));
    o.seed = 99;
    auto second = run_datagen(o);
    std::string twice = test::file_bytes(path);
    CHECK(twice.starts_with(once));
    CHECK(std::int64_t(lines_of(twice).size()) == 1 + first.positions + second.positions);
    std::filesystem::remove(path);
}

TEST_CASE("datagen -positions stops after the game that reaches the count", "[datagen]") {
    std::string path = temp_file("positions");
    auto o = small("chess", path);
    o.games = 0;
    o.positions = 50;
    o.threads = 2;
    CHECK(run_checked(o).stats.positions >= 50);
    // The same run with one thread writes the same games.
    std::string path1 = temp_file("positions1");
    o.out = path1;
    o.threads = 1;
    run_datagen(o);
    CHECK(test::file_bytes(path) == test::file_bytes(path1));
    std::filesystem::remove(path);
    std::filesystem::remove(path1);
}

TEST_CASE("datagen stopped early writes whole games only", "[datagen]") {
    std::string path = temp_file("stop");
    auto o = small("chess", path);
    o.games = 1000;
    o.threads = 2;
    int polls = 0;
    auto r = run_checked(o, [&] { return ++polls > 10; }); // about half a second
    CHECK(r.stats.games < 1000);
    auto text = test::file_bytes(path);
    CHECK((text.empty() || text.back() == '\n'));
    for (const auto& l : r.lines) CHECK(parse_line(l));
    std::filesystem::remove(path);
}

TEST_CASE("datagen -noisy keep writes the positions whose best move is noisy, on the same "
          "games",
    "[datagen]") {
    std::string dropped = temp_file("noisy-drop"), kept = temp_file("noisy-keep");
    auto o = small("chess", dropped);
    auto a = run_checked(o);
    REQUIRE(a.stats.noisy > 0);
    o.out = kept;
    o.keepNoisy = true;
    auto b = run_checked(o);
    CHECK(b.stats.noisy == 0);
    // The same games, so every position written before is written again, and the noisy
    // ones besides, but for those the score filter drops.
    CHECK(b.stats.games == a.stats.games);
    CHECK(b.stats.inCheck == a.stats.inCheck);
    CHECK(b.stats.positions > a.stats.positions);
    CHECK(
        b.stats.positions + b.stats.decided == a.stats.positions + a.stats.decided + a.stats.noisy);
    std::size_t found = 0;
    for (const std::string& l : b.lines)
        if (found < a.lines.size() && l == a.lines[found]) ++found;
    CHECK(found == a.lines.size());
    std::filesystem::remove(dropped);
    std::filesystem::remove(kept);
}

TEST_CASE("datagen -nnue off plays with the hand-crafted evaluation", "[datagen]") {
    std::string net = temp_file("nnue-on"), hce = temp_file("nnue-off"), again = temp_file("again");
    auto o = small("chess", net);
    auto a = run_checked(o);
    o.out = hce;
    o.useNnue = false;
    auto b = run_checked(o);
    o.out = again;
    auto c = run_checked(o);
    CHECK(b.lines == c.lines); // deterministic
    CHECK(a.lines != b.lines); // and another evaluation's games and scores
    std::filesystem::remove(net);
    std::filesystem::remove(hce);
    std::filesystem::remove(again);
}

TEST_CASE(
    "datagen -leaves adds positions the search evaluated, off the games' lines", "[datagen]") {
    std::string plain = temp_file("leaves-0"), leaves = temp_file("leaves-3"),
                again = temp_file("leaves-3-again");
    auto o = small("multimove2", plain);
    o.keepNoisy = true;
    auto a = run_checked(o);
    CHECK(a.stats.leaves == 0);
    o.out = leaves;
    o.leaves = 3;
    auto b = run_checked(o);
    // Up to three leaves after each searched position: many more lines than the games'.
    REQUIRE(b.stats.leaves > 0);
    CHECK(b.stats.positions > a.stats.positions + b.stats.games * 10);
    CHECK(b.stats.leaves <= 3
            * (b.stats.positions - b.stats.leaves + b.stats.inCheck + b.stats.decided
                + b.stats.noisy));
    auto probe = make_probe("multimove2");
    std::set<std::string> played;
    for (const auto& l : a.lines) played.insert(parse_line(l)->fen);
    std::int64_t offLine = 0;
    for (const auto& l : b.lines) offLine += !played.contains(check_written(*probe, l).fen);
    // Leaves are mostly positions no game of the seed reached: replies to moves not
    // played, lines the search refuted.
    CHECK(offLine > b.stats.leaves / 2);
    o.out = again;
    o.threads = 2; // the leaves drawn depend on the seed, not on the threads
    auto c = run_checked(o);
    CHECK(c.lines == b.lines);
    for (auto& p : {plain, leaves, again}) std::filesystem::remove(p);
}

TEST_CASE("the leaf sampler watches the search without changing it", "[datagen]") {
    auto search = [](LeafSampler* sampler, std::string& best) {
        auto engine = make_engine("chess");
        Engine::Options opts;
        opts.hashMb = 1;
        engine->set_options(opts);
        REQUIRE(!engine->set_position("", {}));
        engine->sample_leaves(sampler);
        SearchLimits limits;
        limits.nodes = 3000;
        limits.start = now();
        std::uint64_t nodes = 0;
        engine->go(limits,
            {[&](const SearchInfo& info) { nodes = info.nodes; },
                [&](const std::string& b, const std::string&) { best = b; }});
        engine->wait();
        return nodes;
    };
    std::string plainBest, sampledBest;
    const std::uint64_t plainNodes = search(nullptr, plainBest);
    LeafSampler sampler;
    sampler.oneIn = 16;
    const std::uint64_t sampledNodes = search(&sampler, sampledBest);
    CHECK(sampledNodes == plainNodes);
    CHECK(sampledBest == plainBest);
    REQUIRE(!sampler.fens.empty());
    CHECK(sampler.fens.size() <= sampler.capacity);
    auto probe = make_probe("chess");
    for (const auto& fen : sampler.fens) {
        INFO(fen);
        CHECK(!probe->set_position(fen));
        CHECK(!probe->in_check()); // the search evaluates no position in check
    }
}

TEST_CASE("datagen arguments: bad ones get a clear error", "[datagen][args]") {
    auto error_of = [](std::vector<std::string> a) { return parse_datagen_args(a).error; };
    CHECK(error_of({"-variant", "nosuchgame", "-out", "f", "-games", "1", "-nodes", "1"})
        == "unknown variant nosuchgame");
    CHECK(error_of({"-games", "1", "-nodes", "1"}) == "-out FILE is required");
    CHECK(error_of({"-out", "f", "-nodes", "1"}) == "give one of -games N and -positions N");
    CHECK(error_of({"-out", "f", "-games", "1"}) == "give one of -nodes N and -depth D");
    CHECK(error_of({"-out", "f", "-games", "x", "-nodes", "1"}).starts_with("-games wants"));
    CHECK(error_of({"-out", "f", "-games", "1", "-nodes", "1", "-bogus", "1"})
        == "unknown option -bogus");
    CHECK(error_of({"-out", "f", "-games"}) == "missing value after -games");
    CHECK(error_of({"-out", "f", "-games", "1", "-nodes", "1", "-noisy", "yes"})
        == "-noisy wants keep or drop, not 'yes'");
    CHECK(error_of({"-out", "f", "-games", "1", "-nodes", "1", "-nnue", "false"})
        == "-nnue wants on or off, not 'false'");
    CHECK(error_of({"-out", "f.games", "-games", "1", "-nodes", "1", "-leaves", "2"})
        == "-leaves writes positions, not whole games: -out FILE.bin or a text file");
    CHECK(error_of({"-out", "f", "-games", "1", "-nodes", "1", "-leaves", "65"})
              .starts_with("-leaves wants a number from 0 to 64"));
    auto ok = parse_datagen_args({"-variant", "Standard", "-out", "f", "-positions", "10", "-depth",
        "4", "-threads", "2", "-seed", "5"});
    REQUIRE(ok.options);
    CHECK(ok.options->variant == "chess");
    CHECK(ok.options->positions == 10);
    CHECK(ok.options->depth == 4);
    CHECK_FALSE(ok.options->keepNoisy);
    CHECK(ok.options->useNnue);
    auto flags = parse_datagen_args(
        {"-out", "f", "-games", "1", "-nodes", "1", "-noisy", "keep", "-nnue", "off"});
    REQUIRE(flags.options);
    CHECK(flags.options->keepNoisy);
    CHECK_FALSE(flags.options->useNnue);
}

TEST_CASE("datagen reports an unreadable openings file", "[datagen]") {
    auto o = small("chess", temp_file("noopen"));
    o.openings = "/nonexistent/openings.epd";
    CHECK(run_datagen(o).error == "cannot open '/nonexistent/openings.epd'");
}
