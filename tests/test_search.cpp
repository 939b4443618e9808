// SPDX-License-Identifier: GPL-3.0-or-later
// The search: finding mates, determinism, and the UCI behaviour around `go` (driven
// through the real binary over pipes).
#include "engine/search.h"
#include "session.h"
#include "support.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <fstream>
#ifdef __linux__
#include <sys/mman.h>
#include <unistd.h>
#endif
#include <limits>
#include <tuple>

using namespace hq;
using namespace hq::test;
using namespace std::chrono_literals;

namespace {

// Mate-in-N positions, each checked with Stockfish 15.1 (`go depth 16` reports mate N).
struct MateCase {
    const char* fen;
    int moves;
};
constexpr MateCase MateSuite[] = {
    {"6rk/6pp/8/6N1/8/8/8/6KQ w - - 0 1", 1},
    {"r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", 2},
    {"1rb4r/pkPp3p/1b1P3n/1Q6/N3Pp2/8/P1P3PP/7K w - - 1 1", 2},
    {"4kb1r/p2n1ppp/4q3/4p1B1/4P3/1Q6/PPP2PPP/2KR4 w k - 1 1", 2},
    {"6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1", 2},
    {"2r1r1k1/5ppp/8/8/Q7/8/5PPP/4R1K1 w - - 0 1", 2},
    {"r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1", 3},
    {"r1bqr1k1/ppp2pp1/3p4/4n1NQ/2B1PN2/8/P4PPP/b4RK1 w - - 0 1", 3},
};

int count_prefix(const std::vector<std::string>& lines, const std::string& prefix) {
    int n = 0;
    for (const auto& l : lines) n += l.rfind(prefix, 0) == 0;
    return n;
}

} // namespace

TEST_CASE("the search finds every mate of the mate suite", "[search][mate]") {
    for (const MateCase& c : MateSuite) {
        INFO(c.fen);
        SearchLimits limits;
        limits.depth = 2 * c.moves + 4;
        SearchResult r = search("chess", c.fen, limits);
        CHECK(r.last.value == mate_in(2 * c.moves - 1));
        CHECK(r.bestmoves == 1);
        // The principal variation is a legal line ending in mate.
        auto referee = make_referee("chess");
        REQUIRE_FALSE(referee->set_position(c.fen).has_value());
        for (const auto& m : r.last.pv) REQUIRE_FALSE(referee->play(m).has_value());
        CHECK(int(r.last.pv.size()) == 2 * c.moves - 1);
        CHECK(referee->outcome().reason.find("mates") != std::string::npos);
    }
}

TEST_CASE("go mate stops once the mate is found", "[search][mate]") {
    SearchLimits limits;
    limits.mate = 2;
    SearchResult r = search("chess", MateSuite[1].fen, limits);
    CHECK(r.best == "d5f6");
    CHECK(r.last.value == mate_in(3));
}

TEST_CASE("a search with one thread is deterministic", "[search]") {
    SearchLimits limits;
    limits.depth = 9;
    const char* fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    SearchResult a = search("chess", fen, limits), b = search("chess", fen, limits);
    CHECK(a.last.nodes == b.last.nodes);
    CHECK(a.best == b.best);
    CHECK(a.last.nodes > 1000);
}

TEST_CASE("the node limit is kept", "[search]") {
    SearchLimits limits;
    limits.nodes = 20000;
    SearchResult r = search("chess", "", limits);
    CHECK(r.bestmoves == 1);
    CHECK(r.last.nodes >= 20000);
    CHECK(r.last.nodes < 22000);
}

