// SPDX-License-Identifier: GPL-3.0-or-later
// Control Chess's network inputs (engine/nnue.h), 2316, for perspective P:
//   - the board, 6 x 6 x 64: a piece of colour c and type pt on square s is
//     (rel(c) * 6 + pt - PAWN) * 64 + (P == WHITE ? s : s ^ 56), where rel is the identity
//     for White and, for Black, the board's mirror: White <-> Black, Red <-> Purple,
//     Yellow <-> Blue (the coloured squares and the start position are symmetric so);
//   - control, 4 x 3: for each neutral colour n (rel(n) among Red, Yellow, Purple, Blue),
//     2304 + index * 3 + (controlled by P: 0, by the other: 1, neutral: 2).
// The pools (captured pieces awaiting a promotion) are not inputs.
#pragma once

#include "engine/nnue.h"
#include "position.h"

#include <span>
#include <string_view>
#include <utility>

namespace hq::control::nnue {

using hq::nnue::Network;

struct Features {
    using Position = control::Position;
    static constexpr std::string_view name = "control";
    static constexpr int BoardInputs = COLOUR_NB * 6 * 64, ControlBase = BoardInputs;
    static constexpr int Inputs = BoardInputs + 4 * 3; // 2316
    static constexpr int Planes = COLOUR_NB * 6, MaxExtras = 4;

    // The colour Black's perspective sees in place of c.
    static constexpr int swapped(int c) {
        constexpr int Swap[COLOUR_NB] = {C_BLACK, C_WHITE, C_PURPLE, C_BLUE, C_RED, C_YELLOW};
        return Swap[c];
    }
    static void planes(const Position& pos, Bitboard* out) {
        for (int c = 0; c < COLOUR_NB; ++c)
            for (PieceType pt = PAWN; pt <= KING; ++pt)
                out[c * 6 + pt - PAWN] = pos.pieces(Colour(c), pt);
    }
    static int feature(Color view, int plane, Square s) {
        const int c = plane / 6, rest = plane % 6;
        return ((view == WHITE ? c : swapped(c)) * 6 + rest) * 64 + (view == WHITE ? s : s ^ 56);
    }
    static int extras(const Position& pos, Color view, int* out) {
        // Red, Yellow, Purple, Blue are colours 2..5: index rel(n) - 2.
        for (int n = C_RED; n < COLOUR_NB; ++n) {
            const Color who = pos.controller(Colour(n));
            const int rel = who == COLOR_NB ? 2 : who == view ? 0 : 1;
            out[n - C_RED] = ControlBase + ((view == WHITE ? n : swapped(n)) - C_RED) * 3 + rel;
        }
        // Increasing order (the cache compares the lists).
        for (int i = 1; i < 4; ++i)
            for (int j = i; j > 0 && out[j - 1] > out[j]; --j) std::swap(out[j - 1], out[j]);
        return 4;
    }
    static int mirror(int f) {
        if (f < BoardInputs) {
            const int cp = f / 64;
            return (swapped(cp / 6) * 6 + cp % 6) * 64 + (f % 64 ^ 56);
        }
        const int n = (f - ControlBase) / 3 + C_RED, rel = (f - ControlBase) % 3;
        return ControlBase + (swapped(n) - C_RED) * 3 + (rel == 2 ? 2 : 1 - rel);
    }
};
static_assert(hq::nnue::FeatureSet<Features>);

// The built-in network's bytes (variants/control/nnue/default.nnue), as the build embedded them.
[[nodiscard]] std::span<const unsigned char> embedded_bytes();

} // namespace hq::control::nnue
