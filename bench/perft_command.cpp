// SPDX-License-Identifier: GPL-3.0-or-later
#include "commands.h"

#include "engine/io.h"
#include "engine/text.h"
#include "variants/registry.h"

#include <atomic>
#include <chrono>

namespace hq {

// harlequin perft <depth> [--variant V] [--fen FEN] [--moves m1 m2 ...] [--divide]
int perft_command(const std::vector<std::string>& args) {
    auto usage = [] {
        println("usage: harlequin perft <depth> [--variant V] [--fen FEN] [--divide]");
        return 2;
    };
    if (args.empty()) return usage();
    auto depth = parse_number<int>(args[0]);
    if (!depth || *depth < 0 || *depth > 64) return usage();

    std::string variant = default_variant(), fen;
    bool divide = false;
    for (std::size_t i = 1; i < args.size(); ++i) {
        if (args[i] == "--divide") divide = true;
        else if (args[i] == "--variant" && i + 1 < args.size()) variant = args[++i];
        else if (args[i] == "--fen" && i + 1 < args.size()) {
            // A FEN is several words; take everything up to the next option.
            std::size_t j = i + 1;
            while (j < args.size() && args[j].rfind("--", 0) != 0) ++j;
            fen = join_words(args, i + 1, j);
            i = j - 1;
        } else return usage();
    }

    auto engine = make_engine(variant);
    if (!engine) {
        println("error: unknown variant '{}'", variant);
        return 2;
    }
    if (auto err = engine->set_position(fen, {})) {
        println("error: {}", *err);
        return 2;
    }
    Engine::DivideFn onDivide;
    if (divide) onDivide = [](const std::string& m, std::uint64_t n) { println("{}: {}", m, n); };
    engine->go_perft(*depth, onDivide, [](std::uint64_t nodes, double seconds) {
        double nps = seconds > 0 ? double(nodes) / seconds : 0.0;
        println("Nodes searched: {}", nodes);
        println("Time: {:.3f} s, {:.0f} nodes/second", seconds, nps);
    });
    engine->wait();
    return 0;
}

} // namespace hq
