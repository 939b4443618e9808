// SPDX-License-Identifier: GPL-3.0-or-later
// Martian Chess for a GUI (engine/display.h): pieces have no side colour, each square says
// whose zone it is in (and so who owns the piece on it), the canal divides the zones, and
// the facts are the points, the clock, the banned rejection and a pass.
#pragma once

#include "engine/display.h"
#include "position.h"

#include <string>

namespace hq::martian {

inline BoardDisplay display(const Position& pos) {
    BoardDisplay d;
    d.files = FILES;
    d.ranks = RANKS;
    d.cells.resize(FILES * RANKS);
    d.sideNames[WHITE] = "South";
    d.sideNames[BLACK] = "North";
    static const char* const Letters = " PDQ";
    for (int r = 0; r < RANKS; ++r)
        for (int f = 0; f < FILES; ++f) {
            Square s = make_square(File(f), Rank(r));
            DisplayCell& c = d.cell(f, r);
            const char* zone = zone_owner(s) == WHITE ? "white" : "black";
            c.squareTags.push_back(std::string("zone-") + zone);
            if (pos.empty(s)) continue;
            c.piece = std::string(1, Letters[pos.kind_on(s)]);
            c.pieceTags.push_back(std::string("owned-") + zone);
        }
    d.dividers.push_back({4, "canal"});
    d.add_fact("points.white", "South's points", std::to_string(pos.score(WHITE)));
    d.add_fact("points.black", "North's points", std::to_string(pos.score(BLACK)));
    d.add_fact("clock", "Clock",
        pos.clock_called() ? std::to_string(pos.clock()) + " capture-free plies left"
                           : std::string("not called"));
    if (pos.ban()) d.add_fact("ban", "Rejection not allowed", pos.move_text(pos.ban()));
    if (pos.last_was_pass()) d.add_fact("passed", "Last move", "a pass");
    return d;
}

} // namespace hq::martian
