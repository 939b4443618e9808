// SPDX-License-Identifier: GPL-3.0-or-later
#include "evaluate.h"

#include "nnue.h"
#include "weights.h"

#include <algorithm>
#include <cstdlib>
#include <fmt/format.h>
#include <vector>

namespace hq::chess {

namespace {

// A middlegame/endgame pair, tapered by the game phase at the end.
struct Score {
    int mg = 0, eg = 0;
    constexpr Score() = default;
    constexpr Score(int m, int e)
        : mg(m)
        , eg(e) { }
    constexpr Score operator+(Score o) const { return {mg + o.mg, eg + o.eg}; }
    constexpr Score operator-(Score o) const { return {mg - o.mg, eg - o.eg}; }
    constexpr Score operator*(int k) const { return {mg * k, eg * k}; }
    constexpr Score& operator+=(Score o) { return *this = *this + o; }
    constexpr Score& operator-=(Score o) { return *this = *this - o; }
};

// ---- Weights ---------------------------------------------------------------------------
//
// The tunable weights live in the generated header weights.h (bench/tune/tune.py writes
// it; docs/tuning.md): material, piece-square tables (White's view, a1 first), mobility,
// pawn structure, rooks' files, threats, the pawn shield and the tempo, each a
// {middlegame, endgame} pair. What stays here is fixed: the phase, the mobility pars, and
// the king-attack weights of the one nonlinear term (king danger grows with the square of
// the attack), which the tuner leaves alone.

constexpr const weights::Weights& W = weights::Tuned;
constexpr Score S(weights::Pair p) { return {p.mg, p.eg}; }

constexpr int PhaseWeight[PIECE_TYPE_NB] = {0, 0, 1, 1, 2, 4, 0, 0};
constexpr int MaxPhase = 24;
constexpr int MobilityBase[PIECE_TYPE_NB] = {0, 0, 4, 6, 6, 12, 0, 0};
constexpr int KingAttackWeight[PIECE_TYPE_NB] = {0, 0, 2, 2, 3, 5, 0, 0};

// ---- The trace: which weights a position counts, for tuning --------------------------------
//
// The evaluation adds every tunable term through `term()`. Without tracing (NoTrace, the
// engine's case) that is the weight times its count and nothing else; a Tracer also
// records the count against the weight's index in weights::Weights, signed for White's
// view, so the tuner sees the evaluation as coefficients times weights.

using NoTrace = NoPairTrace;
using Tracer = PairTracer<weights::Weights>;

// A weight counted n times for colour c.
template <typename T> Score term(T& tr, Color c, const weights::Pair& w, int n = 1) {
    if constexpr (T::enabled) tr.add(c, w, float(n), float(n));
    return S(w) * n;
}

int distance(Square a, Square b) {
    return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}

Bitboard adjacent_files(File f) {
    return (f > FILE_A ? file_bb(File(f - 1)) : 0) | (f < FILE_H ? file_bb(File(f + 1)) : 0);
}

// Every square on the ranks in front of s, from colour c's point of view.
Bitboard ranks_ahead(Color c, Square s) {
    Rank r = rank_of(s);
    return c == WHITE ? (r == RANK_8 ? 0 : ~Bitboard(0) << (8 * (r + 1)))
                      : (Bitboard(1) << (8 * r)) - 1;
}

// The evaluation of one side, from that side's point of view.
template <Color Us, typename T>
Score evaluate_side(
    const Position& pos, Bitboard attackedBy[COLOR_NB], Bitboard pawnAttacks[COLOR_NB], T& tr) {
    constexpr Color Them = Color(Us ^ 1);
    Score score;
    const Bitboard occ = pos.pieces();
    const Bitboard ourPawns = pos.pieces(Us, PAWN), theirPawns = pos.pieces(Them, PAWN);
    const Square ourKing = pos.king_square(Us), theirKing = pos.king_square(Them);
    const Bitboard theirKingZone = king_attacks(theirKing) | square_bb(theirKing);
    const Bitboard mobilityArea = ~(pos.pieces(Us, PAWN, KING) | pawnAttacks[Them]);

    int attackWeight = 0, attackers = 0;
    attackedBy[Us] = king_attacks(ourKing) | pawnAttacks[Us];

    for (PieceType pt = KNIGHT; pt <= KING; ++pt) {
        for (Square s : Squares {pos.pieces(Us, pt)}) {
            Square rs = relative_square(Us, s);
            score += term(tr, Us, W.Material[pt]) + term(tr, Us, W.Psq[pt][rs]);
            if (pt == KING) continue;

            Bitboard att = attacks_bb(pt, s, occ);
            attackedBy[Us] |= att;
            int mob = popcount(att & mobilityArea);
            score += term(tr, Us, W.Mobility[pt], mob - MobilityBase[pt]);

            if (Bitboard zone = att & theirKingZone) {
                ++attackers;
                attackWeight += KingAttackWeight[pt] * popcount(zone);
            }
            if (pt == ROOK) {
                if (!(file_bb(s) & ourPawns))
                    score += (file_bb(s) & theirPawns) ? term(tr, Us, W.RookSemiOpenFile)
                                                       : term(tr, Us, W.RookOpenFile);
            }
        }
    }
    if (more_than_one(pos.pieces(Us, BISHOP))) score += term(tr, Us, W.BishopPair);

    // King safety: attacks on the enemy king's zone count for us, growing quadratically
    // once two pieces join in (fixed: not a linear term).
    if (attackers >= 2 || (attackers == 1 && pos.pieces(Us, QUEEN))) {
        int danger = attackWeight * attackWeight * (attackers >= 3 ? 3 : 2) / 6;
        Score kingDanger {std::min(danger, 600), std::min(danger, 600) / 4};
        score += kingDanger;
        tr.fixed(Us, kingDanger.mg, kingDanger.eg);
    }
    // Our pawn shield, for a king on its first two ranks.
    if (relative_rank(Us, ourKing) <= RANK_2) {
        Rank kr = relative_rank(Us, ourKing);
        Bitboard near = rank_bb(relative_rank(Us, Rank(kr + 1)));
        Bitboard far = rank_bb(relative_rank(Us, Rank(kr + 2)));
        File kf = file_of(ourKing);
        for (int f = std::max(0, kf - 1); f <= std::min(7, kf + 1); ++f) {
            Bitboard filePawns = ourPawns & file_bb(File(f));
            score += (filePawns & near) ? term(tr, Us, W.ShieldNear)
                : (filePawns & far)     ? term(tr, Us, W.ShieldFar)
                                        : term(tr, Us, W.ShieldMissing);
        }
    }

    // Pawns.
    for (Square s : Squares {ourPawns}) {
        Rank r = relative_rank(Us, s);
        File f = file_of(s);
        score += term(tr, Us, W.Material[PAWN]) + term(tr, Us, W.Psq[PAWN][relative_square(Us, s)]);
        const Bitboard ahead = ranks_ahead(Us, s);
        const Bitboard neighbours = adjacent_files(f);
        if (ourPawns & ahead & file_bb(f)) score += term(tr, Us, W.DoubledPawn);
        if (!(ourPawns & neighbours)) score += term(tr, Us, W.IsolatedPawn);
        else if (!(ourPawns & neighbours & ~ahead)
            && (pawn_attacks(Us, s + pawn_push(Us)) & theirPawns))
            score += term(tr, Us, W.BackwardPawn); // no neighbour can come level, the stop is hit
        // Passed: no enemy pawn ahead on this or an adjacent file.
        if (!(theirPawns & ahead & (file_bb(f) | neighbours))) {
            score += term(tr, Us, W.PassedPawn[r]);
            if (pos.empty(s + pawn_push(Us))) score += term(tr, Us, W.PassedFreePath);
            // The kings' race to the promotion square, per square of distance difference,
            // more for an advanced pawn.
            Square promo = make_square(f, relative_rank(Us, RANK_8));
            int race = distance(theirKing, promo) - distance(ourKing, promo);
            const weights::Pair& k = W.PassedKingDistance;
            score += Score {k.mg * r / 2 * race, k.eg * r / 2 * race};
            if constexpr (T::enabled) tr.add(Us, k, float(r) / 2.0f * race, float(r) / 2.0f * race);
        }
    }
    return score;
}

// Threats: our pieces attacked by enemy pawns, or attacked and undefended.
template <Color Us, typename T>
Score threats(const Position& pos, const Bitboard attackedBy[COLOR_NB],
    const Bitboard pawnAttacks[COLOR_NB], T& tr) {
    constexpr Color Them = Color(Us ^ 1);
    Bitboard ours = pos.pieces(Us) & ~pos.pieces(PAWN, KING);
    Score s;
    s += term(tr, Us, W.ThreatByPawn, popcount(ours & pawnAttacks[Them]));
    s += term(tr, Us, W.HangingPiece, popcount(ours & attackedBy[Them] & ~attackedBy[Us]));
    return s;
}

// The whole evaluation, White's view, before the side to move's sign; `phase` and `scale`
// say how it was tapered and scaled (for the trace).
template <typename T> int evaluate_white(const Position& pos, T& tr, int& phase, int& scale) {
    Bitboard pawnAttacks[COLOR_NB] = {pawn_attacks_bb<WHITE>(pos.pieces(WHITE, PAWN)),
        pawn_attacks_bb<BLACK>(pos.pieces(BLACK, PAWN))};
    Bitboard attackedBy[COLOR_NB] = {};
    // Black's attacks are needed for White's passed-pawn terms and the other way round:
    // evaluate both once to fill the attack maps, then take the terms.
    Score white = evaluate_side<WHITE>(pos, attackedBy, pawnAttacks, tr);
    Score black = evaluate_side<BLACK>(pos, attackedBy, pawnAttacks, tr);
    Score score = white - black;
    score += threats<WHITE>(pos, attackedBy, pawnAttacks, tr)
        - threats<BLACK>(pos, attackedBy, pawnAttacks, tr);
    Score tempo = term(tr, pos.side_to_move(), W.Tempo);
    score += pos.side_to_move() == WHITE ? tempo : tempo * -1;

    phase = 0;
    for (PieceType pt = KNIGHT; pt <= QUEEN; ++pt)
        phase += PhaseWeight[pt] * popcount(pos.pieces(pt));
    phase = std::min(phase, MaxPhase);
    int v = (score.mg * phase + score.eg * (MaxPhase - phase)) / MaxPhase;

    // Drawish endgames: without pawns, a side up by less than a rook struggles to win.
    Color strong = v > 0 ? WHITE : BLACK;
    scale = 4;
    if (!pos.pieces(strong, PAWN) && std::abs(v) < 400 && phase <= 6) v /= 4, scale = 1;
    return v;
}

} // namespace

Value evaluate(const Position& pos) {
    if (pos.network()) return nnue::evaluate(*pos.network(), pos);
    return evaluate_classical(pos);
}

Value evaluate_classical(const Position& pos) {
    NoTrace none;
    int phase, scale;
    int v = evaluate_white(pos, none, phase, scale);
    return pos.side_to_move() == WHITE ? v : -v;
}

std::vector<std::string> trace_weight_names() { return layout_names(weights::Layout); }

std::vector<int> trace_weight_values() { return pair_weight_values(W); }

void trace(const Position& pos, EvalTrace& t) {
    Tracer tr(W);
    int phase, scale;
    evaluate_white(pos, tr, phase, scale);
    t = tr.result(phase, MaxPhase, scale / 4.0f);
}

bool see_ge(const Position& pos, Move m, Value threshold) {
    if (m.kind() != NORMAL) return 0 >= threshold; // castling, ep, promotions: assume even
    Square from = m.from(), to = m.to();
    int swap = PieceValue[type_of(pos.piece_on(to))] - threshold;
    if (swap < 0) return false;
    swap = PieceValue[type_of(pos.piece_on(from))] - swap;
    if (swap <= 0) return true;

    Bitboard occ = pos.pieces() ^ square_bb(from) ^ square_bb(to);
    Color stm = pos.side_to_move();
    Bitboard attackers = pos.attackers_to(to, occ);
    const Bitboard diag = pos.pieces(BISHOP, QUEEN), orth = pos.pieces(ROOK, QUEEN);
    int result = 1;
    for (;;) {
        stm = ~stm;
        attackers &= occ;
        Bitboard mine = attackers & pos.pieces(stm);
        if (!mine) break;
        result ^= 1;
        // The least valuable attacker captures next; x-rays behind it join in.
        PieceType pt = PAWN;
        Bitboard b = 0;
        for (; pt <= KING; ++pt)
            if ((b = mine & pos.pieces(pt))) break;
        if (pt == KING) return (attackers & pos.pieces(~stm)) ? result ^ 1 : result;
        if ((swap = PieceValue[pt] - swap) < result) break;
        occ ^= square_bb(lsb(b));
        if (pt == PAWN || pt == BISHOP || pt == QUEEN) attackers |= bishop_attacks(to, occ) & diag;
        if (pt == ROOK || pt == QUEEN) attackers |= rook_attacks(to, occ) & orth;
    }
    return result;
}

} // namespace hq::chess
