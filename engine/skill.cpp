// SPDX-License-Identifier: GPL-3.0-or-later
#include "skill.h"

#include "random.h"
#include "score.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>
#include <vector>

namespace hq {

namespace {

// The node budget at level 0, and how many levels double it: level 0 searches about one
// ply, level 19 about 200k nodes (depth 9-11 in chess), a tenth of a second.
constexpr double BaseNodes = 32.0;
constexpr double NodeDoublingLevels = 1.5;
constexpr int Width = 4;
// The last step to full strength, above level TopLevel: level 19 (208k nodes, four moves
// kept) scored 19.7% against Stockfish 15.1 at UCI_Elo 2500 and full strength 62% (+89,
// 40 games, 10+0.1; docs/levels.md), so past it the budget doubles TopDoublingsPerLevel
// times a level more (19.5: 1.05M nodes, more than a move at 10+0.1 gets) and the moves
// kept fall from Width to one at TopLevel + 0.5 (one move: the search's own choice).
constexpr double TopLevel = 19.0;
constexpr double TopDoublingsPerLevel = 4.0;
constexpr double TopWidthDropPerLevel = 6.0;
// The temperature: MinTemperature + SpanTemperature * (1 - level / 20)^2, so that it falls
// fast at the bottom of the scale (a beginner's choices) and slowly near the top.
constexpr double MinTemperature = 5.0;
constexpr double SpanTemperature = 195.0;
constexpr double MaxLossTemperatures = 3.0;

// UCI_Elo -> level: the level that scores 50% against Stockfish 15.1 at that UCI_Elo,
// between two points linearly. Scouted at 2+0.05 (30-40 games a point), then corrected by
// the calibration at 10+0.1 (100 games a point; docs/levels.md): 1500 and 2500 scored 29%
// and 19% at the scouted 6.5 and 16.8, 2000 57.5% at 15.3; 1500 then 60% at 7.8. 2500 sits
// in the last step (TopLevel): 19.0 scored 19.7%, full strength 62%, and 19.35 44.5% (100
// games); 2850 at 19.9, the search's own choice at a full move's nodes, 48.7% (40 games).
// 1350 is shifted with its neighbour, not measured.
constexpr std::array<std::pair<int, double>, 5> EloLevels = {{
    {Skill::MinElo, 5.5},
    {1500, 7.8},
    {2000, 15.3},
    {2500, 19.35},
    {Skill::MaxElo, 19.9},
}};

} // namespace

std::uint64_t Skill::node_budget() const {
    const double l = std::clamp(level, 0.0, Full);
    const double top = std::max(0.0, l - TopLevel) * TopDoublingsPerLevel;
    return std::uint64_t(BaseNodes * std::exp2(l / NodeDoublingLevels + top));
}

int Skill::width() const {
    const double above = std::max(0.0, level - TopLevel);
    return std::max(1, Width - int(above * TopWidthDropPerLevel));
}

double Skill::temperature() const {
    const double weakness = 1.0 - std::clamp(level, 0.0, Full) / Full;
    return MinTemperature + SpanTemperature * weakness * weakness;
}

int Skill::choose(std::span<const int> values, std::uint64_t key) const {
    if (values.empty() || !limited()) return 0;
    const int best = values[0];
    // A mate found is played: no player looks for a second way once he sees one.
    if (best >= VALUE_MATE_IN_MAX_PLY) return 0;
    const double t = temperature();
    const std::size_t n = std::min<std::size_t>(values.size(), std::size_t(width()));
    std::vector<double> weights;
    double total = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        const double loss = double(best) - double(values[i]);
        // A move searched only as worse than another (no exact value) is not drawn.
        const bool drawable = values[i] > -VALUE_INFINITE && loss <= MaxLossTemperatures * t;
        weights.push_back(drawable ? std::exp(-loss / t) : 0.0);
        total += weights.back();
    }
    Prng rng(seed ^ (key * 0x9E3779B97F4A7C15ULL) ^ 0xD1B54A32D192ED03ULL);
    double u = double(rng.next() >> 11) * 0x1.0p-53 * total;
    for (std::size_t i = 0; i < n; ++i) {
        if (u < weights[i]) return int(i);
        u -= weights[i];
    }
    return 0;
}

namespace {

// The table read as a piecewise-linear function, from column `from` to column `to` (0 the
// rating, 1 the level), clamped to its ends.
double along_table(double x, int from, int to) {
    auto at = [](const std::pair<int, double>& p, int column) {
        return column == 0 ? double(p.first) : p.second;
    };
    if (x <= at(EloLevels.front(), from)) return at(EloLevels.front(), to);
    for (std::size_t i = 1; i < EloLevels.size(); ++i) {
        const double x1 = at(EloLevels[i], from);
        if (x > x1) continue;
        const double x0 = at(EloLevels[i - 1], from), y0 = at(EloLevels[i - 1], to);
        return y0 + (at(EloLevels[i], to) - y0) * (x - x0) / (x1 - x0);
    }
    return at(EloLevels.back(), to);
}

} // namespace

double Skill::elo_for_level(double level) { return along_table(level, 1, 0); }

double Skill::level_for_elo(int elo) { return along_table(double(elo), 0, 1); }

} // namespace hq
