// SPDX-License-Identifier: GPL-3.0-or-later
// Multiple Move Chess (Westmont rules): the position. Each turn a player makes N single
// moves in a row; this file holds everything a single move reads or changes.
//
// The board is standard chess's (chess::Board), the moves are standard chess's
// (chess::Move), the piece-square and castling Zobrist keys are standard chess's. What is
// new is the state of the turn in progress:
//   - k, the single moves already made this turn, and N, the moves a turn;
//   - the marks of the mover's pieces: moved this turn (may not capture), frozen (captured
//     or, for a king, stepped onto an attacked square or was in check at the turn start),
//     and the king that was attacked at the start of the turn and has not moved yet;
//   - a set of en passant targets instead of one square: the mover's for this turn and,
//     during a turn, the ones the mover's own double steps create for the opponent.
//
// State is kept copy-make: every single move copies the current Frame (board and all rule
// state) onto a stack and changes the copy; undo pops. The move generator and the turn
// look-ahead work on Frames, so they can try a move on a scratch copy without touching the
// position.
#pragma once

#include "engine/bitboard.h"
#include "engine/variant_spec.h"
#include "variants/chess/board.h"
#include "variants/chess/castling.h"
#include "variants/chess/move.h"
#include "variants/chess/position.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hq::multimove {

using chess::Move;

constexpr int MAX_MOVES_PER_TURN = 9;

// Zobrist keys of the turn state, on top of standard chess's keys for pieces, castling
// and side to move. Every en passant target, every mark and the turn progress k/N are
// in the key.
struct Zobrist {
    Key enpassant[SQUARE_NB];
    Key moved[SQUARE_NB];
    Key frozen[SQUARE_NB];
    Key checkedKing[SQUARE_NB];
    Key movesDone[MAX_MOVES_PER_TURN + 1]; // k = N exists for a moment before the turn ends
    Key movesPerTurn[MAX_MOVES_PER_TURN + 1];
};
const Zobrist& zobrist();

// The whole rule state after some single move. do_move copies the current frame and
// changes the copy; nothing is recomputed on undo.
struct Frame {
    chess::Board board;
    Key key = 0;
    Color sideToMove = WHITE;
    int castling = 0;      // chess::CastlingRight bits
    int rule50 = 0;        // single moves since the last capture or pawn move
    int movesDone = 0;     // k: single moves made in the current turn
    int fullmove = 1;      // counts turns; rises after Black's turn
    int pliesFromNull = 0; // single moves since the last null move (bounds repetition)
    int turnLength = 0;    // at a turn start: the single moves of the turn that just ended
    Bitboard moved = 0;    // the mover's pieces that moved this turn (marks m and x)
    Bitboard frozen = 0;   // of those, the ones that may not move again (mark x)
    // The mover's king when it was attacked at the start of the turn and has not moved
    // (mark c): it may make one move only.
    Bitboard checkedKing = 0;
    // En passant targets still usable: on the mover's 6th rank those it may capture this
    // turn, on its 3rd rank those its own double steps created for the opponent.
    Bitboard epTargets = 0;
    Piece captured = NO_PIECE; // what the move that made this frame captured
    bool turnEnded = false;    // the move that made this frame ended the turn
};

// Pieces of either colour attacking square s, given the occupancy.
Bitboard attackers_to(const chess::Board& b, Square s, Bitboard occupied);

class Position {
public:
    static constexpr std::string_view StartFen
        = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 0/3";

    Position();
    Position(const Position& o);
    Position& operator=(const Position& o);

    // FEN: six standard fields, then `k/N` and, when k > 0, the marks (`e4m,d5x,e1c`).
    // Without field 7 the position is at the start of a turn with the variant's N. On
    // error returns the message and leaves *this as it was.
    std::optional<std::string> set_fen(std::string_view fen);
    [[nodiscard]] std::string fen() const;
    [[nodiscard]] std::string picture() const;
    // The variant's N (from its start FEN) is what a FEN without field 7 means.
    void set_variant(const VariantSpec& spec);
    // King-takes-rook castling notation.
    void set_chess960(bool on) { chess960 = on; }

    // ---- State ----------------------------------------------------------------------
    const Frame& frame() const { return *cur; }
    const chess::Board& board() const { return cur->board; }
    [[nodiscard]] Piece piece_on(Square s) const { return cur->board.piece_on(s); }
    [[nodiscard]] bool empty(Square s) const { return cur->board.empty(s); }
    [[nodiscard]] Bitboard pieces() const { return cur->board.pieces(); }
    template <typename... A> Bitboard pieces(A... a) const { return cur->board.pieces(a...); }
    [[nodiscard]] Square king_square(Color c) const { return cur->board.king_square(c); }

