// SPDX-License-Identifier: GPL-3.0-or-later
// Martian Chess as a Game and a SearchGame: the hooks the engine's templates call. The
// rules live in position.h (state, FEN, make/unmake, the end of the game), movegen.h
// (legal moves) and evaluate.h.
#pragma once

#include "display.h"
#include "engine/game.h"
#include "engine/score.h"
#include "evaluate.h"
#include "movegen.h"
#include "nnue.h"
#include "position.h"
#include "variants/game_hooks.h"
#include "wdl.h"

#include <algorithm>
#include <fmt/format.h>
#include <optional>
#include <string>
#include <vector>

namespace hq::martian {

// The forwarded and network hooks come from the bases (variants/game_hooks.h).
struct Martian
    : ForwardedHooks<Position, Move, MartianMoveList, trace_weight_names, trace_weight_values>,
      NetworkHooks<nnue::Features, WdlFit, nnue::embedded_bytes> {
    // Why XBoard cannot play Martian Chess (tried with XBoard 4.9.1): XBoard gives every
    // piece to one of its two sides for good, while a Martian piece belongs to whoever's
    // zone it stands in; after a piece crosses the canal its new owner's move is refused
    // even with legality testing off ("Forfeit due to invalid move"). XBoard also drops
    // the `*` of a clock call when it relays a move.
    static constexpr const char* XBoardUnplayable
        = "a piece belongs to whoever's zone it stands in, while XBoard gives every piece to "
          "one side for good (it refuses the new owner's move of a piece that crossed the "
          "canal) and drops the * of a clock call";

    static constexpr GameHooks hooks
        = with_network(with_forwarded({.san = true, .searchSkips = true})); // san: below

    // The referee's verdict: the end by the board (a zone empty, the clock run out), two
    // passes in a row, or the third occurrence of the position; the result by points.
    static Outcome adjudicate(const Position& pos) {
        End e = pos.end(0);
        if (e == End::NONE) return {};
        const char* why = e == End::ZONE_EMPTY
            ? (pos.pieces(WHITE) ? "North's zone is empty" : "South's zone is empty")
            : e == End::CLOCK  ? "the clock ran out"
            : e == End::PASSES ? "two passes in a row"
                               : "3-fold repetition";
        const int south = pos.score(WHITE), north = pos.score(BLACK);
        const Color w = pos.winner(e);
        if (w == COLOR_NB)
            return {Result::DRAW, fmt::format("Draw on points {}-{} ({})", south, north, why)};
        const Result r = w == WHITE ? Result::WHITE_WINS : Result::BLACK_WINS;
        const char* name = w == WHITE ? "South" : "North";
        if (south == north)
            return {
                r, fmt::format("{} wins as the last mover at {}-{} ({})", name, south, north, why)};
        return {r, fmt::format("{} wins on points {}-{} ({})", name, south, north, why)};
    }

    // ---- Search hooks ------------------------------------------------------------------
    // Captures that do not call the clock (the split generate<NOISY> makes).
    static bool is_noisy(const Position& pos, Move m) {
        return !m.calls_clock() && pos.is_capture(m);
    }
    // Most pips taken first, then the cheapest capturing piece (it changes hands).
    static int noisy_order(const Position& pos, Move m) {
        return 16 * pips(pos.captured_by(m)) - pips(pos.kind_on(m.from()));
    }
    // The search calls the clock only when the mover leads once the move is made: a
    // call with the scores level or behind offers the opponent a quick draw or win (a
    // called clock ends an even game in seven quiet plies), and searched as free it
    // ended many games the engine could still win (docs/log/strength.md). After LongQuiet
    // plies without a capture a level call is searched too (see draw_contempt).
    static bool search_skips(const Position& pos, Move m) {
        if (!m.calls_clock()) return false;
        const Color us = pos.side_to_move();
        const int after = pos.score(us) + pips(pos.captured_by(m));
        return after < pos.score(~us) || (after == pos.score(~us) && pos.halfmove() < LongQuiet);
    }

    // A finished game is worth a mate at this ply to the winner (faster wins are better,
    // slower losses less bad). A draw is worth draw_contempt() less than nothing to the
    // side that searches (the root's side to move: turns alternate, so it is on move at
    // even plies): otherwise an even game is ended at once by calling the clock, since a
    // sure 0 beats any position the evaluation finds a little worse. The contempt grows
    // with the pips still on the board: early on a draw gives up a whole game (the search
    // took a one-point lead, called the clock and let the depth-1 side level it, rather
    // than play on from a position it scored -0.5), late it gives up little
    // (docs/log/strength.md, session 10).
    // Martian Chess has no fifty-move rule: two engines that each scored a draw below
    // their own position, and never searched a level call, once moved four queens about
    // for 6,646 plies without a capture (docs/log/tuning.md, Martian step 8). So the contempt
    // fades from LongQuiet / 2 plies without a capture to none at LongQuiet, where a level
    // call is searched as well: the side that finds itself worse then calls the clock or
    // repeats, and the game ends.
    static constexpr Value DrawContempt = 30;
    static constexpr Value DrawContemptPerPip = 3;
    static constexpr int LongQuiet = 100;
    // Games between two engines that both avoid a draw can still go on for as long as
    // they avoid a third repetition: `harlequin match` draws them after this many moves of
    // each side unless -maxmoves says otherwise (BenchCatalog::matchMaxMoves, set by the
    // registry entry); a game between Harlequins lasts about 43 plies (docs/log/strength.md).
    static constexpr int MatchMaxMoves = 500;
    static Value draw_contempt(const Position& pos) {
        const int onBoard = pos.zone_pips(WHITE) + pos.zone_pips(BLACK);
        const int left = std::clamp(LongQuiet - pos.halfmove(), 0, LongQuiet / 2);
        return (DrawContempt + DrawContemptPerPip * onBoard) * left / (LongQuiet / 2);
    }
    static Value draw_value(const Position& pos, int ply) {
        return ply % 2 == 0 ? -draw_contempt(pos) : draw_contempt(pos);
    }
    static Value end_value(const Position& pos, End e, int ply) {
        const Color w = pos.winner(e);
        if (w == COLOR_NB) return draw_value(pos, ply);
        return w == pos.side_to_move() ? mate_in(ply) : mated_in(ply);
    }
    static std::optional<Value> rule_value(const Position& pos, int ply) {
        End e = pos.end(ply);
        if (e == End::NONE) return std::nullopt;
        return end_value(pos, e, ply);
    }
    // No legal move happens only once the game is over on the board (a player who cannot
    // move passes).
    static Value no_moves_value(const Position& pos, int ply) {
        End e = pos.end(ply);
        return e == End::NONE ? draw_value(pos, ply) : end_value(pos, e, ply);
    }
    // A pass is a real move here, legal only without any other: a free pass in the search
    // would misjudge the many positions where moving is a burden (every move may hand a
    // piece to the opponent).
    static bool null_move_allowed(const Position&) { return false; }

    // PGN: the move text, and `--` (PGN's null move) for a pass, since a PGN reader takes
    // `0000` for a move number.
    static std::string san(const Position& pos, Move m) {
        return m.is_pass() ? std::string("--") : pos.move_text(m);
    }
};

static_assert(Game<Martian>);
static_assert(SearchGame<Martian>);

} // namespace hq::martian
