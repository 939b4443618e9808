// SPDX-License-Identifier: GPL-3.0-or-later
// Control Chess as a Game and a SearchGame: the hooks the engine's templates call. The
// rules live in pieces.h (colours, coloured squares), position.h (state, control, pool,
// FEN, make/unmake), movegen.h (legal moves) and evaluate.h.
#pragma once

#include "display.h"
#include "engine/game.h"
#include "engine/score.h"
#include "evaluate.h"
#include "movegen.h"
#include "nnue.h"
#include "notation.h"
#include "position.h"
#include "wdl.h"

#include <optional>

namespace hq::control {

struct ControlChess {
    // Why XBoard cannot play Control Chess: its pieces have six colours and a player moves
    // those of every colour they control, which changes during the game, while XBoard
    // gives every piece to one of two sides for good (and has no letters for six armies).
    static constexpr const char* XBoardUnplayable
        = "its pieces have six colours and a player moves those of every colour they "
          "control, while XBoard gives every piece to one of two sides for good";

    using Position = control::Position;
    using Move = control::Move;
    using MoveList = control::MoveList;
    static constexpr bool alternating = true;
    static constexpr GameHooks hooks = {.san = true,
        .useNnue = true,
        .features = true,
        .display = true,
        .trace = true,
        .wdl = true};
    static constexpr WdlModel wdlModel = WdlFit; // wdl.h
    using Features = nnue::Features;
    static const hq::nnue::Network& network() { return nnue::embedded(); }

    static void generate_legal(const Position& pos, MoveList& list) { generate<LEGAL>(pos, list); }
    static std::uint64_t count_legal(const Position& pos) { return control::count_legal(pos); }

    // The position for a GUI (display.h).
    static BoardDisplay display(const Position& pos) { return control::display(pos); }
    // Algebraic notation for the move list and PGN (notation.h).
    static std::string san(const Position& pos, Move m) { return control::san(pos, m); }

    // Mate (no legal move, queen rescue included, while in check) loses; stalemate,
    // fifty moves, bare kings and threefold repetition draw.
    static Outcome adjudicate(const Position& pos) {
        if (control::count_legal(pos) == 0)
            return mate_or_stalemate(pos.side_to_move() == WHITE, pos.in_check());
        return orthodox_draw(pos, pos.fifty_move_draw(), pos.bare_kings(),
            "Draw by insufficient material (bare kings)");
    }

    // ---- Search hooks ------------------------------------------------------------------
    static void generate_noisy(const Position& pos, MoveList& list) { generate<NOISY>(pos, list); }
    static void generate_quiet(const Position& pos, MoveList& list) { generate<QUIET>(pos, list); }

    // Captures (en passant included) and promotions to a queen: generate<NOISY>'s split.
    static bool is_noisy(const Position& pos, Move m) {
        return pos.is_capture(m) || (m.kind() == PROMOTION && m.promotion_type() == QUEEN);
    }

    // MVV-LVA; a promotion adds the value of the pool piece it brings.
    static int noisy_order(const Position& pos, Move m) {
        int order = 0;
        if (Piece victim = pos.captured_by(m); victim != NO_PIECE)
            order += 16 * PieceValue[type_of(victim)];
        if (m.kind() == PROMOTION) order += 16 * PieceValue[m.promotion_type()];
        return order - PieceValue[type_of(pos.piece_on(m.from()))];
    }

    static bool is_legal(const Position& pos, Move m) { return control::is_legal(pos, m); }
    static Value evaluate(const Position& pos) { return control::evaluate(pos); }
    // Tuning hooks (engine/eval_trace.h).
    static std::vector<std::string> trace_weight_names() { return control::trace_weight_names(); }
    static std::vector<int> trace_weight_values() { return control::trace_weight_values(); }
    static void trace(const Position& pos, EvalTrace& t) { control::trace(pos, t); }

    // Draws that need no move list: repetition, 100 plies, bare kings.
    static std::optional<Value> rule_value(const Position& pos, int plyFromRoot) {
        if (pos.is_draw(plyFromRoot)) return VALUE_DRAW;
        return std::nullopt;
    }
    static Value no_moves_value(const Position& pos, int plyFromRoot) {
        return pos.in_check() ? mated_in(plyFromRoot) : VALUE_DRAW;
    }
    // Passing is sound enough while the mover controls a piece besides king and pawns and
    // is not in check.
    static bool null_move_allowed(const Position& pos) {
        const Color us = pos.side_to_move();
        return (pos.movable(us) & ~pos.pieces(KING, PAWN)) && !pos.in_check();
    }
};

static_assert(Game<ControlChess>);
static_assert(SearchGame<ControlChess>);

} // namespace hq::control
