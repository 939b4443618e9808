#include "evaluate.h"

#include <algorithm>

namespace hq::martian {

namespace {

struct SideTerms {
    int mobility = 0;
    int bestThreat = 0; // pips of the most valuable enemy piece this side attacks
};

SideTerms side_terms(const Position& pos, Color c) {
    SideTerms t;
    const Bitboard occ = pos.pieces(), theirs = pos.pieces(~c);
    for (Square s : Squares {pos.pieces(c)}) {
        const Kind k = pos.kind_on(s);
        const Bitboard a = attacks(k, s, occ);
        t.mobility += MobilityWeight[k] * popcount(a & ~occ);
        for (Square v : Squares {a & theirs})
            t.bestThreat = std::max(t.bestThreat, pips(pos.kind_on(v)));
    }
    return t;
}

} // namespace

Value evaluate(const Position& pos) {
    const Color us = pos.side_to_move(), them = ~us;
    Value v = ScorePip * (pos.score(us) - pos.score(them));

    // The army counts less while a called clock runs down.
    int army = ZonePip * (pos.zone_pips(us) - pos.zone_pips(them));
    if (pos.clock_called()) army = army * pos.clock() / CLOCK_START;
    v += army;

    const SideTerms mine = side_terms(pos, us), theirs = side_terms(pos, them);
    v += mine.mobility - theirs.mobility;
    v += ThreatOnMove * mine.bestThreat - ThreatWaiting * theirs.bestThreat;
    return v + Tempo;
}

} // namespace hq::martian
