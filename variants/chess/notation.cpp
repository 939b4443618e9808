// SPDX-License-Identifier: GPL-3.0-or-later
#include "notation.h"

#include "movegen.h"

#include "engine/san.h"

namespace hq::chess {

std::string san(const Position& pos, Move m) {
    Square from = m.from(), to = m.to();
    PieceType pt = type_of(pos.piece_on(from));
    std::string out;
    if (m.kind() == CASTLING) out = to > from ? "O-O" : "O-O-O";
    else {
        bool capture = pos.is_capture(m);
        if (pt == PAWN) {
            if (capture) out += char('a' + file_of(from));
        } else {
            out += PieceChars[make_piece(WHITE, pt)];
            ChessMoveList legal;
            generate<LEGAL>(pos, legal);
            out += disambiguation(legal, m, [&](Move o) {
                return o.to() == to && o.kind() != CASTLING
                    && type_of(pos.piece_on(o.from())) == pt;
            });
        }
        if (capture) out += 'x';
        out += square_name(to);
        if (m.kind() == PROMOTION) {
            out += '=';
            out += PieceChars[make_piece(WHITE, m.promotion())];
        }
    }
    Position after(pos);
    after.do_move(m);
    if (after.in_check()) out += count_legal(after) ? "+" : "#";
    return out;
}

} // namespace hq::chess
