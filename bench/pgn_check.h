// SPDX-License-Identifier: GPL-3.0-or-later
// Checks played games against the rules: each game of a PGN is replayed with its game's
// Referee (the Variant tag, chess when absent; the FEN tag), and
// - every move must be legal, and no move may follow the end of the game by the rules;
// - a game whose Termination is "normal" must end in the position's rule result (or a
//   resignation stated in the final comment), any other Termination in a position where
//   the rules had not ended the game;
// - a forfeit or an adjudication must score as its final comment says ("White loses on
//   time" is 0-1, "Black wins by adjudication" is 0-1, "Draw by adjudication" 1/2-1/2;
//   Martian Chess's South and North stand for White and Black);
// - PlyCount, when present, must count the moves.
// `harlequin match -checkpgn FILE` runs it on a match's output.
#pragma once

#include "protocol/pgn.h"

#include <string>
#include <vector>

namespace hq {

// The problems found, one message each ("game 3: illegal move 'Ke2' at ply 7"); empty
// when every game is consistent.
std::vector<std::string> check_games(const std::vector<PgnRecord>& games);

// `harlequin match -checkpgn FILE`: prints the problems and a summary; 0 when none.
int check_pgn_command(const std::string& file);

} // namespace hq
