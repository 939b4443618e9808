// SPDX-License-Identifier: GPL-3.0-or-later
// The rating of each of Harlequin's eight levels in each game: the numbers shown under the
// level picker's buttons. The values are measured by bench/levels/ladder.sh
// (the levels played against each other in every game) and docs/levels.md explains them.
// Level k plays at the engine's `Skill Level` ladder[k - 1], the game's ladder
// (variants/registry.h's level_ladder: engine/skill.h's Skill::Ladder, or the game's own
// where its steps were too small); the server maps it.
//
// One row a game, level 1 first (docs/levels.md: 2026-12-06; Multiple Move Chess, Control
// and Martian Chess on their own ladders 2026-12-07, 120 games a step). Chess: Stockfish 15.1's
// UCI_Elo scale where the calibration reaches (levels 3-8, through engine/skill.cpp's
// table), levels 1 and 2 below it by their measured scores against the level above. The
// other games: a ladder rating, level 1 = 800 by definition, each level adding the Elo of
// its score against the one below. Chess960, Ms. Chess with the woman on Black and
// two-move Multiple Move Chess were not measured apart: they show their game's row. A game
// missing here (registered later) shows chess's.

const CHESS = [783, 1024, 1383, 1513, 1647, 1780, 1913, 2086];
const MSCHESS = [800, 870, 997, 1238, 1479, 1733, 2091, 2293];
const MULTIMOVE = [800, 991, 1152, 1306, 1411, 1590, 1707, 1824];

export const LEVEL_RATINGS = {
    chess: CHESS,
    chess960: CHESS,
    mschess: MSCHESS,
    'mschess-black': MSCHESS,
    multimove: MULTIMOVE,
    multimove2: MULTIMOVE,
    control: [800, 880, 1125, 1301, 1541, 1685, 1945, 2089],
    martian: [800, 886, 1019, 1117, 1275, 1429, 1632, 1800],
};

export const LEVEL_COUNT = CHESS.length;

export function ratingsFor(game) {
    return LEVEL_RATINGS[game] || CHESS;
}
