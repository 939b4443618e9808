// SPDX-License-Identifier: GPL-3.0-or-later
#include "command_line.h"
#include "commands.h"
#include "help.h"

#include "engine/io.h"
#include "engine/simd.h"
#include "engine/text.h"
#include "protocol/version.h"
#include "variants/registry.h"

#include <chrono>
#include <set>

namespace hq {

// harlequin bench [depth]: searches every registered game's bench positions (VariantSpec::
// bench) to a fixed depth with one thread and a cleared 16 MB hash; prints the build's
// instruction set, each position's nodes, then `<nodes> nodes <nps> nps` (the last line,
// which OpenBench reads). The node count over all of them is the search's
// signature.
int bench_command(const std::vector<std::string>& args) {
    constexpr std::string_view Usage = "usage: harlequin bench [depth] [game ...]";
    int depth = 12;
    std::set<std::string> games; // empty: every game
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--help" || args[i] == "-h") {
            print_line(command_help_text(*find_command_help("bench")));
            return 0;
        }
        if (auto d = parse_number<int>(args[i]); d && i == 0) {
            if (*d < 1 || *d > 64) return usage_error("depth " + args[i] + ": 1 to 64", Usage);
            depth = *d;
        } else if (auto game = canonical_variant(args[i])) games.insert(*game);
        else return usage_error("unknown game or bad depth '" + args[i] + "'", Usage);
    }
    println(
        "Harlequin {} built for {} (network: {})", HARLEQUIN_VERSION, simd::ArchName, simd::Name);
    std::uint64_t totalNodes = 0;
    auto start = std::chrono::steady_clock::now();
    int index = 0;
    for (const VariantSpec& spec : registered_variants())
        for (const BenchPosition& bp : bench_catalog(spec.name).positions) {
            if (!games.empty() && !games.contains(spec.name)) continue;
            auto engine = make_engine(spec.name);
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
            println("position {:2} {:13} nodes {:10} bestmove {}", ++index, spec.name, nodes, best);
        }
    double seconds
        = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    auto nps = std::uint64_t(double(totalNodes) / std::max(seconds, 1e-3));
    println("\n{} nodes {} nps", totalNodes, nps);
    return 0;
}

} // namespace hq
