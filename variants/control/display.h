// SPDX-License-Identifier: GPL-3.0-or-later
// Control Chess for a GUI (engine/display.h): each piece's colour (one of six) and the side
// that controls that colour now, the coloured squares, who controls each colour with the
// chain that gives it, and the pool of captured pieces.
#pragma once

#include "engine/display.h"
#include "position.h"

#include <cctype>
#include <string>

namespace hq::control {

inline std::string colour_tag(Colour c) {
    std::string s(ColourNames[c]);
    for (char& ch : s) ch = char(std::tolower(static_cast<unsigned char>(ch)));
    return s;
}

inline BoardDisplay display(const Position& pos) {
    BoardDisplay d;
    d.cells.resize(64);
    auto side_text = [](Color c) { return c == WHITE ? "white" : c == BLACK ? "black" : ""; };
    for (int i = 0; i < 64; ++i) {
        Square s = Square(i);
        DisplayCell& cell = d.cells[std::size_t(i)];
        if (square_colour(s) != NO_COLOUR) cell.squareTags.push_back(colour_tag(square_colour(s)));
        Piece p = pos.piece_on(s);
        if (p == NO_PIECE) continue;
        cell.piece = std::string(1, TypeChars[type_of(p)]);
        cell.side = side_text(pos.controller(colour_of(p)));
        cell.pieceTags.push_back(colour_tag(colour_of(p)));
    }
    // Who controls each neutral colour, and the chain of occupied coloured squares that
    // leads there: "c3 Yellow > f5 White".
    for (Colour c : {C_RED, C_YELLOW, C_PURPLE, C_BLUE}) {
        std::string chain;
        Colour x = c;
        for (int step = 0; step < 5; ++step) {
            Bitboard b = colour_squares(x) & pos.pieces();
            if (!b) break;
            Square s = lsb(b);
            Colour h = colour_of(pos.piece_on(s));
            chain += (chain.empty() ? "" : " > ") + square_name(s) + " "
                + std::string(ColourNames[h]);
            if (h == C_WHITE || h == C_BLACK) break;
            x = h;
        }
        Color who = pos.controller(c);
        std::string name = colour_tag(c);
        d.add_fact("controller." + name, std::string(ColourNames[c]),
            who == WHITE       ? "White"
                : who == BLACK ? "Black"
                               : "neutral");
        d.add_fact("chain." + name, std::string(ColourNames[c]) + "'s chain",
            chain.empty() ? std::string("no piece on its squares") : chain);
    }
    std::string pool;
    for (int c = 0; c < COLOUR_NB; ++c)
        for (PieceType pt : PoolTypes)
            for (int n = pos.pool_count(Colour(c), pt); n > 0; --n) {
                if (!pool.empty()) pool += ' ';
                pool += std::string(1, ColourChars[c]) + TypeChars[pt];
            }
    d.add_fact("pool", "Pool", pool.empty() ? std::string("empty") : pool);
    return d;
}

} // namespace hq::control
