// SPDX-License-Identifier: GPL-3.0-or-later
// A game's state for display: what a board in a GUI (`harlequin serve`'s page) draws, as the
// game itself describes it. The page draws only this: it never recomputes a rule.
//
// A game provides it through an optional hook `G::display(pos)` (see GameRules); a game
// without one is drawn from its FEN's placement field (letters, digits, `/`), which is
// enough for a game whose pieces are chess letters.
//
// - `cells` has files * ranks entries, a1 first, then b1 ... (rank by rank).
// - A piece is its type letter (`K`, `Q`, `D` for a Martian drone), the side it belongs
//   to now (`white`, `black`, or empty: a Martian piece, owned by its zone) and tags the
//   game's drawing understands (`enhanced`, a Control colour such as `red`).
// - A square has tags too (`zone-white`, `red`, `moved`), and `dividers` are lines across
//   the board (Martian Chess's canal).
// - `facts` are the rest of the state, each with a key for the game's drawing and a label
//   and value a generic drawing shows as text ("South's points", "5").
#pragma once

#include "types.h"

#include <string>
#include <string_view>
#include <vector>

namespace hq {

struct DisplayCell {
    std::string piece;                   // type letter, empty for an empty square
    std::string side;                    // "white", "black" or "" (no side colour)
    std::vector<std::string> pieceTags;  // e.g. "enhanced", "red"
    std::vector<std::string> squareTags; // e.g. "zone-white", "red", "moved"
};

struct DisplayFact {
    std::string key;   // for a game's own drawing: "points.white", "controller.red"
    std::string label; // for a person: "South's points"
    std::string value; // "5"
};

struct DisplayDivider {
    int afterRank = 0; // the line runs between rank afterRank and afterRank + 1 (1-based)
    std::string label; // "canal"
};

struct BoardDisplay {
    int files = 8, ranks = 8;
    std::vector<DisplayCell> cells;
    std::vector<DisplayDivider> dividers;
    std::vector<DisplayFact> facts;
    // Names for the two sides ("White"/"Black", "South"/"North").
    std::string sideNames[COLOR_NB] = {"White", "Black"};

    DisplayCell& cell(int file, int rank) { return cells[std::size_t(rank * files + file)]; }
    void add_fact(std::string key, std::string label, std::string value) {
        facts.push_back({std::move(key), std::move(label), std::move(value)});
    }
};

// A board from a FEN's placement field: upper case White, lower case Black, digits for
// empty squares. Squares past the described ones stay empty.
inline BoardDisplay display_from_fen(std::string_view fen, int files, int ranks) {
    BoardDisplay d;
    d.files = files;
    d.ranks = ranks;
    d.cells.resize(std::size_t(files * ranks));
    int file = 0, rank = ranks - 1;
    for (char c : fen) {
        if (c == ' ') break;
        if (c == '/') {
            file = 0;
            --rank;
        } else if (c >= '0' && c <= '9') file += c - '0';
        else {
            bool upper = c >= 'A' && c <= 'Z', lower = c >= 'a' && c <= 'z';
            if (rank >= 0 && file < files && (upper || lower)) {
                DisplayCell& cell = d.cell(file, rank);
                cell.piece = std::string(1, upper ? c : char(c - 'a' + 'A'));
                cell.side = upper ? "white" : "black";
            }
            ++file;
        }
    }
    return d;
}

} // namespace hq
