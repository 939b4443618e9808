// SPDX-License-Identifier: GPL-3.0-or-later
// What the datagen tests (test_datagen.cpp, test_game_records.cpp) start from: a small
// `harlequin datagen` run, and a file's bytes to compare.
#pragma once

#include "bench/datagen.h"

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>

namespace hq::test {

// Three games of `variant` at 400 nodes a move (a second or so for any game) into `out`,
// with a 1 MB hash and the generator seeded by `seed`.
inline DatagenOptions small_datagen(
    const std::string& variant, const std::string& out, std::uint64_t seed) {
    DatagenOptions o;
    o.variant = variant;
    o.out = out;
    o.games = 3;
    o.nodes = 400;
    o.seed = seed;
    o.hashMb = 1;
    return o;
}

// The whole content of a file ("" when it cannot be read).
inline std::string file_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

} // namespace hq::test
