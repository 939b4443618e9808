// SPDX-License-Identifier: GPL-3.0-or-later
#include "notation.h"

#include "movegen.h"

#include "variants/chess/piece_san.h"

namespace hq::multimove {

namespace {
// Single moves the mate test may try before it settles for `+`.
constexpr std::uint64_t MateLookAhead = 200'000;
} // namespace

std::string san(const Position& pos, Move m) {
    const Square from = m.from(), to = m.to();
    std::string out;
    if (m.kind() == chess::CASTLING) out = to > from ? "O-O" : "O-O-O";
    else
        out = chess::piece_move_san<MoveList>(pos, m,
            m.kind() == chess::PROMOTION ? m.promotion() : NO_PIECE_TYPE,
            [](Move o) { return o.kind() != chess::CASTLING; });
    Position after(pos);
    after.do_move(m);
    if (after.turn_start() && after.in_check()) {
        bool mate = !can_finish_turn(after, after.frame(), MateLookAhead, true).value_or(true);
        out += mate ? "#" : "+";
    }
    return out;
}

} // namespace hq::multimove
