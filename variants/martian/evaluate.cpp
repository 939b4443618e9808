// SPDX-License-Identifier: GPL-3.0-or-later
#include "evaluate.h"

#include "weights.h"

#include <algorithm>

namespace hq::martian {

namespace {

constexpr const weights::Weights& W = weights::Tuned;
constexpr int WeightCount = int(sizeof(weights::Weights) / sizeof(int));

// Without tracing (the engine's case) a term is its weight times its count; a Tracer also
// records the count against the weight's index, for White's view (engine/eval_trace.h).
struct NoTrace {
    static constexpr bool enabled = false;
    void add(const int&, float) { }
};

struct Tracer {
    static constexpr bool enabled = true;
    float sign = 1; // +1 when White is to move: the evaluation is from the mover's view
    std::vector<float> coefficient = std::vector<float>(WeightCount);
    void add(const int& w, float count) {
        auto i = std::size_t(&w - reinterpret_cast<const int*>(&W));
        coefficient[i] += sign * count;
    }
};

template <typename T> int term(T& tr, const int& w, int count) {
    if constexpr (T::enabled) tr.add(w, float(count));
    return w * count;
}

struct SideTerms {
    int mobility[KIND_NB] = {}; // empty squares reached, by kind
    int bestThreat = 0;         // pips of the most valuable enemy piece this side attacks
};

SideTerms side_terms(const Position& pos, Color c) {
    SideTerms t;
    const Bitboard occ = pos.pieces(), theirs = pos.pieces(~c);
    for (Square s : Squares {pos.pieces(c)}) {
        const Kind k = pos.kind_on(s);
        const Bitboard a = attacks(k, s, occ);
        t.mobility[k] += popcount(a & ~occ);
        for (Square v : Squares {a & theirs})
            t.bestThreat = std::max(t.bestThreat, pips(pos.kind_on(v)));
    }
    return t;
}

template <typename T> Value evaluate_with(const Position& pos, T& tr) {
    const Color us = pos.side_to_move(), them = ~us;
    Value v = term(tr, W.ScorePip, pos.score(us) - pos.score(them));

    // The army counts less while a called clock runs down.
    int zone = pos.zone_pips(us) - pos.zone_pips(them);
    int army = W.ZonePip * zone;
    if (pos.clock_called()) army = army * pos.clock() / CLOCK_START;
    v += army;
    if constexpr (T::enabled)
        tr.add(W.ZonePip, pos.clock_called() ? float(zone) * pos.clock() / CLOCK_START : zone);

    const SideTerms mine = side_terms(pos, us), theirs = side_terms(pos, them);
    for (int k = 1; k < KIND_NB; ++k)
        v += term(tr, W.Mobility[k], mine.mobility[k] - theirs.mobility[k]);
    v += term(tr, W.ThreatOnMove, mine.bestThreat) + term(tr, W.ThreatWaiting, -theirs.bestThreat);
    return v + term(tr, W.Tempo, 1);
}

} // namespace

Value evaluate(const Position& pos) {
    NoTrace none;
    return evaluate_with(pos, none);
}

std::vector<std::string> trace_weight_names() { return layout_names(weights::Layout); }

std::vector<int> trace_weight_values() { return scalar_weight_values(W); }

void trace(const Position& pos, EvalTrace& t) {
    Tracer tr;
    tr.sign = pos.side_to_move() == WHITE ? 1.0f : -1.0f;
    evaluate_with(pos, tr);
    t = EvalTrace {};
    for (int i = 0; i < WeightCount; ++i)
        if (tr.coefficient[std::size_t(i)] != 0)
            t.mg.push_back({i, tr.coefficient[std::size_t(i)]});
    t.phase = t.maxPhase = 1; // no taper: everything is "middlegame"
}

} // namespace hq::martian
