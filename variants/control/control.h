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
#include "variants/game_hooks.h"
#include "wdl.h"

namespace hq::control {

// The forwarded and network hooks come from the bases (variants/game_hooks.h).
struct ControlChess
    : ForwardedHooks<Position, Move, MoveList, trace_weight_names, trace_weight_values>,
      NetworkHooks<nnue::Features, WdlFit, nnue::embedded_bytes> {
    // Why XBoard cannot play Control Chess: its pieces have six colours and a player moves
    // those of every colour they control, which changes during the game, while XBoard
    // gives every piece to one of two sides for good (and has no letters for six armies).
    static constexpr const char* XBoardUnplayable
        = "its pieces have six colours and a player moves those of every colour they "
          "control, while XBoard gives every piece to one of two sides for good";

    static constexpr GameHooks hooks = with_network(with_forwarded({}));

    // Mate (no legal move, queen rescue included, while in check) loses; stalemate,
    // fifty moves, bare kings and threefold repetition draw.
    static Outcome adjudicate(const Position& pos) {
        return chess_verdict(pos, pos.bare_kings(), "Draw by insufficient material (bare kings)");
    }

    // ---- Search hooks ------------------------------------------------------------------
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

    // rule_value (ChessEndValues): the draws by repetition, 100 plies and bare kings.

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
