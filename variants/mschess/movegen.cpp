// SPDX-License-Identifier: GPL-3.0-or-later
#include "movegen.h"

#include "variants/chess/movegen_parts.h"
#include "variants/chess/sinks.h"

namespace hq::mschess {

namespace {

// The orthodox sinks (variants/chess/sinks.h) with the capture in passing added.
struct ListSink : chess::MoveListSink<Move, PROMOTION> {
    // Captures in passing already known legal: every (victim, destination) pair.
    void passing(Square from, Bitboard victims, Bitboard dests) {
        for (Square v : Squares {victims})
            for (Square to : Squares {dests}) *cur++ = Move::passing(from, to, v);
    }
};

struct CountSink : chess::CountSink {
    void passing(Square, Bitboard victims, Bitboard dests) {
        n += unsigned(popcount(victims) * popcount(dests));
    }
};

// Everything the generator needs about the side to move, computed once per call. `UsEnh`
// and `ThemEnh` say which armies are enhanced.
template <Color Us, bool UsEnh, bool ThemEnh> struct Context {
    static constexpr Color Them = ~Us;
    const Position& pos;
    Square ksq;
    Bitboard us, them, occ;
    // Their pieces by how they attack (an enhanced army's Q, R and B also jump as knights).
    Bitboard theirPawns, theirKnightJumpers, theirCamels, theirBishopLike, theirRookLike;
    Bitboard theirKing;
    Square theirKsq;
    Bitboard checkers;
    // Our pieces that alone shield our king from an enemy slider (or, with an enhanced
    // enemy king two squares away in line, stand on the square between the kings).
    Bitboard pinned;
    // Their pieces that alone stand between our king and one of their sliders (or between
    // the two kings as above): removing one in passing may expose our king.
    Bitboard shields;

    explicit Context(const Position& p)
        : pos(p)
        , ksq(p.king_square(Us))
        , us(p.pieces(Us))
        , them(p.pieces(Them))
        , occ(us | them)
        , theirPawns(p.pieces(Them, PAWN))
        , theirKnightJumpers(
              ThemEnh ? p.pieces(Them, KNIGHT, BISHOP, ROOK, QUEEN) : p.pieces(Them, KNIGHT))
        , theirCamels(ThemEnh ? p.pieces(Them, KNIGHT) : 0)
        , theirBishopLike(p.pieces(Them, BISHOP, QUEEN))
        , theirRookLike(p.pieces(Them, ROOK, QUEEN))
        , theirKing(p.pieces(Them, KING))
        , theirKsq(lsb(theirKing)) {
        checkers = (pawn_attacks(Us, ksq) & theirPawns) | (knight_attacks(ksq) & theirKnightJumpers)
            | (rook_attacks(ksq, occ) & theirRookLike)
            | (bishop_attacks(ksq, occ) & theirBishopLike);
        if constexpr (ThemEnh) {
            checkers |= camel_attacks(ksq) & theirCamels;
            if (king_leap_attacks(theirKsq, ksq, occ)) checkers |= theirKing;
        }
        pinned = shields = 0;
        if constexpr (UsEnh) {
            // Every enemy slider on a line to our king; one piece between it and the king
            // is pinned (ours) or a shield (theirs).
            Bitboard snipers = (rook_attacks(ksq, 0) & theirRookLike)
                | (bishop_attacks(ksq, 0) & theirBishopLike);
            for (Square s : Squares {snipers}) {
                Bitboard b = between_bb(ksq, s) & occ;
                if (b && !more_than_one(b)) (b & us ? pinned : shields) |= b;
            }
        } else {
            Bitboard snipers = (rook_attacks(ksq, them) & theirRookLike)
                | (bishop_attacks(ksq, them) & theirBishopLike);
            for (Square s : Squares {snipers}) {
                Bitboard b = between_bb(ksq, s) & us;
                if (b && !more_than_one(b)) pinned |= b;
            }
        }
        if constexpr (ThemEnh)
            if (KingLeaps[ksq] & theirKing) {
                Bitboard mid = between_bb(ksq, theirKsq) & occ;
                (mid & us ? pinned : shields) |= mid;
            }
    }

    // Is square s attacked by the enemy, with `occupied` as the board's occupancy?
    bool attacked(Square s, Bitboard occupied) const {
        if ((pawn_attacks(Us, s) & theirPawns) || (knight_attacks(s) & theirKnightJumpers)
            || (king_attacks(s) & theirKing))
            return true;
        if constexpr (ThemEnh)
            if ((camel_attacks(s) & theirCamels) || king_leap_attacks(theirKsq, s, occupied))
                return true;
        return (bishop_attacks(s, occupied) & theirBishopLike)
            || (rook_attacks(s, occupied) & theirRookLike);
    }

    // Is our king (which does not move) safe once a move leaves `occupied` on the board
    // and removes the enemy piece(s) `removed`?
    bool king_safe_after(Bitboard occupied, Bitboard removed) const {
        return !(attackers_by<ThemEnh>(pos.board(), Them, ksq, occupied) & ~removed);
    }
};

// The enhanced pawn's advance with capture in passing: a push of one square (or two from
// the start rank) over empty squares that also removes an enemy piece standing diagonally
// in front of the pawn's start square. Cleared in bulk when nothing can go wrong; tested
// exactly otherwise.
template <Color Us, bool ThemEnh, typename Sink>
inline void passing_moves(Sink& sink, const Context<Us, true, ThemEnh>& c) {
    constexpr Color Them = ~Us;
    constexpr Direction Up = pawn_push(Us), Down = pawn_push(Them);
    constexpr Bitboard Rank2 = rank_bb(relative_rank(Us, RANK_2));
    const Bitboard victimsAll = c.them & ~c.theirKing;
    const Bitboard empty = ~c.occ;
    // Pawns with an empty square in front and at least one enemy piece diagonally ahead.
    Bitboard candidates
        = c.pos.pieces(Us, PAWN) & shift<Down>(empty) & pawn_attacks_bb<Them>(victimsAll);
    for (Square from : Squares {candidates}) {
        Bitboard victims = pawn_attacks(Us, from) & victimsAll;
        Square one = from + Up;
        Bitboard dests = square_bb(one);
        if ((square_bb(from) & Rank2) && c.pos.empty(one + Up)) dests |= square_bb(one + Up);
        // Safe in bulk unless in check, the pawn is pinned, a victim shields our king, or
        // a victim shares a line with the pawn and our king (both may leave that line).
        if (!c.checkers && !(c.pinned & square_bb(from))
            && !(victims & (c.shields | line_bb(c.ksq, from)))) {
            sink.passing(from, victims, dests);
            continue;
        }
        for (Square v : Squares {victims})
            for (Square to : Squares {dests}) {
                Bitboard occAfter = (c.occ ^ square_bb(from) ^ square_bb(v)) | square_bb(to);
                if (c.king_safe_after(occAfter, square_bb(v))) sink.add(Move::passing(from, to, v));
            }
    }
}

// The man's en passant capture, only ever after the woman's double step (plain or with a
// capture in passing). Rare, so tested exactly with both pawns lifted off the board.
template <Color Us, bool ThemEnh, typename Sink>
inline void en_passant_moves(Sink& sink, const Context<Us, false, ThemEnh>& c) {
    Square ep = c.pos.ep_square();
    if (ep == SQ_NONE) return;
    Square capsq = ep - pawn_push(Us);
    for (Square from : Squares {pawn_attacks(~Us, ep) & c.pos.pieces(Us, PAWN)}) {
        Bitboard occAfter = (c.occ ^ square_bb(from) ^ square_bb(capsq)) | square_bb(ep);
        if (c.king_safe_after(occAfter, square_bb(capsq)))
            sink.add(Move::make<EN_PASSANT>(from, ep));
    }
}

template <Color Us, bool UsEnh, bool ThemEnh, GenType T, typename Sink>
void generate_all(const Position& pos, Sink& sink) {
    const Context<Us, UsEnh, ThemEnh> c(pos);
    const Bitboard kingTargets = T == NOISY ? c.them : T == QUIET ? ~c.occ : ~c.us;

    // King moves: every square stepped on or leapt over must be safe with the king
    // lifted off its square. The enhanced king also leaps two squares in a line over an
    // empty, unattacked middle square.
    const Bitboard withoutKing = c.occ ^ square_bb(c.ksq);
    if constexpr (UsEnh) {
        Bitboard safe = 0;
        for (Square to : Squares {king_attacks(c.ksq) & ~c.us})
            if (!c.attacked(to, withoutKing)) safe |= square_bb(to);
        sink.piece(c.ksq, safe & kingTargets);
        // Leaps whose middle square is empty and safe: those "over" ~(safe & empty).
        Bitboard leaps = king_leap_attacks(c.ksq, ~(safe & ~c.occ)) & kingTargets;
        for (Square to : Squares {leaps})
            if (c.attacked(to, withoutKing)) leaps ^= square_bb(to);
        sink.piece(c.ksq, leaps);
    } else {
        Bitboard safe = 0;
        for (Square to : Squares {king_attacks(c.ksq) & kingTargets})
            if (!c.attacked(to, withoutKing)) safe |= square_bb(to);
        sink.piece(c.ksq, safe);
    }

    // Double check: besides king moves, only a move that removes a piece away from its
    // destination can answer it -- a capture in passing that takes one checker and blocks
    // the other, or (in principle) en passant the same way. Both are tested exactly.
    if (more_than_one(c.checkers)) {
        if constexpr (UsEnh && T != QUIET) passing_moves<Us, ThemEnh>(sink, c);
        if constexpr (!UsEnh && T != QUIET) en_passant_moves<Us, ThemEnh>(sink, c);
        return;
    }

    // Other pieces must capture the checker or block its line (a slider's, or the middle
    // square of an enhanced king's leap) when in check.
    const Bitboard checkMask
        = c.checkers ? between_bb(c.ksq, lsb(c.checkers)) | c.checkers : ~Bitboard(0);
    const Bitboard target = kingTargets & checkMask;
    const Bitboard free = ~c.pinned;

    // Pawns: unpinned ones in bulk, pinned ones one by one along their pin line. A
    // pinned piece can never resolve a check, so in check it has no moves at all.
    const Bitboard pawns = pos.pieces(Us, PAWN);
    chess::pawn_moves<Us, T != NOISY, T != QUIET, !UsEnh>(
        sink, pawns & free, checkMask, c.them, ~c.occ);
    if (c.pinned && !c.checkers)
        for (Square s : Squares {pawns & c.pinned})
            chess::pawn_moves<Us, T != NOISY, T != QUIET, !UsEnh>(
                sink, square_bb(s), line_bb(c.ksq, s), c.them, ~c.occ);

    // Pieces. An enhanced army's pieces add the knight's jump (the knight the camel's); a
    // pinned piece keeps only its slides along the pin line, since no jump stays on it.
    const auto move_each = [&](PieceType pt, auto attacks) {
        for (Square s : Squares {pos.pieces(Us, pt) & free}) sink.piece(s, attacks(s) & target);
    };
    const auto jump = [](Square s) { return UsEnh ? knight_attacks(s) : Bitboard(0); };
    move_each(KNIGHT,
        [](Square s) { return knight_attacks(s) | (UsEnh ? camel_attacks(s) : Bitboard(0)); });
    move_each(BISHOP, [&](Square s) { return bishop_attacks(s, c.occ) | jump(s); });
    move_each(ROOK, [&](Square s) { return rook_attacks(s, c.occ) | jump(s); });
    move_each(QUEEN, [&](Square s) { return queen_attacks(s, c.occ) | jump(s); });
    if (c.pinned && !c.checkers) {
        for (Square s : Squares {pos.pieces(Us, BISHOP, QUEEN) & c.pinned})
            sink.piece(s, bishop_attacks(s, c.occ) & target & line_bb(c.ksq, s));
        for (Square s : Squares {pos.pieces(Us, ROOK, QUEEN) & c.pinned})
            sink.piece(s, rook_attacks(s, c.occ) & target & line_bb(c.ksq, s));
    }

    if constexpr (UsEnh) {
        if constexpr (T != QUIET) passing_moves<Us, ThemEnh>(sink, c);
    } else {
        if constexpr (T != QUIET) en_passant_moves<Us, ThemEnh>(sink, c);

        // Castling: not out of check, through or into an attacked square; judged with
        // king and rook both lifted off.
        if (T != NOISY && !c.checkers)
            chess::castling_moves<Us, Move, CASTLING>(sink, pos, pos.castling_rights(), c.ksq,
                c.occ, ~Bitboard(0), [&c](Square s, Bitboard occ) { return c.attacked(s, occ); });
    }
}

// Picks the instantiation for the side to move and the enhanced state, once per call.
template <GenType T, typename Sink> void dispatch(const Position& pos, Sink& sink) {
    const int e = pos.enhanced_sides();
    if (pos.side_to_move() == WHITE) {
        if (e == BOTH_ENHANCED) generate_all<WHITE, true, true, T>(pos, sink);
        else if (e == enhanced_bit(WHITE)) generate_all<WHITE, true, false, T>(pos, sink);
        else generate_all<WHITE, false, true, T>(pos, sink);
    } else {
        if (e == BOTH_ENHANCED) generate_all<BLACK, true, true, T>(pos, sink);
        else if (e == enhanced_bit(BLACK)) generate_all<BLACK, true, false, T>(pos, sink);
        else generate_all<BLACK, false, true, T>(pos, sink);
    }
}

} // namespace

template <GenType T> void generate(const Position& pos, MsMoveList& list) {
    ListSink sink {list.end_ptr()};
    dispatch<T>(pos, sink);
    list.set_end(sink.cur);
}

template void generate<NOISY>(const Position&, MsMoveList&);
template void generate<QUIET>(const Position&, MsMoveList&);
template void generate<LEGAL>(const Position&, MsMoveList&);

std::uint64_t count_legal(const Position& pos) {
    CountSink sink;
    dispatch<LEGAL>(pos, sink);
    return sink.n;
}

bool is_legal(const Position& pos, Move m) {
    // Cheap rejections first: most stale TT or killer moves fail here.
    if (!m.is_ok() || !(pos.pieces(pos.side_to_move()) & square_bb(m.from()))) return false;
    if (pos.pieces(pos.side_to_move()) & square_bb(m.to()) && m.kind() != CASTLING) return false;
    MsMoveList list;
    generate<LEGAL>(pos, list);
    return list.contains(m);
}

} // namespace hq::mschess
