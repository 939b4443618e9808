// SPDX-License-Identifier: GPL-3.0-or-later
// Ms. Chess as a Game and a SearchGame: the hooks the engine's templates call. The rules
// live in position.h (state, FEN, make/unmake), movegen.h (legal moves) and evaluate.h.
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

#include <string>
#include <vector>

namespace hq::mschess {

// The forwarded and network hooks come from the bases (variants/game_hooks.h).
struct MsChess
    : ForwardedHooks<Position, Move, MsMoveList, trace_weight_names, trace_weight_values>,
      NetworkHooks<nnue::Features, WdlFit, nnue::embedded_bytes> {
    // The woman's enhanced army in Betza notation, her letters upper case when she plays
    // White: king one step or two over an empty square, amazon, chancellor, archbishop,
    // knight + camel, and her pawn: a step forward, a double step from its start square,
    // a diagonal capture forward, never a promotion. (Her pawn's capture in passing and
    // Male Backlash are beyond Betza.) Her king's `iK` (a king step as its first move)
    // adds no move; it tells XBoard that this king does not castle: XBoard 4.9.1 takes any
    // king move of two files along a rank for castling and moves the nearest piece beyond
    // the king along, unless the king's description has an initial-move atom.
    static std::vector<std::string> betza_pieces(bool womanWhite) {
        auto l = [&](char c) { return womanWhite ? c : char(c - 'A' + 'a'); };
        return {std::string {l('K')} + " KnDnAiK", std::string {l('Q')} + " QN",
            std::string {l('R')} + " RN", std::string {l('B')} + " BN",
            std::string {l('N')} + " NC", std::string {l('P')} + " fmWfcFifmnD"};
    }
    // XBoard's piece-to-char table (22 piece types a side, the king's last): the chess
    // pieces in their usual slots, but the woman's pawn in the ferz's slot, since XBoard
    // promotes its own pawn type on the last rank, and hers never promotes (there she
    // stays, with no moves). The man's pawn is XBoard's pawn: it promotes.
    static std::string xboard_pieces(bool womanWhite) {
        std::string woman(22, '.'), man(22, '.');
        for (std::string* half : {&woman, &man}) {
            (*half)[1] = 'N';
            (*half)[2] = 'B';
            (*half)[3] = 'R';
            (*half)[4] = 'Q';
            (*half)[21] = 'K';
        }
        woman[5] = 'P';
        man[0] = 'P';
        auto lower = [](std::string h) {
            for (char& c : h) c = char(c == '.' ? c : c - 'A' + 'a');
            return h;
        };
        return womanWhite ? woman + lower(man) : man + lower(woman);
    }

    static constexpr GameHooks hooks = with_network(with_forwarded({.setVariant = true}));

    static Outcome adjudicate(const Position& pos) {
        return chess_verdict(pos, pos.bare_kings(), "Draw by insufficient material (bare kings)");
    }

    // ---- Search hooks ------------------------------------------------------------------
    // Captures (en passant and captures in passing included) and queen promotions: the
    // split generate<NOISY> / generate<QUIET> makes.
    static bool is_noisy(const Position& pos, Move m) {
        return m.kind() == PROMOTION ? m.promotion() == QUEEN : pos.is_capture(m);
    }

    // MVV-LVA with the pieces' values in their armies' forms; a promotion adds the value
    // of the (enhanced) piece it makes.
    static int noisy_order(const Position& pos, Move m) {
        const Color us = pos.side_to_move();
        int order = 0;
        if (Piece victim = pos.captured_by(m); victim != NO_PIECE)
            order += 16 * piece_value(pos.is_enhanced(~us), type_of(victim));
        if (m.kind() == PROMOTION) order += 16 * piece_value(true, m.promotion());
        return order - piece_value(pos.is_enhanced(us), type_of(pos.piece_on(m.from())));
    }

    // rule_value (ChessEndValues): the draws by repetition, 100 plies and bare kings.

    // Passing is sound enough while the side to move has a piece besides king and pawns
    // (zugzwang is then rare) and is not in check.
    static bool null_move_allowed(const Position& pos) {
        const Color us = pos.side_to_move();
        return (pos.pieces(us) ^ pos.pieces(us, KING, PAWN)) && !pos.in_check();
    }
};

static_assert(Game<MsChess>);
static_assert(SearchGame<MsChess>);

} // namespace hq::mschess
