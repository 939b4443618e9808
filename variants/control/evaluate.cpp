#include "evaluate.h"

#include <algorithm>
#include <cstdlib>

namespace hq::control {

namespace {

// ---- Weights ---------------------------------------------------------------------------

constexpr int ColouredSquareBonus = 24; // a piece of ours holding a coloured square
constexpr int PoolFraction = 8;         // a usable pool piece counts 1/8 of its value
constexpr int KingZoneAttack = 14;      // per square around the king the opponent attacks
constexpr int Tempo = 12;
// Pawn bonus by the number of ranks advanced from its start rank (0-6).
constexpr int PawnAdvance[8] = {0, 4, 10, 20, 36, 60, 90, 0};

// Centralisation of pieces: a small table by distance from the centre.
struct Tables {
    int centre[SQUARE_NB];
    Tables() {
        for (Square s = SQ_A1; s <= SQ_H8; ++s) {
            int cf = std::abs(2 * int(file_of(s)) - 7), cr = std::abs(2 * int(rank_of(s)) - 7);
            centre[s] = 7 - std::max(cf, cr); // 0 (edge) .. 6 (centre)
        }
    }
};
const Tables& tables() {
    static const Tables t;
    return t;
}

constexpr int CentreWeight[PIECE_TYPE_NB] = {0, 0, 5, 3, 1, 2, 0, 0};

} // namespace

Value evaluate(const Position& pos) {
    const Tables& t = tables();
    int score[COLOR_NB] = {0, 0};

    for (Color player : {WHITE, BLACK}) {
        const ColourSet ours = pos.controlled_by(player);
        int& sc = score[player];
        const Bitboard mine = pos.pieces_of(ours);
        for (Square s : Squares {mine}) {
            Piece pc = pos.piece_on(s);
            PieceType pt = type_of(pc);
            sc += PieceValue[pt] + CentreWeight[pt] * t.centre[s];
            if (pt == PAWN) {
                Color dir = pawn_direction(colour_of(pc));
                int advanced = int(relative_rank(dir, s)) - int(RANK_2);
                sc += PawnAdvance[std::clamp(advanced, 0, 7)];
            }
        }
        sc += ColouredSquareBonus * popcount(mine & ColouredSquares);
        for (int c = 0; c < COLOUR_NB; ++c)
            if (ours & (1u << c))
                for (PieceType pt : PoolTypes)
                    sc += pos.pool_count(Colour(c), pt) * PieceValue[pt] / PoolFraction;

        // The king's neighbourhood under the opponent's fire.
        Square ksq = pos.king_square(player);
        const Bitboard theirs = pos.movable(~player);
        int attacked = 0;
        for (Square z : Squares {king_attacks(ksq)})
            if (pos.attackers_to(z, pos.pieces(), theirs)) ++attacked;
        sc -= KingZoneAttack * attacked;
    }

    const Color us = pos.side_to_move();
    return score[us] - score[~us] + Tempo;
}

} // namespace hq::control
