// SPDX-License-Identifier: GPL-3.0-or-later
// The Control Chess position: a board of six-coloured chessmen (mailbox and bitboards side
// by side), the pool of captured pieces, who controls which colour, castling, en passant,
// clocks, and make/unmake with an incremental Zobrist key that covers all of it.
//
// Control is a function of the board: colour C (Red, Yellow, Purple, Blue) belongs to the
// player who controls the colour of the piece standing on C's occupied square, followed
// along the chain until it reaches White or Black (a chain that ends on an empty square or
// runs in a circle leaves C neutral). It is recomputed whenever a move touches a coloured
// square, kept in the StateInfo, and mixed into the key, so the key states it explicitly.
//
// FEN: each piece is two characters, colour letter (w b r y p u) and type letter
// (`wK`, `rN`); field 7 is the pool (`rNuQ` or `-`).
#pragma once

#include "move.h"

#include "engine/bitboard.h"
#include "engine/network_choice.h"
#include "variants/chess/castling.h"
#include "variants/chess/state_stack.h"

#include <bit>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hq::control {

// Castling rights as in chess (variants/chess/castling.h). The king-side right refers to
// the h-file rook, the queen-side right to the a-file rook, whatever their colour.
using chess::CastlingRight;
using enum chess::CastlingRight;
using chess::castling_right;

// The colours each player controls (bit sets). A colour in neither set is neutral.
struct Control {
    ColourSet of[COLOR_NB] = {colour_bit(C_WHITE), colour_bit(C_BLACK)};
    bool operator==(const Control&) const = default;
};

// Resolves control from the colour standing on each colour's occupied square:
// `holder(C)` is the colour of the piece on C's occupied square, or NO_COLOUR.
template <typename HolderFn> Control resolve_control(HolderFn&& holder) {
    Control ctrl;
    for (Colour c : {C_RED, C_YELLOW, C_PURPLE, C_BLUE}) {
        Colour x = c;
        // A chain visits at most the four neutral colours before it ends or repeats.
        for (int step = 0; step < 5; ++step) {
            Colour h = holder(x);
            if (h == NO_COLOUR) break;
            if (h == C_WHITE || h == C_BLACK) {
                ctrl.of[h] |= colour_bit(c);
                break;
            }
            x = h;
        }
    }
    return ctrl;
}

// Zobrist keys: pieces on squares, side to move, castling, en passant file, pool contents
// (one key per (colour, type, count) step) and each player's set of controlled colours.
struct Zobrist {
    Key psq[PIECE_NB][SQUARE_NB];
    Key enpassant[FILE_NB];
    Key castling[CASTLING_RIGHT_NB];
    Key side;
    Key pool[COLOUR_NB][4][16];
    Key control[COLOR_NB][64];
};
const Zobrist& zobrist();

// What do_move saves for undo_move: the orthodox state (variants/chess/state_stack.h) and
// control, copied forward and then updated; `moved` and `kingFrom` are written fresh for
// every move.
struct StateInfo : chess::StateCore<Piece, NO_PIECE> {
    Control control;
    Piece moved = NO_PIECE;    // the piece that stood on the move's from square
    Square kingFrom = SQ_NONE; // where the king stood before a king promotion

    void begin_ply() {
        StateCore<Piece, NO_PIECE>::begin_ply();
        moved = NO_PIECE;
        kingFrom = SQ_NONE;
    }
};

class Position : public chess::PlyState<StateInfo>, public nnue::NetworkChoice {
public:
    static constexpr std::string_view StartFen = "pRpNpBbQbKuBuNuR/pPpPpPbPbPuPuPuP/8/8/8/8/"
                                                 "rPrPrPwPwPyPyPyP/rRrNrBwQwKyByNyR w KQkq - 0 1 -";

    Position();

    // Sets the position from FEN (6 or 7 fields). On error returns the message and leaves
    // *this as it was.
    std::optional<std::string> set_fen(std::string_view fen);
    [[nodiscard]] std::string fen() const;
    [[nodiscard]] std::string picture() const;

    // ---- Board queries --------------------------------------------------------------
    [[nodiscard]] Piece piece_on(Square s) const { return board[s]; }
    [[nodiscard]] bool empty(Square s) const { return board[s] == NO_PIECE; }
    [[nodiscard]] Bitboard pieces() const { return occupied; }
    [[nodiscard]] Bitboard pieces(Colour c) const { return byColour[c]; }
    [[nodiscard]] Bitboard pieces(PieceType pt) const { return byType[pt]; }
    [[nodiscard]] Bitboard pieces(PieceType a, PieceType b) const { return byType[a] | byType[b]; }
    [[nodiscard]] Bitboard pieces(Colour c, PieceType pt) const { return byColour[c] & byType[pt]; }
    // Pieces of every colour in a set.
    [[nodiscard]] Bitboard pieces_of(ColourSet set) const {
        Bitboard b = 0;
        for (; set; set &= set - 1) b |= byColour[std::countr_zero(set)];
        return b;
    }
    // Pawns that move up (White, Red, Yellow) or down (Black, Purple, Blue) the board.
    [[nodiscard]] Bitboard pawns_moving(Color direction) const {
        return byType[PAWN] & (direction == WHITE ? upColours : ~upColours);
    }
    [[nodiscard]] Square king_square(Color player) const {
        return lsb(pieces(own_colour(player), KING));
    }

