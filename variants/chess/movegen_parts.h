// SPDX-License-Identifier: GPL-3.0-or-later
// The parts of legal move generation every orthodox-board generator shares (standard
// chess, Ms. Chess, Multiple Move Chess): pawn moves in bulk and castling. Each writes to
// a sink (sinks.h); the game's generator decides which pawns, targets and rights apply.
#pragma once

#include "engine/bitboard.h"

#include "castling.h"

namespace hq::chess {

// Pawn pushes, captures and promotions of a set of pawns of colour Us, each landing only
// on `allowed` (the check mask, narrowed to the pin line for a pinned pawn) and capturing
// only on `prey`. Quiet: pushes and under-promotions; Noisy: captures and queen
// promotions. Without Promote (Ms. Chess's enhanced pawns) a pawn on the 7th rank is an
// ordinary one and one on the last rank has no moves.
template <Color Us, bool Quiet, bool Noisy, bool Promote = true, typename Sink>
inline void pawn_moves(
    Sink& sink, Bitboard pawns, Bitboard allowed, Bitboard prey, Bitboard empty) {
    constexpr Direction Up = pawn_push(Us);
    constexpr Direction UpLeft = Us == WHITE ? NORTH_WEST : SOUTH_EAST;
    constexpr Direction UpRight = Us == WHITE ? NORTH_EAST : SOUTH_WEST;
    constexpr Bitboard Rank7 = rank_bb(relative_rank(Us, RANK_7));
    constexpr Bitboard Rank3 = rank_bb(relative_rank(Us, RANK_3));

    Bitboard onRank7 = Promote ? pawns & Rank7 : 0, others = pawns & ~onRank7;
    if constexpr (Quiet) {
        Bitboard single = shift<Up>(others) & empty;
        Bitboard twice = shift<Up>(single & Rank3) & empty;
        sink.template pawns<Up>(single & allowed);
        sink.template pawns<Direction(2 * Up)>(twice & allowed);
    }
    if constexpr (Noisy) {
        sink.template pawns<UpLeft>(shift<UpLeft>(others) & prey & allowed);
        sink.template pawns<UpRight>(shift<UpRight>(others) & prey & allowed);
    }
    if (Promote && onRank7) {
        constexpr bool Queen = Noisy, Under = Quiet;
        sink.template promotions<Up, Queen, Under>(shift<Up>(onRank7) & empty & allowed);
        sink.template promotions<UpLeft, Queen, Under>(shift<UpLeft>(onRank7) & prey & allowed);
        sink.template promotions<UpRight, Queen, Under>(shift<UpRight>(onRank7) & prey & allowed);
    }
}

// Castling of colour Us with the king on ksq: for each right in `rights` whose path is
// empty in `occ` and whose rook is in `rooks`, the move M::make<Castling>(king, rook)
// unless `attacked(square, occupancy)` finds a square of the king's path attacked, judged
// with king and rook both lifted off (exact for Chess960 too). The caller has ruled out
// castling out of check.
template <Color Us, typename M, auto Castling, typename Pos, typename Sink, typename Attacked>
inline void castling_moves(Sink& sink, const Pos& pos, int rights, Square ksq, Bitboard occ,
    Bitboard rooks, const Attacked& attacked) {
    for (bool kingSide : {true, false}) {
        CastlingRight cr = castling_right(Us, kingSide);
        if (!(rights & cr) || (pos.castling_path(cr) & occ)) continue;
        Square rsq = pos.castling_rook(cr);
        if (!(rooks & square_bb(rsq))) continue;
        Bitboard lifted = occ ^ square_bb(ksq) ^ square_bb(rsq);
        bool safe = true;
        for (Square s : Squares {pos.castling_king_path(cr)})
            if (attacked(s, lifted)) {
                safe = false;
                break;
            }
        if (safe) sink.add(M::template make<Castling>(ksq, rsq));
    }
}

} // namespace hq::chess
