// SPDX-License-Identifier: GPL-3.0-or-later
// How a match game ends (GameEnd), and the ends the runner decides instead of the rules:
// -draw and -resign by the engines' own scores, -maxmoves by the game's length.
#pragma once

#include "engine/score.h"
#include "engine/types.h"
#include "match_options.h"

#include <array>
#include <optional>
#include <string>

namespace hq {

// The end of a game: its result, the PGN Termination tag (normal, adjudication, time
// forfeit, rules infraction, abandoned) and the final comment ("White mates").
struct GameEnd {
    Result result = Result::NONE;
    std::string termination;
    std::string reason;
};

// The game's end when `loser` loses: the other side wins.
[[nodiscard]] GameEnd loss_for(Color loser, std::string termination, std::string reason);

// Watches each engine's scores, move by move, for -draw and -resign, and counts the
// engines' turns for -maxmoves.
class Adjudicator {
public:
    explicit Adjudicator(const MatchOptions& options);

    // After each move of `side`: the score it reported (centipawns from its own view), or
    // nothing, which breaks its streaks.
    void note_score(Color side, std::optional<int> centipawns);
    // Before each move, at full move `fullmove` after `engineTurns` turns of the engines
    // (book moves not counted): the adjudicated end, if any.
    // `names`: what the game calls White and Black (Referee::side_name).
    [[nodiscard]] std::optional<GameEnd> verdict(
        int fullmove, int engineTurns, const std::array<std::string, 2>& names) const;

private:
    DrawAdjudication draw;
    ResignAdjudication resign;
    int maxMoves;
    // Consecutive moves of each engine within the draw band, losing by the resign margin,
    // and winning by it (for two-sided resign adjudication).
    int drawStreak[COLOR_NB] = {}, loseStreak[COLOR_NB] = {}, winStreak[COLOR_NB] = {};
};

} // namespace hq