    // ---- Control and pool -------------------------------------------------------------
    const Control& control() const { return st->control; }
    [[nodiscard]] ColourSet controlled_by(Color player) const { return st->control.of[player]; }
    // The player controlling colour c, or COLOR_NB while it is neutral.
    [[nodiscard]] Color controller(Colour c) const;
    // The pieces the player may move: every piece of a colour they control.
    [[nodiscard]] Bitboard movable(Color player) const { return pieces_of(controlled_by(player)); }
    [[nodiscard]] int pool_count(Colour c, PieceType pt) const { return pool[c][pool_index(pt)]; }
    // Whether the pool holds a piece the player could promote to now.
    [[nodiscard]] bool has_usable_pool_piece(Color player) const;
    // Control recomputed from the board (for the consistency checks).
    [[nodiscard]] Control compute_control() const;

    // ---- Attacks --------------------------------------------------------------------
    // Pieces among `candidates` that attack s, with the given occupancy.
    [[nodiscard]] Bitboard attackers_to(Square s, Bitboard occ, Bitboard candidates) const {
        const Bitboard pawns = byType[PAWN];
        const Bitboard att = (pawn_attacks(BLACK, s) & pawns & upColours)
            | (pawn_attacks(WHITE, s) & pawns & ~upColours) | (knight_attacks(s) & byType[KNIGHT])
            | (king_attacks(s) & byType[KING])
            | (bishop_attacks(s, occ) & (byType[BISHOP] | byType[QUEEN]))
            | (rook_attacks(s, occ) & (byType[ROOK] | byType[QUEEN]));
        return att & candidates;
    }
    // Pieces the player controls that attack s.
    [[nodiscard]] Bitboard attackers_by(Color player, Square s) const {
        return attackers_to(s, occupied, movable(player));
    }
    [[nodiscard]] Bitboard checkers() const {
        return attackers_by(~sideToMove, king_square(sideToMove));
    }
    [[nodiscard]] bool in_check() const { return checkers() != 0; }

    // ---- Moves ------------------------------------------------------------------------
    void do_move(Move m);
    void undo_move(Move m);
    void do_null_move() { do_null_move_with(zobrist().side, zobrist().enpassant); }
    // The piece the move captures (the pawn for en passant), or NO_PIECE. The queen that a
    // rescue removes is not captured.
    [[nodiscard]] Piece captured_by(Move m) const;
    [[nodiscard]] bool is_capture(Move m) const { return captured_by(m) != NO_PIECE; }
    // UCI long algebraic text: `e7e8q` (pool piece of the pawn's colour), `e7e8qr` (a Red
    // queen from the pool), `e7e8k` (king promotion), castling `e1g1`, rescue `e1d1`.
    [[nodiscard]] std::string move_text(Move m) const;
    // The legal move this text names, if any. Castling also reads as `e1h1`, and a
    // promotion may name the pawn's own colour explicitly (`e7e8qw`).
    [[nodiscard]] std::optional<Move> parse_move(std::string_view text) const;

    // ---- Rules of the game's end -----------------------------------------------------
    [[nodiscard]] bool is_draw(int plyFromRoot) const {
        return fifty_move_draw() || bare_kings() || is_repetition(plyFromRoot);
    }
    // 100 plies without capture, pawn move or rescue, unless the last of them mated.
    [[nodiscard]] bool fifty_move_draw() const;
    // Only the two kings are left on the board.
    [[nodiscard]] bool bare_kings() const { return occupied == byType[KING]; }

    // The key recomputed from scratch; equals key() whenever the position is consistent.
    [[nodiscard]] Key compute_key() const;
    // Recomputes every incremental item (bitboards, control, key) and says what differs;
    // empty when consistent. For tests.
    [[nodiscard]] std::string consistency_error() const;

private:
    struct EmptyTag { };
    explicit Position(EmptyTag) { }
    void put_piece(Piece p, Square s);
    void remove_piece(Square s);
    void move_piece(Square from, Square to);
    // Pool changes with their key updates.
    void pool_add(Piece p, Key& k);
    void pool_remove(Colour c, PieceType pt, Key& k);
    // Whether the player `next` (to move) can take en passant on `target`, the square the
    // pawn now on `pawnSq` passed over: a pawn of a colour they control, moving the other
    // way, stands beside it, and that pawn is not of their own colour.
    [[nodiscard]] bool ep_capturable(Square target, Square pawnSq, Color next) const;
    // do_move's steps (position.cpp), each adding to the MoveEdit it is given.
    struct MoveEdit;
    void capture_on(Square sq, MoveEdit& e);
    void relocate(Square from, Square to, MoveEdit& e);
    void castle(Move m, MoveEdit& e);
    void rescue(Move m, MoveEdit& e);
    void promote_king(Move m, MoveEdit& e);
    void promote(Move m, MoveEdit& e);
    void move_pieces(Move m, MoveEdit& e);
    void drop_castling_rights(int prevCastling, MoveEdit& e);
    void set_en_passant(Move m, MoveEdit& e);
    // set_fen's fields, each read into this (an empty position) or the reason it is wrong:
    // the board (field 1) and what it must satisfy, the castling rights (3), the pool (7)
    // and the en passant square (4, after the side to move).
    [[nodiscard]] std::optional<std::string> read_board(std::string_view field);
    [[nodiscard]] std::optional<std::string> check_board() const;
    [[nodiscard]] std::optional<std::string> read_castling(std::string_view field);
    [[nodiscard]] std::optional<std::string> read_pool(std::string_view field);
    [[nodiscard]] std::optional<std::string> read_en_passant(std::string_view field);

    Piece board[SQUARE_NB] = {};
    Bitboard byColour[COLOUR_NB] = {};
    Bitboard byType[PIECE_TYPE_NB] = {};
    Bitboard occupied = 0;
    Bitboard upColours = 0; // pieces of White, Red and Yellow
    int pool[COLOUR_NB][4] = {};
};

} // namespace hq::control
