// SPDX-License-Identifier: GPL-3.0-or-later
// Standard chess (and Chess960) as a Game: the hooks the engine's templates call.
#pragma once

#include "engine/game.h"
#include "engine/score.h"
#include "evaluate.h"
#include "movegen.h"
#include "nnue.h"
#include "notation.h"
#include "position.h"
#include "syzygy.h"
#include "variants/game_hooks.h"
#include "wdl.h"

namespace hq::chess {

// The forwarded and network hooks come from the bases (variants/game_hooks.h).
struct Chess
    : ForwardedHooks<Position, Move, ChessMoveList, trace_weight_names, trace_weight_values>,
      NetworkHooks<nnue::Features, WdlFit, nnue::embedded_bytes> {
    static constexpr GameHooks hooks = with_network(with_forwarded({.see = true,
        .noisyGain = true,
        .setChess960 = true,
        .correction = true,
        .captureHistoryDivisor = 32,
        .tables = true}));

    // ---- Search hooks ----------------------------------------------------------------
    static bool is_noisy(const Position& pos, Move m) {
        return m.kind() == PROMOTION ? m.promotion() == QUEEN : pos.is_capture(m);
    }
    // Most valuable victim first, then least valuable attacker.
    static int noisy_order(const Position& pos, Move m) {
        PieceType victim = m.kind() == EN_PASSANT ? PAWN : type_of(pos.piece_on(m.to()));
        int promo = m.kind() == PROMOTION ? PieceValue[m.promotion()] : 0;
        return 8 * (PieceValue[victim] + promo) - PieceValue[type_of(pos.piece_on(m.from()))] / 10;
    }
    // The material a noisy move wins at most (for delta pruning).
    static Value noisy_gain(const Position& pos, Move m) {
        PieceType victim = m.kind() == EN_PASSANT ? PAWN : type_of(pos.piece_on(m.to()));
        return PieceValue[victim]
            + (m.kind() == PROMOTION ? PieceValue[m.promotion()] - PieceValue[PAWN] : 0);
    }
    static bool see_ge(const Position& pos, Move m, Value threshold) {
        return chess::see_ge(pos, m, threshold);
    }
    // The pawns of both sides: the evaluation's errors follow the pawn structure.
    static std::uint64_t correction_key(const Position& pos) {
        return pos.pieces(WHITE, PAWN) * 0xD6E8FEB86659FD93ULL
            ^ (pos.pieces(BLACK, PAWN) + 0x9E3779B97F4A7C15ULL) * 0xA0761D6478BD642FULL;
    }
    // Passing is unsound in zugzwang, which is common only with pawns and king alone.
    static bool null_move_allowed(const Position& pos) {
        return pos.pieces(pos.side_to_move(), KNIGHT, BISHOP, ROOK, QUEEN) != 0;
    }

    static Outcome adjudicate(const Position& pos) {
        return chess_verdict(pos, pos.has_insufficient_material(), "Draw by insufficient material");
    }

    // Syzygy endgame tables (syzygy.h).
    static TablesLoad tables_load(std::string_view paths) { return syzygy::load(paths); }
    static int tables_largest() { return syzygy::largest(); }
    static int table_pieces(const Position& pos) { return popcount(pos.pieces()); }
    static std::optional<int> table_wdl(const Position& pos) { return syzygy::probe_wdl(pos); }
    static std::optional<TableRoot<Move>> table_root(const Position& pos, bool rule50) {
        return syzygy::rank_root(pos, rule50);
    }
};

static_assert(SearchGame<Chess>);

} // namespace hq::chess
