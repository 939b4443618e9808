// SPDX-License-Identifier: GPL-3.0-or-later
// Legal move generation for standard chess and Chess960.
//
// The generator is fully legal: it computes the checkers, the check mask and the pinned
// pieces once, then lets each piece move only where it neither leaves its king in check
// nor breaks its pin. Moves go to a "sink": a list writer for search and perft, or a
// counter that adds up target-set popcounts without writing any move (perft's last ply).
// One generator body serves both, so what is counted is exactly what is generated.
#pragma once

#include "engine/gen_type.h"
#include "engine/movelist.h"
#include "position.h"

#include <cstdint>

namespace hq::chess {

using ChessMoveList = MoveList<Move, 256>;

// NOISY: captures (including en passant) and queen promotions; QUIET: everything else,
// quiet moves, castling and under-promotions; LEGAL: both.
template <GenType T> void generate(const Position& pos, ChessMoveList& list);

// The number of legal moves, without generating them.
std::uint64_t count_legal(const Position& pos);

// True when the move is legal in the position (used to validate TT and killer moves).
bool is_legal(const Position& pos, Move m);

} // namespace hq::chess
