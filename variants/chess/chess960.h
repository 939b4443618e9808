// SPDX-License-Identifier: GPL-3.0-or-later
// The 960 start positions of Chess960, numbered as Scharnagl numbered them (and lichess
// shows them): 518 is the standard array.
#pragma once

#include <string>

namespace hq::chess {

constexpr int Chess960Starts = 960;
constexpr int StandardChess960Number = 518;

// White's back rank of start `n` (0-959), a to h: "RNBQKBNR" for 518. The number's digits
// in bases 4, 4, 6 and 10 place the light-squared bishop (b, d, f, h), the dark-squared
// bishop (a, c, e, g), the queen on the sixth of the free squares, and the knights on one
// of the ten pairs of the five left; the rook, king and rook fill the last three in order.
[[nodiscard]] std::string chess960_back_rank(int n);

// Start `n` as a Shredder FEN (castling field named by the rooks' files, e.g. "HAha").
[[nodiscard]] std::string chess960_start_fen(int n);
// Double Fischer Random: White's back rank from start `white`, Black's from `black`.
[[nodiscard]] std::string chess960_start_fen(int white, int black);

} // namespace hq::chess
