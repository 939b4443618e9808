// SPDX-License-Identifier: GPL-3.0-or-later
// Martian Chess's network inputs (engine/nnue.h), 130 of them, for perspective P (South =
// WHITE, North = BLACK):
//   - the board, 3 x 32: a piece of size k (1 pawn, 2 drone, 3 queen) on square s is
//     (k - 1) * 32 + i, with i = rank * 4 + file seen from South and 31 - that from North
//     (the board turned half round, so that each sees its own zone as ranks 1-4: the
//     zone, and with it who owns a piece, is in the square);
//   - the points: 96 + 12 + clamp(P's score - the other's, -12, 12), one of 25;
//   - the clock: 121 for an uncalled clock, 122 + n for a called one with n plies left.
// The side to move is the order of the two accumulators, as in every game.
#pragma once

#include "engine/nnue.h"
#include "position.h"

#include <algorithm>
#include <span>
#include <string_view>

namespace hq::martian::nnue {

using hq::nnue::Network;

struct Features {
    using Position = martian::Position;
    static constexpr std::string_view name = "martian";
    static constexpr int BoardInputs = 3 * 32, PointsSpan = 12;
    static constexpr int PointsBase = BoardInputs, ClockBase = PointsBase + 2 * PointsSpan + 1;
    static constexpr int Inputs = ClockBase + 1 + CLOCK_START + 1; // 130
    static constexpr int Planes = 3, MaxExtras = 2;

    static void planes(const Position& pos, Bitboard* out) {
        out[0] = pos.pieces(PAWN);
        out[1] = pos.pieces(DRONE);
        out[2] = pos.pieces(QUEEN);
    }
    static constexpr int index(Color view, Square s) {
        const int i = rank_of(s) * FILES + file_of(s);
        return view == WHITE ? i : 31 - i;
    }
    static int feature(Color view, int plane, Square s) { return plane * 32 + index(view, s); }
    static int extras(const Position& pos, Color view, int* out) {
        out[0] = PointsBase + PointsSpan
            + std::clamp(pos.score(view) - pos.score(~view), -PointsSpan, PointsSpan);
        out[1] = ClockBase + (pos.clock_called() ? 1 + pos.clock() : 0);
        return 2;
    }
    static int mirror(int f) {
        if (f < BoardInputs) return f / 32 * 32 + 31 - f % 32;
        if (f < ClockBase) return 2 * PointsBase + 2 * PointsSpan - f;
        return f;
    }
};
static_assert(hq::nnue::FeatureSet<Features>);

// The built-in network's bytes (variants/martian/nnue/default.nnue), as the build embedded them.
[[nodiscard]] std::span<const unsigned char> embedded_bytes();

[[nodiscard]] inline Value evaluate(const Network& net, const Position& pos) {
    return hq::nnue::evaluate<Features>(net, pos);
}

} // namespace hq::martian::nnue
