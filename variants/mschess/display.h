// SPDX-License-Identifier: GPL-3.0-or-later
// Ms. Chess for a GUI (engine/display.h): the chess board, each piece of an enhanced army
// tagged `enhanced`, and which armies are enhanced (before and after Male Backlash).
#pragma once

#include "engine/display.h"
#include "position.h"

#include <string>

namespace hq::mschess {

inline BoardDisplay display(const Position& pos) {
    BoardDisplay d = display_from_fen(pos.fen(), 8, 8);
    for (int s = 0; s < 64; ++s) {
        DisplayCell& c = d.cells[std::size_t(s)];
        if (c.piece.empty()) continue;
        if (pos.is_enhanced(c.side == "white" ? WHITE : BLACK)) c.pieceTags.push_back("enhanced");
    }
    for (Color c : {WHITE, BLACK})
        d.add_fact(c == WHITE ? "enhanced.white" : "enhanced.black",
            c == WHITE ? "White's army" : "Black's army",
            pos.is_enhanced(c) ? "enhanced" : "plain");
    d.add_fact("backlash", "Male Backlash", pos.backlash_done() ? "has happened" : "not yet");
    return d;
}

} // namespace hq::mschess
