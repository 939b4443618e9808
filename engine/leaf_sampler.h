// SPDX-License-Identifier: GPL-3.0-or-later
// Positions the search evaluates, drawn at random while it runs: training data for a game
// whose network must judge what the search reaches, not only what games reach (replies to
// moves not played, lines the search refutes: Multiple Move Chess's networks fitted to
// game positions lost to its hand-written evaluation; `harlequin datagen -leaves`,
// docs/tuning.md). The search offers every static evaluation
// of its main thread (interior nodes and quiescence stand-pats, not in check); one in
// `oneIn` is kept as a FEN, up to `capacity` a search.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace hq {

struct LeafSampler {
    std::uint32_t oneIn = 64; // about 80 of a 5000-node search's evaluations
    std::size_t capacity = 256;
    std::uint64_t state = 0x9E3779B97F4A7C15ULL; // the draw's own generator: a run repeats
    std::vector<std::string> fens;

    // Whether the evaluation now being made is kept (xorshift64).
    [[nodiscard]] bool draw() {
        if (fens.size() >= capacity) return false;
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        return state % oneIn == 0;
    }
};

} // namespace hq
