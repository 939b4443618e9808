// SPDX-License-Identifier: GPL-3.0-or-later
// The Ms. Chess position: the orthodox board (chess::Board, held by composition), the
// side-wide "enhanced" state of each army, castling for the unenhanced side only, en
// passant for the man after the woman's double step, clocks, and make/unmake with an
// incremental Zobrist key that covers all of it.
//
// FEN has a seventh field, the enhanced sides: `w`, `b` (the woman's colour, before Male
// Backlash) or `wb` (after it). A FEN without it takes the woman's colour of the variant
// name being played (set_variant).
#pragma once

#include "attacks.h"
#include "move.h"
#include "variants/chess/orthodox_position.h"

#include "engine/network_choice.h"

#include "engine/variant_spec.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hq::mschess {

// Castling as in standard chess (variants/chess/castling.h). Only the unenhanced side
// (the man before Male Backlash) ever holds any right.
using chess::CastlingRight;
using enum chess::CastlingRight;
using chess::castling_right;
using chess::color_castling;

// Enhanced sides as a bit set: bit c is set when colour c's army is enhanced.
constexpr int enhanced_bit(Color c) { return 1 << c; }
constexpr int BOTH_ENHANCED = 3;

// Zobrist keys: the standard chess keys for pieces, side, castling and en passant (shared
// with chess::Position), plus one key per set of enhanced sides.
struct Zobrist {
    Key enhanced[4];
};
const Zobrist& zobrist();

// What do_move saves for undo_move: the orthodox state (variants/chess/state_stack.h)
// and the enhanced sides, copied forward and then updated.
struct StateInfo : chess::StateCore<> {
    int enhanced = 0; // bit set of enhanced colours
};

class Position : public chess::OrthodoxPosition<StateInfo>, public nnue::NetworkChoice {
public:
    static constexpr std::string_view StartFen
        = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kq - 0 1 w";

    Position();

    // The variant being played: a FEN without field 7 then takes the woman's colour from
    // field 7 of the variant's start position.
    void set_variant(const VariantSpec& spec);
    // Sets the position from FEN. On error returns the message and leaves *this as it was.
    std::optional<std::string> set_fen(std::string_view fen);
    [[nodiscard]] std::string fen() const;
    [[nodiscard]] std::string picture() const;

    // The enhanced state: which armies move as enhanced pieces.
    [[nodiscard]] int enhanced_sides() const { return st->enhanced; }
    [[nodiscard]] bool is_enhanced(Color c) const { return st->enhanced & enhanced_bit(c); }
    // Male Backlash has happened (or the FEN says so): both armies are enhanced.
    [[nodiscard]] bool backlash_done() const { return st->enhanced == BOTH_ENHANCED; }

    // ---- Attacks --------------------------------------------------------------------
    // Pieces of colour c attacking s, each army moving as its enhanced state says.
    [[nodiscard]] Bitboard attackers_to(Square s, Color c, Bitboard occupied) const {
        return attackers_by(is_enhanced(c), brd, c, s, occupied);
    }
    [[nodiscard]] Bitboard attackers_to(Square s, Color c) const {
        return attackers_to(s, c, pieces());
    }
    [[nodiscard]] Bitboard checkers() const {
        return attackers_to(king_square(sideToMove), ~sideToMove, pieces());
    }
    [[nodiscard]] bool in_check() const { return checkers() != 0; }
    // Every square colour c attacks (for evaluation and tests).
    [[nodiscard]] Bitboard attacks_of(Color c) const;

    // ---- Moves ------------------------------------------------------------------------
    void do_move(Move m);
    void undo_move(Move m);
    void do_null_move() { do_null_move_with(chess::zobrist().side, chess::zobrist().enpassant); }
    // The piece the move takes (on its victim square for a capture in passing, the pawn
    // for en passant), or NO_PIECE.
    [[nodiscard]] Piece captured_by(Move m) const;
    [[nodiscard]] bool is_capture(Move m) const { return captured_by(m) != NO_PIECE; }
    // UCI long algebraic text; a capture in passing is written as two legs, `e2d3,d3e3`.
    [[nodiscard]] std::string move_text(Move m) const;
    // The legal move this text names, if any. Castling reads as `e1g1` or `e1h1`.
    [[nodiscard]] std::optional<Move> parse_move(std::string_view text) const;

    // ---- Rules of the game's end -----------------------------------------------------
    // Draw by the fifty-move rule, bare kings or repetition (see is_repetition).
    [[nodiscard]] bool is_draw(int plyFromRoot) const {
        return fifty_move_draw() || bare_kings() || is_repetition(plyFromRoot);
    }
    // 100 plies without capture or pawn move, unless the last of them mated.
    [[nodiscard]] bool fifty_move_draw() const;
    // Only the two kings are left (the one material draw of Ms. Chess).
    [[nodiscard]] bool bare_kings() const { return pieces() == pieces(KING); }

    // The key recomputed from scratch; equals key() whenever the position is consistent.
    [[nodiscard]] Key compute_key() const;

private:
    int defaultEnhanced = enhanced_bit(WHITE); // field 7 when a FEN omits it
};

} // namespace hq::mschess
