// SPDX-License-Identifier: GPL-3.0-or-later
// Standard chess and Chess960: the position (board, castling, en passant, clocks), FEN in
// and out, make/unmake with an incremental Zobrist key, and the attack queries that move
// generation and the search need.
#pragma once

#include "move.h"
#include "orthodox_position.h"

#include "engine/network_choice.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hq::chess {

// What do_move saves for undo_move: the orthodox state (state_stack.h) and nothing more.
using StateInfo = StateCore<>;

class Position : public OrthodoxPosition<StateInfo>, public nnue::NetworkChoice {
public:
    static constexpr std::string_view StartFen
        = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    Position();

    // Sets the position from FEN. On error returns the message and leaves *this as it was.
    // `chess960` reads castling rights of kings and rooks anywhere on the first rank (else
    // only from e1/e8 with the corner rooks, docs/rules.md) and selects king-takes-rook
    // castling notation and Shredder FEN output. Without it, the position's own setting
    // (set_chess960; off for a new position).
    std::optional<std::string> set_fen(std::string_view fen, bool chess960);
    std::optional<std::string> set_fen(std::string_view fen) { return set_fen(fen, chess960); }
    [[nodiscard]] std::string fen() const;
    [[nodiscard]] std::string picture() const;

    [[nodiscard]] bool is_chess960() const { return chess960; }
    void set_chess960(bool on) { chess960 = on; }

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
    void do_null_move() { do_null_move_with(zobrist().side, zobrist().enpassant); }
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

    // The key recomputed from scratch; equals key() whenever the position is consistent.
    [[nodiscard]] Key compute_key() const;

private:
    void set_ep_if_capturable(Square target);

    bool chess960 = false;
};

} // namespace hq::chess
