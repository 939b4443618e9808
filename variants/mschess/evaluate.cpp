// SPDX-License-Identifier: GPL-3.0-or-later
#include "evaluate.h"
#include "nnue.h"

#include "weights.h"

#include <algorithm>

namespace hq::mschess {

namespace {

// ---- Weights ---------------------------------------------------------------------------
//
// The tunable weights live in the generated header weights.h (bench/tune/tune.py writes
// it; docs/tuning.md): material by army kind (0 orthodox, 1 enhanced) and piece type;
// piece-square tables per army kind and piece, White's view, mirrored across the d/e file
// line (32 squares: rank * 4 + the file's distance from the a or h edge); the Male
// Backlash term's weight (in 1/256 of the threat computed below); the tempo. Each is a
// {middlegame, endgame} pair. What stays here is fixed: the phase, and the threat's shape
// (which pawn is nearest to promoting and how freely it runs).

constexpr const weights::Weights& W = weights::Tuned;

constexpr int PhaseWeight[PIECE_TYPE_NB] = {0, 0, 1, 1, 2, 4, 0, 0};
constexpr int MaxPhase = 24;

// How far the man's best pawn is from Male Backlash, as a share (in 1/256) of the jump in
// value, by the pawn's relative rank, then adjusted for how freely it runs.
constexpr int BacklashShare[RANK_NB] = {0, 0, 3, 8, 16, 32, 64, 0};
constexpr int PassedFactor = 400;       // /256: no enemy pawn ahead on its own or a next file
constexpr int BlockedFactor = 96;       // /256: its next square is occupied
constexpr int StopAttackedFactor = 160; // /256: its next square is attacked by the woman
constexpr int MaxShare = 110;           // /256: the cap, short of a promotion in hand

// ---- The trace: which weights a position counts, for tuning ----------------------------
//
// As in chess's evaluation: every tunable term goes through `term()`, which for the engine
// (NoTrace) is the weight times its count; a Tracer also records the count against the
// weight's index, signed for White's view.

using NoTrace = NoPairTrace;
using Tracer = PairTracer<weights::Weights>;

// A weight counted once for colour c.
template <typename T> Score term(T& tr, Color c, const weights::Pair& w) {
    if constexpr (T::enabled) tr.add(c, w, 1, 1);
    return {w.mg, w.eg};
}

// The piece-square column of a square seen from colour c: rank * 4 + distance from the
// nearer edge file.
int psq_index(Color c, Square s) {
    int f = file_of(s);
    return relative_rank(c, s) * 4 + std::min(f, 7 - f);
}

// Material and piece-square terms of one army, from its own point of view.
template <typename T> Score army(const Position& pos, Color c, T& tr) {
    const int enh = pos.is_enhanced(c) ? 1 : 0;
    Score s;
    for (Square sq : Squares {pos.pieces(c)}) {
        PieceType pt = type_of(pos.piece_on(sq));
        Score v = term(tr, c, W.Material[enh][pt]);
        Score p = term(tr, c, W.Psq[enh * 8 + pt][psq_index(c, sq)]);
        s.mg += v.mg + p.mg;
        s.eg += v.eg + p.eg;
    }
    return s;
}

// The whole evaluation, White's view, and its phase.
template <typename T> Score evaluate_white(const Position& pos, T& tr, int& phase) {
    phase = 0;
    for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN})
        phase += PhaseWeight[pt] * popcount(pos.pieces(pt));
    phase = std::min(phase, MaxPhase);

