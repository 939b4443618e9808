// SPDX-License-Identifier: GPL-3.0-or-later
// Syzygy endgame tables in chess (variants/chess/syzygy.h), probed through Fathom from
// real table files made by the Syzygy generator (tests/data/syzygy/README.md): loading
// with a missing folder, a truncated and a foreign file; wins converted to mate within the
// fifty-move rule; the root move keeping the tables' verdict; Syzygy50MoveRule on a cursed
// win; tbhits in the info lines.
#include "engine/options.h"
#include "support.h"
#include "variants/chess/chess.h"
#include "variants/registry.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <random>

using namespace hq;
namespace fs = std::filesystem;

namespace {

const std::string TablesDir = std::string(HARLEQUIN_TEST_DATA) + "/syzygy";
// KBBvKN's longest cursed win (the generator's statistics: 132 plies to zeroing), Black to
// move: White wins only past the fifty-move rule.
constexpr std::string_view CursedWinFen = "8/8/8/1B6/8/8/8/1KBk2n1 b - - 0 1";

chess::Position tb_position(const std::string& fen) {
    chess::Position p;
    INFO(fen);
    REQUIRE_FALSE(p.set_fen(fen).has_value());
    return p;
}

// The engine for chess with the test tables (or `paths`) and a node budget a move.
std::unique_ptr<Engine> table_engine(const std::string& paths = TablesDir) {
    auto e = make_engine("chess");
    REQUIRE(e);
    Engine::Options o;
    o.syzygyPath = paths;
    REQUIRE(e->load_tables(paths).error.empty());
    e->set_options(o);
    return e;
}

// Random legal positions of the strong side's pieces `strong` (letters, after the king)
// against the king and `weak`, the strong side to move, that the tables call won (and
// not yet mate or stalemate). Deterministic for the seed.
std::vector<std::string> won_positions(
    const std::string& strong, const std::string& weak, int count, unsigned seed) {
    std::mt19937 rng(seed);
    std::vector<std::string> out;
    while (int(out.size()) < count) {
        std::string board(64, '.');
        std::string pieces = "K" + strong + "k" + weak;
        bool ok = true;
        for (char c : pieces) {
            int sq = int(rng() % 64);
            if (board[std::size_t(sq)] != '.') {
                ok = false;
                break;
            }
            board[std::size_t(sq)] = c;
        }
        if (!ok) continue;
        std::string fen;
        for (int rank = 7; rank >= 0; --rank) {
            fen += test::fen_rank(std::string_view(board).substr(std::size_t(rank * 8), 8));
            if (rank) fen += '/';
        }
        fen += " w - - 0 1";
        chess::Position p;
        if (p.set_fen(fen) || p.in_check() || chess::count_legal(p) == 0) continue;
        if (chess::syzygy::probe_wdl(p) == 2) out.push_back(fen);
    }
    return out;
}

struct PlayedOut {
    Result result = Result::NONE;
    std::string reason;
    int plies = 0;
    int longestRule50 = 0;
};

// Both sides played by the engine with the tables, `nodes` a move, from `fen` until the
// game ends by the rules (mate, a draw) or 200 plies.
PlayedOut play_out(Engine& e, const std::string& fen, std::uint64_t nodes) {
    chess::Position p = tb_position(fen);
    std::vector<std::string> moves;
    PlayedOut out;
    for (; out.plies < 200; ++out.plies) {
        Outcome o = chess::Chess::adjudicate(p);
        if (o.over()) {
            out.result = o.result;
            out.reason = o.reason;
            return out;
        }
        REQUIRE_FALSE(e.set_position(fen, moves).has_value());
        SearchLimits limits;
        limits.nodes = nodes;
        std::string best;
        e.go(limits,
            {[](const SearchInfo&) {},
                [&](const std::string& b, const std::string&) { best = b; }});
        e.wait();
        auto m = p.parse_move(best);
        REQUIRE(m);
        p.do_move(*m);
        moves.push_back(best);
        out.longestRule50 = std::max(out.longestRule50, p.rule50());
    }
    return out;
}

} // namespace

TEST_CASE("Syzygy: tables load from several folders, and a missing folder, a truncated file and a "
          "foreign file are named and left out",
    "[syzygy]") {
    REQUIRE(chess::syzygy::available());
    const fs::path dir = fs::temp_directory_path() / fmt::format("hq-syzygy-test-{}", ::getpid());
    fs::remove_all(dir);
    fs::create_directories(dir);
    for (const char* name : {"KRvK.rtbw", "KRvK.rtbz"})
        fs::copy_file(TablesDir + "/" + name, dir / name);
    // KQvK cut short (what an interrupted download leaves; a cut of a multiple of 64 bytes
    // would pass the size check, docs/tablebases.md), and a file that is no table at all.
    {
        std::ifstream in(TablesDir + "/KQvK.rtbw", std::ios::binary);
        std::string data((std::istreambuf_iterator<char>(in)), {});
        REQUIRE(data.size() > 100);
        std::ofstream(dir / "KQvK.rtbw", std::ios::binary) << data.substr(0, data.size() - 100);
        std::ofstream(dir / "KNvK.rtbw", std::ios::binary) << std::string(80, 'x');
    }
    const std::string missing = (dir / "no-such-folder").string();
    TablesLoad r = chess::syzygy::load(missing + ":" + dir.string());
    INFO(r.notice);
    CHECK(r.notice.find("no folder " + missing) != std::string::npos);
    CHECK(r.notice.find("KQvK.rtbw is truncated") != std::string::npos);
    CHECK(r.notice.find("KNvK.rtbw is not a Syzygy table") != std::string::npos);
    CHECK(r.notice.find("1 WDL and 1 DTZ tables, up to 3 pieces") != std::string::npos);
    CHECK(r.largest == 3);
    CHECK(chess::syzygy::probe_wdl(tb_position("8/8/8/4k3/8/8/8/KR6 w - - 0 1")) == 2);
    // The truncated table was never given to Fathom: no answer rather than a crash.
    CHECK_FALSE(chess::syzygy::probe_wdl(tb_position("8/8/8/4k3/8/8/8/KQ6 w - - 0 1")));

    // Through the engine's option: the notice reaches the GUI, the search goes on.
    auto e = make_engine("chess");
    Engine::Options o;
    auto load = set_text_option(*find_option("SyzygyPath"), missing, o, *e);
    CHECK(load.error.empty());
    CHECK(load.notice.find("SyzygyPath: no folder " + missing) != std::string::npos);
    CHECK(o.syzygyPath == missing);
    e->set_options(o);
    SearchLimits limits;
    limits.depth = 4;
    CHECK(test::search(*e, "8/8/8/4k3/8/8/8/KQ6 w - - 0 1", limits).bestmoves == 1);
    CHECK(chess::syzygy::load("").largest == 0);
    fs::remove_all(dir);
}

