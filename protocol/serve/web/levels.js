// SPDX-License-Identifier: GPL-3.0-or-later
// The rating of each of Harlequin's eight levels in each game: the numbers shown under the
// level picker's buttons. The values are measured by bench/levels/ladder.sh
// (the levels played against each other in every game) and docs/levels.md explains them.
// Level k plays at the engine's `Skill Level` Skill::Ladder[k - 1] (engine/skill.h); the
// server maps it.
//
// One row a game, level 1 first (2026-12-06, docs/levels.md). Chess: Stockfish 15.1's
// UCI_Elo scale where the calibration reaches (levels 3-8, through engine/skill.cpp's
// table), levels 1 and 2 below it by their measured scores against the level above. The
// other games: a ladder rating, level 1 = 800 by definition, each level adding the Elo of
// its score against the one below. Chess960, Ms. Chess with the woman on Black and
// two-move Multiple Move Chess were not measured apart: they show their game's row. A game
// missing here (registered later) shows chess's.

const CHESS = [783, 1024, 1383, 1513, 1647, 1780, 1913, 2095];
const MSCHESS = [800, 870, 997, 1238, 1479, 1733, 2091, 2293];
const MULTIMOVE = [800, 826, 924, 994, 1111, 1352, 1469, 1710];

export const LEVEL_RATINGS = {
    chess: CHESS,
    chess960: CHESS,
    mschess: MSCHESS,
    'mschess-black': MSCHESS,
    multimove: MULTIMOVE,
    multimove2: MULTIMOVE,
    control: [800, 947, 1138, 1181, 1328, 1764, 2005, 2122],
    martian: [800, 1101, 1228, 1455, 1592, 1750, 1867, 1929],
};

export const LEVEL_COUNT = CHESS.length;

export function ratingsFor(game) {
    return LEVEL_RATINGS[game] || CHESS;
}
