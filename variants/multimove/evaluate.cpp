// SPDX-License-Identifier: GPL-3.0-or-later
#include "evaluate.h"

#include "weights.h"

#include <algorithm>
#include <array>
#include <tuple>
#include <utility>
#include <vector>

namespace hq::multimove {

namespace {

// ---- Weights ---------------------------------------------------------------------------
//
// The tunable weights live in the generated header weights.h (bench/tune/tune.py writes
// it; docs/tuning.md), each a {middlegame, endgame} pair: material; centralisation of
// knights, bishops and queens per step of centrality (0 in a corner .. 6 in the centre,
// counted from 3); a rook on the 7th; pawn advance per rank (centre pawns more); the king
// on its back rank in the middlegame, central in the endgame; mobility per reachable
// square neither own-occupied nor guarded by an enemy pawn, from a par of four; passed
// pawns by relative rank; attacks on the squares around the enemy king, times
// (KingZoneBase + N): every extra move a turn is another attacker brought in or another
// check; a passed pawn with a free path that promotes within the mover's remaining moves
// (RunnerMover) or within the opponent's next turn (RunnerOpponent: the mover has its
// remaining moves to stop that one); the share (in sixteenths) of the gains the mover can
// still collect this turn (OwnGain) and of what the opponent's N moves can then take
// (EnemyGain); and per single move the mover still has this turn (TempoPerMove).
//
// What stays here is fixed: the phase, KingZoneBase, and the piece values that measure a
// capture's gain (PieceValue, evaluate.h), which move ordering uses too.

constexpr const weights::Weights& W = weights::Tuned;

constexpr int KingZoneBase = 2;
// Phase: knights and bishops 1, rooks 2, queens 4; 24 is the full middlegame.
constexpr int PhaseMax = 24;

// ---- The trace: which weights a position counts, for tuning ----------------------------
//
// As in chess's evaluation: every tunable term goes through `term()`, which for the engine
// (NoTrace) is the weight times its count; a Tracer also records the count against the
// weight's index, signed for White's view.

struct Score {
    int mg = 0, eg = 0;
    Score& operator+=(Score o) { return mg += o.mg, eg += o.eg, *this; }
    Score& operator-=(Score o) { return mg -= o.mg, eg -= o.eg, *this; }
};

using NoTrace = NoPairTrace;
using Tracer = PairTracer<weights::Weights>;

// A weight counted n times for colour c (n may be a fraction: a share in sixteenths).
template <typename T> Score term(T& tr, Color c, const weights::Pair& w, int n = 1, int per = 1) {
    if constexpr (T::enabled) tr.add(c, w, float(n) / float(per), float(n) / float(per));
    return {w.mg * n / per, w.eg * n / per};
}

constexpr int centrality(Square s) {
    int f = file_of(s), r = rank_of(s);
    return std::min(f, 7 - f) + std::min(r, 7 - r);
}

// Squares strictly in front of a square, from colour c's side.
constexpr Bitboard forward_ranks(Color c, Square s) {
    return c == WHITE ? ~Bitboard(0) << (8 * (rank_of(s) + 1))
                      : (Bitboard(1) << (8 * rank_of(s))) - 1;
}

// One side's attacks and placement, gathered in one pass over its pieces.
struct Side {
    Bitboard by[PIECE_TYPE_NB] = {};      // attacks by piece type
    Bitboard freshBy[PIECE_TYPE_NB] = {}; // attacks of the pieces that may still capture
    Bitboard all = 0, freshAll = 0;
    int kingZoneHits = 0; // attacks on the squares around the enemy king
    Score placed;         // material, placement, mobility, passed pawns: its own view
};

template <typename T>
Side scan(const chess::Board& b, Color c, Bitboard fresh, Bitboard enemyPawnAttacks,
    Bitboard enemyKingZone, T& tr) {
    Side s;
    const Bitboard occ = b.pieces(), own = b.pieces(c);
    const Bitboard pawns = b.pieces(c, PAWN);
    s.by[PAWN] = c == WHITE ? pawn_attacks_bb<WHITE>(pawns) : pawn_attacks_bb<BLACK>(pawns);
    s.freshBy[PAWN] = c == WHITE ? pawn_attacks_bb<WHITE>(pawns & fresh)
                                 : pawn_attacks_bb<BLACK>(pawns & fresh);
    for (Square sq : Squares {own}) {
        const PieceType pt = type_of(b.piece_on(sq));
        const int rr = relative_rank(c, sq), centre = centrality(sq) - 3;
        s.placed += term(tr, c, W.Material[pt]);
        if (pt == PAWN) {
            bool centrePawn = file_of(sq) == FILE_D || file_of(sq) == FILE_E;
            s.placed += term(tr, c, W.PawnAdvance, rr - 1);
            if (centrePawn) s.placed += term(tr, c, W.CentrePawnAdvance, rr - 1);
            Bitboard files = file_bb(sq) | shift<EAST>(file_bb(sq)) | shift<WEST>(file_bb(sq));
            if (!(forward_ranks(c, sq) & files & b.pieces(~c, PAWN)))
                s.placed += term(tr, c, W.PassedPawn[rr]);
            continue;
        }
        const Bitboard att = attacks_bb(pt, sq, occ);
        s.by[pt] |= att;
        if (fresh & square_bb(sq)) s.freshBy[pt] |= att;
        switch (pt) {
        case KNIGHT: s.placed += term(tr, c, W.KnightCentre, centre); break;
        case BISHOP: s.placed += term(tr, c, W.BishopCentre, centre); break;
        case ROOK:
            if (rr == RANK_7) s.placed += term(tr, c, W.RookOnSeventh);
            break;
        case QUEEN: s.placed += term(tr, c, W.QueenCentre, centre); break;
        case KING:
            // On the back rank, or a penalty per rank away from it.
            s.placed += term(tr, c, W.KingBackRank, rr == RANK_1 ? 1 : -rr);
            s.placed += term(tr, c, W.KingCentre, centre);
            continue;
        default: break;
        }
        int mobility = popcount(att & ~own & ~enemyPawnAttacks) - 4;
        s.placed += term(tr, c, W.Mobility[pt], mobility);
        s.kingZoneHits += popcount(att & enemyKingZone);
    }
    for (PieceType pt : {PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING}) {
        s.all |= s.by[pt];
        s.freshAll |= s.freshBy[pt];
    }
    return s;
}

// What capturing each attacked victim would gain, best first: its value, less the
// capturer's when it is defended (it will be taken back). Kings take only undefended
// pieces. `attacks` are the capturers' attacks by type.
using Gains = std::array<int, 16>;
int gains(const chess::Board& b, const Bitboard (&attacks)[PIECE_TYPE_NB], Bitboard attacked,
    Bitboard defended, Bitboard victims, Gains& out) {
    int n = 0;
    for (Square s : Squares {victims & attacked & ~b.pieces(KING)}) {
        const Bitboard bb = square_bb(s);
        const bool guarded = defended & bb;
        const int value = piece_value(type_of(b.piece_on(s)));
        int best = 0;
        for (PieceType pt : {PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING})
            if ((attacks[pt] & bb) && !(pt == KING && guarded)) {
                best = guarded ? std::max(0, value - piece_value(pt)) : value;
                break;
            }
        if (best > 0 && n < int(out.size())) out[std::size_t(n++)] = best;
    }
    std::sort(out.begin(), out.begin() + n, std::greater<int>());
    return n;
}

// Passed pawns of colour c with a free path that need at most `moves` pushes and whose
// promotion square the enemy does not guard.
int runners(const chess::Board& b, Color c, int moves, Bitboard enemyAttacks) {
    int count = 0;
    for (Square sq : Squares {b.pieces(c, PAWN)}) {
        int pushes = 7 - relative_rank(c, sq) - (relative_rank(c, sq) == RANK_2);
        if (pushes > moves) continue;
        Square promo = make_square(file_of(sq), relative_rank(c, RANK_8));
        Bitboard path = between_bb(sq, promo) | square_bb(promo);
        if (!(path & b.pieces()) && !(square_bb(promo) & enemyAttacks)) ++count;
    }
    return count;
}

// Each of the mover's remaining moves collects the best gain on offer: a capture by a
// fresh piece, or the rescue of a threatened piece that is not frozen. The opponent's N
// moves then collect the best of what is still hanging (frozen pieces included). Gives the
// sums of both (collected, lost), in centipawns of PieceValue.
std::pair<int, int> turn_exchange(
    const chess::Board& b, const Frame& f, const Side& mine, const Side& other, int n, int left) {
    const Color us = f.sideToMove, them = ~us;
    Gains ourGains {}, theirGains {}, frozenLosses {};
    int nOur = gains(b, mine.freshBy, mine.freshAll, other.all, b.pieces(them), ourGains);
    int nTheir = gains(b, other.by, other.all, mine.all, b.pieces(us) & ~f.frozen, theirGains);
    int nFrozen = gains(b, other.by, other.all, mine.all, f.frozen, frozenLosses);
    int collected = 0, i = 0, j = 0;
    for (int move = 0; move < left && (i < nOur || j < nTheir); ++move) {
        int capture = i < nOur ? ourGains[std::size_t(i)] : 0;
        int rescue = j < nTheir ? theirGains[std::size_t(j)] : 0;
        if (capture >= rescue) collected += capture, ++i;
        else ++j; // rescued: no longer hanging
    }
    std::array<int, 32> hanging {};
    int nHanging = 0;
    for (int k = j; k < nTheir; ++k) hanging[std::size_t(nHanging++)] = theirGains[std::size_t(k)];
    for (int k = 0; k < nFrozen; ++k)
        hanging[std::size_t(nHanging++)] = frozenLosses[std::size_t(k)];
    std::partial_sort(hanging.begin(), hanging.begin() + std::min(n, nHanging),
        hanging.begin() + nHanging, std::greater<int>());
    int lost = 0;
    for (int k = 0; k < std::min(n, nHanging); ++k) lost += hanging[std::size_t(k)];
    return {collected, lost};
}

// Both sides' scans, from the side to move's view.
template <typename T> std::pair<Side, Side> scan_both(const Position& pos, T& tr) {
    const Frame& f = pos.frame();
    const chess::Board& b = f.board;
    const Color us = f.sideToMove, them = ~us;
    const Bitboard ourPawnAttacks = us == WHITE ? pawn_attacks_bb<WHITE>(b.pieces(us, PAWN))
                                                : pawn_attacks_bb<BLACK>(b.pieces(us, PAWN));
    const Bitboard theirPawnAttacks = us == WHITE ? pawn_attacks_bb<BLACK>(b.pieces(them, PAWN))
                                                  : pawn_attacks_bb<WHITE>(b.pieces(them, PAWN));
    const Bitboard ourZone = king_attacks(b.king_square(us)) | b.pieces(us, KING);
    const Bitboard theirZone = king_attacks(b.king_square(them)) | b.pieces(them, KING);
    return {scan(b, us, ~f.moved, theirPawnAttacks, theirZone, tr),
        scan(b, them, ~Bitboard(0), ourPawnAttacks, ourZone, tr)};
}

} // namespace

namespace {

// The whole evaluation from the side to move's view, as two sums each tapered by the
// phase: the placement terms, and the turn's dynamics (runners, threats, tempo).
template <typename T> int evaluate_us(const Position& pos, T& tr, int& phase) {
    const Frame& f = pos.frame();
    const chess::Board& b = f.board;
    const Color us = f.sideToMove, them = ~us;
    const int n = pos.moves_per_turn(), left = pos.moves_left();

    // 1. One pass per side. Our pieces that have not moved may still capture this turn;
    // all of theirs may in their next turn.
    const auto [mine, other] = scan_both(pos, tr);

    // 2. Material, placement, mobility and passed pawns, tapered by the pieces left; king
    // danger, growing with the moves a turn.
    phase = std::min(PhaseMax,
        popcount(b.pieces(KNIGHT, BISHOP)) + 2 * popcount(b.pieces(ROOK))
            + 4 * popcount(b.pieces(QUEEN)));
    Score placed = mine.placed;
    placed -= other.placed;
    placed += term(tr, us, W.KingZone, (KingZoneBase + n) * mine.kingZoneHits);
    placed -= term(tr, them, W.KingZone, (KingZoneBase + n) * other.kingZoneHits);

    // 3. Pawns that run through within our remaining moves, or within their next turn.
    Score dynamic = term(tr, us, W.RunnerMover, runners(b, us, left, other.all));
    dynamic -= term(tr, them, W.RunnerOpponent, runners(b, them, n, mine.all));

    // 4. Threats (turn_exchange, above).
    const auto [collected, lost] = turn_exchange(b, f, mine, other, n, left);
    // Both shares in one division, so that the rounding is the term's, not each part's.
    dynamic.mg += (collected * W.OwnGain.mg - lost * W.EnemyGain.mg) / 16;
    dynamic.eg += (collected * W.OwnGain.eg - lost * W.EnemyGain.eg) / 16;
    if constexpr (T::enabled) {
        tr.add(us, W.OwnGain, float(collected) / 16, float(collected) / 16);
        tr.add(them, W.EnemyGain, float(lost) / 16, float(lost) / 16);
    }

    // 5. Tempo: the moves we still have this turn.
    dynamic += term(tr, us, W.TempoPerMove, left);

    auto taper = [&](Score s) { return (s.mg * phase + s.eg * (PhaseMax - phase)) / PhaseMax; };
    return taper(placed) + taper(dynamic);
}

} // namespace

TurnDynamics turn_dynamics(const Position& pos) {
    NoTrace none;
    const auto [mine, other] = scan_both(pos, none);
    const chess::Board& b = pos.frame().board;
    const Color us = pos.side_to_move();
    const int n = pos.moves_per_turn(), left = pos.moves_left();
    TurnDynamics t;
    std::tie(t.collected, t.lost) = turn_exchange(b, pos.frame(), mine, other, n, left);
    t.kingZoneHits = mine.kingZoneHits;
    t.ourKingZoneHits = other.kingZoneHits;
    t.runners = runners(b, us, left, other.all);
    t.theirRunners = runners(b, ~us, n, mine.all);
    return t;
}

Value evaluate(const Position& pos) {
    NoTrace none;
    int phase;
    int score = evaluate_us(pos, none, phase);
    return std::clamp(score, VALUE_MATED_IN_MAX_PLY + 1, VALUE_MATE_IN_MAX_PLY - 1);
}

std::vector<std::string> trace_weight_names() { return layout_names(weights::Layout); }

std::vector<int> trace_weight_values() { return pair_weight_values(W); }

// Every term here is tapered: the same coefficient stands for the middlegame and the
// endgame half of its weight.
void trace(const Position& pos, EvalTrace& t) {
    t = pair_trace(W, PhaseMax, [&](Tracer& tr, int& phase) { evaluate_us(pos, tr, phase); });
}

} // namespace hq::multimove
