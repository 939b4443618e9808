// SPDX-License-Identifier: GPL-3.0-or-later
// The positions `harlequin train` learns from: HQTD files (bench/training_data.h) of one
// game read into flat arrays, so that a batch reads each position's features without
// parsing. The header's input count and mirror table are all the trainer knows of the
// game: Black's perspective of feature f is mirror[f].
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <variant>
#include <vector>

namespace hq::trainer {

struct Dataset {
    std::string game;                  // the variant's registered name
    int inputs = 0;                    // the game's feature count
    std::vector<std::uint16_t> mirror; // [inputs]: Black's feature for White's
    std::vector<std::uint16_t> feats;  // every position's White-perspective features, in a row
    std::vector<std::uint64_t> start;  // [positions + 1]: where each position's features begin
    std::vector<std::uint8_t> black;   // [positions]: Black to move
    std::vector<float> score;          // [positions]: the search's score, White's view (cp)
    std::vector<float> result;         // [positions]: 0, 0.5 or 1 for White
    std::vector<std::uint8_t> pieces;  // [positions]: pieces on the board (empty: version 1)

    [[nodiscard]] std::size_t size() const { return black.size(); }
    [[nodiscard]] std::span<const std::uint16_t> features(std::size_t i) const {
        return {feats.data() + start[i], feats.data() + start[i + 1]};
    }
    // Keeps the first n positions only.
    void truncate(std::size_t n);
};

// Reads the files, all of one game, in order; or says which file is wrong and why (not
// HQTD, another game, a record cut short, a feature beyond the inputs).
[[nodiscard]] std::variant<Dataset, std::string> load_dataset(std::span<const std::string> paths);

} // namespace hq::trainer
