// Move sinks for the chess-move generators (standard chess, Multiple Move Chess): one
// generator body writes moves into a list or only counts them, so what perft counts is
// exactly what is generated.
#pragma once

#include "move.h"

#include <cstdint>

namespace hq::chess {

// Writes each generated move into a list.
struct ListSink {
    Move* cur;

    void add(Move m) { *cur++ = m; }
    void piece(Square from, Bitboard targets) {
        for (Square to : Squares {targets}) *cur++ = Move(from, to);
    }
    template <Direction D> void pawns(Bitboard targets) {
        for (Square to : Squares {targets}) *cur++ = Move(to - D, to);
    }
    template <Direction D, bool Queen, bool Under> void promotions(Bitboard targets) {
        for (Square to : Squares {targets}) {
            if constexpr (Queen) *cur++ = Move::make<PROMOTION>(to - D, to, QUEEN);
            if constexpr (Under) {
                *cur++ = Move::make<PROMOTION>(to - D, to, ROOK);
                *cur++ = Move::make<PROMOTION>(to - D, to, BISHOP);
                *cur++ = Move::make<PROMOTION>(to - D, to, KNIGHT);
            }
        }
    }
};

// Counts the moves instead: a target set contributes its popcount.
struct CountSink {
    std::uint64_t n = 0;

    void add(Move) { ++n; }
    void piece(Square, Bitboard targets) { n += unsigned(popcount(targets)); }
    template <Direction> void pawns(Bitboard targets) { n += unsigned(popcount(targets)); }
    template <Direction, bool Queen, bool Under> void promotions(Bitboard targets) {
        n += unsigned(popcount(targets)) * (unsigned(Queen) + 3 * unsigned(Under));
    }
};

} // namespace hq::chess