TEST_CASE("no legal move answers bestmove (none)", "[search][uci]") {
    SearchLimits limits;
    limits.depth = 5;
    SearchResult r
        = search("chess", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", limits);
    CHECK(r.best == "(none)");
    CHECK(r.bestmoves == 1);
}

TEST_CASE("isready is answered within 50 ms during a long search", "[uci][search]") {
    Process p = start_engine();
    search_to_depth(p, "position startpos", 5);
    for (int i = 0; i < 5; ++i) CHECK(isready_time(p, 2s) < within(50ms));
    CHECK(ask(p, "stop", "bestmove"));
}

TEST_CASE("stop is answered with exactly one bestmove within 100 ms", "[uci][search]") {
    Process p = start_engine();
    search_to_depth(p, "position startpos moves e2e4 e7e5", 6);
    auto t0 = Clock::now();
    p.send("stop");
    std::vector<std::string> seen;
    REQUIRE(p.wait_for("bestmove", 2s, &seen));
    CHECK(Clock::now() - t0 < within(100ms));
    // The final info line comes right before bestmove.
    REQUIRE(seen.size() >= 2);
    CHECK(seen[seen.size() - 2].rfind("info depth", 0) == 0);
    CHECK(seen[seen.size() - 2].find(" pv ") != std::string::npos);
    seen.clear();
    isready_time(p, 2s, &seen);
    CHECK(count_prefix(seen, "bestmove") == 0);
    // A second stop with nothing running produces nothing.
    p.send("stop");
    seen.clear();
    isready_time(p, 2s, &seen);
    CHECK(count_prefix(seen, "bestmove") == 0);
}

TEST_CASE("go infinite never stops by itself", "[uci][search]") {
    Process p = start_engine();
    send_all(p, {"position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "go infinite"}); // mate in 1
    CHECK_FALSE(p.wait_for("bestmove", 1500ms));
    auto line = ask(p, "stop", "bestmove");
    REQUIRE(line);
    CHECK(*line == "bestmove d1d8");
}

TEST_CASE("go ponder waits for ponderhit, then keeps to the clock", "[uci][search]") {
    Process p = start_engine();
    send_all(p, {"position startpos moves e2e4", "go ponder wtime 2000 btime 2000"});
    CHECK_FALSE(p.wait_for("bestmove", 1000ms));
    auto t0 = Clock::now();
    p.send("ponderhit");
    best_move(p, 2s);
    CHECK(Clock::now() - t0 < within(1500ms));
}

TEST_CASE(
    "clock edge cases: a missing, tiny or negative clock still moves in time", "[uci][search]") {
    Process p = start_engine();
    p.send("position startpos");
    auto legal = make_engine("chess")->legal_moves();
    for (const char* go :
        {"go wtime 100", "go btime 100 wtime 100 winc 0 binc 0", "go wtime -50 btime 1000",
            "go wtime 0 btime 0", "go movetime 50", "go nodes 5000", "go depth 3"}) {
        INFO(go);
        auto t0 = Clock::now();
        p.send(go);
        // `bestmove <a legal move of the start position> [ponder <move>]`.
        std::string best = best_move(p, 2s);
        CHECK(Clock::now() - t0 < within(500ms));
        CHECK(std::find(legal.begin(), legal.end(), best) != legal.end());
    }
}

TEST_CASE("quit during a search exits at once", "[uci][search]") {
    Process p = start_engine();
    search_to_depth(p, "position startpos", 3);
    auto t0 = Clock::now();
    CHECK(quit(p, 3s) == 0);
    CHECK(Clock::now() - t0 < within(1s));
}

TEST_CASE("options arrive in any order and a large Hash is ready by readyok", "[uci][search]") {
    Process p = start_engine();
    uci_lines(p);
    // The table is written before readyok (no search pays for faulting it in): 1 GB in
    // well under a second on the development machine, a few seconds allowed.
    send_all(p,
        {"setoption name Threads value 2", "setoption name Hash value 1024",
            "setoption name Move Overhead value 30", "setoption name MultiPV value 2"});
    isready_time(p, within(10s));
    send_all(p,
        {"setoption name Threads value 1", "setoption name Hash value 8",
            "setoption name Clear Hash", "position startpos", "go depth 6"});
    std::vector<std::string> seen;
    best_move(p, 5s, &seen);
    CHECK(count_prefix(seen, "info depth 6 seldepth") >= 2); // MultiPV 2 lines
    bool second = false;
    for (const auto& l : seen) second |= l.find("multipv 2") != std::string::npos;
    CHECK(second);
    CHECK(ask(p, "setoption name Hash value 0", "info string error"));
}

TEST_CASE("a new go while searching ends the old search with its own bestmove", "[uci][search]") {
    Process p = start_engine();
    search_to_depth(p, "position startpos", 3);
    p.send("go depth 2");
    std::vector<std::string> seen;
    best_move(p, 3s, &seen);
    best_move(p, 3s, &seen);
    isready_time(p, 2s, &seen);
    CHECK(count_prefix(seen, "bestmove") == 2);
}

TEST_CASE("go depth 8 from every game's start position gives a legal move and a legal PV",
    "[search][variants]") {
    for (const VariantSpec& spec : registered_variants()) {
        INFO(spec.name);
        SearchLimits limits;
        limits.depth = 8;
        SearchResult r = search(spec.name, "", limits);
        REQUIRE(r.bestmoves == 1);
        REQUIRE_FALSE(r.last.pv.empty());
        CHECK(r.last.pv[0] == r.best);
        auto referee = make_referee(spec.name);
        REQUIRE(referee);
        for (const auto& m : r.last.pv) {
            INFO(m << " in " << referee->fen());
            REQUIRE_FALSE(referee->play(m).has_value());
        }
    }
}

TEST_CASE("searchmoves restricts the root moves", "[search][uci]") {
    SearchLimits limits;
    limits.depth = 6;
    limits.searchMoves = {"a2a3", "h2h4"};
    SearchResult r = search("chess", "", limits);
    CHECK((r.best == "a2a3" || r.best == "h2h4"));
    // A mate-in-one position where only a non-mating move is allowed.
    limits.searchMoves = {"g1h1"};
    SearchResult q = search("chess", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", limits);
    CHECK(q.best == "g1h1");
}

TEST_CASE("two threads search together and agree on a legal move", "[search][threads]") {
    auto engine = make_engine("chess");
    Engine::Options o;
    o.threads = 2;
    engine->set_options(o);
    SearchLimits limits;
    limits.depth = 8;
    SearchResult r = search(*engine, MateSuite[3].fen, limits);
    CHECK(r.last.value == mate_in(3));
    CHECK(r.best == "b3b8");
}

TEST_CASE("go depth solves every mate-in-one-turn position of Multiple Move Chess with the "
          "mating turn as PV",
    "[search][multimove][mate]") {
    std::ifstream in(std::string(HARLEQUIN_TEST_DATA) + "/multimove_mates.epd");
    REQUIRE(in);
    std::string line;
    int solved = 0;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::string fen = line.substr(0, line.find(';'));
        auto fields = split_words(fen);
        REQUIRE(fields.size() >= 7);
        int n = fields[6].back() - '0'; // field 7 is k/N
        INFO(fen);
        SearchLimits limits;
        limits.depth = n + 3;
        SearchResult r = search("multimove", fen, limits);
        CHECK(r.last.value >= VALUE_MATE_IN_MAX_PLY);
        REQUIRE(int(r.last.pv.size()) >= n);
        auto referee = make_referee("multimove");
        REQUIRE_FALSE(referee->set_position(fen).has_value());
        Color mover = referee->side_to_move();
        for (int i = 0; i < n && referee->side_to_move() == mover; ++i)
            REQUIRE_FALSE(referee->play(r.last.pv[std::size_t(i)]).has_value());
        CHECK(referee->outcome().reason.find("mates") != std::string::npos);
        ++solved;
    }
    CHECK(solved >= 20);
}

TEST_CASE("the time plan stays within the clock for absurd clocks and increments", "[search]") {
    // `go wtime 9223372036854775807 winc 9223372036854775807` overflowed the sums (found by
    // tests/fuzz_protocol.py under UBSan).
    constexpr std::int64_t Max = std::numeric_limits<std::int64_t>::max();
    constexpr std::int64_t Min = std::numeric_limits<std::int64_t>::min();
    for (auto [time, inc, mtg] :
        std::vector<std::tuple<std::int64_t, std::int64_t, int>> {{Max, Max, 0}, {Max, 0, 1},
            {Max, Max, 50}, {1000, Max, 0}, {Min, Min, 0}, {Max, Min, 0}, {60000, 1000, 0}}) {
        INFO(time << " " << inc << " " << mtg);
        SearchLimits limits;
        limits.time[WHITE] = time;
        limits.inc[WHITE] = inc;
        limits.movesToGo = mtg;
        TimePlan plan = TimePlan::make(limits, WHITE, 50);
        CHECK(plan.optimum >= 1);
        CHECK(plan.maximum >= plan.optimum);
        if (time > 0) CHECK(plan.maximum <= time);
    }
}

TEST_CASE("the soft time limit is longer while the best move is new, took few nodes or fell",
    "[search]") {
    const Value v = Value(20);
    const double settled = soft_time_scale(v, v, 4, 0.9);
    // A best move that just changed, or changed last iteration, gets more time than one that
    // has held for four iterations; each iteration of stability takes some away.
    for (int streak = 0; streak < 4; ++streak)
        CHECK(soft_time_scale(v, v, streak, 0.9) > soft_time_scale(v, v, streak + 1, 0.9));
    CHECK(soft_time_scale(v, v, 9, 0.9) == settled); // the streak's scale levels off
    // The smaller the best move's share of the nodes, the longer.
    CHECK(soft_time_scale(v, v, 4, 0.3) > soft_time_scale(v, v, 4, 0.6));
    CHECK(soft_time_scale(v, v, 4, 0.6) > settled);
    // An unknown share (shallow iterations) leaves the scale alone: between the extremes.
    CHECK(soft_time_scale(v, v, 4, -1.0) < soft_time_scale(v, v, 4, 0.3));
    CHECK(soft_time_scale(v, v, 4, -1.0) > soft_time_scale(v, v, 4, 1.0));
    // A falling value buys time, more when it falls further.
    CHECK(soft_time_scale(v - 5, v, 4, 0.9) > settled);
    CHECK(soft_time_scale(v - 100, v, 4, 0.9) > soft_time_scale(v - 5, v, 4, 0.9));
    // Even the least settled search stops starting iterations well before the hard limit
    // (5 optima), and a settled one before the optimum.
    CHECK(soft_time_scale(v - 100, v, 0, 0.0) < 5.0);
    CHECK(settled < 1.0);
}

TEST_CASE("the hash table shrinks to what can be allocated and keeps working", "[search]") {
    TranspositionTable tt;
    CHECK(tt.resize(1) == 1);
    // The machine's limit: at most half its memory, never nothing.
    CHECK(tt.memory_limit_mb() >= 1);
    // A petabyte cannot be had: the table takes the limit (a small one here, since the
    // table is written at once).
    tt.set_memory_limit_mb(8);
    std::size_t mb = tt.resize(std::size_t(1) << 30);
    CHECK(mb == 8);
    CHECK(tt.requested_mb() == (std::size_t(1) << 30));
    tt.new_search();
    tt.store(0x123456789ABCDEF0ULL, 77, 10, 5, 3, BOUND_EXACT);
    CHECK(tt.probe(0x123456789ABCDEF0ULL).move == 77);
    CHECK(tt.resize(2) == 2);
    tt.new_search();
    tt.store(0x123456789ABCDEF0ULL, 78, 10, 5, 3, BOUND_EXACT);
    tt.clear();
    CHECK_FALSE(tt.probe(0x123456789ABCDEF0ULL).hit);
}

TEST_CASE("a hash table of 2 MB or more starts on a huge-page boundary (Linux), zeroed, a "
          "smaller one works too",
    "[search][tt]") {
    TranspositionTable tt;
    for (std::size_t mb : {16, 2, 1, 64}) {
        INFO(mb << " MB");
        REQUIRE(tt.resize(mb) == mb);
        const auto addr = reinterpret_cast<std::uintptr_t>(tt.address());
        CHECK(addr % 64 == 0);
#ifdef __linux__
        if (mb >= 2) CHECK(addr % (std::uintptr_t(2) << 20) == 0);
#endif
        tt.new_search();
        CHECK(tt.hashfull() == 0);
        CHECK_FALSE(tt.probe(0x0123456789ABCDEFULL).hit);
        tt.store(0x0123456789ABCDEFULL, 99, 42, 7, 5, BOUND_LOWER);
        CHECK(tt.probe(0x0123456789ABCDEFULL).value == 42);
    }
}

#ifdef __linux__
namespace {
// The share of [start, start + bytes) the kernel holds in memory (mincore: a page that was
// never written is not resident and costs a fault at its first probe).
double resident_share(const void* start, std::size_t bytes) {
    const std::size_t page = std::size_t(sysconf(_SC_PAGE_SIZE));
    auto base = reinterpret_cast<std::uintptr_t>(start) & ~(page - 1);
    std::size_t length = reinterpret_cast<std::uintptr_t>(start) + bytes - base;
    std::vector<unsigned char> pages((length + page - 1) / page);
    REQUIRE(mincore(reinterpret_cast<void*>(base), length, pages.data()) == 0);
    return double(std::ranges::count_if(pages, [](unsigned char p) { return p & 1; }))
        / double(pages.size());
}
} // namespace

TEST_CASE("a resized hash table is resident before the first search (no page faults in "
          "the search)",
    "[search][tt]") {
    TranspositionTable tt;
    for (int threads : {1, 2}) {
        INFO(threads << " threads");
        REQUIRE(tt.resize(64 + std::size_t(threads), threads) == 64 + std::size_t(threads));
        CHECK(resident_share(tt.address(), tt.size_mb() << 20) == 1.0);
    }
    // A cleared table stays resident too.
    tt.new_search();
    tt.store(0x0123456789ABCDEFULL, 99, 42, 7, 5, BOUND_LOWER);
    tt.clear(2);
    CHECK_FALSE(tt.probe(0x0123456789ABCDEFULL).hit);
    CHECK(resident_share(tt.address(), tt.size_mb() << 20) == 1.0);
}
#endif

TEST_CASE("a torn hash entry (words of two writes) is detected and ignored", "[search][tt]") {
    // Two threads storing in one slot at once can leave one's data word with the other's
    // meta word. The key check ties the two words together, so such an entry misses.
    constexpr std::uint32_t KeyA = 0x9E3779B9, KeyB = 0x7F4A7C15;
    for (std::uint32_t other : {KeyA, KeyB}) {
        std::uint64_t dataA = TTEntry::pack_data(0x1234, 150, -20);
        std::uint64_t dataB = TTEntry::pack_data(0x4321, -75, 31);
        std::uint64_t metaA = TTEntry::pack_meta(KeyA, dataA, 10, 4 | BOUND_EXACT);
        std::uint64_t metaB = TTEntry::pack_meta(other, dataB, 12, 8 | BOUND_LOWER);
        CHECK(TTEntry::Words {dataA, metaA}.key32() == KeyA);
        CHECK(TTEntry::Words {dataA, metaA}.value() == 150);
        CHECK(TTEntry::Words {dataA, metaA}.eval() == -20);
        CHECK(TTEntry::Words {dataB, metaB}.key32() == other);
        // Torn both ways: neither half matches either writer's key.
        for (TTEntry::Words torn : {TTEntry::Words {dataA, metaB}, TTEntry::Words {dataB, metaA}}) {
            CHECK(torn.key32() != KeyA);
            CHECK(torn.key32() != other);
        }
    }
    // Through the table: a store and a probe round-trip every field, negative values too.
    TranspositionTable tt;
    tt.resize(1);
    tt.new_search();
    tt.store(0xABCDEF0123456789ULL, 0xFFFFFFFF, -31000, -5, -7, BOUND_UPPER);
    TTData d = tt.probe(0xABCDEF0123456789ULL);
    CHECK(d.hit);
    CHECK(d.move == 0xFFFFFFFF);
    CHECK(d.value == -31000);
    CHECK(d.eval == -5);
    CHECK(d.depth == -7);
    CHECK(d.bound == BOUND_UPPER);
    CHECK_FALSE(tt.probe(0xABCDEF0023456789ULL).hit);
}
