// SPDX-License-Identifier: GPL-3.0-or-later
#include "notation.h"

#include "movegen.h"

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
            // Other pieces of the same kind that could go to the same square: name the file
            // if it tells them apart, else the rank, else both.
            ChessMoveList legal;
            generate<LEGAL>(pos, legal);
            bool clash = false, sameFile = false, sameRank = false;
            for (Move o : legal) {
                if (o == m || o.to() != to || o.kind() == CASTLING
                    || type_of(pos.piece_on(o.from())) != pt)
                    continue;
                clash = true;
                sameFile |= file_of(o.from()) == file_of(from);
                sameRank |= rank_of(o.from()) == rank_of(from);
            }
            if (clash) {
                if (!sameFile) out += char('a' + file_of(from));
                else if (!sameRank) out += char('1' + rank_of(from));
                else out += square_name(from);
            }
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
