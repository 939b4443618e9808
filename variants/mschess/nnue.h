// SPDX-License-Identifier: GPL-3.0-or-later
// Ms. Chess's network inputs (engine/nnue.h), 1536: a piece is told apart by its colour
// relative to the perspective, whether its army is enhanced, its type and its square,
// (((c == P ? 0 : 1) * 2 + enhanced(c)) * 6 + pt - PAWN) * 64 + (P == WHITE ? s : s ^ 56).
// An enhanced queen and an ordinary one move differently, so they are different inputs;
// Male Backlash moves a whole army to the enhanced inputs (the accumulators are then
// rebuilt). Black sees the board flipped with the colours swapped, as in chess.
#pragma once

#include "engine/nnue.h"
#include "position.h"

#include <span>
#include <string_view>

namespace hq::mschess::nnue {

struct Features {
    using Position = mschess::Position;
    static constexpr std::string_view name = "mschess";
    static constexpr int Inputs = 24 * 64, Planes = 24, MaxExtras = 0;
    // Plane (c * 2 + enhanced(c)) * 6 + pt - PAWN: an army's pieces are in its ordinary or
    // its enhanced planes, the others empty.
    static void planes(const Position& pos, Bitboard* out) {
        for (Color c : {WHITE, BLACK}) {
            const int on = pos.is_enhanced(c) ? 1 : 0;
            for (PieceType pt = PAWN; pt <= KING; ++pt) {
                out[(c * 2 + on) * 6 + pt - PAWN] = pos.pieces(c, pt);
                out[(c * 2 + 1 - on) * 6 + pt - PAWN] = 0;
            }
        }
    }
    static int feature(Color view, int plane, Square s) {
        const int c = plane / 12, rest = plane % 12; // rest: enhanced * 6 + type
        return ((c == view ? 0 : 12) + rest) * 64 + (view == WHITE ? s : s ^ 56);
    }
    static int extras(const Position&, Color, int*) { return 0; }
    static int mirror(int f) { return (f / 64 + 12) % 24 * 64 + (f % 64 ^ 56); }
};
static_assert(hq::nnue::FeatureSet<Features>);

// The built-in network's bytes (variants/mschess/nnue/default.nnue), as the build embedded them.
[[nodiscard]] std::span<const unsigned char> embedded_bytes();

} // namespace hq::mschess::nnue
