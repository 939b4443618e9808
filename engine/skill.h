// SPDX-License-Identifier: GPL-3.0-or-later
// Playing strength below full: the same search, made smaller, and a move chosen among the
// best few the way a weaker player chooses. Every game uses the same mechanism.
//
// A level is a number from 0 (a beginner) to 20 (full strength, nothing limited); UCI's
// `Skill Level` gives it whole, `UCI_Elo` through a calibrated table (skill.cpp). Below 20:
//  - the search stops after a node budget that doubles every NodeDoublingLevels levels
//    (nodes, not time: the same strength on any machine, at any clock, and a move in well
//    under a second at every level, so a weak level never loses on time);
//  - the root keeps Width moves searched exactly (MultiPV), and the move is drawn from
//    them with weights exp(-loss / temperature), where the loss is how much worse than the
//    best the search found each, and the temperature falls with the level. A move losing
//    more than MaxLossTemperatures temperatures is never drawn: a weak level misjudges
//    close choices and plays a worse plan, it does not give away its queen at random.
// Deterministic: the draw's generator is seeded by the seed and the position's key.
#pragma once

#include <array>
#include <cstdint>
#include <span>

namespace hq {

struct Skill {
    static constexpr double Full = 20.0;
    static constexpr int MinElo = 1350, MaxElo = 2850; // UCI_Elo's range, as Stockfish's

    double level = Full;
    std::uint64_t seed = 0;

    [[nodiscard]] bool limited() const { return level < Full; }
    // Nodes the search may spend on one move.
    [[nodiscard]] std::uint64_t node_budget() const;
    // Root moves kept exact for the draw.
    [[nodiscard]] int width() const;
    // The draw's temperature, in the game's evaluation units (centipawns).
    [[nodiscard]] double temperature() const;
    // Index of the move to play among root values sorted best first (values[0] the best;
    // at most width() of them are looked at), drawn for the position with key `key`.
    [[nodiscard]] int choose(std::span<const int> values, std::uint64_t key) const;

    // The level UCI_Elo `elo` stands for (clamped to MinElo..MaxElo), and back (a level
    // below the scale's bottom gives MinElo, above its top MaxElo).
    [[nodiscard]] static double level_for_elo(int elo);
    [[nodiscard]] static double elo_for_level(double level);

    // The eight levels a player picks from (the browser board's 1 to 8): four Skill
    // Levels apart at the bottom, two above, so that each beats the one below (measured:
    // docs/levels.md); the top stays below full strength. A game whose own measurement
    // needs other steps has its own ladder in its registry entry (variants/registry.h).
    using LadderLevels = std::array<int, 8>;
    static constexpr LadderLevels Ladder = {0, 4, 6, 8, 10, 12, 14, 16};
};

} // namespace hq
