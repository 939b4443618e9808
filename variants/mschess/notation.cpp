// SPDX-License-Identifier: GPL-3.0-or-later
#include "notation.h"

#include "movegen.h"

#include "variants/chess/piece_san.h"

namespace hq::mschess {

std::string san(const Position& pos, Move m) {
    const Square from = m.from(), to = m.to();
    std::string out;
    if (m.kind() == CASTLING) out = to > from ? "O-O" : "O-O-O";
    else if (m.kind() == PASSING) out = square_name(to) + 'x' + square_name(m.victim());
    else
        out = chess::piece_move_san<MsMoveList>(pos, m,
            m.kind() == PROMOTION ? m.promotion() : NO_PIECE_TYPE,
            [](Move o) { return o.kind() != CASTLING && o.kind() != PASSING; });
    Position after(pos);
    after.do_move(m);
    if (after.in_check()) out += count_legal(after) ? "+" : "#";
    return out;
}

} // namespace hq::mschess
