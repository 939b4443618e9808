// SPDX-License-Identifier: GPL-3.0-or-later
// What the positions on the orthodox board share (standard chess and Chess960, Ms. Chess;
// Multiple Move Chess uses the keys and the castling move on its frames): the Zobrist keys
// of pieces, side, castling and en passant, the board and castling geometry with their
// queries, castling as a move on the board, and FEN fields 1-3 as they are written.
#pragma once

#include "board.h"
#include "castling.h"
#include "fen_fields.h"
#include "state_stack.h"

#include <string>

namespace hq::chess {

// Zobrist keys of the orthodox board. Keys for the en passant file are only mixed in when
// an en passant capture is really possible, so transpositions that differ only in a
// useless double step hash alike.
struct Zobrist {
    Key psq[PIECE_NB][SQUARE_NB];
    Key enpassant[FILE_NB];
    Key castling[CASTLING_RIGHT_NB];
    Key side;
};
extern const Zobrist& zobrist();

// The key of a board, the side to move and castling rights (no en passant).
inline Key board_key(const Board& b, Color side, int castling) {
    const Zobrist& z = zobrist();
    Key k = 0;
    for (Square s : Squares {b.pieces()}) k ^= z.psq[b.piece_on(s)][s];
    if (side == BLACK) k ^= z.side;
    return k ^ z.castling[castling];
}

// Where castling as king takes own rook (from, to) puts king and rook: the g- or c-file
// and the f- or d-file of colour us's first rank.
struct CastlingTargets {
    Square king, rook;
};
constexpr CastlingTargets castling_targets(Color us, Square from, Square to) {
    bool kingSide = to > from;
    return {relative_square(us, kingSide ? SQ_G1 : SQ_C1),
        relative_square(us, kingSide ? SQ_F1 : SQ_D1)};
}

// Lifts the pieces on s1 and s2 off the board, then puts them on t1 and t2 (castling's
// king and rook, which may land on each other's squares in Chess960).
inline void relocate_pair(Board& b, Square s1, Square s2, Square t1, Square t2) {
    Piece p1 = b.piece_on(s1), p2 = b.piece_on(s2);
    b.remove_piece(s1);
    b.remove_piece(s2);
    b.put_piece(p1, t1);
    b.put_piece(p2, t2);
}

// Castling as king takes own rook (from, to): both leave, then land on their targets.
// Returns the change of the key.
inline Key castle_on(Board& b, Color us, Square from, Square to) {
    const Zobrist& z = zobrist();
    const auto [kto, rto] = castling_targets(us, from, to);
    Piece king = b.piece_on(from), rook = b.piece_on(to);
    relocate_pair(b, from, to, kto, rto);
    return z.psq[king][from] ^ z.psq[king][kto] ^ z.psq[rook][to] ^ z.psq[rook][rto];
}
// Takes castle_on(b, us, from, to) back.
inline void uncastle_on(Board& b, Color us, Square from, Square to) {
    const auto [kto, rto] = castling_targets(us, from, to);
    relocate_pair(b, kto, rto, from, to);
}

// FEN fields 1-3 as read_board_side_castling reads them.
inline std::string fen_fields_1_3(
    const Board& b, Color side, const CastlingRules& rules, int rights, bool shredder) {
    return b.to_fen() + (side == WHITE ? " w " : " b ") + castling_text(b, rules, rights, shredder);
}

// A position on the orthodox board played on a state stack: the board and the castling
// geometry (set up from the FEN) with their queries, on top of PlyState's.
template <typename State> class OrthodoxPosition : public PlyState<State> {
public:
    const Board& board() const { return brd; }
    [[nodiscard]] Piece piece_on(Square s) const { return brd.piece_on(s); }
    [[nodiscard]] bool empty(Square s) const { return brd.empty(s); }
    [[nodiscard]] Bitboard pieces() const { return brd.pieces(); }
    template <typename... A> Bitboard pieces(A... a) const { return brd.pieces(a...); }
    [[nodiscard]] Square king_square(Color c) const { return brd.king_square(c); }

    [[nodiscard]] Square castling_rook(CastlingRight cr) const { return castle.rookSquare[cr]; }
    // Squares that must be empty (other than the castling king and rook) to castle.
    [[nodiscard]] Bitboard castling_path(CastlingRight cr) const { return castle.path[cr]; }
    // Squares the king crosses or lands on, each of which must not be attacked.
    [[nodiscard]] Bitboard castling_king_path(CastlingRight cr) const {
        return castle.kingPath[cr];
    }

protected:
    void put_piece(Piece p, Square s) { brd.put_piece(p, s); }
    void remove_piece(Square s) { brd.remove_piece(s); }
    void move_piece(Square from, Square to) { brd.move_piece(from, to); }
    // Clears the state stack and the castling geometry before a FEN is read.
    void reset_state() {
        this->st.reset();
        castle = {};
    }

    Board brd;
    CastlingRules castle; // rooks, paths and rights masks, from the FEN
};

} // namespace hq::chess
