// SPDX-License-Identifier: GPL-3.0-or-later
// Help where people look for it: `harlequin --help`, `-h` and `help` list the commands;
// `harlequin COMMAND --help` prints the command's usage and options and exits 0 (whether
// or not the binary has `serve`); an unknown command fails and points at --help. The real
// binary is run.
#include "bench/help.h"
#include "process.h"

#include <catch2/catch.hpp>
#include <chrono>
#include <map>
#include <optional>
#include <string>
#include <vector>

using namespace hq;
using namespace std::chrono_literals;

namespace {

struct Run {
    std::optional<int> exit;
    std::string out;
};

Run harlequin(const std::vector<std::string>& args) {
    std::vector<std::string> argv {HARLEQUIN_BINARY};
    argv.insert(argv.end(), args.begin(), args.end());
    test::Process p(argv);
    Run r;
    auto deadline = std::chrono::steady_clock::now() + 10s;
    while (std::chrono::steady_clock::now() < deadline) {
        auto line = p.read_line(1s);
        if (!line) {
            if (!p.running()) break;
            continue;
        }
        r.out += *line + "\n";
    }
    r.exit = p.wait_exit(5s, true);
    return r;
}

bool has(const std::string& s, const std::string& part) {
    return s.find(part) != std::string::npos;
}

// What each command's help must name: its usage and some of its options.
const std::map<std::string, std::vector<std::string>> Named = {
    {"perft", {"harlequin perft <depth>", "--variant", "--fen", "--divide"}},
    {"bench", {"harlequin bench [depth] [game ...]", "depth"}},
    {"match",
        {"harlequin match -engine", "-sprt", "-shard K/N", "-merge", "-checkpgn", "-pgnout",
            "-openings", "-concurrency"}},
    {"openings", {"harlequin openings", "-count", "-plies", "-maxscore", "-starts"}},
    {"serve",
        {"harlequin serve", "--host", "--port", "--engine", "--max-games", "--max-searches",
            "--idle", "--db PATH", "--no-db", "--token VALUE"}},
    {"datagen", {"harlequin datagen", "-games", "-positions", "-nodes", "-depth", "-threads"}},
    {"tune-export", {"harlequin tune-export", "-variant", "-in", "-out", "-limit"}},
    {"train",
        {"harlequin train -data", "-out", "-hidden", "-epochs", "-output-buckets", "-init",
            "-resume", "-stop-after", "-threads"}},
    {"genfens", {"harlequin genfens N seed S book", "maxscore", "nodes", "chess960"}},
    {"tunables", {"harlequin tunables", "NAME, int, DEFAULT, MIN, MAX", "HARLEQUIN_TUNE"}},
};

} // namespace

TEST_CASE("harlequin --help, -h and help list every command with a line each", "[help]") {
    for (std::string ask : {"--help", "-h", "help"}) {
        INFO(ask);
        Run r = harlequin({ask});
        CHECK(r.exit == 0);
        for (const auto& [name, words] : Named) {
            INFO(name);
            CHECK(has(r.out, "\n  " + name + " "));
        }
        CHECK(has(r.out, "harlequin COMMAND --help"));
    }
    CHECK(command_helps().size() == Named.size());
}

TEST_CASE(
    "harlequin COMMAND --help prints that command's usage and options and exits 0", "[help]") {
    for (const auto& [name, words] : Named) {
        for (std::vector<std::string> args :
            {std::vector<std::string> {name, "--help"}, {name, "-h"}, {"help", name}}) {
            INFO(args[0] << " " << args[1]);
            Run r = harlequin(args);
            CHECK(r.exit == 0);
            for (const auto& w : words) {
                INFO(w);
                CHECK(has(r.out, w));
            }
            CHECK_FALSE(has(r.out, "error"));
        }
    }
    // --help anywhere among a command's words, also after others.
    Run r = harlequin({"match", "-engine", "cmd=x", "--help"});
    CHECK(r.exit == 0);
    CHECK(has(r.out, "-shard K/N"));
}

TEST_CASE("an unknown command fails and points at --help", "[help]") {
    for (std::vector<std::string> args :
        {std::vector<std::string> {"frobnicate"}, {"help", "frobnicate"}, {"--frob"}}) {
        Run r = harlequin(args);
        CHECK(r.exit == 2);
        CHECK(has(r.out, "unknown command '" + args.back() + "'"));
        CHECK(has(r.out, "harlequin --help"));
    }
}
