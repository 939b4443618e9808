#include "evaluate.h"

#include <algorithm>
#include <array>

namespace hq::multimove {

namespace {

// ---- Named weights (centipawns) ----------------------------------------------------------

// Piece placement: per step of centrality (0 at the edge corner .. 6 in the centre).
constexpr int KnightCentre = 5, BishopCentre = 3, QueenCentre = 1;
constexpr int RookOnSeventh = 20;
constexpr int PawnAdvanceMg = 3, PawnAdvanceEg = 8;
constexpr int KingBackRankMg = 20, KingCentreEg = 8;
// Mobility per square a piece reaches that is not own-occupied or guarded by enemy pawns.
constexpr int MobilityWeight[PIECE_TYPE_NB] = {0, 0, 4, 5, 3, 2, 0, 0};
// A passed pawn by relative rank.
constexpr int PassedBonus[RANK_NB] = {0, 5, 10, 20, 35, 60, 100, 0};
// A passed pawn with a free path that promotes within the mover's remaining moves, or
// within the opponent's next turn.
constexpr int RunnerMover = 600, RunnerOpponent = 300;
// Per attack on the squares around a king, times (KingZoneBase + N).
constexpr int KingZoneBase = 2, KingZoneWeight = 2;
// The fraction (in 1/16) of the mover's collectable gains and of the opponent's
// threatened gains that the evaluation counts.
constexpr int OwnGainShare = 13, EnemyGainShare = 10;
// Per single move the mover still has this turn.
constexpr int TempoPerMove = 12;

// 0 on the rim's corners up to 6 in the centre.
constexpr int centrality(Square s) {
    int f = file_of(s), r = rank_of(s);
    return std::min(f, 7 - f) + std::min(r, 7 - r);
}

// Attack sets of one side, by piece type and together.
struct Attacks {
    Bitboard by[PIECE_TYPE_NB] = {};
    Bitboard all = 0;
    int kingZoneHits = 0; // attacks on the enemy king's zone
};

Attacks attacks_of(const chess::Board& b, Color c, Bitboard only, Bitboard enemyKingZone) {
    Attacks a;
    const Bitboard occ = b.pieces();
    Bitboard pawns = b.pieces(c, PAWN) & only;
    a.by[PAWN] = c == WHITE ? pawn_attacks_bb<WHITE>(pawns) : pawn_attacks_bb<BLACK>(pawns);
    for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN, KING})
        for (Square s : Squares {b.pieces(c, pt) & only}) {
            Bitboard att = attacks_bb(pt, s, occ);
            a.by[pt] |= att;
            if (pt != KING) a.kingZoneHits += popcount(att & enemyKingZone);
        }
    for (PieceType pt : {PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING}) a.all |= a.by[pt];
    return a;
}

// What capturing each attacked enemy piece would gain: its value, less the capturer's
// when it is defended (it will be taken back). Kings take only undefended pieces.
template <std::size_t Cap>
int gains(const chess::Board& b, const Attacks& attacker, const Attacks& defender, Bitboard victims,
    std::array<int, Cap>& out) {
    int n = 0;
    for (Square s : Squares {victims & attacker.all & ~b.pieces(KING)}) {
        Bitboard bb = square_bb(s);
        bool defended = defender.all & bb;
        int value = piece_value(type_of(b.piece_on(s)));
        int best = 0;
        for (PieceType pt : {PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING})
            if (attacker.by[pt] & bb) {
                if (pt == KING && defended) continue;
                best = defended ? std::max(0, value - piece_value(pt)) : value;
                break;
            }
        if (best > 0 && n < int(Cap)) out[std::size_t(n++)] = best;
    }
    std::sort(out.begin(), out.begin() + n, std::greater<int>());
    return n;
}

struct SideScore {
    int mg = 0, eg = 0;
};

SideScore placement(const chess::Board& b, Color c, const Attacks& enemy) {
    SideScore s;
    const Bitboard own = b.pieces(c);
    for (Square sq : Squares {own}) {
        PieceType pt = type_of(b.piece_on(sq));
        int rr = relative_rank(c, sq);
        int value = piece_value(pt);
        s.mg += value;
        s.eg += value;
        switch (pt) {
        case PAWN: {
            s.mg += PawnAdvanceMg * (rr - 1)
                + ((file_of(sq) == FILE_D || file_of(sq) == FILE_E) ? 5 * (rr - 1) : 0);
            s.eg += PawnAdvanceEg * (rr - 1);
            Bitboard front = 0;
            for (int r = rank_of(sq) + (c == WHITE ? 1 : -1); r >= 0 && r < 8;
                 r += (c == WHITE ? 1 : -1))
                front |= rank_bb(Rank(r));
            Bitboard files = file_bb(sq) | shift<EAST>(file_bb(sq)) | shift<WEST>(file_bb(sq));
            if (!(front & files & b.pieces(~c, PAWN))) {
                s.mg += PassedBonus[rr] / 2;
                s.eg += PassedBonus[rr];
            }
            break;
        }
        case KNIGHT:
            s.mg += KnightCentre * (centrality(sq) - 3);
            s.eg += KnightCentre * (centrality(sq) - 3);
            break;
        case BISHOP:
            s.mg += BishopCentre * (centrality(sq) - 3);
            s.eg += BishopCentre * (centrality(sq) - 3);
            break;
        case ROOK:
            if (rr == RANK_7) s.mg += RookOnSeventh, s.eg += RookOnSeventh;
            break;
        case QUEEN:
            s.mg += QueenCentre * (centrality(sq) - 3);
            s.eg += QueenCentre * (centrality(sq) - 3);
            break;
        case KING:
            s.mg += rr == RANK_1 ? KingBackRankMg : -KingBackRankMg * rr;
            s.eg += KingCentreEg * (centrality(sq) - 3);
            break;
        default: break;
        }
        if (pt >= KNIGHT && pt <= QUEEN) {
            int mob = popcount(attacks_bb(pt, sq, b.pieces()) & ~own & ~enemy.by[PAWN]);
            s.mg += MobilityWeight[pt] * (mob - 4);
            s.eg += MobilityWeight[pt] * (mob - 4);
        }
    }
    return s;
}

