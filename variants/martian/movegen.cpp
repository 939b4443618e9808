// SPDX-License-Identifier: GPL-3.0-or-later
#include "movegen.h"

namespace hq::martian {

namespace {

// What the side to move may move onto, per moving kind: empty squares and the
// opponent's pieces for everyone, plus the own pieces a merge may land on.
struct Targets {
    Bitboard base;           // empty squares and the opponent's pieces
    Bitboard merge[KIND_NB]; // own pieces a piece of this kind may merge with
};

Targets targets_of(const Position& pos) {
    const Color us = pos.side_to_move();
    Targets t {};
    t.base = (~pos.pieces() | pos.pieces(~us)) & BoardBB;
    // Merges, counted before the move: a drone and a pawn make a queen when the mover has
    // no queen; two pawns make a drone when it has no drone.
    const bool noQueen = !pos.pieces(us, QUEEN), noDrone = !pos.pieces(us, DRONE);
    t.merge[PAWN] = (noQueen ? pos.pieces(us, DRONE) : 0) | (noDrone ? pos.pieces(us, PAWN) : 0);
    t.merge[DRONE] = noQueen ? pos.pieces(us, PAWN) : 0;
    return t;
}

inline Bitboard piece_targets(const Position& pos, const Targets& t, Square from) {
    const Kind k = pos.kind_on(from);
    Bitboard b = attacks(k, from, pos.pieces()) & (t.base | t.merge[k]);
    if (Move ban = pos.ban(); ban && ban.from() == from) b &= ~square_bb(ban.to());
    return b;
}

} // namespace

Bitboard targets_from(const Position& pos, Square from) {
    if (pos.board_over() || !on_board(from) || pos.empty(from)
        || zone_owner(from) != pos.side_to_move())
        return 0;
    return piece_targets(pos, targets_of(pos), from);
}

template <GenType T> void generate(const Position& pos, MartianMoveList& list) {
    if (pos.board_over()) return;
    const Color us = pos.side_to_move();
    const Bitboard theirs = pos.pieces(~us);
    const bool twins = !pos.clock_called();
    const Targets t = targets_of(pos);
    bool any = false;
    for (Square from : Squares {pos.pieces(us)}) {
        const Bitboard targets = piece_targets(pos, t, from);
        any |= targets != 0;
        if constexpr (T != QUIET)
            for (Square to : Squares {targets & theirs}) list.push_back(Move(from, to));
        if constexpr (T != NOISY) {
            for (Square to : Squares {targets & ~theirs}) {
                list.push_back(Move(from, to));
                if (twins) list.push_back(Move(from, to, true));
            }
            if (twins)
                for (Square to : Squares {targets & theirs}) list.push_back(Move(from, to, true));
        }
    }
    // No move at all: the player passes (rules: "No legal move").
    if (T != NOISY && !any) list.push_back(Move::pass());
}

template void generate<NOISY>(const Position&, MartianMoveList&);
template void generate<QUIET>(const Position&, MartianMoveList&);
template void generate<LEGAL>(const Position&, MartianMoveList&);

std::uint64_t count_legal(const Position& pos) {
    if (pos.board_over()) return 0;
    const Targets t = targets_of(pos);
    std::uint64_t n = 0;
    for (Square from : Squares {pos.pieces(pos.side_to_move())})
        n += popcount(piece_targets(pos, t, from));
    if (n == 0) return 1; // the pass
    return pos.clock_called() ? n : 2 * n;
}

bool is_legal(const Position& pos, Move m) {
    if (!m || pos.board_over() || (m.raw() & ~(Move::CLOCK | Move::PASS | 0xFFFu))) return false;
    if (m.calls_clock() && pos.clock_called()) return false;
    if (m.is_pass()) {
        if (m.calls_clock() || m.from() != SQ_A1 || m.to() != SQ_A1) return false;
        const Targets t = targets_of(pos);
        for (Square from : Squares {pos.pieces(pos.side_to_move())})
            if (piece_targets(pos, t, from)) return false;
        return true;
    }
    return targets_from(pos, m.from()) & square_bb(m.to());
}

} // namespace hq::martian
