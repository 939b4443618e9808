// SPDX-License-Identifier: GPL-3.0-or-later
// The SAN of a move of chess's pieces as the games with them write it (standard chess, Ms.
// Chess, Multiple Move Chess), castling and the check marks aside, which each game adds.
#pragma once

#include "board.h"

#include "engine/gen_type.h"
#include "engine/san.h"

#include <string>

namespace hq::chess {

// The piece letter and the least disambiguation among the legal moves (List: the game's
// move list, filled by its generate<LEGAL>), or for a pawn its file when it captures; 'x'
// for a capture, the destination square, and "=Q" for the promotion to `promotion`
// (NO_PIECE_TYPE: none). `rival(o)` tells whether a legal move o to the same square by a
// piece of the same kind can be confused with m (castling, for one, cannot).
template <typename List, typename P, typename M, typename Rival>
std::string piece_move_san(const P& pos, M m, PieceType promotion, Rival&& rival) {
    const Square from = m.from(), to = m.to();
    const PieceType pt = type_of(pos.piece_on(from));
    const bool capture = pos.is_capture(m);
    std::string out;
    if (pt == PAWN) {
        if (capture) out += char('a' + file_of(from));
    } else {
        out += PieceChars[make_piece(WHITE, pt)];
        List legal;
        generate<LEGAL>(pos, legal);
        out += disambiguation(legal, m,
            [&](M o) { return o.to() == to && rival(o) && type_of(pos.piece_on(o.from())) == pt; });
    }
    if (capture) out += 'x';
    out += square_name(to);
    if (promotion != NO_PIECE_TYPE) {
        out += '=';
        out += PieceChars[make_piece(WHITE, promotion)];
    }
    return out;
}

} // namespace hq::chess
