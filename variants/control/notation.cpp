// SPDX-License-Identifier: GPL-3.0-or-later
#include "notation.h"

#include "movegen.h"

#include "engine/san.h"

namespace hq::control {

std::string san(const Position& pos, Move m) {
    const Square from = m.from(), to = m.to();
    const Piece piece = pos.piece_on(from);
    const PieceType pt = type_of(piece);
    const Colour colour = colour_of(piece);
    std::string out;
    if (m.kind() == CASTLING) out = to > from ? "O-O" : "O-O-O";
    else if (m.kind() == RESCUE) out = "K@" + square_name(to);
    else {
        if (colour != own_colour(pos.side_to_move())) out += ColourChars[colour];
        const bool capture = pos.is_capture(m);
        if (pt == PAWN) {
            if (capture) out += char('a' + file_of(from));
        } else {
            out += TypeChars[pt];
            MoveList legal;
            generate<LEGAL>(pos, legal);
            out += disambiguation(legal, m, [&](Move o) {
                return o.to() == to && o.kind() != CASTLING && o.kind() != RESCUE
                    && pos.piece_on(o.from()) == piece;
            });
        }
        if (capture) out += 'x';
        out += square_name(to);
        if (m.kind() == KING_PROMOTION) out += "=K";
        else if (m.kind() == PROMOTION) {
            out += '=';
            if (m.pool_colour() != colour) out += ColourChars[m.pool_colour()];
            out += TypeChars[m.promotion_type()];
        }
    }
    Position after(pos);
    after.do_move(m);
    if (after.in_check()) out += count_legal(after) ? "+" : "#";
    return out;
}

} // namespace hq::control
