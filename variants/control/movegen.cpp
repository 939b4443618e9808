// SPDX-License-Identifier: GPL-3.0-or-later
#include "movegen.h"

#include "variants/chess/sinks.h"

#include <bit>

namespace hq::control {

namespace {

// ---- Sinks ---------------------------------------------------------------------------------
// One generator body either writes moves into a list (search, perft's inner plies) or only
// counts them (perft's last ply), so what is counted is exactly what is generated.

using ListSink = chess::MoveListSink<Move>; // Control promotes from the pool, not here
using chess::CountSink;

// ---- Legality ------------------------------------------------------------------------------

// The exact test: whether the mover's king is safe once the move is played, judged on the
// board as the move leaves it, with control as it stands after the move. `theirsNow` holds
// the pieces the opponent controls before the move; control is recomputed only when the
// move changes a coloured square's occupant.
bool king_safe_after(const Position& pos, Move m, Bitboard theirsNow) {
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

    Bitboard attackers = theirsNow;
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
        attackers = pos.pieces_of(ctrl.of[them]);
    }
    // The opponent's pieces after the move: the moved and the captured ones are gone (a
    // move never hands the opponent control of the mover's pieces).
    attackers &= ~square_bb(from);
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

// Coloured squares whose twin (the other square of their colour) is occupied: by the
// one-square-per-colour rule nothing may land there. Twins lie two ranks apart.
constexpr Bitboard LowerColoured = ColouredSquares & (rank_bb(RANK_3) | rank_bb(RANK_4));
constexpr Bitboard UpperColoured = ColouredSquares & (rank_bb(RANK_5) | rank_bb(RANK_6));
constexpr Bitboard twins_taken(Bitboard occ) {
    return ((occ & LowerColoured) << 16) | ((occ & UpperColoured) >> 16);
}

// Everything the generator needs about the side to move, computed once per call.
//
// Legality is chess's for nearly every move, because a move never gives the opponent
// control of anything: the opponent's colours are those whose chain of holders ends on a
// Black piece (for Black), and such a chain never passes a square holding a piece the
// mover controls (from there it would end on White). So moving such a piece away, or
// onto an empty coloured square, leaves the opponent's control as it was; only taking a
// piece that stands on a coloured square can change it (the opponent may lose colours).
// Everything else keeps the opponent's attackers the same pieces, less the one taken:
// the king must step onto an unattacked square, and any other piece must resolve a
// check (`checkMask`) and keep to its pin line. A pin is a piece the mover controls
// alone between the king and a slider the opponent controls. Captures on a coloured
// square and the rare kinds (en passant, castling, king promotion, rescue) get the exact
// test king_safe_after.
struct Context {
    const Position& pos;
    Color us, them;
    ColourSet ours;
    Square ksq;
    Bitboard occ;
    Bitboard movers;     // pieces of the colours the mover controls
    Bitboard theirs;     // pieces of the colours the opponent controls
    Bitboard capturable; // anything but the mover's own colour and the kings
    Bitboard twinsTaken; // coloured squares closed by an occupied twin
    Bitboard checkers;
    Bitboard pinned;
    Bitboard checkMask; // where a non-king move must land: all, the check line, or none

    explicit Context(const Position& p)
        : pos(p)
        , us(p.side_to_move())
        , them(~us)
        , ours(p.controlled_by(us))
        , ksq(p.king_square(us))
        , occ(p.pieces())
        , movers(p.pieces_of(ours))
        , theirs(p.pieces_of(p.controlled_by(them)))
        , capturable(occ & ~p.pieces(own_colour(us)) & ~p.pieces(KING))
        , twinsTaken(twins_taken(occ)) {
        checkers = p.attackers_to(ksq, occ, theirs);
        checkMask = !checkers         ? ~Bitboard(0)
            : more_than_one(checkers) ? Bitboard(0)
                                      : between_bb(ksq, lsb(checkers)) | checkers;
        // Sliders the opponent controls that see the king past anything but their own
        // pieces; a single piece between is pinned if the mover may move it.
        Bitboard snipers = (rook_attacks(ksq, theirs) & p.pieces(ROOK, QUEEN))
            | (bishop_attacks(ksq, theirs) & p.pieces(BISHOP, QUEEN));
        pinned = 0;
        for (Square s : Squares {snipers & theirs}) {
            Bitboard b = between_bb(ksq, s) & occ;
            if (b && !more_than_one(b)) pinned |= b & movers;
        }
    }

    // The squares a piece of colour `pc` leaving `from` may not land on: its own
    // colour's squares, and those whose twin stays occupied (leaving one for its twin is
    // allowed).
    Bitboard closed_squares(Square from, Colour pc) const {
        Bitboard closed = colour_squares(pc) | twinsTaken;
        if (square_bb(from) & ColouredSquares) closed &= ~square_bb(twin_square(from));
        return closed;
    }

