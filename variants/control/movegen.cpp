#include "movegen.h"

namespace hq::control {

namespace {

// Whether the mover's king is safe once the move is played: the board as the move leaves
// it, with control as it stands after the move.
bool king_safe_after(const Position& pos, Move m) {
    const Color us = pos.side_to_move(), them = ~us;
    const Square from = m.from(), to = m.to();
    const MoveKind kind = m.kind();
    Square ksq = pos.king_square(us);
    Bitboard occ = pos.pieces();
    Square capsq = SQ_NONE;
    // Up to three squares whose occupant changes (for control): square, new piece.
    Square changedSq[3] = {SQ_NONE, SQ_NONE, SQ_NONE};
    Piece changedTo[3] = {NO_PIECE, NO_PIECE, NO_PIECE};
    const Piece mover = pos.piece_on(from);

    switch (kind) {
    case CASTLING: {
        // Nothing on a coloured square changes: control stays.
        Square rfrom = relative_square(us, to > from ? SQ_H1 : SQ_A1);
        Square rto = relative_square(us, to > from ? SQ_F1 : SQ_D1);
        occ = (occ ^ square_bb(from) ^ square_bb(rfrom)) | square_bb(to) | square_bb(rto);
        ksq = to;
        break;
    }
    case RESCUE:
        occ ^= square_bb(from);
        changedSq[0] = from, changedTo[0] = NO_PIECE;
        changedSq[1] = to, changedTo[1] = mover;
        ksq = to;
        break;
    case KING_PROMOTION:
        if (!pos.empty(to)) capsq = to;
        occ = (occ ^ square_bb(from) ^ square_bb(ksq)) | square_bb(to);
        changedSq[0] = from, changedTo[0] = NO_PIECE;
        changedSq[1] = ksq, changedTo[1] = NO_PIECE;
        changedSq[2] = to, changedTo[2] = pos.piece_on(ksq);
        ksq = to;
        break;
    case EN_PASSANT:
        capsq = to - pawn_push(pawn_direction(colour_of(mover)));
        occ = (occ ^ square_bb(from) ^ square_bb(capsq)) | square_bb(to);
        changedSq[0] = from, changedTo[0] = NO_PIECE;
        changedSq[1] = capsq, changedTo[1] = NO_PIECE;
        changedSq[2] = to, changedTo[2] = mover;
        break;
    default: // NORMAL and PROMOTION
        if (!pos.empty(to)) capsq = to;
        occ = (occ ^ square_bb(from)) | square_bb(to);
        changedSq[0] = from, changedTo[0] = NO_PIECE;
        changedSq[1] = to;
        changedTo[1] = kind == PROMOTION ? make_piece(m.pool_colour(), m.promotion_type()) : mover;
        if (from == ksq) ksq = to;
        break;
    }

    ColourSet theirs = pos.controlled_by(them);
    Bitboard touched = 0;
    for (Square s : changedSq)
        if (s != SQ_NONE) touched |= square_bb(s);
    if (touched & ColouredSquares) {
        auto after = [&](Square s) {
            for (int i = 0; i < 3; ++i)
                if (changedSq[i] == s) return changedTo[i];
            return pos.piece_on(s);
        };
        Control ctrl = resolve_control([&](Colour c) {
            for (Square s : Squares {colour_squares(c)})
                if (Piece p = after(s); p != NO_PIECE) return colour_of(p);
            return NO_COLOUR;
        });
        theirs = ctrl.of[them];
    }
    // The opponent's pieces after the move: the moved and the captured ones are gone (a
    // move never hands the opponent control of the mover's pieces).
    Bitboard attackers = pos.pieces_of(theirs) & ~square_bb(from);
    if (capsq != SQ_NONE) attackers &= ~square_bb(capsq);
    return !pos.attackers_to(ksq, occ, attackers);
}

// The coloured-square rules for a piece of colour `c` ending its move on `to`: not on a
// square of its own colour, and not on a colour's second square while the first is
// occupied after the move (`occAfter`: the board's occupancy once the move is made).
bool square_allowed(Colour c, Square to, Bitboard occAfter) {
    Colour sc = square_colour(to);
    if (sc == NO_COLOUR) return true;
    return sc != c && !(occAfter & square_bb(twin_square(to)));
}

template <GenType T>
void add_pawn_moves(const Position& pos, MoveList& list, Square from, ColourSet ours,
    Bitboard capturable, bool canPromote) {
    const Piece pawn = pos.piece_on(from);
    const Colour pc = colour_of(pawn);
    const Color dir = pawn_direction(pc);
    const Direction up = pawn_push(dir);
    const Bitboard occ = pos.pieces();
    const Rank lastRank = dir == WHITE ? RANK_8 : RANK_1;
    const Bitboard from_bb = square_bb(from);

    auto add = [&](Square to, bool capture) {
        if (!square_allowed(pc, to, (occ ^ from_bb) | square_bb(to))) return;
        if (rank_of(to) == lastRank && canPromote) {
            // A piece from the pool of any colour the mover controls, or the king.
            for (int c = 0; c < COLOUR_NB; ++c) {
                if (!(ours & (1u << c))) continue;
                for (PieceType pt : PoolTypes) {
                    if (!pos.pool_count(Colour(c), pt)) continue;
                    bool noisy = capture || pt == QUEEN;
                    if ((T == LEGAL) || (T == NOISY) == noisy)
                        list.push_back(Move::promotion(from, to, pt, Colour(c)));
                }
            }
            if (T == LEGAL || (T == NOISY) == capture)
                list.push_back(Move(from, to, KING_PROMOTION));
            return;
        }
        if (T == LEGAL || (T == NOISY) == capture) list.push_back(Move(from, to));
    };

    // Pushes.
    Square one = from + up;
    if (is_ok(one) && pos.empty(one)) {
        if constexpr (T != NOISY) add(one, false);
        else if (rank_of(one) == lastRank) add(one, false); // queen promotions are noisy
        Rank start = dir == WHITE ? RANK_2 : RANK_7;
        Square two = one + up;
        if constexpr (T != NOISY)
            if (rank_of(from) == start && pos.empty(two)) add(two, false);
    }
    // Captures (every capture is noisy).
    if constexpr (T != QUIET)
        for (Square to : Squares {pawn_attacks(dir, from) & capturable}) add(to, true);
    // En passant: onto the square the advanced pawn passed over, taking that pawn.
    if constexpr (T != QUIET) {
        Square ep = pos.ep_square();
        if (ep != SQ_NONE && (pawn_attacks(dir, from) & square_bb(ep))) {
            Square victimSq = ep - up;
            Piece victim = pos.piece_on(victimSq);
            if (type_of(victim) == PAWN && pawn_direction(colour_of(victim)) != dir
                && (capturable & square_bb(victimSq))
                && square_allowed(pc, ep, (occ ^ from_bb ^ square_bb(victimSq)) | square_bb(ep)))
                list.push_back(Move(from, ep, EN_PASSANT));
        }
    }
}

// Every pseudo-legal move of the pieces on `fromMask`, of kind T; the caller filters them.
template <GenType T> void generate_pseudo(const Position& pos, MoveList& list, Bitboard fromMask) {
    const Color us = pos.side_to_move();
    const ColourSet ours = pos.controlled_by(us);
    const Bitboard occ = pos.pieces();
    // Anything but the mover's own colour and the kings may be taken.
    const Bitboard capturable = occ & ~pos.pieces(own_colour(us)) & ~pos.pieces(KING);
    const Bitboard targets = T == NOISY ? capturable : T == QUIET ? ~occ : (capturable | ~occ);
    const Bitboard movers = pos.pieces_of(ours) & fromMask;
    const bool canPromote = pos.has_usable_pool_piece(us);

    for (Square from : Squares {movers}) {
        Piece pc = pos.piece_on(from);
        PieceType pt = type_of(pc);
        if (pt == PAWN) {
            add_pawn_moves<T>(pos, list, from, ours, capturable, canPromote);
            continue;
        }
        Bitboard occAfterLeaving = occ ^ square_bb(from);
        for (Square to : Squares {attacks_bb(pt, from, occ) & targets})
            if (square_allowed(colour_of(pc), to, occAfterLeaving | square_bb(to)))
                list.push_back(Move(from, to));
    }

    // Castling: king two squares towards an unmoved rook of a colour the mover controls,
    // the squares between empty, the king not in check and not crossing an attacked square
    // (its destination is tested with the other moves).
    if constexpr (T != NOISY) {
        Square ksq = relative_square(us, SQ_E1);
        if (!(fromMask & square_bb(ksq)) || !pos.castling_rights()) return;
        for (bool kingSide : {true, false}) {
            CastlingRight cr = castling_right(us, kingSide);
            if (!pos.can_castle(cr)) continue;
            Square rsq = relative_square(us, kingSide ? SQ_H1 : SQ_A1);
            Square kto = relative_square(us, kingSide ? SQ_G1 : SQ_C1);
            Square cross = relative_square(us, kingSide ? SQ_F1 : SQ_D1);
            if (pos.piece_on(ksq) != make_piece(own_colour(us), KING)) continue;
            Piece rook = pos.piece_on(rsq);
            if (type_of(rook) != ROOK || !(ours & colour_bit(colour_of(rook)))) continue;
            if (between_bb(ksq, rsq) & occ) continue;
            if (pos.attackers_by(~us, ksq) || pos.attackers_by(~us, cross)) continue;
            list.push_back(Move(ksq, kto, CASTLING));
        }
    }
}

// Keeps the moves that leave the king safe, from `begin` on.
void keep_legal(const Position& pos, MoveList& list, std::size_t begin) {
    Move* out = list.begin() + begin;
    for (Move* m = out; m != list.end(); ++m)
        if (king_safe_after(pos, *m)) *out++ = *m;
    list.set_end(out);
}

// The queen rescue: for a player without any other legal move, the king may take the
// place of a queen of the player's own colour (the queen leaves the game) if it is not
// attacked there.
void add_rescues(const Position& pos, MoveList& list) {
    const Color us = pos.side_to_move();
    const Square ksq = pos.king_square(us);
    for (Square q : Squares {pos.pieces(own_colour(us), QUEEN)}) {
        Move m(ksq, q, RESCUE);
        if (king_safe_after(pos, m)) list.push_back(m);
    }
}

bool has_own_queen(const Position& pos) {
    return pos.pieces(own_colour(pos.side_to_move()), QUEEN) != 0;
}

} // namespace

template <GenType T> void generate(const Position& pos, MoveList& list) {
    const std::size_t begin = list.size();
    generate_pseudo<T>(pos, list, ~Bitboard(0));
    keep_legal(pos, list, begin);
    if constexpr (T == NOISY) return;
    if (list.size() != begin || !has_own_queen(pos)) return;
    if constexpr (T == QUIET) {
        // Only when there is no noisy move either.
        MoveList noisy;
        generate<NOISY>(pos, noisy);
        if (!noisy.empty()) return;
    }
    add_rescues(pos, list);
}

template void generate<NOISY>(const Position&, MoveList&);
template void generate<QUIET>(const Position&, MoveList&);
template void generate<LEGAL>(const Position&, MoveList&);

std::uint64_t count_legal(const Position& pos) {
    MoveList list;
    generate<LEGAL>(pos, list);
    return list.size();
}

bool is_legal(const Position& pos, Move m) {
    if (!m) return false;
    MoveList list;
    if (m.kind() == RESCUE) {
        generate<LEGAL>(pos, list);
    } else {
        generate_pseudo<LEGAL>(pos, list, square_bb(m.from()));
        if (!list.contains(m)) return false;
        return king_safe_after(pos, m);
    }
    return list.contains(m);
}

} // namespace hq::control
