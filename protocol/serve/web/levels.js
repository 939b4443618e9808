// SPDX-License-Identifier: GPL-3.0-or-later
// The rating of each of Harlequin's eight levels in each game: the numbers shown under the
// level picker's buttons. The values are measured by ~/.local/share/harlequin/levels/ladder.sh
// (the levels played against each other in every game) and docs/levels.md explains them.
// Level k plays at the engine's `Skill Level` Skill::Ladder[k - 1] (engine/skill.h); the
// server maps it. Until they are measured, every game shows the same provisional row.
//
// One row a game, level 1 first. A game missing here (registered later) shows chess's.

const CHESS = [800, 1000, 1250, 1450, 1600, 1750, 1900, 2050];

export const LEVEL_RATINGS = {
    chess: CHESS,
    chess960: [800, 1000, 1250, 1450, 1600, 1750, 1900, 2050],
    mschess: [800, 1000, 1250, 1450, 1600, 1750, 1900, 2050],
    'mschess-black': [800, 1000, 1250, 1450, 1600, 1750, 1900, 2050],
    multimove: [800, 1000, 1250, 1450, 1600, 1750, 1900, 2050],
    multimove2: [800, 1000, 1250, 1450, 1600, 1750, 1900, 2050],
    control: [800, 1000, 1250, 1450, 1600, 1750, 1900, 2050],
    martian: [800, 1000, 1250, 1450, 1600, 1750, 1900, 2050],
};

export const LEVEL_COUNT = CHESS.length;

export function ratingsFor(game) {
    return LEVEL_RATINGS[game] || CHESS;
}