    // Where the piece on `from` may land without breaking a pin.
    Bitboard pin_line(Square from) const {
        return (pinned & square_bb(from)) ? line_bb(ksq, from) : ~Bitboard(0);
    }

    // Whether the king may step to `to`, the opponent's control unchanged (the piece it
    // may take there attacks other squares, never its own, so it need not be lifted).
    bool king_step_safe(Square to) const {
        const Bitboard pawns = theirs & pos.pieces(PAWN);
        if ((knight_attacks(to) & theirs & pos.pieces(KNIGHT))
            || (king_attacks(to) & theirs & pos.pieces(KING))
            || (pawn_attacks(BLACK, to) & pawns & pos.pawns_moving(WHITE))
            || (pawn_attacks(WHITE, to) & pawns & pos.pawns_moving(BLACK)))
            return false;
        const Bitboard occAfter = occ ^ square_bb(ksq);
        return !(bishop_attacks(to, occAfter) & theirs & pos.pieces(BISHOP, QUEEN))
            && !(rook_attacks(to, occAfter) & theirs & pos.pieces(ROOK, QUEEN));
    }
};

// Normal moves of the (non-king) piece of colour `pc` on `from` to `targets`: with the
// chess-like test in bulk, captures on a coloured square one by one.
template <typename Sink>
void add_moves(const Context& c, Sink& sink, Square from, Colour pc, Bitboard targets) {
    targets &= ~c.closed_squares(from, pc);
    const Bitboard exact = targets & c.occ & ColouredSquares;
    sink.piece(from, (targets ^ exact) & c.checkMask & c.pin_line(from));
    for (Square to : Squares {exact})
        if (king_safe_after(c.pos, Move(from, to), c.theirs)) sink.add(Move(from, to));
}

// The moves of one pawn (a pinned one, or one about to promote), en passant aside.
template <GenType T, typename Sink>
void add_pawn_moves(const Context& c, Sink& sink, Square from, bool canPromote) {
    const Position& pos = c.pos;
    const Colour pc = colour_of(pos.piece_on(from));
    const Color dir = pawn_direction(pc);
    const Direction up = pawn_push(dir);
    const Bitboard lastRank = rank_bb(dir == WHITE ? RANK_8 : RANK_1);

    Bitboard pushes = 0;
    Square one = from + up;
    if (is_ok(one) && pos.empty(one)) {
        pushes = square_bb(one);
        Rank start = dir == WHITE ? RANK_2 : RANK_7;
        if (rank_of(from) == start && pos.empty(one + up)) pushes |= square_bb(one + up);
    }
    const Bitboard captures = pawn_attacks(dir, from) & c.capturable;

    // Without a usable pool piece a pawn may still step onto the last rank, and stays a
    // pawn: then those are ordinary moves.
    const Bitboard promoting = canPromote ? lastRank : 0;
    Bitboard targets = 0;
    if constexpr (T != NOISY) targets |= pushes;
    if constexpr (T != QUIET) targets |= captures;
    add_moves(c, sink, from, pc, targets & ~promoting);

    // Promotions: a piece from the pool of any colour the mover controls, or the king.
    // The last rank holds no coloured square, so legality is chess-like.
    for (Square to : Squares {(pushes | captures) & promoting}) {
        const bool capture = captures & square_bb(to);
        if (c.checkMask & c.pin_line(from) & square_bb(to))
            for (int col = 0; col < COLOUR_NB; ++col) {
                if (!(c.ours & (1u << col))) continue;
                for (PieceType pt : PoolTypes) {
                    if (!pos.pool_count(Colour(col), pt)) continue;
                    bool noisy = capture || pt == QUEEN;
                    if (T == LEGAL || (T == NOISY) == noisy)
                        sink.add(Move::promotion(from, to, pt, Colour(col)));
                }
            }
        if (T == LEGAL || (T == NOISY) == capture) {
            Move m(from, to, KING_PROMOTION);
            if (king_safe_after(pos, m, c.theirs)) sink.add(m);
        }
    }
}

// Pushes and captures of a set of unpinned pawns of one colour moving in direction Dir,
// none of them about to promote: in bulk, like chess's, but for captures on a coloured
// square (tested one by one).
template <Color Dir, GenType T, typename Sink>
void add_pawn_set(const Context& c, Sink& sink, Bitboard pawns, Colour pc) {
    constexpr Direction Up = pawn_push(Dir);
    constexpr Direction UpLeft = Dir == WHITE ? NORTH_WEST : SOUTH_EAST;
    constexpr Direction UpRight = Dir == WHITE ? NORTH_EAST : SOUTH_WEST;
    constexpr Bitboard Rank3 = rank_bb(relative_rank(Dir, RANK_3));

    const Bitboard open = ~c.closed_squares(SQ_A1, pc); // a1 is no coloured square
    const Bitboard bulk = open & c.checkMask & ~(c.occ & ColouredSquares);
    if constexpr (T != NOISY) {
        const Bitboard empty = ~c.occ;
        Bitboard single = shift<Up>(pawns) & empty;
        Bitboard twice = shift<Up>(single & Rank3) & empty;
        sink.template pawns<Up>(single & bulk);
        sink.template pawns<Direction(2 * Up)>(twice & bulk);
    }
    if constexpr (T != QUIET) {
        Bitboard left = shift<UpLeft>(pawns) & c.capturable,
                 right = shift<UpRight>(pawns) & c.capturable;
        sink.template pawns<UpLeft>(left & bulk);
        sink.template pawns<UpRight>(right & bulk);
        const Bitboard exact = open & c.occ & ColouredSquares;
        for (Square to : Squares {left & exact})
            if (king_safe_after(c.pos, Move(to - UpLeft, to), c.theirs))
                sink.add(Move(to - UpLeft, to));
        for (Square to : Squares {right & exact})
            if (king_safe_after(c.pos, Move(to - UpRight, to), c.theirs))
                sink.add(Move(to - UpRight, to));
    }
}

// Every pawn move of the pawns on `fromMask`: unpinned ones that will not promote in
// bulk per colour, the others one by one; then en passant.
template <GenType T, typename Sink>
void add_all_pawn_moves(const Context& c, Sink& sink, Bitboard fromMask) {
    const Position& pos = c.pos;
    const Bitboard pawns = c.movers & pos.pieces(PAWN) & fromMask;
    if (!pawns) return;
    // Pawns one step from the last rank promote, when the pool offers something.
    const Bitboard lastStep = pawns
        & ((pos.pawns_moving(WHITE) & rank_bb(RANK_7))
            | (pos.pawns_moving(BLACK) & rank_bb(RANK_2)));
    const bool canPromote = lastStep && pos.has_usable_pool_piece(c.us);
    const Bitboard aboutToPromote = canPromote ? lastStep : 0;
    const Bitboard oneByOne = pawns & (c.pinned | aboutToPromote);
    for (ColourSet set = c.ours; set; set &= set - 1) {
        const Colour pc = Colour(std::countr_zero(set));
        const Bitboard group = pawns & pos.pieces(pc) & ~oneByOne;
        if (!group) continue;
        if (pawn_direction(pc) == WHITE) add_pawn_set<WHITE, T>(c, sink, group, pc);
        else add_pawn_set<BLACK, T>(c, sink, group, pc);
    }
    for (Square from : Squares {oneByOne}) add_pawn_moves<T>(c, sink, from, canPromote);

    // En passant: onto the square the advanced pawn passed over, taking that pawn.
    const Square ep = pos.ep_square();
    if (T == QUIET || ep == SQ_NONE) return;
    const Bitboard takers = pawns
        & ((pawn_attacks(BLACK, ep) & pos.pawns_moving(WHITE))
            | (pawn_attacks(WHITE, ep) & pos.pawns_moving(BLACK)));
    for (Square from : Squares {takers}) {
        const Colour pc = colour_of(pos.piece_on(from));
        const Color dir = pawn_direction(pc);
        const Square victimSq = ep - pawn_push(dir);
        const Piece victim = pos.piece_on(victimSq);
        const Move m(from, ep, EN_PASSANT);
        if (type_of(victim) == PAWN && pawn_direction(colour_of(victim)) != dir
            && (c.capturable & square_bb(victimSq))
            && square_allowed(
                pc, ep, (c.occ ^ square_bb(from) ^ square_bb(victimSq)) | square_bb(ep))
            && king_safe_after(pos, m, c.theirs))
            sink.add(m);
    }
}

// Every legal move of kind T of the pieces on `fromMask`, the queen rescue aside.
template <GenType T, typename Sink>
void generate_moves(const Context& c, Sink& sink, Bitboard fromMask) {
    const Position& pos = c.pos;
    const Bitboard targets = T == NOISY ? c.capturable
        : T == QUIET                    ? ~c.occ
                                        : (c.capturable | ~c.occ);

    add_all_pawn_moves<T>(c, sink, fromMask);
    // Pieces by type, so that each loop knows its attack function.
    const Bitboard pieces = c.movers & fromMask;
    auto colour_on = [&](Square s) { return colour_of(pos.piece_on(s)); };
    for (Square from : Squares {pieces & pos.pieces(KNIGHT)})
        add_moves(c, sink, from, colour_on(from), knight_attacks(from) & targets);
    for (Square from : Squares {pieces & pos.pieces(BISHOP)})
        add_moves(c, sink, from, colour_on(from), bishop_attacks(from, c.occ) & targets);
    for (Square from : Squares {pieces & pos.pieces(ROOK)})
        add_moves(c, sink, from, colour_on(from), rook_attacks(from, c.occ) & targets);
    for (Square from : Squares {pieces & pos.pieces(QUEEN)})
        add_moves(c, sink, from, colour_on(from), queen_attacks(from, c.occ) & targets);

    // The king (the only king the mover controls is their own): onto an unattacked
    // square, or exactly tested when it takes a piece on a coloured square.
    if (!(fromMask & square_bb(c.ksq))) return;
    const Bitboard kingTargets
        = king_attacks(c.ksq) & targets & ~c.closed_squares(c.ksq, own_colour(c.us));
    for (Square to : Squares {kingTargets}) {
        Move m(c.ksq, to);
        if ((square_bb(to) & c.occ & ColouredSquares) ? king_safe_after(pos, m, c.theirs)
                                                      : c.king_step_safe(to))
            sink.add(m);
    }

    // Castling: king two squares towards an unmoved rook of a colour the mover controls,
    // the squares between empty, the king not in check and not crossing an attacked square
    // (its destination is tested exactly). White and Black have no coloured squares, so
    // the king's own square rules never forbid it.
    if constexpr (T != NOISY) {
        if (!pos.castling_rights() || c.checkers) return;
        Square ksq = relative_square(c.us, SQ_E1);
        if (ksq != c.ksq) return;
        for (bool kingSide : {true, false}) {
            CastlingRight cr = castling_right(c.us, kingSide);
            if (!pos.can_castle(cr)) continue;
            Square rsq = relative_square(c.us, kingSide ? SQ_H1 : SQ_A1);
            Square kto = relative_square(c.us, kingSide ? SQ_G1 : SQ_C1);
            Square cross = relative_square(c.us, kingSide ? SQ_F1 : SQ_D1);
            Piece rook = pos.piece_on(rsq);
            if (type_of(rook) != ROOK || !(c.ours & colour_bit(colour_of(rook)))) continue;
            if (between_bb(ksq, rsq) & c.occ) continue;
            if (pos.attackers_to(cross, c.occ, c.theirs)) continue;
            Move m(ksq, kto, CASTLING);
            if (king_safe_after(pos, m, c.theirs)) sink.add(m);
        }
    }
}

// The queen rescue: for a player without any other legal move, the king may take the
// place of a queen of the player's own colour (the queen leaves the game) if it is not
// attacked there.
template <typename Sink> void add_rescues(const Context& c, Sink& sink) {
    for (Square q : Squares {c.pos.pieces(own_colour(c.us), QUEEN)}) {
        Move m(c.ksq, q, RESCUE);
        if (king_safe_after(c.pos, m, c.theirs)) sink.add(m);
    }
}

bool has_own_queen(const Position& pos) {
    return pos.pieces(own_colour(pos.side_to_move()), QUEEN) != 0;
}

} // namespace

template <GenType T> void generate(const Position& pos, MoveList& list) {
    const Context c(pos);
    ListSink sink {list.end_ptr()};
    Move* begin = sink.cur;
    generate_moves<T>(c, sink, ~Bitboard(0));
    if constexpr (T != NOISY) {
        if (sink.cur == begin && has_own_queen(pos)) {
            bool rescue = true;
            if constexpr (T == QUIET) {
                // Only when there is no noisy move either.
                CountSink noisy;
                generate_moves<NOISY>(c, noisy, ~Bitboard(0));
                rescue = noisy.n == 0;
            }
            if (rescue) add_rescues(c, sink);
        }
    }
    list.set_end(sink.cur);
}

template void generate<NOISY>(const Position&, MoveList&);
template void generate<QUIET>(const Position&, MoveList&);
template void generate<LEGAL>(const Position&, MoveList&);

std::uint64_t count_legal(const Position& pos) {
    const Context c(pos);
    CountSink sink;
    generate_moves<LEGAL>(c, sink, ~Bitboard(0));
    if (sink.n == 0 && has_own_queen(pos)) add_rescues(c, sink);
    return sink.n;
}

// Generates the legal moves of the move's piece alone and looks for the move; a rescue
// needs the whole position's moves (it exists only when nothing else is legal).
bool is_legal(const Position& pos, Move m) {
    if (!m) return false;
    if (m.kind() == RESCUE) {
        MoveList list;
        generate<LEGAL>(pos, list);
        return list.contains(m);
    }
    // Moves of one piece: at most 27 for a queen, or a pawn's three promotion squares
    // times (20 pool kinds + the king).
    hq::MoveList<Move, 128> list;
    const Context c(pos);
    ListSink sink {list.end_ptr()};
    generate_moves<LEGAL>(c, sink, square_bb(m.from()));
    list.set_end(sink.cur);
    return list.contains(m);
}

} // namespace hq::control
