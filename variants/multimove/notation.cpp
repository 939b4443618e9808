// SPDX-License-Identifier: GPL-3.0-or-later
#include "notation.h"

#include "movegen.h"

#include "engine/san.h"

namespace hq::multimove {

namespace {
// Single moves the mate test may try before it settles for `+`.
constexpr std::uint64_t MateLookAhead = 200'000;
} // namespace

std::string san(const Position& pos, Move m) {
    const Square from = m.from(), to = m.to();
    const PieceType pt = type_of(pos.piece_on(from));
    std::string out;
    if (m.kind() == chess::CASTLING) out = to > from ? "O-O" : "O-O-O";
    else {
        const bool capture = pos.is_capture(m);
        if (pt == PAWN) {
            if (capture) out += char('a' + file_of(from));
        } else {
            out += chess::PieceChars[make_piece(WHITE, pt)];
            MoveList legal;
            generate<LEGAL>(pos, legal);
            out += disambiguation(legal, m, [&](Move o) {
                return o.to() == to && o.kind() != chess::CASTLING
                    && type_of(pos.piece_on(o.from())) == pt;
            });
        }
        if (capture) out += 'x';
        out += square_name(to);
        if (m.kind() == chess::PROMOTION) {
            out += '=';
            out += chess::PieceChars[make_piece(WHITE, m.promotion())];
        }
    }
    Position after(pos);
    after.do_move(m);
    if (after.turn_start() && after.in_check()) {
        bool mate = !can_finish_turn(after, after.frame(), MateLookAhead, true).value_or(true);
        out += mate ? "#" : "+";
    }
    return out;
}

} // namespace hq::multimove
