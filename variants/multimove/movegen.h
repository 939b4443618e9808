// SPDX-License-Identifier: GPL-3.0-or-later
// Move generation for Multiple Move Chess.
//
// Two sets of moves matter. S, the single moves that rules 1-5 allow (the rules file's
// name): ordinary chess moves by pieces that are not frozen, captures only by pieces that
// have not moved this turn, never onto the enemy king, king steps onto attacked squares
// only when the king is attacked where it stands, en passant against the targets of the
// frame, castling by the ordinary rules. And the legal moves: a move of S that ends the
// turn (the N-th, or one after which S is empty) must leave the mover's king unattacked.
//
// For the N-th move of a turn every move ends it, so the generator works like standard
// chess's fully legal one (check mask and pins); for the others it generates S and drops
// the rare move after which nothing could move and the king stands attacked. Whether S is
// still non-empty after a move is settled without playing it in almost every case: a
// piece with two free squares next to it (a "witness") keeps a move whatever one other
// piece does, and a piece that made a quiet move may always move back.
#pragma once

#include "engine/gen_type.h"
#include "engine/movelist.h"
#include "position.h"

#include <cstdint>
#include <optional>

namespace hq::multimove {

// Single moves can exceed chess's legal maximum (pinned pieces move mid-turn).
using MoveList = hq::MoveList<Move, 512>;

// The legal single moves of the current frame: NOISY (captures and queen promotions, as
// in standard chess), QUIET (the rest) or LEGAL (both).
template <GenType T> void generate(const Position& pos, MoveList& list);
template <GenType T> void generate(const Position& pos, const Frame& f, MoveList& list);

// The number of legal single moves.
std::uint64_t count_legal(const Position& pos);
std::uint64_t count_legal(const Position& pos, const Frame& f);

// True when the move is a legal single move of the current frame.
bool is_legal(const Position& pos, Move m);

// S is not empty: the mover of frame f has a single move that rules 1-5 allow.
bool has_single_move(const Position& pos, const Frame& f);

// Whether the mover of frame f can finish the turn: some sequence of legal single moves
// ends it. Looks ahead over the rest of the turn, trying at most `budget` single moves;
// `remember` keeps a table of the positions seen, so that the turn's many transpositions
// are searched once (for exact verdicts). Nothing when the budget ran out.
std::optional<bool> can_finish_turn(
    const Position& pos, const Frame& f, std::uint64_t budget, bool remember);

} // namespace hq::multimove
