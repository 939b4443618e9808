// SPDX-License-Identifier: GPL-3.0-or-later
// `harlequin tune-export`: the evaluation's trace of every position of a datagen file, for
// the tuner (bench/tune/tune.py; docs/tuning.md).
//
//   harlequin tune-export -variant NAME -in FILE[,FILE...] -out PREFIX [-limit N]
//
// Reads `FEN | score | result` lines (bench/datagen.h) and writes three files:
//   PREFIX.weights  one line per weight of the game's weights header: `name mg eg`.
//   PREFIX.pos      per position, 24 bytes little-endian: float32 result, score (White's
//                   view, as in the input), scale, fixed (the untuned terms, tapered,
//                   White's view), uint32 first, count (its entries in PREFIX.ent).
//   PREFIX.ent      per entry, 8 bytes: uint32 column, float32 coefficient. Column 2w is
//                   weight w's middlegame value, 2w+1 its endgame value; the coefficient
//                   includes the taper (phase / maxPhase or its complement).
// So the evaluation of a position, White's view, is scale * (sum coefficient * theta[column]
// + fixed), up to the evaluation's integer rounding; the command checks that against the
// evaluation itself and prints the largest difference.
#pragma once

#include <string>
#include <vector>

namespace hq {

int tune_export_command(const std::vector<std::string>& args);

} // namespace hq
