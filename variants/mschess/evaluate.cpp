// SPDX-License-Identifier: GPL-3.0-or-later
#include "evaluate.h"

#include <algorithm>

namespace hq::mschess {

namespace {

// Game phase from the non-pawn material (orthodox weights): 24 at the start, 0 with bare
// kings and pawns.
constexpr int PhaseWeight[PIECE_TYPE_NB] = {0, 0, 1, 1, 2, 4, 0, 0};
constexpr int MaxPhase = 24;

// Piece-square tables, from White's side with a1 first (rank 1 is the first row).
// Black reads them mirrored. One centralisation table serves every leaper, scaled per
// piece; compound pieces want the centre because their knight part does.
// clang-format off
constexpr int Centre[SQUARE_NB] = {
    -50,-35,-25,-20,-20,-25,-35,-50,
    -35,-15, -5,  0,  0, -5,-15,-35,
    -25, -5, 10, 15, 15, 10, -5,-25,
    -20,  0, 15, 25, 25, 15,  0,-20,
    -20,  0, 15, 25, 25, 15,  0,-20,
    -25, -5, 10, 15, 15, 10, -5,-25,
    -35,-15, -5,  0,  0, -5,-15,-35,
    -50,-35,-25,-20,-20,-25,-35,-50,
};
// The king in the middlegame: behind its pawns, near a corner.
constexpr int KingShelter[SQUARE_NB] = {
     20, 30, 10,  0,  0, 10, 30, 20,
     10, 10, -5,-10,-10, -5, 10, 10,
    -15,-20,-25,-30,-30,-25,-20,-15,
    -25,-30,-35,-40,-40,-35,-30,-25,
    -30,-35,-40,-45,-45,-40,-35,-30,
    -30,-35,-40,-45,-45,-40,-35,-30,
    -30,-35,-40,-45,-45,-40,-35,-30,
    -30,-35,-40,-45,-45,-40,-35,-30,
};
// clang-format on

// The man's pawns gain as they advance (promotion ahead); the woman's pawns never
// promote, so only their central advance counts, modestly.
constexpr int ManPawnRank[RANK_NB] = {0, 0, 4, 10, 20, 35, 55, 0};
constexpr int WomanPawnRank[RANK_NB] = {0, 0, 4, 8, 10, 10, 6, 0};
constexpr int PawnFile[FILE_NB] = {-6, -2, 2, 8, 8, 2, -2, -6};

// Rooks and chancellors on the 7th rank.
constexpr Score RookOnSeventh = {15, 20};

// How far the man's best pawn is from Male Backlash, as a share (in 1/256) of its value,
// by the pawn's relative rank, then adjusted for how freely it runs.
constexpr int BacklashShare[RANK_NB] = {0, 0, 3, 8, 16, 32, 64, 0};
constexpr int PassedFactor = 400;       // /256: no enemy pawn ahead on its own or a next file
constexpr int BlockedFactor = 96;       // /256: its next square is occupied
constexpr int StopAttackedFactor = 160; // /256: its next square is attacked by the woman
constexpr int MaxShare = 110;           // /256: the cap, short of a promotion in hand

// A piece-square bonus for a piece of colour c on s.
Score psq(bool enhanced, Color c, PieceType pt, Square s) {
    Square w = relative_square(c, s); // as if White
    int centre = Centre[w];
    switch (pt) {
    case PAWN: {
        int r = relative_rank(c, s), f = file_of(s);
        int adv = enhanced ? WomanPawnRank[r] : ManPawnRank[r];
        return {adv + PawnFile[f], adv * (enhanced ? 1 : 2)};
    }
    case KNIGHT: return enhanced ? Score {centre, centre} : Score {centre, centre * 3 / 4};
    case BISHOP:
        return enhanced ? Score {centre * 3 / 4, centre / 2} : Score {centre / 2, centre / 2};
    case ROOK: {
        Score v = enhanced ? Score {centre / 2, centre / 3} : Score {centre / 6, 0};
        if (relative_rank(c, s) == RANK_7) v.mg += RookOnSeventh.mg, v.eg += RookOnSeventh.eg;
        return v;
    }
    case QUEEN: return enhanced ? Score {centre / 2, centre / 2} : Score {centre / 4, centre / 3};
    case KING:
        // The two-step king is both a stronger defender and a stronger endgame attacker.
        return enhanced ? Score {KingShelter[w] / 2, centre * 3 / 2}
                        : Score {KingShelter[w], centre};
    default: return {};
    }
}

// Material and piece-square terms of one army.
Score army(const Position& pos, Color c) {
    const bool enh = pos.is_enhanced(c);
    Score s;
    for (Square sq : Squares {pos.pieces(c)}) {
        PieceType pt = type_of(pos.piece_on(sq));
        Score v = PieceValues[enh][pt], p = psq(enh, c, pt, sq);
        s.mg += v.mg + p.mg;
        s.eg += v.eg + p.eg;
    }
    return s;
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
    // it), and every other piece of his becomes enhanced.
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
    int phase = 0;
    for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN})
        phase += PhaseWeight[pt] * popcount(pos.pieces(pt));
    phase = std::min(phase, MaxPhase);

    Score w = army(pos, WHITE), b = army(pos, BLACK);
    Score total = {w.mg - b.mg, w.eg - b.eg};
    Score threat = backlash_threat(pos);
    if (threat.mg || threat.eg) {
        int sign = pos.is_enhanced(WHITE) ? -1 : 1; // the man's gain, White's view
        total.mg += sign * threat.mg;
        total.eg += sign * threat.eg;
    }
    Value v = taper(total, phase);
    return pos.side_to_move() == WHITE ? v : -v;
}

} // namespace hq::mschess
