// SPDX-License-Identifier: GPL-3.0-or-later
// Tuning: the evaluation's trace (engine/eval_trace.h) must be the evaluation, term for
// term, and `harlequin tune-export` writes it in the format bench/tune_export.h states.
#include "variants/registry.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <unistd.h>

using namespace hq;

namespace {

// The trace's value of the probe's position, White's view, with the current weights.
double traced_value(const GameProbe& probe) {
    EvalTrace t;
    REQUIRE(probe.trace(t));
    auto w = probe.weight_values();
    double mg = t.fixedMg, eg = t.fixedEg;
    for (auto& e : t.mg) mg += e.coefficient * w[std::size_t(2 * e.index)];
    for (auto& e : t.eg) eg += e.coefficient * w[std::size_t(2 * e.index + 1)];
    return t.scale * (mg * t.phase + eg * (t.maxPhase - t.phase)) / t.maxPhase;
}

const char* ChessPositions[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "8/5pk1/6p1/3P4/2p2P2/2P3P1/5K2/8 b - - 0 40",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "8/8/4k3/8/2p5/8/B2K4/8 w - - 0 1",
    "4k3/8/8/8/8/8/8/3QK3 b - - 0 1",    // no pawns: the drawish scale
    "3qk3/8/8/8/8/8/8/3RK1N1 w - - 0 1", // no pawns, near equal: scaled down
    "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
};

} // namespace

TEST_CASE("the chess trace adds up to the chess evaluation", "[tuning][chess]") {
    auto probe = make_probe("chess");
    for (const char* fen : ChessPositions) {
        INFO(fen);
        REQUIRE(!probe->set_position(fen));
        Value v = probe->evaluate();
        double white = probe->side_to_move() == WHITE ? v : -v;
        // Equal up to the evaluation's integer divisions (the taper, the king race).
        CHECK(std::abs(traced_value(*probe) - white) <= 8);
    }
}

TEST_CASE("the Martian Chess trace adds up to its evaluation", "[tuning][martian]") {
    auto probe = make_probe("martian");
    for (const char* fen : {"", "qqd1/1dpp/1p2/4/4/PP1D/2Q1/1DQQ w - - 0 7 5+3 c2c5 7",
             "1qd1/1dqp/1p2/4/4/QP1D/1Q2/1D1Q b - - 0 8 6+4 c7c1 7",
             "qqd1/qdp1/d1pp/1d2/2P1/2P1/1PDQ/D1QQ w - - 6 4 0+0 - -"}) {
        INFO(fen);
        REQUIRE(!probe->set_position(fen));
        Value v = probe->evaluate();
        double white = probe->side_to_move() == WHITE ? v : -v;
        CHECK(std::abs(traced_value(*probe) - white) <= 1); // the clock's division only
    }
}

TEST_CASE("the chess weights are named after the header's layout", "[tuning][chess]") {
    auto probe = make_probe("chess960"); // Chess960 plays with chess's weights
    auto names = probe->weight_names();
    auto values = probe->weight_values();
    REQUIRE(values.size() == 2 * names.size());
    CHECK(names.front() == "Material[0]");
    CHECK(std::find(names.begin(), names.end(), "Psq[6][63]") != names.end());
    CHECK(std::find(names.begin(), names.end(), "BishopPair") != names.end());
    CHECK(std::find(names.begin(), names.end(), "PassedPawn[7]") != names.end());
    // A white bishop pair against none: +1 on the bishop-pair weight's middlegame and
    // endgame coefficients.
    REQUIRE(!probe->set_position("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1"));
    EvalTrace t;
    REQUIRE(probe->trace(t));
    auto pair = int(std::find(names.begin(), names.end(), "BishopPair") - names.begin());
    auto coefficient = [&](const std::vector<TraceEntry>& list) {
        for (auto& e : list)
            if (e.index == pair) return e.coefficient;
        return 0.0f;
    };
    CHECK(coefficient(t.mg) == 1.0f);
    CHECK(coefficient(t.eg) == 1.0f);
}

TEST_CASE("games without a trace hook have no weights to export", "[tuning]") {
    CHECK(make_probe("nosuchgame") == nullptr);
    auto probe = make_probe("multimove");
    REQUIRE(probe);
    EvalTrace t;
    CHECK(probe->weight_names().empty() == !probe->trace(t));
}

TEST_CASE(
    "tune-export writes weights, fixed-size position records and entries", "[tuning][export]") {
    auto dir = std::filesystem::temp_directory_path();
    std::string base = (dir / ("hq_export_" + std::to_string(::getpid()))).string();
    {
        std::ofstream in(base + ".txt");
        in << "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 15 | 0.5\n"
              "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1 | -40 | 0.0\n"
              "not a position | 1 | 1.0\n"
              "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1 | 480 | 1.0\n";
    }
    std::string cmd = std::string(HARLEQUIN_BINARY) + " tune-export -variant chess -in " + base
        + ".txt -out " + base + " > " + base + ".log";
    REQUIRE(std::system(cmd.c_str()) == 0);
    auto probe = make_probe("chess");
    std::ifstream weights(base + ".weights");
    int lines = 0;
    for (std::string l; std::getline(weights, l);) ++lines;
    CHECK(lines == int(probe->weight_names().size()));
    // Three readable positions, 24 bytes each; the entries they point at fill .ent.
    REQUIRE(std::filesystem::file_size(base + ".pos") == 3 * 24);
    std::ifstream pos(base + ".pos", std::ios::binary);
    struct Rec {
        float result, score, scale, fixed;
        std::uint32_t first, count;
    } r[3];
    pos.read(reinterpret_cast<char*>(r), sizeof r);
    CHECK(r[0].result == 0.5f);
    CHECK(r[1].score == -40.0f);
    CHECK(r[2].result == 1.0f);
    CHECK(r[0].first == 0);
    CHECK(r[1].first == r[0].count);
    CHECK(r[2].first == r[0].count + r[1].count);
    CHECK(std::filesystem::file_size(base + ".ent") == 8 * (r[0].count + r[1].count + r[2].count));
    std::ifstream log(base + ".log");
    std::string summary;
    std::getline(log, summary);
    CHECK(summary.starts_with("3 positions (1 unreadable lines skipped)"));
    for (const char* ext : {".txt", ".log", ".weights", ".pos", ".ent"})
        std::filesystem::remove(base + ext);
}
