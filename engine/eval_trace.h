// SPDX-License-Identifier: GPL-3.0-or-later
// What a game's evaluation exposes for tuning (`harlequin tune-export`, docs/tuning.md):
// per position, the coefficient of each named weight, from White's point of view, so that
// the linear part of the evaluation is a sum of coefficients times weights.
#pragma once

#include <fmt/format.h>
#include <string>
#include <vector>

namespace hq {

// One feature of a position: the index of a weight and its coefficient (e.g. White has a
// bishop pair and Black not: +1 on the bishop-pair weight).
struct TraceEntry {
    int index = 0;
    float coefficient = 0;
};

// A position's trace. The evaluation, White's view, is
//     scale * ((sum mg.coefficient * weight.mg + fixedMg) * phase
//              + (sum eg.coefficient * weight.eg + fixedEg) * (maxPhase - phase)) / maxPhase
// up to integer rounding; fixedMg/fixedEg hold the terms the tuner leaves alone (the
// nonlinear ones), `scale` the evaluation's final factor (drawish endings).
struct EvalTrace {
    std::vector<TraceEntry> mg, eg;
    int phase = 0, maxPhase = 1;
    float scale = 1;
    float fixedMg = 0, fixedEg = 0;
};

// The weight names of a generated weights header's Layout (groups of rows x columns):
// "Material[1]", "Psq[2][27]", "BishopPair".
template <typename Layout> std::vector<std::string> layout_names(const Layout& layout) {
    std::vector<std::string> names;
    for (const auto& g : layout)
        for (int i = 0; i < g.rows; ++i)
            for (int j = 0; j < g.columns; ++j)
                names.push_back(g.rows == 1 && g.columns == 1 ? std::string(g.name)
                        : g.columns == 1                      ? fmt::format("{}[{}]", g.name, i)
                                         : fmt::format("{}[{}][{}]", g.name, i, j));
    return names;
}

// A game without a taper: its weights struct as (value, 0) pairs, the tuner's layout for
// a {middlegame, endgame} weight whose endgame half is unused.
template <typename Weights> std::vector<int> scalar_weight_values(const Weights& w) {
    static_assert(sizeof(Weights) % sizeof(int) == 0, "a scalar weights struct holds ints only");
    const int* p = reinterpret_cast<const int*>(&w);
    std::vector<int> v;
    for (std::size_t i = 0; i < sizeof(Weights) / sizeof(int); ++i)
        v.push_back(p[i]), v.push_back(0);
    return v;
}

} // namespace hq
