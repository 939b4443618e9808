#include "evaluate.h"

#include <algorithm>
#include <cstdlib>

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

constexpr Score Material[PIECE_TYPE_NB]
    = {{}, {90, 120}, {330, 300}, {345, 320}, {470, 540}, {990, 1010}, {}, {}};
constexpr int PhaseWeight[PIECE_TYPE_NB] = {0, 0, 1, 1, 2, 4, 0, 0};
constexpr int MaxPhase = 24;

constexpr Score BishopPair {28, 52};
constexpr Score RookOpenFile {28, 10};
constexpr Score RookSemiOpenFile {12, 6};
constexpr Score DoubledPawn {-8, -22};
constexpr Score IsolatedPawn {-11, -14};
constexpr Score BackwardPawn {-6, -8};
constexpr Score ThreatByPawn {-45, -35}; // a piece attacked by an enemy pawn
constexpr Score HangingPiece {-20, -15}; // attacked and not defended
constexpr Score Tempo {14, 6};
constexpr Score PassedPawn[RANK_NB]
    = {{0, 0}, {4, 12}, {6, 16}, {12, 30}, {24, 52}, {42, 90}, {70, 140}, {0, 0}};
constexpr Score PassedFreePath {6, 22};
constexpr int PassedKingDistance = 5; // eg, per square of king-distance difference
constexpr Score Mobility[PIECE_TYPE_NB] = {{}, {}, {4, 4}, {5, 5}, {2, 4}, {1, 2}, {}, {}};
constexpr int MobilityBase[PIECE_TYPE_NB] = {0, 0, 4, 6, 6, 12, 0, 0};
constexpr int KingAttackWeight[PIECE_TYPE_NB] = {0, 0, 2, 2, 3, 5, 0, 0};
constexpr int ShieldNear = 14, ShieldFar = 7, ShieldMissing = -14;

// ---- Piece-square tables, built from simple geometric ideas ------------------------------

struct Tables {
    Score psq[PIECE_TYPE_NB][SQUARE_NB]; // from White's point of view

    Tables() {
        for (Square s = SQ_A1; s <= SQ_H8; ++s) {
            int f = file_of(s), r = rank_of(s);
            // Distance from the centre, in half squares: 1 (d4,e5..) to 7 (corners).
            int cf = std::abs(2 * f - 7), cr = std::abs(2 * r - 7);
            int centre = std::max(cf, cr);
            int edge = std::min(f, 7 - f);

            // Pawns: advance, and hold the centre early.
            int central = (f == 3 || f == 4) ? ((r == 3 || r == 4) ? 14 : 4) : 0;
            psq[PAWN][s] = {r * 3 + central - (edge == 0 ? 5 : 0), r * 7};
            // Knights and bishops: towards the centre; knights like outposts on ranks 5-6.
            psq[KNIGHT][s] = {24 - 7 * centre + (r == 4 || r == 5 ? 8 : 0), 18 - 6 * centre};
            psq[BISHOP][s] = {10 - 3 * centre - (r == 0 ? 10 : 0), 10 - 3 * centre};
            // Rooks: the seventh rank and the central files.
            psq[ROOK][s] = {(r == 6 ? 18 : 0) + (f == 3 || f == 4 ? 6 : 0), r == 6 ? 14 : 0};
            // Queens: a little centralisation, more in the endgame.
            psq[QUEEN][s] = {4 - centre, 14 - 4 * centre};
            // King: sheltered corners in the middlegame, the centre in the endgame.
            constexpr int backRank[8] = {24, 32, 12, -4, -4, 12, 32, 24};
            int mg = r == 0 ? backRank[f] : r == 1 ? backRank[f] / 2 - 12 : -24 - 12 * r;
            psq[KING][s] = {mg, 36 - 9 * centre};
        }
    }
};

