// SPDX-License-Identifier: GPL-3.0-or-later
// Move sinks for the orthodox-board generators (chess, Multiple Move Chess, Ms. Chess,
// Control Chess): one
// generator body writes moves into a list or only counts them, so what perft counts is
// exactly what is generated.
#pragma once

#include "move.h"

#include <cstdint>

namespace hq::chess {

// Writes each generated move into a list: for any game's 32-bit Move type with the chess
// move's constructors (Ms. Chess and Control Chess use it too, with their own Move). A
// game that promotes names its promotion kind; `promotions` exists only for it.
template <typename M, auto PromotionKind = 0> struct MoveListSink {
    M* cur;

    void add(M m) { *cur++ = m; }
    void piece(Square from, Bitboard targets) {
        for (Square to : Squares {targets}) *cur++ = M(from, to);
    }
    // Pawns that each moved by D onto `targets`.
    template <Direction D> void pawns(Bitboard targets) {
        for (Square to : Squares {targets}) *cur++ = M(to - D, to);
    }
    template <Direction D, bool Queen, bool Under> void promotions(Bitboard targets) {
        for (Square to : Squares {targets}) {
            if constexpr (Queen) *cur++ = M::template make<PromotionKind>(to - D, to, QUEEN);
            if constexpr (Under) {
                *cur++ = M::template make<PromotionKind>(to - D, to, ROOK);
                *cur++ = M::template make<PromotionKind>(to - D, to, BISHOP);
                *cur++ = M::template make<PromotionKind>(to - D, to, KNIGHT);
            }
        }
    }
};
using ListSink = MoveListSink<Move, PROMOTION>;

// Counts the moves instead: a target set contributes its popcount.
struct CountSink {
    std::uint64_t n = 0;

    template <typename M> void add(M) { ++n; }
    void piece(Square, Bitboard targets) { n += unsigned(popcount(targets)); }
    template <Direction> void pawns(Bitboard targets) { n += unsigned(popcount(targets)); }
    template <Direction, bool Queen, bool Under> void promotions(Bitboard targets) {
        n += unsigned(popcount(targets)) * (unsigned(Queen) + 3 * unsigned(Under));
    }
};

} // namespace hq::chess
