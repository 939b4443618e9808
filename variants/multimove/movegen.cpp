// SPDX-License-Identifier: GPL-3.0-or-later
#include "movegen.h"

#include "variants/chess/attacked.h"
#include "variants/chess/movegen_parts.h"
#include "variants/chess/sinks.h"

#include <unordered_set>

namespace hq::multimove {

using chess::CASTLING;
using chess::castling_right;
using chess::CastlingRight;
using chess::CountSink;
using chess::EN_PASSANT;
using chess::ListSink;
using chess::PROMOTION;

namespace {

// What the generator needs about the mover of a frame, computed once per call.
template <Color Us> struct Context {
    static constexpr Color Them = Color(Us ^ 1);
    const chess::Board& b;
    Square ksq;
    Bitboard us, them, occ, empty;
    Bitboard movers; // not frozen
    Bitboard fresh;  // not moved this turn: these may capture
    Bitboard prey;   // what may be captured: anything but the enemy king
    Bitboard checkers;

    explicit Context(const Frame& f)
        : b(f.board)
        , ksq(f.board.king_square(Us))
        , us(f.board.pieces(Us))
        , them(f.board.pieces(Them))
        , occ(us | them)
        , empty(~occ)
        , movers(us & ~f.frozen)
        , fresh(movers & ~f.moved)
        , prey(them & ~f.board.pieces(KING)) {
        // The enemy king counts: mid-turn our king may stand next to it.
        checkers = attackers_to(b, ksq, occ) & them;
    }

    // Is square s attacked by the enemy, with `occupied` as the board's occupancy?
    bool attacked(Square s, Bitboard occupied) const {
        return chess::attacked_by<Them>(b, s, occupied);
    }

    // Our pieces that alone stand between our king and an enemy slider.
    Bitboard pinned() const {
        Bitboard snipers = (rook_attacks(ksq, them) & b.pieces(Them, ROOK, QUEEN))
            | (bishop_attacks(ksq, them) & b.pieces(Them, BISHOP, QUEEN));
        Bitboard result = 0;
        for (Square s : Squares {snipers}) {
            Bitboard between = between_bb(ksq, s) & us;
            if (between && !more_than_one(between)) result |= between;
        }
        return result;
    }
};

// The single moves of frame f. With Final false: S, the moves rules 1-5 allow. With Final
// true: the moves of S that leave the mover's king unattacked (what is legal when the
// move ends the turn), generated like standard chess's legal moves, with a check mask
// and pins.
template <Color Us, GenType T, bool Final, typename Sink>
void generate_all(const Position& pos, const Frame& f, Sink& sink) {
    const Context<Us> c(f);
    constexpr Color Them = Context<Us>::Them;
    const chess::Board& b = f.board;
    const Bitboard ksqBB = square_bb(c.ksq);

    // 1. The king, unless frozen; it captures only on its first move of the turn. It
    // steps onto an attacked square (judged with the king lifted off) only when it is
    // attacked where it stands, and never when the move must leave it safe.
    if (c.movers & ksqBB) {
        Bitboard targets = king_attacks(c.ksq)
            & ((T != NOISY ? c.empty : 0) | (T != QUIET && (c.fresh & ksqBB) ? c.prey : 0));
        Bitboard withoutKing = c.occ ^ ksqBB;
        for (Square to : Squares {targets})
            if ((!Final && c.checkers) || !c.attacked(to, withoutKing)) sink.add(Move(c.ksq, to));
    }
    if (Final && more_than_one(c.checkers)) return; // only the king can answer two checks

    // 2. The other pieces. When the move must leave the king safe they must capture the
    // checker or block its line, and pinned ones stay on the pin line.
    const Bitboard checkMask
        = Final && c.checkers ? between_bb(c.ksq, lsb(c.checkers)) | c.checkers : ~Bitboard(0);
    const Bitboard pinned = Final ? c.pinned() : 0;
    const Bitboard quiet = T != NOISY ? c.empty & checkMask : 0;
    const Bitboard capture = T != QUIET ? c.prey & checkMask : 0;
    auto targets = [&](Square s) {
        Bitboard t = (c.fresh & square_bb(s)) ? quiet | capture : quiet;
        return (pinned & square_bb(s)) ? t & line_bb(c.ksq, s) : t;
    };
    for (Square s : Squares {b.pieces(Us, KNIGHT) & c.movers & ~pinned})
        sink.piece(s, knight_attacks(s) & targets(s));
    for (Square s : Squares {b.pieces(Us, BISHOP) & c.movers})
        sink.piece(s, bishop_attacks(s, c.occ) & targets(s));
    for (Square s : Squares {b.pieces(Us, ROOK) & c.movers})
        sink.piece(s, rook_attacks(s, c.occ) & targets(s));
    for (Square s : Squares {b.pieces(Us, QUEEN) & c.movers})
        sink.piece(s, queen_attacks(s, c.occ) & targets(s));

    // Pawns: free ones in bulk (fresh ones may capture), pinned ones along their line.
    const Bitboard pawns = b.pieces(Us, PAWN) & c.movers;
    const Bitboard freePawns = pawns & ~pinned;
    chess::pawn_moves<Us, T != NOISY, T != QUIET>(
        sink, freePawns & c.fresh, checkMask, c.prey, c.empty);
    chess::pawn_moves<Us, T != NOISY, T != QUIET>(
        sink, freePawns & ~c.fresh, checkMask, 0, c.empty);
    if (Final && !c.checkers)
        for (Square s : Squares {pawns & pinned})
            chess::pawn_moves<Us, T != NOISY, T != QUIET>(sink, square_bb(s), line_bb(c.ksq, s),
                (c.fresh & square_bb(s)) ? c.prey : 0, c.empty);

    // 3. En passant by a fresh pawn against each target of this turn whose square is
    // empty. When the king must be safe afterwards, tested exactly on the changed board.
    if (T != QUIET)
        for (Square ep : Squares {f.epTargets & rank_bb(relative_rank(Us, RANK_6))}) {
            Square capsq = ep - pawn_push(Us);
            if (!(c.empty & square_bb(ep)) || b.piece_on(capsq) != make_piece(Them, PAWN)) continue;
            for (Square from : Squares {pawn_attacks(Them, ep) & pawns & c.fresh}) {
                if (Final) {
                    Bitboard occ = (c.occ ^ square_bb(from) ^ square_bb(capsq)) | square_bb(ep);
                    if (attackers_to(b, c.ksq, occ) & c.them & ~square_bb(capsq)) continue;
                }
                sink.add(Move::make<EN_PASSANT>(from, ep));
            }
        }

    // 4. Castling by the ordinary rules at this moment: king and rook unmoved, not out
    // of, through or into an attacked square (judged with both lifted off).
    if (T != NOISY && !c.checkers && (c.fresh & ksqBB))
        chess::castling_moves<Us, Move, CASTLING>(sink, pos, f.castling, c.ksq, c.occ, c.fresh,
            [&c](Square s, Bitboard occ) { return c.attacked(s, occ); });
}

template <GenType T, bool Final, typename Sink>
void generate_frame(const Position& pos, const Frame& f, Sink& sink) {
    if (f.sideToMove == WHITE) generate_all<WHITE, T, Final>(pos, f, sink);
    else generate_all<BLACK, T, Final>(pos, f, sink);
}

// Pieces of colour c that keep a quiet move whatever one other piece does: knights with
// two empty targets, sliders with two empty neighbours in their directions. One move
// (other than castling) fills one square, so at least one of them stays free.
Bitboard witnesses(const Frame& f, Color c) {
    const chess::Board& b = f.board;
    const Bitboard empty = ~b.pieces(), movers = b.pieces(c) & ~f.frozen;
    Bitboard result = 0;
    for (Square s : Squares {b.pieces(c, KNIGHT) & movers})
        if (more_than_one(knight_attacks(s) & empty)) result |= square_bb(s);
    for (Square s : Squares {b.pieces(c, BISHOP, QUEEN) & movers})
        if (more_than_one(bishop_attacks(s, ~Bitboard(0)) & empty)) result |= square_bb(s);
    for (Square s : Squares {b.pieces(c, ROOK, QUEEN) & movers})
        if (more_than_one(rook_attacks(s, ~Bitboard(0)) & empty)) result |= square_bb(s);
    return result;
}

// Whether a move of S is legal in frame f (not the N-th move of the turn): it is unless
// the mover has no single move after it (the turn then ends) and its king stands
// attacked.
bool legal_mid_turn(const Position& pos, const Frame& f, Move m, Bitboard witnessSet) {
    if (m.kind() != CASTLING) {
        if (witnessSet & ~square_bb(m.from())) return true;
        // A piece that made a quiet move may move back.
        PieceType pt = type_of(f.board.piece_on(m.from()));
        if (pt != PAWN && pt != KING && f.board.empty(m.to())) return true;
    }
    Frame next = f;
    pos.play(next, m);
    if (has_single_move(pos, next)) return true;
    const Color us = f.sideToMove;
    return !(attackers_to(next.board, next.board.king_square(us), next.board.pieces())
        & next.board.pieces(~us));
}

} // namespace

template <GenType T> void generate(const Position& pos, const Frame& f, MoveList& list) {
    ListSink sink {list.end_ptr()};
    if (f.movesDone + 1 >= pos.moves_per_turn()) {
        generate_frame<T, true>(pos, f, sink);
        list.set_end(sink.cur);
        return;
    }
    Move* begin = sink.cur;
    generate_frame<T, false>(pos, f, sink);
    const Bitboard witnessSet = witnesses(f, f.sideToMove);
    Move* out = begin;
    for (Move* m = begin; m != sink.cur; ++m)
        if (legal_mid_turn(pos, f, *m, witnessSet)) *out++ = *m;
    list.set_end(out);
}

template <GenType T> void generate(const Position& pos, MoveList& list) {
    generate<T>(pos, pos.frame(), list);
}

template void generate<NOISY>(const Position&, MoveList&);
template void generate<QUIET>(const Position&, MoveList&);
template void generate<LEGAL>(const Position&, MoveList&);
template void generate<NOISY>(const Position&, const Frame&, MoveList&);
template void generate<QUIET>(const Position&, const Frame&, MoveList&);
template void generate<LEGAL>(const Position&, const Frame&, MoveList&);

std::uint64_t count_legal(const Position& pos, const Frame& f) {
    if (f.movesDone + 1 >= pos.moves_per_turn()) {
        CountSink sink;
        generate_frame<LEGAL, true>(pos, f, sink);
        return sink.n;
    }
    MoveList list;
    generate<LEGAL>(pos, f, list);
    return list.size();
}

std::uint64_t count_legal(const Position& pos) { return count_legal(pos, pos.frame()); }

bool is_legal(const Position& pos, Move m) {
    const Frame& f = pos.frame();
    const Bitboard from = square_bb(m.from());
    if (!(f.board.pieces(f.sideToMove) & ~f.frozen & from)) return false;
    // Generate S (or, for the last move, the safe moves) and test this one move only.
    MoveList list;
    ListSink sink {list.end_ptr()};
    const bool last = f.movesDone + 1 >= pos.moves_per_turn();
    if (last) generate_frame<LEGAL, true>(pos, f, sink);
    else generate_frame<LEGAL, false>(pos, f, sink);
    list.set_end(sink.cur);
    return list.contains(m) && (last || legal_mid_turn(pos, f, m, witnesses(f, f.sideToMove)));
}

bool has_single_move(const Position& pos, const Frame& f) {
    // Quiet moves first: almost always one is found at once.
    const chess::Board& b = f.board;
    const Color us = f.sideToMove;
    const Bitboard occ = b.pieces(), empty = ~occ, movers = b.pieces(us) & ~f.frozen;
    for (Square s : Squares {b.pieces(us, KNIGHT) & movers})
        if (knight_attacks(s) & empty) return true;
    Bitboard pawns = b.pieces(us, PAWN) & movers;
    if ((us == WHITE ? shift<NORTH>(pawns) : shift<SOUTH>(pawns)) & empty) return true;
    for (Square s : Squares {b.pieces(us, BISHOP, QUEEN) & movers})
        if (bishop_attacks(s, occ) & empty) return true;
    for (Square s : Squares {b.pieces(us, ROOK, QUEEN) & movers})
        if (rook_attacks(s, occ) & empty) return true;
    // Then everything: captures, the king, en passant, castling.
    CountSink sink;
    generate_frame<LEGAL, false>(pos, f, sink);
    return sink.n > 0;
}

namespace {

// Depth-first search for a sequence of legal single moves that ends the turn.
struct TurnSearch {
    const Position& pos;
    std::uint64_t budget;
    std::uint64_t tried = 0;
    bool outOfBudget = false;
    std::unordered_set<Key>* seen;

