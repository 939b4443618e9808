// SPDX-License-Identifier: GPL-3.0-or-later
// Multiple Move Chess (Westmont rules) as a Game and SearchGame: the hooks the engine's
// templates call. A "move" here is one single move; the side to move changes only when a
// turn ends (`alternating` is false), and the search negates only then.
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

namespace hq::multimove {

// The forwarded and network hooks come from the bases (variants/game_hooks.h).
struct MultiMove
    : ForwardedHooks<Position, Move, MoveList, trace_weight_names, trace_weight_values>,
      FeatureHooks<nnue::Features, WdlFit> { // inputs for training data; no network yet
    static constexpr bool alternating = false;
    static constexpr GameHooks hooks = with_network(
        with_forwarded({.setVariant = true, .setChess960 = true, .movesPerTurn = true}));

    // Single moves the turn look-ahead may try: inside the search (past it the search
    // finds out by itself), and for the referee's verdict (exact in any real game; past it
    // the game goes on, and a player who then cannot finish the turn loses).
    static constexpr std::uint64_t SearchLookAhead = 4'000;
    static constexpr std::uint64_t RefereeLookAhead = 5'000'000;

    // The referee's verdict. Mate and stalemate are decided exactly at the start of a
    // turn (a look-ahead over the turn's single moves); in the middle of a turn a player
    // who has no legal single move made a move without a continuation and loses.
    static Outcome adjudicate(const Position& pos) {
        const bool white = pos.side_to_move() == WHITE;
        const Result moverLoses = white ? Result::BLACK_WINS : Result::WHITE_WINS;
        if (!pos.turn_start()) {
            if (multimove::count_legal(pos) > 0) return {};
            return {moverLoses,
                white ? "White cannot finish the turn" : "Black cannot finish the turn"};
        }
        if (!can_finish_turn(pos, pos.frame(), RefereeLookAhead, true).value_or(true)) {
            return mate_or_stalemate(white, pos.in_check());
        }
        return orthodox_draw(
            pos, pos.fifty_move_limit(), pos.bare_kings(), "Draw by insufficient material");
    }

    // ---- Search hooks -------------------------------------------------------------------
    // Captures and queen promotions, as the generator splits them (under-promotions, even
    // capturing ones, are quiet).
    static bool is_noisy(const Position& pos, Move m) {
        if (m.kind() == chess::PROMOTION) return m.promotion() == QUEEN;
        return pos.is_capture(m);
    }
    // Most valuable victim first, then least valuable attacker.
    static int noisy_order(const Position& pos, Move m) {
        PieceType victim = m.kind() == chess::EN_PASSANT ? PAWN : type_of(pos.piece_on(m.to()));
        PieceType attacker = type_of(pos.piece_on(m.from()));
        int promo = m.kind() == chess::PROMOTION ? piece_value(m.promotion()) : 0;
        return 8 * piece_value(victim) + promo - int(attacker);
    }

    // Decided without a move list. At a turn start: repetition of turn-start positions and
    // bare kings; then, anywhere, a line that can no longer finish the turn, found by the
    // budgeted look-ahead (at a turn start mate when in check, stalemate otherwise; in the
    // middle of a turn lost for the mover, so the search, quiescence included, never
    // chooses a move without a legal continuation); then the fifty-turn rule.
    static std::optional<Value> rule_value(const Position& pos, int ply) {
        if (pos.turn_start() && (pos.is_repetition(ply) || pos.bare_kings())) return VALUE_DRAW;
        auto finishes = can_finish_turn(pos, pos.frame(), SearchLookAhead, false);
        if (finishes && !*finishes)
            return pos.turn_start() && !pos.in_check() ? VALUE_DRAW : mated_in(ply);
        if (pos.fifty_move_limit()) return VALUE_DRAW;
        return std::nullopt;
    }
    // No legal single move: in the middle of a turn the line cannot finish the turn and is
    // lost for the mover (so the search never chooses a move into it); at the start of a
    // turn it is checkmate or stalemate.
    static Value no_moves_value(const Position& pos, int ply) {
        if (!pos.turn_start() || pos.in_check()) return mated_in(ply);
        return VALUE_DRAW;
    }
    // A null move passes the whole rest of the turn: allowed at a turn start, out of check,
    // with pieces besides pawns (passing N moves is almost never better than moving).
    static bool null_move_allowed(const Position& pos) {
        Color us = pos.side_to_move();
        return pos.turn_start() && !pos.in_check() && pos.pieces(us) != pos.pieces(us, PAWN, KING);
    }
};

static_assert(Game<MultiMove>);
static_assert(SearchGame<MultiMove>);

} // namespace hq::multimove