    Score w = army(pos, WHITE, tr), b = army(pos, BLACK, tr);
    Score total = {w.mg - b.mg, w.eg - b.eg};
    // Male Backlash: the threat's weight scales it, counted for the man.
    if (Score threat = backlash_threat(pos); threat.mg || threat.eg) {
        const Color man = pos.is_enhanced(WHITE) ? BLACK : WHITE;
        const int sign = man == WHITE ? 1 : -1;
        total.mg += sign * (W.Backlash.mg * threat.mg / 256);
        total.eg += sign * (W.Backlash.eg * threat.eg / 256);
        if constexpr (T::enabled) tr.add(man, W.Backlash, threat.mg / 256.0f, threat.eg / 256.0f);
    }
    Score tempo = term(tr, pos.side_to_move(), W.Tempo);
    const int tsign = pos.side_to_move() == WHITE ? 1 : -1;
    total.mg += tsign * tempo.mg;
    total.eg += tsign * tempo.eg;
    return total;
}

int taper(Score s, int phase) { return (s.mg * phase + s.eg * (MaxPhase - phase)) / MaxPhase; }

} // namespace

Score backlash_threat(const Position& pos) {
    if (pos.backlash_done()) return {};
    // The man is the unenhanced side.
    const Color man = pos.is_enhanced(WHITE) ? BLACK : WHITE, woman = ~man;
    const Bitboard manPawns = pos.pieces(man, PAWN);
    if (!manPawns) return {};

    // His best pawn by rank, then how freely it runs.
    const Direction up = pawn_push(man);
    const Bitboard womanPawns = pos.pieces(woman, PAWN);
    int best = 0;
    Bitboard womanAttacks = 0;
    bool attacksKnown = false;
    for (Square s : Squares {manPawns}) {
        Rank r = relative_rank(man, s);
        int share = BacklashShare[r];
        if (share * PassedFactor / 256 <= best) continue; // cannot beat the best
        // Squares ahead on its own and the neighbouring files.
        Bitboard files = file_bb(s) | shift<EAST>(file_bb(s)) | shift<WEST>(file_bb(s));
        Bitboard ahead = 0;
        for (Square t = s + up; is_ok(t); t = t + up) ahead |= rank_bb(t);
        if (!(womanPawns & files & ahead)) share = share * PassedFactor / 256;
        Square stop = s + up;
        if (!pos.empty(stop)) share = share * BlockedFactor / 256;
        else if (r >= RANK_5) {
            if (!attacksKnown) womanAttacks = pos.attacks_of(woman), attacksKnown = true;
            if (womanAttacks & square_bb(stop)) share = share * StopAttackedFactor / 256;
        }
        best = std::max(best, share);
    }
    best = std::min(best, MaxShare);
    if (!best) return {};

    // The jump in value: the promoting pawn becomes an amazon (any one pawn stands for
    // it), and every other piece of his becomes enhanced. The fixed PieceValues measure
    // it, so that the tuned Backlash weight alone scales the term.
    Score jump = {PieceValues[1][QUEEN].mg - PieceValues[0][PAWN].mg,
        PieceValues[1][QUEEN].eg - PieceValues[0][PAWN].eg};
    for (Square s : Squares {pos.pieces(man) ^ square_bb(lsb(manPawns))}) {
        PieceType pt = type_of(pos.piece_on(s));
        jump.mg += PieceValues[1][pt].mg - PieceValues[0][pt].mg;
        jump.eg += PieceValues[1][pt].eg - PieceValues[0][pt].eg;
    }
    return {jump.mg * best / 256, jump.eg * best / 256};
}

Value evaluate(const Position& pos) {
    if (pos.network()) return hq::nnue::evaluate<nnue::Features>(*pos.network(), pos);
    NoTrace none;
    int phase;
    Score s = evaluate_white(pos, none, phase);
    Value v = taper(s, phase);
    return pos.side_to_move() == WHITE ? v : -v;
}

std::vector<std::string> trace_weight_names() { return layout_names(weights::Layout); }

std::vector<int> trace_weight_values() { return pair_weight_values(W); }

void trace(const Position& pos, EvalTrace& t) {
    t = pair_trace(W, MaxPhase, [&](Tracer& tr, int& phase) { evaluate_white(pos, tr, phase); });
}

} // namespace hq::mschess