    bool finishes(const Frame& f) {
        // A quick sufficient condition: the king is safe and a piece that does not
        // shield it can shuttle between two squares for the rest of the turn.
        const Color us = f.sideToMove;
        const chess::Board& b = f.board;
        const Square ksq = b.king_square(us);
        const Bitboard occ = b.pieces();
        if (!(attackers_to(b, ksq, occ) & b.pieces(~us))) {
            Bitboard shielding = 0;
            Bitboard snipers = ((rook_attacks(ksq, 0) & b.pieces(ROOK, QUEEN))
                                   | (bishop_attacks(ksq, 0) & b.pieces(BISHOP, QUEEN)))
                & b.pieces(~us);
            for (Square s : Squares {snipers}) shielding |= between_bb(ksq, s);
            Bitboard shuttles = b.pieces(us, KNIGHT, BISHOP) | b.pieces(us, ROOK, QUEEN);
            for (Square s : Squares {shuttles & ~f.frozen & ~shielding})
                if (attacks_bb(type_of(b.piece_on(s)), s, occ) & ~occ) return true;
        }
        // The last move of the turn: any legal move ends it.
        if (f.movesDone + 1 >= pos.moves_per_turn()) return count_legal(pos, f) > 0;
        // Moves that leave the king safe first (they are legal here too): after one of
        // them the quick test above usually settles it. Then all legal moves.
        MoveList safe, list;
        ListSink sink {safe.end_ptr()};
        generate_frame<LEGAL, true>(pos, f, sink);
        safe.set_end(sink.cur);
        if (try_moves(f, safe)) return true;
        generate<LEGAL>(pos, f, list);
        return !outOfBudget && try_moves(f, list);
    }

    bool try_moves(const Frame& f, const MoveList& list) {
        for (Move m : list) {
            if (++tried > budget) {
                outOfBudget = true;
                return false;
            }
            Frame next = f;
            if (pos.advance(next, m)) return true; // a legal move that ends the turn
            if (seen && !seen->insert(next.key).second) continue;
            if (finishes(next)) return true;
            if (outOfBudget) return false;
        }
        return false;
    }
};

} // namespace

std::optional<bool> can_finish_turn(
    const Position& pos, const Frame& f, std::uint64_t budget, bool remember) {
    std::unordered_set<Key> seen;
    TurnSearch search {pos, budget, 0, false, remember ? &seen : nullptr};
    bool result = search.finishes(f);
    if (search.outOfBudget) return std::nullopt;
    return result;
}

} // namespace hq::multimove
