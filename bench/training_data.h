// SPDX-License-Identifier: GPL-3.0-or-later
// Harlequin's binary training data (HQTD): what `harlequin datagen` writes when its output
// ends in .bin, and bench/nnue/train.py reads, for every game with network features
// (GameHooks::features). A position is the one perspective's active features (White's: the
// first player's), its search score and the game's result: 5 bytes plus 2 a feature, about
// 60 bytes a chess position and 40 a Martian one, where the text line takes 80 to 100.
//
// File, all little-endian:
//   header  "HQTD", u32 version = 2, u32 inputs (the game's FeatureSet::Inputs), char
//           game[16] (the variant's registered name, NUL-padded), u16 mirror[inputs] (the
//           feature Black's perspective has where White's has f: engine/nnue.h), so that a
//           reader needs to know nothing of the game;
//   records u8 count, u8 flags (bit 0: Black to move; bits 1-2: the result for White, 0 a
//           loss, 1 a draw, 2 a win), i16 score (centipawns, White's view), u8 pieces (on
//           the board, as the network counts them for its output bucket: the features
//           include extras such as Martian Chess's points, so the count is not theirs),
//           u16 features[count] (White's perspective, as nnue::active_features lists them).
// Version 1 had no pieces byte; the trainer still reads it (one output bucket only), and
// datagen refuses to append to it.
//
// `harlequin datagen -convert IN.txt -out OUT.bin -variant V` turns the text format
// (`FEN | score | result`) into this one, reading each FEN with the game's own reader; the
// trainer's `--dump` prints records back as text (features, not FENs: the format keeps what
// the network reads, not the whole position).
#pragma once

#include "engine/game_probe.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace hq::training {

constexpr std::uint32_t Version = 2;
constexpr int GameNameBytes = 16;

// The header of a file of `game`'s positions (probe: that game's).
[[nodiscard]] std::string header(std::string_view game, const GameProbe& probe);

// For appending to `path`: the header to write first (an empty or missing file), nothing
// (a file of the same game and inputs), or the reason the file cannot take these records.
struct AppendCheck {
    bool writeHeader = false;
    std::string error;
};
[[nodiscard]] AppendCheck check_for_append(
    const std::string& path, std::string_view game, const GameProbe& probe);

// Appends the record of the probe's position: White's score in centipawns (clamped to
// int16), the result for White (0, 0.5 or 1).
void append_record(std::string& out, const GameProbe& probe, int whiteScore, double whiteResult);

// Text (`FEN | score | result` lines) to binary, appended to `out`.
struct ConvertStats {
    std::int64_t positions = 0;
    std::string error; // the first bad line (with its number) or file; nothing then written
};
[[nodiscard]] ConvertStats convert_text(
    const std::string& in, const std::string& out, std::string_view game);

} // namespace hq::training
