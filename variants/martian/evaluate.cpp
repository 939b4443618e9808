// SPDX-License-Identifier: GPL-3.0-or-later
#include "evaluate.h"
#include "nnue.h"

#include "weights.h"

#include <algorithm>

namespace hq::martian {

namespace {

constexpr const weights::Weights& W = weights::Tuned;

// Without tracing (the engine's case) a term is its weight times its count; a Tracer also
// records the count against the weight's index, for White's view (engine/eval_trace.h).
// Every term is the mover's: a count of its own less the opponent's.
using NoTrace = NoScalarTrace;
using Tracer = ScalarTracer<weights::Weights>;

// The smaller zone's piece count from which EmptyingLead starts to count (one step a
// piece fewer).
constexpr int EmptyingPieces = 5;

template <typename T> int term(T& tr, Color us, const int& w, int count) {
    if constexpr (T::enabled) tr.add(us, w, float(count));
    return w * count;
}

struct SideTerms {
    int mobility[KIND_NB] = {}; // empty squares reached, by kind
    int bestThreat = 0;         // pips of the most valuable enemy piece this side attacks
    int reach = 0;              // pips of every enemy piece this side attacks, each once
};

SideTerms side_terms(const Position& pos, Color c) {
    SideTerms t;
    const Bitboard occ = pos.pieces(), theirs = pos.pieces(~c);
    Bitboard targets = 0;
    for (Square s : Squares {pos.pieces(c)}) {
        const Kind k = pos.kind_on(s);
        const Bitboard a = attacks(k, s, occ);
        t.mobility[k] += popcount(a & ~occ);
        targets |= a & theirs;
    }
    for (Square v : Squares {targets}) {
        t.bestThreat = std::max(t.bestThreat, pips(pos.kind_on(v)));
        t.reach += pips(pos.kind_on(v));
    }
    return t;
}

template <typename T> Value evaluate_with(const Position& pos, T& tr) {
    const Color us = pos.side_to_move(), them = ~us;
    Value v = term(tr, us, W.ScorePip, pos.score(us) - pos.score(them));

    // The army counts less while a called clock runs down.
    int zone = pos.zone_pips(us) - pos.zone_pips(them);
    int army = W.ZonePip * zone;
    if (pos.clock_called()) army = army * pos.clock() / CLOCK_START;
    v += army;
    if constexpr (T::enabled)
        tr.add(us, W.ZonePip, pos.clock_called() ? float(zone) * pos.clock() / CLOCK_START : zone);

    const SideTerms mine = side_terms(pos, us), theirs = side_terms(pos, them);
    for (int k = 1; k < KIND_NB; ++k)
        v += term(tr, us, W.Mobility[k], mine.mobility[k] - theirs.mobility[k]);
    v += term(tr, us, W.ThreatOnMove, mine.bestThreat)
        + term(tr, us, W.ThreatWaiting, -theirs.bestThreat);
    v += term(tr, us, W.ReachOnMove, mine.reach) + term(tr, us, W.ReachWaiting, -theirs.reach);

    // The end in sight: points won weigh more as a called clock runs down and as the
    // smaller zone empties, and under a running clock a capture also resets it.
    const int lead = pos.score(us) - pos.score(them);
    if (pos.clock_called()) {
        v += term(tr, us, W.ClockLead, lead * (CLOCK_START - pos.clock()));
        v += term(tr, us, W.ClockThreat, mine.bestThreat);
    }
    const int fewest = std::min(popcount(pos.pieces(us)), popcount(pos.pieces(them)));
    v += term(tr, us, W.EmptyingLead, lead * std::max(0, EmptyingPieces - fewest));
    return v + term(tr, us, W.Tempo, 1);
}

} // namespace

Value evaluate(const Position& pos) {
    if (pos.network()) return nnue::evaluate(*pos.network(), pos);
    NoTrace none;
    return evaluate_with(pos, none);
}

std::vector<std::string> trace_weight_names() { return layout_names(weights::Layout); }

std::vector<int> trace_weight_values() { return scalar_weight_values(W); }

void trace(const Position& pos, EvalTrace& t) {
    Tracer tr(W);
    evaluate_with(pos, tr);
    t = tr.result();
}

} // namespace hq::martian
