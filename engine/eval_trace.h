// SPDX-License-Identifier: GPL-3.0-or-later
// What a game's evaluation exposes for tuning (`harlequin tune-export`, docs/tuning.md):
// per position, the coefficient of each named weight, from White's point of view, so that
// the linear part of the evaluation is a sum of coefficients times weights.
#pragma once

#include "types.h"

#include <cstddef>
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

// A tunable {middlegame, endgame} weight of a tapered evaluation, and a group of them in
// a generated weights header's Layout: its name and array dimensions (1 for a plain one).
struct WeightPair {
    int mg, eg;
};
struct WeightGroup {
    const char* name;
    int rows, columns;
};

// The tracers of a tapered evaluation whose weights struct holds WeightPairs only. The
// evaluation adds each tunable term through its tracer: NoPairTrace (the engine's) does
// nothing; PairTracer records the term's count against the weight's index in the struct,
// signed for White's view, and the terms the tuner leaves alone as `fixed`.
struct NoPairTrace {
    static constexpr bool enabled = false;
    void add(Color, const WeightPair&, float, float) { }
    void fixed(Color, int, int) { }
};

template <typename Weights> struct PairTracer {
    static_assert(sizeof(Weights) % sizeof(WeightPair) == 0, "a weights struct of pairs only");
    static constexpr int Count = int(sizeof(Weights) / sizeof(WeightPair));
    static constexpr bool enabled = true;
    const Weights& weights;
    std::vector<float> mg = std::vector<float>(Count), eg = std::vector<float>(Count);
    float fixedMg = 0, fixedEg = 0;

    explicit PairTracer(const Weights& w)
        : weights(w) { }
    void add(Color c, const WeightPair& w, float mgCount, float egCount) {
        auto i = std::size_t(&w - reinterpret_cast<const WeightPair*>(&weights));
        mg[i] += c == WHITE ? mgCount : -mgCount;
        eg[i] += c == WHITE ? egCount : -egCount;
    }
    void fixed(Color c, int m, int e) {
        fixedMg += float(c == WHITE ? m : -m);
        fixedEg += float(c == WHITE ? e : -e);
    }
    // The trace of the position just evaluated, tapered by `phase` of `maxPhase`.
    [[nodiscard]] EvalTrace result(int phase, int maxPhase, float scale = 1) const {
        EvalTrace t;
        for (int i = 0; i < Count; ++i) {
            if (mg[std::size_t(i)] != 0) t.mg.push_back({i, mg[std::size_t(i)]});
            if (eg[std::size_t(i)] != 0) t.eg.push_back({i, eg[std::size_t(i)]});
        }
        t.phase = phase;
        t.maxPhase = maxPhase;
        t.scale = scale;
        t.fixedMg = fixedMg;
        t.fixedEg = fixedEg;
        return t;
    }
};

// The trace of one evaluation of a tapered game: `evaluate(tracer, phase)` runs its
// hand-crafted evaluation through a PairTracer over the weights `w` and sets the phase, of
// `maxPhase`, that tapers the trace.
template <typename Weights, typename Evaluate>
EvalTrace pair_trace(const Weights& w, int maxPhase, Evaluate&& evaluate) {
    PairTracer<Weights> tracer(w);
    int phase = 0;
    evaluate(tracer, phase);
    return tracer.result(phase, maxPhase);
}

// Every int of a weights struct in order (a WeightPair is two: mg, eg).
template <typename Weights> std::vector<int> weight_ints(const Weights& w) {
    static_assert(sizeof(Weights) % sizeof(int) == 0, "a weights struct holds ints only");
    const int* p = reinterpret_cast<const int*>(&w);
    return std::vector<int>(p, p + sizeof(Weights) / sizeof(int));
}

// The tracers of an evaluation without a taper, whose weights struct holds ints only
// (Control, Martian): the same contract as the pair tracers, the counts recorded for
// `side` and so negated for Black.
struct NoScalarTrace {
    static constexpr bool enabled = false;
    void add(Color, const int&, float) { }
};

template <typename Weights> struct ScalarTracer {
    static_assert(sizeof(Weights) % sizeof(int) == 0, "a weights struct holds ints only");
    static constexpr int Count = int(sizeof(Weights) / sizeof(int));
    static constexpr bool enabled = true;
    const Weights& weights;
    std::vector<float> coefficient = std::vector<float>(Count);

    explicit ScalarTracer(const Weights& w)
        : weights(w) { }
    void add(Color side, const int& w, float count) {
        auto i = std::size_t(&w - reinterpret_cast<const int*>(&weights));
        coefficient[i] += side == WHITE ? count : -count;
    }
    // The trace of the position just evaluated: every weight counts as "middlegame".
    [[nodiscard]] EvalTrace result() const {
        EvalTrace t;
        for (int i = 0; i < Count; ++i)
            if (coefficient[std::size_t(i)] != 0) t.mg.push_back({i, coefficient[std::size_t(i)]});
        t.phase = t.maxPhase = 1;
        return t;
    }
};

// A weights struct of pairs as the tuner's flat list: mg, eg, mg, eg...
template <typename Weights> std::vector<int> pair_weight_values(const Weights& w) {
    static_assert(sizeof(Weights) % sizeof(WeightPair) == 0, "a weights struct of pairs only");
    return weight_ints(w);
}

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
    std::vector<int> v;
    for (int x : weight_ints(w)) v.push_back(x), v.push_back(0);
    return v;
}

} // namespace hq
