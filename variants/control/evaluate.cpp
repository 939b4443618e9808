// SPDX-License-Identifier: GPL-3.0-or-later
#include "evaluate.h"
#include "nnue.h"

#include "weights.h"

#include <algorithm>
#include <cstdlib>

namespace hq::control {

namespace {

// ---- Weights ---------------------------------------------------------------------------
//
// The tunable weights are in the generated header weights.h (docs/tuning.md): material
// (for the evaluation; move ordering keeps PieceValue) of the player's own army and of a
// colour held through a coloured square (MaterialHeld), centralisation per piece type,
// pawn advance, a coloured square held, each square around the king the opponent attacks
// (negative), the tempo. Fixed here: the pool's share of material.

constexpr const weights::Weights& W = weights::Tuned;
constexpr int PoolFraction = 8; // a usable pool piece counts 1/8 of its material value

// Without tracing (the engine's case) a term is its weight times its count; a Tracer also
// records the count against the weight's index, for White's view (engine/eval_trace.h).
using NoTrace = NoScalarTrace;
using Tracer = ScalarTracer<weights::Weights>;

template <typename T> int term(T& tr, Color player, const int& w, int count = 1) {
    if constexpr (T::enabled) tr.add(player, w, float(count));
    return w * count;
}

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

// One player's terms: the pieces of every colour it controls, its pool, its king.
template <typename T> int player_terms(const Position& pos, Color player, T& tr) {
    const Tables& t = tables();
    int sc = 0;
    const ColourSet ours = pos.controlled_by(player);
    const Colour own = own_colour(player);
    const Bitboard mine = pos.pieces_of(ours);
    for (Square s : Squares {mine}) {
        Piece pc = pos.piece_on(s);
        PieceType pt = type_of(pc);
        // A colour held through a coloured square can change hands any move: its
        // pieces count at their own (fitted) value, not as the player's army.
        const int& material = colour_of(pc) == own ? W.Material[pt] : W.MaterialHeld[pt];
        sc += term(tr, player, material) + term(tr, player, W.Centre[pt], t.centre[s]);
        if (pt == PAWN) {
            Color dir = pawn_direction(colour_of(pc));
            int advanced = int(relative_rank(dir, s)) - int(RANK_2);
            sc += term(tr, player, W.PawnAdvance[std::clamp(advanced, 0, 7)]);
        }
    }
    sc += term(tr, player, W.ColouredSquare, popcount(mine & ColouredSquares));
    for (int c = 0; c < COLOUR_NB; ++c)
        if (ours & (1u << c))
            for (PieceType pt : PoolTypes) {
                int n = pos.pool_count(Colour(c), pt);
                const int& material = c == own ? W.Material[pt] : W.MaterialHeld[pt];
                sc += n * material / PoolFraction;
                if constexpr (T::enabled)
                    if (n) tr.add(player, material, float(n) / PoolFraction);
            }

    // The king's neighbourhood under the opponent's fire.
    Square ksq = pos.king_square(player);
    const Bitboard theirs = pos.movable(~player);
    int attacked = 0;
    for (Square z : Squares {king_attacks(ksq)})
        if (pos.attackers_to(z, pos.pieces(), theirs)) ++attacked;
    sc += term(tr, player, W.KingZoneAttack, attacked);
    return sc;
}

// Every player's terms, from the side to move's view.
template <typename T> Value evaluate_with(const Position& pos, T& tr) {
    const Color us = pos.side_to_move();
    const int mine = player_terms(pos, us, tr), theirs = player_terms(pos, ~us, tr);
    return mine - theirs + term(tr, us, W.Tempo);
}

} // namespace

Value evaluate(const Position& pos) {
    if (pos.network()) return hq::nnue::evaluate<nnue::Features>(*pos.network(), pos);
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

} // namespace hq::control
