// SPDX-License-Identifier: GPL-3.0-or-later
// Standard chess and Chess960: the position (board, castling, en passant, clocks), FEN in
// and out, make/unmake with an incremental Zobrist key, and the attack queries that move
// generation and the search need.
#pragma once

#include "board.h"
#include "castling.h"
#include "move.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hq::chess {

// Zobrist keys of standard chess. Keys for the en passant file are only mixed in when an
// en passant capture is really possible, so transpositions that differ only in a useless
// double step hash alike.
struct Zobrist {
    Key psq[PIECE_NB][SQUARE_NB];
    Key enpassant[FILE_NB];
    Key castling[CASTLING_RIGHT_NB];
    Key side;
};
extern const Zobrist& zobrist();

// What do_move saves for undo_move. Everything here is either copied forward and then
// updated (castling, rule50, pliesFromNull, key) or written fresh (epSquare, captured).
struct StateInfo {
    Key key;
    int castling;
    int rule50;
    int pliesFromNull;
    Square epSquare; // SQ_NONE unless an en passant capture is possible now
    Piece captured;
};

class Position {
public:
    static constexpr std::string_view StartFen
        = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    Position();

    // Sets the position from FEN. On error returns the message and leaves *this as it was.
    // `chess960` selects king-takes-rook castling notation and Shredder FEN output.
    std::optional<std::string> set_fen(std::string_view fen, bool chess960 = false);
    [[nodiscard]] std::string fen() const;
    [[nodiscard]] std::string picture() const;

    // ---- Board queries --------------------------------------------------------------
    const Board& board() const { return brd; }
    [[nodiscard]] Piece piece_on(Square s) const { return brd.piece_on(s); }
    [[nodiscard]] bool empty(Square s) const { return brd.empty(s); }
    [[nodiscard]] Bitboard pieces() const { return brd.pieces(); }
    template <typename... A> Bitboard pieces(A... a) const { return brd.pieces(a...); }
    [[nodiscard]] Square king_square(Color c) const { return brd.king_square(c); }

    [[nodiscard]] Color side_to_move() const { return sideToMove; }
    [[nodiscard]] Key key() const { return st->key; }
    [[nodiscard]] int rule50() const { return st->rule50; }
    [[nodiscard]] int game_ply() const { return gamePly; }
    [[nodiscard]] int fullmove_number() const { return 1 + gamePly / 2; }
    [[nodiscard]] Square ep_square() const { return st->epSquare; }
    [[nodiscard]] Piece captured_piece() const { return st->captured; }
    [[nodiscard]] bool is_chess960() const { return chess960; }
    void set_chess960(bool on) { chess960 = on; }

    [[nodiscard]] int castling_rights() const { return st->castling; }
    [[nodiscard]] bool can_castle(CastlingRight cr) const { return st->castling & cr; }
    [[nodiscard]] Square castling_rook(CastlingRight cr) const { return castle.rookSquare[cr]; }
    // Squares that must be empty (other than the castling king and rook) to castle.
    [[nodiscard]] Bitboard castling_path(CastlingRight cr) const { return castle.path[cr]; }
    // Squares the king crosses or lands on, each of which must not be attacked.
    [[nodiscard]] Bitboard castling_king_path(CastlingRight cr) const {
        return castle.kingPath[cr];
    }

    // ---- Attacks --------------------------------------------------------------------
    [[nodiscard]] Bitboard attackers_to(Square s, Bitboard occupied) const;
    [[nodiscard]] Bitboard attackers_to(Square s) const { return attackers_to(s, pieces()); }
    [[nodiscard]] Bitboard checkers() const {
        return attackers_to(king_square(sideToMove)) & pieces(~sideToMove);
    }
    [[nodiscard]] bool in_check() const { return checkers() != 0; }
    // Pieces of either colour that alone stand between colour c's king and an enemy slider.
    [[nodiscard]] Bitboard blockers_for_king(Color c) const;

    // ---- Moves ------------------------------------------------------------------------
    void do_move(Move m);
    void undo_move(Move m);
    void do_null_move();
    void undo_null_move();
    [[nodiscard]] bool is_capture(Move m) const {
        return (!empty(m.to()) && m.kind() != CASTLING) || m.kind() == EN_PASSANT;
    }
    // Text of a move in UCI long algebraic form (king-takes-rook castling in Chess960).
    [[nodiscard]] std::string move_text(Move m) const;
    // The legal move this text names, if any. Both castling notations are understood.
    [[nodiscard]] std::optional<Move> parse_move(std::string_view text) const;

    // ---- Rules of the game's end -----------------------------------------------------
    // Draw by the fifty-move rule, insufficient material, or repetition: a position seen
    // before counts once inside the search (ply > 0 since the root), otherwise on its
    // third occurrence.
    [[nodiscard]] bool is_draw(int plyFromRoot) const {
        return fifty_move_draw() || has_insufficient_material() || is_repetition(plyFromRoot);
    }
    // 100 plies without capture or pawn move, unless the last of them mated.
    [[nodiscard]] bool fifty_move_draw() const;
    // K v K, K+minor v K, K+B v K+B with the bishops on one square colour.
    [[nodiscard]] bool has_insufficient_material() const;
    // The position occurred before: since the root (plyFromRoot > 0) once is enough,
    // otherwise (a game's third occurrence) twice before.
    [[nodiscard]] bool is_repetition(int plyFromRoot) const;

    // The key recomputed from scratch; equals key() whenever the position is consistent.
    [[nodiscard]] Key compute_key() const;

private:
    void set_castling_right(Color c, Square rookSq);
    void set_ep_if_capturable(Square target);
    void put_piece(Piece p, Square s) { brd.put_piece(p, s); }
    void remove_piece(Square s) { brd.remove_piece(s); }
    void move_piece(Square from, Square to) { brd.move_piece(from, to); }
    StateInfo* push_state();

    Board brd;
    Color sideToMove = WHITE;
    int gamePly = 0;
    bool chess960 = false;
    CastlingRules castle; // rooks, paths and rights masks, from the FEN
    // The undo stack. `st` points at the current state; the vector grows on demand.
    std::vector<StateInfo> states;
    StateInfo* st;

public:
    Position(const Position& o);
    Position& operator=(const Position& o);
};

} // namespace hq::chess