TEST_CASE("Syzygy: positions with castling rights or a running fifty-move count are not probed",
    "[syzygy]") {
    REQUIRE(chess::syzygy::load(TablesDir).largest == 5);
    CHECK(chess::syzygy::probe_wdl(tb_position("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1")) == std::nullopt);
    CHECK(chess::syzygy::rank_root(tb_position("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"), true)
        == std::nullopt);
    CHECK(chess::syzygy::probe_wdl(tb_position("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")) == 2);
    CHECK(chess::syzygy::probe_wdl(tb_position("4k3/8/8/8/8/8/8/R3K3 w - - 7 20")) == std::nullopt);
    // Black to move and the rook en prise: a draw.
    CHECK(chess::syzygy::probe_wdl(tb_position("8/8/8/8/8/8/k7/1R1K4 b - - 0 1")) == 0);
}

TEST_CASE("Syzygy: KRvK and KQvKR wins are mated within the fifty-move rule (the root move "
          "always keeping the win) and info lines count tbhits",
    "[syzygy]") {
    auto e = table_engine();
    std::vector<std::string> fens = won_positions("R", "", 10, 1);
    for (const std::string& f : won_positions("Q", "r", 10, 2)) fens.push_back(f);
    for (const std::string& fen : fens) {
        INFO(fen);
        PlayedOut g = play_out(*e, fen, 2000);
        INFO(g.reason << " after " << g.plies << " plies");
        CHECK(g.result == Result::WHITE_WINS);
        CHECK(g.longestRule50 < 100);
    }
    SearchLimits limits;
    limits.depth = 6;
    auto r = test::search(*e, fens.back(), limits);
    CHECK(r.last.tbHits > 0);
    CHECK(r.last.value >= VALUE_TABLE_WIN_IN_MAX_PLY);
}

TEST_CASE("Syzygy: the move played keeps the tables' verdict, for the winning and the losing "
          "side",
    "[syzygy]") {
    auto e = table_engine();
    std::mt19937 rng(3);
    int checked = 0;
    for (const std::string& fen : won_positions("Q", "r", 30, 4)) {
        // The same position with either side to move: White keeps the win, Black, lost,
        // keeps the longest defence the tables know (any losing move is a loss: the verdict
        // kept is the one the tables give the root).
        for (const char* side : {" w ", " b "}) {
            std::string f = fen;
            f.replace(f.find(" w "), 3, side);
            chess::Position root;
            if (root.set_fen(f) || chess::count_legal(root) == 0) continue;
            auto verdict = chess::syzygy::probe_wdl(root);
            if (!verdict) continue;
            SearchLimits limits;
            limits.nodes = 1000 + rng() % 2000;
            auto r = test::search(*e, f, limits);
            auto m = root.parse_move(r.best);
            REQUIRE(m);
            chess::Position child = root;
            child.do_move(*m);
            if (chess::count_legal(child) == 0) {
                CHECK((child.in_check() ? 2 : 0) == *verdict);
                ++checked;
                continue;
            }
            // The child's verdict from a zeroed fifty-move count (these tables have no win
            // that needs more than fifty moves).
            std::string childFen = child.fen();
            auto fields = split_words(childFen);
            chess::Position fresh = tb_position(
                fmt::format("{} {} {} {} 0 1", fields[0], fields[1], fields[2], fields[3]));
            INFO(f << " played " << r.best);
            CHECK(chess::syzygy::probe_wdl(fresh) == -*verdict);
            ++checked;
        }
    }
    CHECK(checked >= 40);
}

TEST_CASE("Syzygy50MoveRule: a win the fifty-move rule spoils is a draw with the rule and a win "
          "without it",
    "[syzygy]") {
    const std::string cursed = std::string(CursedWinFen);
    REQUIRE(chess::syzygy::load(TablesDir).largest == 5);
    // For Black, to move: a loss the rule saves.
    CHECK(chess::syzygy::probe_wdl(tb_position(cursed)) == -1);
    for (bool rule50 : {true, false}) {
        INFO("Syzygy50MoveRule " << rule50);
        auto e = make_engine("chess");
        Engine::Options o;
        o.syzygyPath = TablesDir;
        o.syzygy50MoveRule = rule50;
        e->set_options(o);
        SearchLimits limits;
        limits.depth = 8;
        auto r = test::search(*e, cursed, limits);
        CHECK(r.last.tbHits > 0);
        if (rule50) {
            // A draw that leans towards the side that would have won: a few centipawns.
            CHECK(r.last.value < 0);
            CHECK(r.last.value > -100);
        } else CHECK(r.last.value <= -VALUE_TABLE_WIN_IN_MAX_PLY);
    }
}
