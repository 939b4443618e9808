// SPDX-License-Identifier: GPL-3.0-or-later
// Pieces of algebraic notation shared by the games with chess pieces (docs/rules.md,
// "Notation"): the least disambiguation that tells a move apart from the other legal moves
// of the same kind of piece to the same square, as SAN does.
#pragma once

#include "types.h"

#include <string>

namespace hq {

// `rival(o)`: whether the legal move o is another move of a piece of the same kind as m's to
// the same square. Gives "" when there is none, else the from file if it tells them apart,
// else the from rank, else the whole from square.
template <typename List, typename M, typename Rival>
std::string disambiguation(const List& legal, M m, Rival&& rival) {
    bool clash = false, sameFile = false, sameRank = false;
    for (auto o : legal) {
        if (o == m || o.from() == m.from() || !rival(o)) continue;
        clash = true;
        sameFile |= file_of(o.from()) == file_of(m.from());
        sameRank |= rank_of(o.from()) == rank_of(m.from());
    }
    if (!clash) return {};
    if (!sameFile) return std::string(1, char('a' + file_of(m.from())));
    if (!sameRank) return std::string(1, char('1' + rank_of(m.from())));
    return square_name(m.from());
}

} // namespace hq
