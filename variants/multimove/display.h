// SPDX-License-Identifier: GPL-3.0-or-later
// Multiple Move Chess for a GUI (engine/display.h): the chess board with the marks of the
// turn under way (pieces that moved, pieces that may not move again, a checked king), and
// how many single moves the turn has left.
#pragma once

#include "engine/display.h"
#include "position.h"

#include <string>

namespace hq::multimove {

inline BoardDisplay display(const Position& pos) {
    BoardDisplay d = display_from_fen(pos.fen(), 8, 8);
    for (int s = 0; s < 64; ++s) {
        Bitboard b = square_bb(Square(s));
        DisplayCell& c = d.cells[std::size_t(s)];
        if (pos.moved() & b) c.squareTags.push_back("moved");
        if (pos.frozen() & b) c.squareTags.push_back("frozen");
        if (pos.checked_king() & b) c.squareTags.push_back("checked-king");
    }
    d.add_fact("turn.moves", "Single moves a turn", std::to_string(pos.moves_per_turn()));
    d.add_fact("turn.left", "Single moves left in this turn", std::to_string(pos.moves_left()));
    d.add_fact("turn.done", "Single moves made in this turn", std::to_string(pos.moves_done()));
    return d;
}

} // namespace hq::multimove