// Passed pawns of colour c with a free path that need at most `moves` pushes.
int runners(const chess::Board& b, Color c, int moves, const Attacks& enemy) {
    int count = 0;
    for (Square sq : Squares {b.pieces(c, PAWN)}) {
        int pushes = 7 - relative_rank(c, sq);
        if (relative_rank(c, sq) == RANK_2) --pushes; // the double step
        if (pushes > moves) continue;
        Square promo = make_square(file_of(sq), relative_rank(c, RANK_8));
        Bitboard path = between_bb(sq, promo) | square_bb(promo);
        if (!(path & b.pieces()) && !(square_bb(promo) & enemy.all)) ++count;
    }
    return count;
}

} // namespace

Value evaluate(const Position& pos) {
    const Frame& f = pos.frame();
    const chess::Board& b = f.board;
    const Color us = f.sideToMove, them = ~us;
    const int n = pos.moves_per_turn(), left = pos.moves_left();

    const Bitboard zone[COLOR_NB] = {
        king_attacks(b.king_square(WHITE)) | b.pieces(WHITE, KING),
        king_attacks(b.king_square(BLACK)) | b.pieces(BLACK, KING),
    };
    // Our fresh pieces may still capture this turn; all of theirs may next turn.
    const Attacks ourFresh = attacks_of(b, us, ~f.moved, zone[them]);
    const Attacks ourAll = attacks_of(b, us, ~Bitboard(0), zone[them]);
    const Attacks theirs = attacks_of(b, them, ~Bitboard(0), zone[us]);

    // Material, placement, mobility, passed pawns: tapered by the pieces left.
    SideScore mine = placement(b, us, theirs), other = placement(b, them, ourAll);
    int phase = std::min(24,
        popcount(b.pieces(KNIGHT, BISHOP)) + 2 * popcount(b.pieces(ROOK))
            + 4 * popcount(b.pieces(QUEEN)));
    int mg = mine.mg - other.mg, eg = mine.eg - other.eg;
    int kingDanger
        = KingZoneWeight * (KingZoneBase + n) * (ourAll.kingZoneHits - theirs.kingZoneHits);
    mg += kingDanger;
    int score = (mg * phase + eg * (24 - phase)) / 24;

    // Pawns that run through within the mover's remaining moves, or the opponent's turn.
    score += RunnerMover * runners(b, us, left, theirs);
    score -= RunnerOpponent * runners(b, them, n, ourAll);

    // Threats. Our remaining moves collect the best gains: captures by fresh pieces, or
    // rescues of our threatened, unfrozen pieces; the opponent's N moves then collect
    // the best of what is still hanging.
    std::array<int, 16> ourGains {}, theirGains {};
    int nOur = gains(b, ourFresh, theirs, b.pieces(them), ourGains);
    int nTheir = gains(b, theirs, ourAll, b.pieces(us) & ~f.frozen, theirGains);
    std::array<int, 16> frozenLoss {};
    int nFrozen = gains(b, theirs, ourAll, f.frozen, frozenLoss);
    int collected = 0, i = 0, j = 0;
    for (int move = 0; move < left; ++move) {
        int capture = i < nOur ? ourGains[std::size_t(i)] : 0;
        int rescue = j < nTheir ? theirGains[std::size_t(j)] : 0;
        if (capture == 0 && rescue == 0) break;
        if (capture >= rescue)
            collected += capture, ++i;
        else
            ++j; // rescued: no longer hanging
    }
    std::array<int, 32> hanging {};
    int nHanging = 0;
    for (int k = j; k < nTheir; ++k) hanging[std::size_t(nHanging++)] = theirGains[std::size_t(k)];
    for (int k = 0; k < nFrozen; ++k) hanging[std::size_t(nHanging++)] = frozenLoss[std::size_t(k)];
    std::sort(hanging.begin(), hanging.begin() + nHanging, std::greater<int>());
    int lost = 0;
    for (int k = 0; k < std::min(n, nHanging); ++k) lost += hanging[std::size_t(k)];
    score += (collected * OwnGainShare - lost * EnemyGainShare) / 16;

    score += TempoPerMove * left;
    return std::clamp(score, -VALUE_MATE_IN_MAX_PLY + 1, VALUE_MATE_IN_MAX_PLY - 1);
}

} // namespace hq::multimove
