// SPDX-License-Identifier: GPL-3.0-or-later
// Syzygy endgame tables for chess, probed by Debian's Fathom (libfathom-dev): the chess
// side of the engine's table hooks (GameHooks::tables in engine/game.h).
//
// The tables are one set per process (Fathom keeps them in globals): loading another path
// replaces them for every engine. Before Fathom sees a folder, each file in it is checked
// (readable, the Syzygy size: 16 past a multiple of 64, the format's checksum block) and
// only the good ones are offered to it, through a private folder of links, so that a
// truncated file is named and left out instead of read past its end. Positions with
// castling rights are never probed (the tables have none), nor those after a move that
// kept the fifty-move counter (Fathom's WDL probe needs the counter at zero).
//
// A build without Fathom (HARLEQUIN_SYZYGY off) keeps the options and says so.
#pragma once

#include "engine/game.h"
#include "move.h"
#include "position.h"

#include <optional>
#include <string_view>

namespace hq::chess::syzygy {

// Loads the tables of `paths` (folders separated by ':'; empty or "<empty>": none). The
// same paths again change nothing. What was found, and each missing folder, unreadable or
// truncated file, is in the notice.
[[nodiscard]] TablesLoad load(std::string_view paths);
// The most pieces (kings included) of a loaded table; 0 when none is loaded.
[[nodiscard]] int largest();
// Whether this build can probe tables at all.
[[nodiscard]] bool available();

// The side to move's outcome: -2 loss, -1 a loss the fifty-move rule saves, 0 draw, 1 a win
// it spoils, 2 win. Nothing for castling rights, a fifty-move counter above zero, more
// pieces than the tables hold, or a table that is missing.
[[nodiscard]] std::optional<int> probe_wdl(const Position& pos);

// Every legal move ranked by distance to zeroing (DTZ tables; `exact`) or, where those are
// missing, by win/draw/loss. `rule50`: wins past the fifty-move rule count as draws.
[[nodiscard]] std::optional<TableRoot<Move>> rank_root(const Position& pos, bool rule50);

} // namespace hq::chess::syzygy
