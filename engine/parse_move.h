// SPDX-License-Identifier: GPL-3.0-or-later
// Reading a move's text as each game's Position::parse_move does: the legal move whose
// text it is, found among the game's legal moves (its generate<LEGAL>, found in the
// namespace of its Position).
#pragma once

#include "gen_type.h"

#include <optional>
#include <string_view>

namespace hq {

// The legal move of `pos` that `text` names: the one pos.move_text writes so, else one
// that `alsoWritten(m)` accepts (a game's other spellings, such as castling written as
// king takes rook). Nothing when no legal move is written so.
template <typename List, typename P, typename Also>
std::optional<typename List::value_type> legal_move_named(
    const P& pos, std::string_view text, Also&& alsoWritten) {
    List legal;
    generate<LEGAL>(pos, legal);
    for (auto m : legal)
        if (pos.move_text(m) == text) return m;
    for (auto m : legal)
        if (alsoWritten(m)) return m;
    return std::nullopt;
}

template <typename List, typename P>
std::optional<typename List::value_type> legal_move_named(const P& pos, std::string_view text) {
    return legal_move_named<List>(pos, text, [](const auto&) { return false; });
}

} // namespace hq
