// SPDX-License-Identifier: GPL-3.0-or-later
#include "commands.h"

#include "engine/io.h"
#include "engine/text.h"
#include "variants/registry.h"

#include <chrono>

namespace hq {

// harlequin bench [depth]: searches every registered game's bench positions (VariantSpec::
// bench) to a fixed depth with one thread and a cleared 16 MB hash; prints each position's
// nodes, then `<nodes> nodes <nps> nps`. The node count over all of them is the search's
// signature.
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
    for (const VariantSpec& spec : registered_variants())
        for (const BenchPosition& bp : spec.bench) {
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
