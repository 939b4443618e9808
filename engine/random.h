// SPDX-License-Identifier: GPL-3.0-or-later
// A small deterministic pseudo-random generator (xorshift64*), used for Zobrist keys and
// anywhere else the engine needs reproducible randomness.
#pragma once

#include <cstdint>

namespace hq {

class Prng {
public:
    explicit constexpr Prng(std::uint64_t seed)
        : s(seed ? seed : 0x9E3779B97F4A7C15ULL) { }

    constexpr std::uint64_t next() {
        s ^= s >> 12;
        s ^= s << 25;
        s ^= s >> 27;
        return s * 2685821657736338717ULL;
    }
    // A value in [0, n).
    constexpr std::uint64_t below(std::uint64_t n) { return n ? next() % n : 0; }

private:
    std::uint64_t s;
};

} // namespace hq
