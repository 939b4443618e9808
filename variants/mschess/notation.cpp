// SPDX-License-Identifier: GPL-3.0-or-later
#include "notation.h"

#include "movegen.h"

#include "engine/san.h"

namespace hq::mschess {

std::string san(const Position& pos, Move m) {
    const Square from = m.from(), to = m.to();
    const PieceType pt = type_of(pos.piece_on(from));
    std::string out;
    if (m.kind() == CASTLING) out = to > from ? "O-O" : "O-O-O";
    else if (m.kind() == PASSING) out = square_name(to) + 'x' + square_name(m.victim());
    else {
        const bool capture = pos.is_capture(m);
        if (pt == PAWN) {
            if (capture) out += char('a' + file_of(from));
        } else {
            out += chess::PieceChars[make_piece(WHITE, pt)];
            MsMoveList legal;
            generate<LEGAL>(pos, legal);
            out += disambiguation(legal, m, [&](Move o) {
                return o.to() == to && o.kind() != CASTLING && o.kind() != PASSING
                    && type_of(pos.piece_on(o.from())) == pt;
            });
        }
        if (capture) out += 'x';
        out += square_name(to);
        if (m.kind() == PROMOTION) {
            out += '=';
            out += chess::PieceChars[make_piece(WHITE, m.promotion())];
        }
    }
    Position after(pos);
    after.do_move(m);
    if (after.in_check()) out += count_legal(after) ? "+" : "#";
    return out;
}

} // namespace hq::mschess