    [[nodiscard]] Color side_to_move() const { return cur->sideToMove; }
    [[nodiscard]] Key key() const { return cur->key; }
    [[nodiscard]] int moves_per_turn() const { return movesPerTurn; }
    [[nodiscard]] int moves_done() const { return cur->movesDone; }
    // Single moves the mover still has this turn, the current one included.
    [[nodiscard]] int moves_left() const { return movesPerTurn - cur->movesDone; }
    [[nodiscard]] bool turn_start() const { return cur->movesDone == 0; }
    [[nodiscard]] int rule50() const { return cur->rule50; }
    [[nodiscard]] int fullmove_number() const { return cur->fullmove; }
    [[nodiscard]] Bitboard moved() const { return cur->moved; }
    [[nodiscard]] Bitboard frozen() const { return cur->frozen; }
    [[nodiscard]] Bitboard checked_king() const { return cur->checkedKing; }
    [[nodiscard]] Bitboard ep_targets() const { return cur->epTargets; }
    [[nodiscard]] Piece captured_piece() const { return cur->captured; }
    // Whether the last move (or null move) ended a turn.
    [[nodiscard]] bool turn_ended() const { return cur->turnEnded; }

    // ---- Castling geometry (fixed for a game) ----------------------------------------
    [[nodiscard]] bool can_castle(chess::CastlingRight cr) const { return cur->castling & cr; }
    [[nodiscard]] Square castling_rook(chess::CastlingRight cr) const {
        return castle.rookSquare[cr];
    }
    [[nodiscard]] Bitboard castling_path(chess::CastlingRight cr) const { return castle.path[cr]; }
    [[nodiscard]] Bitboard castling_king_path(chess::CastlingRight cr) const {
        return castle.kingPath[cr];
    }

    // ---- Attacks ----------------------------------------------------------------------
    [[nodiscard]] Bitboard attackers_to(Square s) const {
        return multimove::attackers_to(board(), s, pieces());
    }
    [[nodiscard]] Bitboard checkers() const {
        Color us = side_to_move();
        return attackers_to(king_square(us)) & pieces(~us);
    }
    [[nodiscard]] bool in_check() const { return checkers() != 0; }
    // Pieces of colour c that alone stand between c's king and an enemy slider.
    [[nodiscard]] Bitboard pinned(Color c) const;

    // ---- Moves ------------------------------------------------------------------------
    // One single move. When it ends the turn (the N-th move, or one after which the
    // mover has no single move left: the automatic pass), the turn passes.
    void do_move(Move m);
    void undo_move(Move m);
    // Passes the rest of the turn (for the search; not a legal move).
    void do_null_move();
    void undo_null_move();
    [[nodiscard]] bool is_capture(Move m) const {
        return (!empty(m.to()) && m.kind() != chess::CASTLING) || m.kind() == chess::EN_PASSANT;
    }
    [[nodiscard]] std::string move_text(Move m) const { return move_text(m, chess960); }
    [[nodiscard]] std::optional<Move> parse_move(std::string_view text) const;

    // Frame-level steps, for the generator and the turn look-ahead: `play` makes a single
    // move on a frame (turn not ended), `end_turn` hands the turn over, `advance` does
    // both as do_move does and tells whether the turn ended.
    void play(Frame& f, Move m) const;
    void end_turn(Frame& f) const;
    bool advance(Frame& f, Move m) const;

    // ---- End of the game --------------------------------------------------------------
    // At a turn start: the position at the start of a turn occurred before with the same
    // side to move, castling and en passant rights. Since the root (an earlier occurrence
    // less than plyFromRoot single moves back) once is enough, otherwise twice (the third
    // occurrence).
    [[nodiscard]] bool is_repetition(int plyFromRoot) const;
    // The halfmove clock (single moves) reached 100 x N at a turn start.
    [[nodiscard]] bool fifty_move_limit() const {
        return turn_start() && cur->rule50 >= 100 * movesPerTurn;
    }
    [[nodiscard]] bool bare_kings() const { return pieces() == pieces(KING); }

    [[nodiscard]] Key compute_key() const;

private:
    [[nodiscard]] std::string move_text(Move m, bool kingTakesRook) const;
    Frame* push_frame();

    int movesPerTurn = 3;
    int defaultMovesPerTurn = 3;
    bool chess960 = false;
    chess::CastlingRules castle; // rooks, paths and rights masks, from the FEN
    // The frame stack: `cur` is the current frame; the vector grows on demand.
    std::vector<Frame> frames;
    Frame* cur;
};

// The en passant targets of a frame that can still be used: the pawn that made the
// double step still stands where it landed, and a pawn of the other side that may still
// capture (one that has not moved this turn, if it belongs to the mover) attacks the
// target. Dead targets never revive, so keeping only these is exact.
Bitboard live_ep_targets(const Frame& f);

} // namespace hq::multimove
