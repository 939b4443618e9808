// SPDX-License-Identifier: GPL-3.0-or-later
#include "adjudication.h"

#include <cstdlib>
#include <fmt/format.h>

namespace hq {

GameEnd loss_for(Color loser, std::string termination, std::string reason) {
    return {loser == WHITE ? Result::BLACK_WINS : Result::WHITE_WINS, std::move(termination),
        std::move(reason)};
}

Adjudicator::Adjudicator(const MatchOptions& options)
    : draw(options.draw)
    , resign(options.resign)
    , maxMoves(options.maxMoves) { }

void Adjudicator::note_score(Color side, std::optional<int> centipawns) {
    if (!centipawns) {
        drawStreak[side] = loseStreak[side] = winStreak[side] = 0;
        return;
    }
    int cp = *centipawns;
    drawStreak[side] = std::abs(cp) <= draw.score ? drawStreak[side] + 1 : 0;
    loseStreak[side] = cp <= -resign.score ? loseStreak[side] + 1 : 0;
    winStreak[side] = cp >= resign.score ? winStreak[side] + 1 : 0;
}

std::optional<GameEnd> Adjudicator::verdict(
    int fullmove, int engineTurns, const std::array<std::string, 2>& names) const {
    if (draw.enabled && fullmove >= draw.moveNumber && drawStreak[WHITE] >= draw.moveCount
        && drawStreak[BLACK] >= draw.moveCount)
        return GameEnd {Result::DRAW, "adjudication",
            fmt::format("Draw by adjudication: scores within {} cp for {} moves", draw.score,
                draw.moveCount)};
    if (resign.enabled)
        for (Color c : {WHITE, BLACK})
            if (loseStreak[c] >= resign.moveCount
                && (!resign.twoSided || winStreak[~c] >= resign.moveCount))
                return loss_for(c, "adjudication",
                    fmt::format("{} wins by adjudication: {}'s score at or below -{} cp for {} "
                                "moves",
                        names[~c], names[c], resign.score, resign.moveCount));
    if (maxMoves > 0 && engineTurns >= 2 * maxMoves)
        return GameEnd {Result::DRAW, "adjudication",
            fmt::format("Draw by adjudication: {} moves played", maxMoves)};
    return std::nullopt;
}

} // namespace hq