const Tables& tables_() {
    static const Tables t;
    return t;
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
template <Color Us>
Score evaluate_side(
    const Position& pos, Bitboard attackedBy[COLOR_NB], Bitboard pawnAttacks[COLOR_NB]) {
    constexpr Color Them = Color(Us ^ 1);
    const Tables& t = tables_();
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
            score += Material[pt] + t.psq[pt][rs];
            if (pt == KING) continue;

            Bitboard att = attacks_bb(pt, s, occ);
            attackedBy[Us] |= att;
            int mob = popcount(att & mobilityArea);
            score += Mobility[pt] * (mob - MobilityBase[pt]);

            if (Bitboard zone = att & theirKingZone) {
                ++attackers;
                attackWeight += KingAttackWeight[pt] * popcount(zone);
            }
            if (pt == ROOK) {
                if (!(file_bb(s) & ourPawns))
                    score += (file_bb(s) & theirPawns) ? RookSemiOpenFile : RookOpenFile;
            }
        }
    }
    if (more_than_one(pos.pieces(Us, BISHOP))) score += BishopPair;

    // King safety: attacks on the enemy king's zone count for us, growing quadratically
    // once two pieces join in.
    if (attackers >= 2 || (attackers == 1 && pos.pieces(Us, QUEEN))) {
        int danger = attackWeight * attackWeight * (attackers >= 3 ? 3 : 2) / 6;
        score += Score {std::min(danger, 600), std::min(danger, 600) / 4};
    }
    // Our pawn shield, for a king on its first two ranks.
    if (relative_rank(Us, ourKing) <= RANK_2) {
        int shield = 0;
        Rank kr = relative_rank(Us, ourKing);
        Bitboard near = rank_bb(relative_rank(Us, Rank(kr + 1)));
        Bitboard far = rank_bb(relative_rank(Us, Rank(kr + 2)));
        File kf = file_of(ourKing);
        for (int f = std::max(0, kf - 1); f <= std::min(7, kf + 1); ++f) {
            Bitboard filePawns = ourPawns & file_bb(File(f));
            shield += (filePawns & near) ? ShieldNear
                : (filePawns & far)      ? ShieldFar
                                         : ShieldMissing;
        }
        score += Score {shield, 0};
    }

    // Pawns.
    for (Square s : Squares {ourPawns}) {
        Rank r = relative_rank(Us, s);
        File f = file_of(s);
        score += Material[PAWN] + t.psq[PAWN][relative_square(Us, s)];
        const Bitboard ahead = ranks_ahead(Us, s);
        const Bitboard neighbours = adjacent_files(f);
        if (ourPawns & ahead & file_bb(f)) score += DoubledPawn;
        if (!(ourPawns & neighbours))
            score += IsolatedPawn;
        else if (!(ourPawns & neighbours & ~ahead)
            && (pawn_attacks(Us, s + pawn_push(Us)) & theirPawns))
            score += BackwardPawn; // no neighbour can come level, and the stop square is hit
        // Passed: no enemy pawn ahead on this or an adjacent file.
        if (!(theirPawns & ahead & (file_bb(f) | neighbours))) {
            score += PassedPawn[r];
            if (pos.empty(s + pawn_push(Us))) score += PassedFreePath;
            Square promo = make_square(f, relative_rank(Us, RANK_8));
            score += Score {0,
                PassedKingDistance * r / 2
                    * (distance(theirKing, promo) - distance(ourKing, promo))};
        }
    }
    return score;
}

// Threats: our pieces attacked by enemy pawns, or attacked and undefended.
template <Color Us>
Score threats(const Position& pos, const Bitboard attackedBy[COLOR_NB],
    const Bitboard pawnAttacks[COLOR_NB]) {
    constexpr Color Them = Color(Us ^ 1);
    Bitboard ours = pos.pieces(Us) & ~pos.pieces(PAWN, KING);
    Score s;
    s += ThreatByPawn * popcount(ours & pawnAttacks[Them]);
    s += HangingPiece * popcount(ours & attackedBy[Them] & ~attackedBy[Us]);
    return s;
}

} // namespace

Value evaluate(const Position& pos) {
    Bitboard pawnAttacks[COLOR_NB] = {pawn_attacks_bb<WHITE>(pos.pieces(WHITE, PAWN)),
        pawn_attacks_bb<BLACK>(pos.pieces(BLACK, PAWN))};
    Bitboard attackedBy[COLOR_NB] = {};
    // Black's attacks are needed for White's passed-pawn terms and the other way round:
    // evaluate both once to fill the attack maps, then take the terms.
    Score white = evaluate_side<WHITE>(pos, attackedBy, pawnAttacks);
    Score black = evaluate_side<BLACK>(pos, attackedBy, pawnAttacks);
    Score score = white - black;
    score += threats<WHITE>(pos, attackedBy, pawnAttacks)
        - threats<BLACK>(pos, attackedBy, pawnAttacks);
    score += pos.side_to_move() == WHITE ? Tempo : Tempo * -1;

    int phase = 0;
    for (PieceType pt = KNIGHT; pt <= QUEEN; ++pt)
        phase += PhaseWeight[pt] * popcount(pos.pieces(pt));
    phase = std::min(phase, MaxPhase);
    int v = (score.mg * phase + score.eg * (MaxPhase - phase)) / MaxPhase;

    // Drawish endgames: without pawns, a side up by less than a rook struggles to win.
    Color strong = v > 0 ? WHITE : BLACK;
    if (!pos.pieces(strong, PAWN) && std::abs(v) < 400 && phase <= 6) v /= 4;

    return pos.side_to_move() == WHITE ? v : -v;
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
