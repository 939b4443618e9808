// SPDX-License-Identifier: GPL-3.0-or-later
// The Martian Chess position: the pieces on the 4x8 board (ownership follows from the
// square), the side to move, both scores, the no-rejection ban, the clock, and
// make/unmake with an incremental Zobrist key that covers all of it.
//
// FEN (rules/martian.md): `qqd1/qdp1/dpp1/4/4/1PPD/1PDQ/1DQQ w - - 0 1 0+0 - -`: board
// (upper case in South's zone, lower case in North's; either case is read), side to move,
// castling `-`, en passant `-`, halfmove clock (plies since the last capture), fullmove
// number, then 7. the scores `South+North`, 8. the banned move (`b5b4`) or `-`, 9. the
// clock: `-` while uncalled, else the capture-free plies still allowed (`0`: it ran out).
#pragma once

#include "geometry.h"
#include "move.h"

#include "engine/network_choice.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hq::martian {

// Clock states: uncalled, or the count of capture-free plies still allowed (7 .. 0).
constexpr int CLOCK_UNCALLED = -1;
constexpr int CLOCK_START = 7;
// Scores read from FEN are at most this; play adds at most the pips on the board.
constexpr int MAX_FEN_SCORE = 99;
constexpr int SCORE_KEYS = 256;

// Zobrist keys. A piece's key depends on its kind and square only (its owner follows
// from the square). The clock key index is clock + 1 (0: uncalled, which hashes as 0).
struct Zobrist {
    Key psq[KIND_NB][SQUARE_NB];
    Key side;
    Key score[COLOR_NB][SCORE_KEYS];
    Key banFrom[SQUARE_NB], banTo[SQUARE_NB];
    Key clock[CLOCK_START + 2];
    Key passed; // the last move was a pass (a second pass ends the game)
};
const Zobrist& zobrist();

// What do_move saves for undo_move. `key`, `score`, `clock`, `halfmove` and `reversible`
// are copied forward and updated; `ban`, `captured`, `merged` and `passed` are written
// fresh for every move.
struct StateInfo {
    Key key;
    int score[COLOR_NB];
    int clock;      // CLOCK_UNCALLED or 7..0
    int halfmove;   // plies since the last capture (FEN field 5)
    int reversible; // plies since the last move that no later position can undo
    Move ban;       // the move the side to move may not make (a rejection), or Move()
    Kind captured;  // taken by the move that led here
    Kind merged;    // the own piece the move merged with
    bool passed;    // the move that led here was a pass
};

// The outcome of a finished game by its rules, before it is turned into a result.
enum class End {
    NONE,
    ZONE_EMPTY, // a zone is empty after a move: higher score wins, a tie goes to the mover
    CLOCK,      // the called clock ran out: higher score wins, a tie is a draw
    REPETITION, // third occurrence of the position: as the clock
    PASSES      // two passes in a row: as the clock
};

class Position : public nnue::NetworkChoice {
public:
    static constexpr std::string_view StartFen
        = "qqd1/qdp1/dpp1/4/4/1PPD/1PDQ/1DQQ w - - 0 1 0+0 - -";

    Position();

    // Sets the position from FEN. On error returns the message and leaves *this as it was.
    std::optional<std::string> set_fen(std::string_view fen);
    [[nodiscard]] std::string fen() const;
    [[nodiscard]] std::string picture() const;

    // ---- Board queries --------------------------------------------------------------
    [[nodiscard]] Kind kind_on(Square s) const { return board[s]; }
    [[nodiscard]] bool empty(Square s) const { return board[s] == NO_KIND; }
    [[nodiscard]] Bitboard pieces() const { return occupied; }
    [[nodiscard]] Bitboard pieces(Kind k) const { return byKind[k]; }
    // The pieces colour c owns: those standing in its zone.
    [[nodiscard]] Bitboard pieces(Color c) const { return occupied & ZoneBB[c]; }
    [[nodiscard]] Bitboard pieces(Color c, Kind k) const { return byKind[k] & ZoneBB[c]; }
    // The pips standing in colour c's zone.
    [[nodiscard]] int zone_pips(Color c) const {
        return popcount(pieces(c, PAWN)) + 2 * popcount(pieces(c, DRONE))
            + 3 * popcount(pieces(c, QUEEN));
    }

