// SPDX-License-Identifier: GPL-3.0-or-later
#include "evaluate.h"

#include <algorithm>
#include <array>

namespace hq::multimove {

namespace {

// ---- Named weights (centipawns) ----------------------------------------------------------

// Piece placement, per step of centrality (0 in a corner .. 6 in the centre).
constexpr int KnightCentre = 5, BishopCentre = 3, QueenCentre = 1;
constexpr int RookOnSeventh = 20;
constexpr int PawnAdvanceMg = 3, PawnAdvanceEg = 8, CentrePawnAdvance = 5;
constexpr int KingBackRankMg = 20, KingCentreEg = 8;
// Mobility per reachable square that is neither own-occupied nor guarded by an enemy pawn,
// counted from a par of four squares.
constexpr int MobilityWeight[PIECE_TYPE_NB] = {0, 0, 4, 5, 3, 2, 0, 0};
// A passed pawn by relative rank (half of it in the middlegame).
constexpr int PassedBonus[RANK_NB] = {0, 5, 10, 20, 35, 60, 100, 0};
// A passed pawn with a free path that promotes within the mover's remaining moves, or
// within the opponent's next turn (the mover has its remaining moves to stop that one).
constexpr int RunnerMover = 600, RunnerOpponent = 300;
// Per attack on the squares around the enemy king, times (KingZoneBase + N): every extra
// move a turn is another attacker brought in or another check.
constexpr int KingZoneBase = 2, KingZoneWeight = 2;
// The share (in sixteenths) of the gains the mover can still collect this turn, and of
// what the opponent's N moves can then take, that the evaluation counts.
constexpr int OwnGainShare = 13, EnemyGainShare = 10;
// Per single move the mover still has this turn.
constexpr int TempoPerMove = 12;
// Phase: knights and bishops 1, rooks 2, queens 4; 24 is the full middlegame.
constexpr int PhaseMax = 24;

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
    int mg = 0, eg = 0;   // material, placement, mobility, passed pawns
};

Side scan(const chess::Board& b, Color c, Bitboard fresh, Bitboard enemyPawnAttacks,
    Bitboard enemyKingZone) {
    Side s;
    const Bitboard occ = b.pieces(), own = b.pieces(c);
    const Bitboard pawns = b.pieces(c, PAWN);
    s.by[PAWN] = c == WHITE ? pawn_attacks_bb<WHITE>(pawns) : pawn_attacks_bb<BLACK>(pawns);
    s.freshBy[PAWN] = c == WHITE ? pawn_attacks_bb<WHITE>(pawns & fresh)
                                 : pawn_attacks_bb<BLACK>(pawns & fresh);
    for (Square sq : Squares {own}) {
        const PieceType pt = type_of(b.piece_on(sq));
        const int rr = relative_rank(c, sq), centre = centrality(sq) - 3;
        s.mg += piece_value(pt);
        s.eg += piece_value(pt);
        if (pt == PAWN) {
            bool centrePawn = file_of(sq) == FILE_D || file_of(sq) == FILE_E;
            s.mg += (PawnAdvanceMg + (centrePawn ? CentrePawnAdvance : 0)) * (rr - 1);
            s.eg += PawnAdvanceEg * (rr - 1);
            Bitboard files = file_bb(sq) | shift<EAST>(file_bb(sq)) | shift<WEST>(file_bb(sq));
            if (!(forward_ranks(c, sq) & files & b.pieces(~c, PAWN))) {
                s.mg += PassedBonus[rr] / 2;
                s.eg += PassedBonus[rr];
            }
            continue;
        }
        const Bitboard att = attacks_bb(pt, sq, occ);
        s.by[pt] |= att;
        if (fresh & square_bb(sq)) s.freshBy[pt] |= att;
        switch (pt) {
        case KNIGHT: s.mg += KnightCentre * centre, s.eg += KnightCentre * centre; break;
        case BISHOP: s.mg += BishopCentre * centre, s.eg += BishopCentre * centre; break;
        case ROOK:
            if (rr == RANK_7) s.mg += RookOnSeventh, s.eg += RookOnSeventh;
            break;
        case QUEEN: s.mg += QueenCentre * centre, s.eg += QueenCentre * centre; break;
        case KING:
            s.mg += rr == RANK_1 ? KingBackRankMg : -KingBackRankMg * rr;
            s.eg += KingCentreEg * centre;
            continue;
        default: break;
        }
        int mobility = popcount(att & ~own & ~enemyPawnAttacks) - 4;
        s.mg += MobilityWeight[pt] * mobility;
        s.eg += MobilityWeight[pt] * mobility;
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

} // namespace

Value evaluate(const Position& pos) {
    const Frame& f = pos.frame();
    const chess::Board& b = f.board;
    const Color us = f.sideToMove, them = ~us;
    const int n = pos.moves_per_turn(), left = pos.moves_left();

    // 1. One pass per side. Our pieces that have not moved may still capture this turn;
    // all of theirs may in their next turn.
    const Bitboard ourPawnAttacks = us == WHITE ? pawn_attacks_bb<WHITE>(b.pieces(us, PAWN))
                                                : pawn_attacks_bb<BLACK>(b.pieces(us, PAWN));
    const Bitboard theirPawnAttacks = us == WHITE ? pawn_attacks_bb<BLACK>(b.pieces(them, PAWN))
                                                  : pawn_attacks_bb<WHITE>(b.pieces(them, PAWN));
    const Bitboard ourZone = king_attacks(b.king_square(us)) | b.pieces(us, KING);
    const Bitboard theirZone = king_attacks(b.king_square(them)) | b.pieces(them, KING);
    const Side mine = scan(b, us, ~f.moved, theirPawnAttacks, theirZone);
    const Side other = scan(b, them, ~Bitboard(0), ourPawnAttacks, ourZone);

    // 2. Material, placement, mobility and passed pawns, tapered by the pieces left; king
    // danger in the middlegame, growing with the moves a turn.
    int phase = std::min(PhaseMax,
        popcount(b.pieces(KNIGHT, BISHOP)) + 2 * popcount(b.pieces(ROOK))
            + 4 * popcount(b.pieces(QUEEN)));
    int mg = mine.mg - other.mg, eg = mine.eg - other.eg;
    mg += KingZoneWeight * (KingZoneBase + n) * (mine.kingZoneHits - other.kingZoneHits);
    int score = (mg * phase + eg * (PhaseMax - phase)) / PhaseMax;

    // 3. Pawns that run through within our remaining moves, or within their next turn.
    score += RunnerMover * runners(b, us, left, other.all);
    score -= RunnerOpponent * runners(b, them, n, mine.all);

    // 4. Threats. Each of our remaining moves collects the best gain on offer: a capture
    // by a fresh piece, or the rescue of a threatened piece that is not frozen. Their N
    // moves then collect the best of what is still hanging (frozen pieces included).
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
    score += (collected * OwnGainShare - lost * EnemyGainShare) / 16;

    // 5. Tempo: the moves we still have this turn.
    score += TempoPerMove * left;
    return std::clamp(score, VALUE_MATED_IN_MAX_PLY + 1, VALUE_MATE_IN_MAX_PLY - 1);
}

} // namespace hq::multimove
