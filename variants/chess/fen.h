// SPDX-License-Identifier: GPL-3.0-or-later
// Small FEN-reading helpers shared by every game: splitting a FEN into fields and reading
// its whole-number fields.
#pragma once

#include "engine/text.h"

#include <cctype>
#include <charconv>
#include <optional>
#include <string_view>
#include <vector>

namespace hq::chess {

// The whitespace-separated fields of a FEN (views into `s`).
inline std::vector<std::string_view> split_fen_fields(std::string_view s) { return split_views(s); }

// The largest halfmove clock or fullmove number a FEN may give: far beyond any game, and
// small enough that counting on from it (ply = 2 * (fullmove - 1), ++halfmove) cannot
// overflow an int.
constexpr int MAX_FEN_COUNT = 100000;

// A halfmove clock or fullmove number as a FEN writes it: a game that counted on past
// MAX_FEN_COUNT (from a FEN near the limit) writes the limit, so its FEN reads back.
[[nodiscard]] constexpr int fen_count(int n) { return n < MAX_FEN_COUNT ? n : MAX_FEN_COUNT; }

// A whole field as a number from 0 to MAX_FEN_COUNT, or nothing.
inline std::optional<int> parse_fen_number(std::string_view t) {
    int v = 0;
    auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    if (ec != std::errc() || p != t.data() + t.size() || v < 0 || v > MAX_FEN_COUNT)
        return std::nullopt;
    return v;
}

} // namespace hq::chess