    [[nodiscard]] Color side_to_move() const { return sideToMove; }
    [[nodiscard]] Key key() const { return st().key; }
    [[nodiscard]] int score(Color c) const { return st().score[c]; }
    [[nodiscard]] int clock() const { return st().clock; }
    [[nodiscard]] bool clock_called() const { return st().clock != CLOCK_UNCALLED; }
    [[nodiscard]] Move ban() const { return st().ban; }
    [[nodiscard]] int halfmove() const { return st().halfmove; }
    [[nodiscard]] int game_ply() const { return gamePly; }
    [[nodiscard]] int fullmove_number() const { return 1 + gamePly / 2; }
    // The last move was a pass.
    [[nodiscard]] bool last_was_pass() const { return st().passed; }
    // There is no check in Martian Chess.
    [[nodiscard]] bool in_check() const { return false; }

    // ---- Moves ----------------------------------------------------------------------
    void do_move(Move m);
    void undo_move(Move m);
    // The search never passes for free in this game (null_move_allowed is false); these
    // hand the move over without touching anything else, for completeness.
    void do_null_move();
    void undo_null_move();

    // The piece a move takes (an opponent's piece on its destination), or NO_KIND.
    [[nodiscard]] Kind captured_by(Move m) const {
        return m.is_pass() || !(ZoneBB[~sideToMove] & square_bb(m.to())) ? NO_KIND : board[m.to()];
    }
    [[nodiscard]] bool is_capture(Move m) const { return captured_by(m) != NO_KIND; }
    // `c3b4`, `c3b4*` with a clock call, `0000` for a pass.
    [[nodiscard]] std::string move_text(Move m) const;
    // The legal move this text names, if any.
    [[nodiscard]] std::optional<Move> parse_move(std::string_view text) const;

    // ---- The end of the game ----------------------------------------------------------
    // Over by the board alone: a zone is empty or the clock ran out. No move is legal.
    [[nodiscard]] bool board_over() const {
        return !pieces(WHITE) || !pieces(BLACK) || st().clock == 0;
    }
    // Why the game is over, judged on the position and the moves played since set_fen.
    // Repetition counts the third occurrence, or, inside the search (plyFromRoot > 0),
    // a second one since the root.
    [[nodiscard]] End end(int plyFromRoot = 0) const;
    // The winner of a game that ended so (COLOR_NB: a draw).
    [[nodiscard]] Color winner(End e) const;
    // The third occurrence (or, in the search, see `end`).
    [[nodiscard]] bool is_repetition(int plyFromRoot) const;

    // The key recomputed from scratch; equals key() whenever the position is consistent.
    [[nodiscard]] Key compute_key() const;

private:
    const StateInfo& st() const { return states.back(); }
    StateInfo& st() { return states.back(); }
    void put(Kind k, Square s);
    // set_fen's fields read into this position (an emptied copy) or into its state `s`,
    // or the reason they are wrong: the board (field 1) and the no-rejection ban (8).
    [[nodiscard]] std::optional<std::string> read_board(std::string_view field);
    [[nodiscard]] std::optional<std::string> read_ban(std::string_view field, StateInfo& s) const;
    void remove(Square s);
    // The key of the position for repetition: the key without the pass flag.
    [[nodiscard]] Key repetition_key(const StateInfo& s) const {
        return s.passed ? s.key ^ zobrist().passed : s.key;
    }

    Kind board[SQUARE_NB] = {};
    Bitboard byKind[KIND_NB] = {};
    Bitboard occupied = 0;
    Color sideToMove = WHITE;
    int gamePly = 0;
    // The undo stack: the last entry is the current state.
    std::vector<StateInfo> states;
};

} // namespace hq::martian
