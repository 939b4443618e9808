// SPDX-License-Identifier: GPL-3.0-or-later
// FEN's first field for the games on chess's 8x8 board (standard chess, Control Chess):
// the ranks from the 8th down, '/' between them, a digit for that many empty squares.
// Each game reads its own piece letters.
#pragma once

#include "engine/types.h"

#include <cstddef>
#include <fmt/format.h>
#include <optional>
#include <string>
#include <string_view>

namespace hq::chess {

// Walks the board field: `piece(i, sq)` reads the piece whose letters start at field[i],
// moves i to its last letter and puts the piece on sq, or says what is wrong with it.
// Nothing when the field is whole, else what is wrong.
template <typename ReadPiece>
std::optional<std::string> read_board_field(std::string_view field, ReadPiece&& piece) {
    int rank = 7, file = 0;
    for (std::size_t i = 0; i < field.size(); ++i) {
        const char c = field[i];
        if (c == '/') {
            if (file != 8) return fmt::format("rank {} does not have 8 squares", rank + 1);
            if (--rank < 0) return std::string("the board has more than 8 ranks");
            file = 0;
        } else if (c >= '1' && c <= '8') {
            file += c - '0';
            if (file > 8) return fmt::format("rank {} has more than 8 squares", rank + 1);
        } else {
            if (file >= 8) return fmt::format("rank {} has more than 8 squares", rank + 1);
            if (auto err = piece(i, make_square(File(file), Rank(rank)))) return err;
            ++file;
        }
    }
    if (rank != 0 || file != 8) return std::string("the board must have 8 ranks of 8 squares");
    return std::nullopt;
}

} // namespace hq::chess
