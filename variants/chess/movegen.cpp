// SPDX-License-Identifier: GPL-3.0-or-later
#include "movegen.h"

#include "attacked.h"
#include "movegen_parts.h"
#include "sinks.h"

namespace hq::chess {

namespace {

// Everything the generator needs about the side to move, computed once per call.
template <Color Us> struct Context {
    static constexpr Color Them = Color(Us ^ 1);
    const Position& pos;
    Square ksq;
    Bitboard us, them, occ;
    Bitboard checkers;
    Bitboard pinned;

    explicit Context(const Position& p)
        : pos(p)
        , ksq(p.king_square(Us))
        , us(p.pieces(Us))
        , them(p.pieces(Them))
        , occ(us | them) {
        checkers = (pawn_attacks(Us, ksq) & p.pieces(Them, PAWN))
            | (knight_attacks(ksq) & p.pieces(Them, KNIGHT))
            | (rook_attacks(ksq, occ) & p.pieces(Them, ROOK, QUEEN))
            | (bishop_attacks(ksq, occ) & p.pieces(Them, BISHOP, QUEEN));
        // Enemy sliders that see our king through our own pieces only; a single piece of
        // ours between them is pinned.
        Bitboard snipers = (rook_attacks(ksq, them) & p.pieces(Them, ROOK, QUEEN))
            | (bishop_attacks(ksq, them) & p.pieces(Them, BISHOP, QUEEN));
        pinned = 0;
        for (Square s : Squares {snipers}) {
            Bitboard b = between_bb(ksq, s) & us;
            if (b && !more_than_one(b)) pinned |= b;
        }
    }

    // Is square s attacked by the enemy, with `occupied` as the board's occupancy?
    bool attacked(Square s, Bitboard occupied) const { return attacked_by<Them>(pos, s, occupied); }
};

template <Color Us, GenType T, typename Sink> void generate_all(const Position& pos, Sink& sink) {
    const Context<Us> c(pos);
    constexpr Color Them = Context<Us>::Them;
    const Bitboard kingTargets = T == NOISY ? c.them : T == QUIET ? ~c.occ : ~c.us;

    // King moves: the destination must be safe with the king lifted off its square.
    Bitboard withoutKing = c.occ ^ square_bb(c.ksq);
    for (Square to : Squares {king_attacks(c.ksq) & kingTargets})
        if (!c.attacked(to, withoutKing)) sink.add(Move(c.ksq, to));

    if (more_than_one(c.checkers)) return; // double check: only the king moves

    // Other pieces must capture the checker or block its line when in check.
    const Bitboard checkMask
        = c.checkers ? between_bb(c.ksq, lsb(c.checkers)) | c.checkers : ~Bitboard(0);
    const Bitboard target = kingTargets & checkMask;
    const Bitboard free = ~c.pinned;

    // Pawns: unpinned ones in bulk, pinned ones one by one along their pin line. A
    // pinned piece can never resolve a check, so in check it has no moves at all.
    Bitboard pawns = pos.pieces(Us, PAWN);
    pawn_moves<Us, T != NOISY, T != QUIET>(sink, pawns & free, checkMask, c.them, ~c.occ);
    if (!c.checkers)
        for (Square s : Squares {pawns & c.pinned})
            pawn_moves<Us, T != NOISY, T != QUIET>(
                sink, square_bb(s), line_bb(c.ksq, s), c.them, ~c.occ);

    for (Square s : Squares {pos.pieces(Us, KNIGHT) & free})
        sink.piece(s, knight_attacks(s) & target);
    for (Square s : Squares {pos.pieces(Us, BISHOP) & free})
        sink.piece(s, bishop_attacks(s, c.occ) & target);
    for (Square s : Squares {pos.pieces(Us, ROOK) & free})
        sink.piece(s, rook_attacks(s, c.occ) & target);
    for (Square s : Squares {pos.pieces(Us, QUEEN) & free})
        sink.piece(s, queen_attacks(s, c.occ) & target);
    if (c.pinned && !c.checkers) {
        // Pinned knights never move; pinned sliders slide along the pin line.
        for (Square s : Squares {pos.pieces(Us, BISHOP, QUEEN) & c.pinned})
            sink.piece(s, bishop_attacks(s, c.occ) & target & line_bb(c.ksq, s));
        for (Square s : Squares {pos.pieces(Us, ROOK, QUEEN) & c.pinned})
            sink.piece(s, rook_attacks(s, c.occ) & target & line_bb(c.ksq, s));
    }

    // En passant: rare, so tested exactly by lifting both pawns off the board (this
    // catches the pin along the rank that no pin mask sees).
    Square ep = pos.ep_square();
    if (T != QUIET && ep != SQ_NONE) {
        Square capsq = ep - pawn_push(Us);
        Bitboard stillChecking = c.checkers & pos.pieces(Them, KNIGHT, PAWN) & ~square_bb(capsq);
        if (!stillChecking)
            for (Square from : Squares {pawn_attacks(Them, ep) & pawns}) {
                Bitboard occ = (c.occ ^ square_bb(from) ^ square_bb(capsq)) | square_bb(ep);
                if (!(bishop_attacks(c.ksq, occ) & pos.pieces(Them, BISHOP, QUEEN))
                    && !(rook_attacks(c.ksq, occ) & pos.pieces(Them, ROOK, QUEEN)))
                    sink.add(Move::make<EN_PASSANT>(from, ep));
            }
    }

    // Castling: not out of check, through or into an attacked square; judged with king
    // and rook both lifted off, which is exact for Chess960 too.
    if (T != NOISY && !c.checkers)
        castling_moves<Us, Move, CASTLING>(sink, pos, pos.castling_rights(), c.ksq, c.occ,
            ~Bitboard(0), [&c](Square s, Bitboard occ) { return c.attacked(s, occ); });
}

} // namespace

template <GenType T> void generate(const Position& pos, ChessMoveList& list) {
    ListSink sink {list.end_ptr()};
    if (pos.side_to_move() == WHITE) generate_all<WHITE, T>(pos, sink);
    else generate_all<BLACK, T>(pos, sink);
    list.set_end(sink.cur);
}

template void generate<NOISY>(const Position&, ChessMoveList&);
template void generate<QUIET>(const Position&, ChessMoveList&);
template void generate<LEGAL>(const Position&, ChessMoveList&);

std::uint64_t count_legal(const Position& pos) {
    CountSink sink;
    if (pos.side_to_move() == WHITE) generate_all<WHITE, LEGAL>(pos, sink);
    else generate_all<BLACK, LEGAL>(pos, sink);
    return sink.n;
}

// A quick test for moves from elsewhere (the TT, killers): first is the move possible at
// all for the piece on its from-square, then does it leave the king safe. Castling and en
// passant, rare and intricate, are checked against the generated list.
bool is_legal(const Position& pos, Move m) {
    if (!m.is_ok()) return false;
    const Color us = pos.side_to_move();
    const Square from = m.from(), to = m.to();
    const Piece pc = pos.piece_on(from);
    if (pc == NO_PIECE || color_of(pc) != us) return false;
    if (m.kind() == CASTLING || m.kind() == EN_PASSANT) {
        ChessMoveList list;
        generate<LEGAL>(pos, list);
        return list.contains(m);
    }
    if (pos.pieces(us) & square_bb(to)) return false;
    const PieceType pt = type_of(pc);
    const Bitboard occ = pos.pieces();
    const Bitboard them = pos.pieces(~us);

    // Is it a move of this piece at all?
    if (pt == PAWN) {
        const Bitboard lastRank = rank_bb(relative_rank(us, RANK_8));
        if (bool(lastRank & square_bb(to)) != (m.kind() == PROMOTION)) return false;
        const Direction up = pawn_push(us);
        bool capture = (pawn_attacks(us, from) & them & square_bb(to)) != 0;
        bool single = from + up == to && pos.empty(to);
        bool twice = relative_rank(us, from) == RANK_2 && from + up + up == to && pos.empty(to)
            && pos.empty(from + up);
        if (!capture && !single && !twice) return false;
    } else {
        if (m.kind() != NORMAL) return false;
        if (!(attacks_bb(pt, from, occ) & square_bb(to))) return false;
    }

    // Does it leave the king safe?
    const Square ksq = pos.king_square(us);
    if (pt == KING) {
        Bitboard o = (occ ^ square_bb(from)) | square_bb(to);
        return !(pos.attackers_to(to, o) & them & ~square_bb(to));
    }
    Bitboard checkers = pos.checkers();
    if (checkers) {
        if (more_than_one(checkers)) return false;
        if (!((between_bb(ksq, lsb(checkers)) | checkers) & square_bb(to))) return false;
    }
    return !(pos.blockers_for_king(us) & square_bb(from)) || aligned(from, to, ksq);
}

} // namespace hq::chess
