#include "commands.h"

#include "engine/io.h"
#include "protocol/text.h"
#include "variants/registry.h"

#include <chrono>

namespace hq {

namespace {

// The bench positions: (variant, FEN; empty FEN = the variant's start position). The node
// count over all of them at a fixed depth is the search's signature.
struct BenchPosition {
    const char* variant;
    const char* fen;
    int depthOffset = 0; // games with long turns search shallower for the same effort
};

constexpr BenchPosition Positions[] = {
    {"chess", ""},
    {"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
    {"chess", "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"},
    {"chess", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"},
    {"chess", "2r3k1/pp3ppp/2n1b3/3p4/3P4/2PB1N2/P4PPP/R5K1 w - - 0 20"},
    {"chess", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"},
    {"chess", "r1bq1rk1/pp2bppp/2n2n2/3p4/3P4/2NB1N2/PP3PPP/R1BQ1RK1 w - - 2 10"},
    {"chess", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"},
    {"chess", "8/8/4k3/8/2p5/8/B2K4/8 w - - 0 1"},
    {"chess", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"},
    {"chess", "r2q1rk1/1b2bppp/p2p1n2/1p1Pp3/4P3/1BN2N1P/PP3PP1/R2QR1K1 b - - 0 15"},
    {"chess", "8/5pk1/6p1/3P4/2p2P2/2P3P1/5K2/8 b - - 0 40"},
    {"chess960", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"},
    {"mschess", ""},
    {"mschess", "rnbqkb1r/pp2pppp/3p1n2/2p5/4P3/2N2N2/PPPP1PPP/R1BQKB1R w kq - 0 4 w"},
    {"mschess-black", ""},
    {"multimove", "", -4},
    {"multimove", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 0/3", -4},
    {"multimove2", "", -3},
    {"control", "", -1},
    {"control",
        "pRpNbQ1bKuBuNuR/pPpP1bPbPuPuPuP/8/8/3wP4/4wP3/rPrPrPwQ1yPyPyP/rRrNrB1wKyByNyR b KQkq - 0 "
        "3 pB",
        -2},
    {"martian", ""},
    {"martian", "qqd1/qdp1/d1pp/1d2/2P1/2P1/1PDQ/D1QQ w - - 6 4 0+0 - -"},
};

} // namespace

// harlequin bench [depth]: searches every bench position to a fixed depth with one thread
// and a cleared 16 MB hash; prints each position's nodes, then `<nodes> nodes <nps> nps`.
int bench_command(const std::vector<std::string>& args) {
    int depth = 12;
    if (!args.empty()) {
        auto d = parse_number<int>(args[0]);
        if (!d || *d < 1 || *d > 64) {
            println("usage: harlequin bench [depth]");
            return 2;
        }
        depth = *d;
    }
    std::uint64_t totalNodes = 0;
    auto start = std::chrono::steady_clock::now();
    int index = 0;
    for (const BenchPosition& bp : Positions) {
        auto engine = make_engine(bp.variant);
        if (!engine) continue; // a game not built into this binary
        if (auto err = engine->set_position(bp.fen, {})) {
            println("error: bench position {}: {}", bp.fen, *err);
            return 1;
        }
        std::uint64_t nodes = 0;
        std::string best;
        SearchLimits limits;
        limits.depth = std::max(1, depth + bp.depthOffset);
        limits.start = now();
        engine->go(limits,
            {[&](const SearchInfo& info) { nodes = info.nodes; },
                [&](const std::string& b, const std::string&) { best = b; }});
        engine->wait();
        totalNodes += nodes;
        println("position {:2} {:9} nodes {:10} bestmove {}", ++index, bp.variant, nodes, best);
    }
    double seconds
        = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    auto nps = std::uint64_t(double(totalNodes) / std::max(seconds, 1e-3));
    println("\n{} nodes {} nps", totalNodes, nps);
    return 0;
}

} // namespace hq
