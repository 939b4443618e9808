// SPDX-License-Identifier: GPL-3.0-or-later
// Scores for the evaluation bar and the analysis lines (pure, tests/js/evaluation.test.mjs).
// The server sends a line's score as {cp} or {mate} from White's (South's) view.

// lichess's winning chances: -1 (Black wins) .. 1 (White wins), the centipawns clamped to
// +-1000 as lichess does.
export function winningChances(cp) {
    const c = Math.max(-1000, Math.min(1000, cp));
    return 2 / (1 + Math.exp(-0.00368208 * c)) - 1;
}

// Martian Chess's score is in points (cp / 100 points): a point lead is worth less than a
// pawn is in chess, so the bar is drawn over a range of about eight points.
export function martianChances(cp) {
    return Math.tanh(cp / 100 / 4);
}

// The share of the bar that is White's (South's): 0..1. With the engine's win/draw/loss
// chances for the game (`wdl`, per mille: docs/wdl.md) it is White's expected score;
// without (the games that have no model yet) a curve of the score.
export function whiteShare(score, game, wdl) {
    if (!score) return 0.5;
    if (wdl) return (wdl.white + wdl.draw / 2) / 1000;
    if ('mate' in score) return score.mate > 0 ? 1 : score.mate < 0 ? 0 : 0.5;
    const chances = game === 'martian' ? martianChances(score.cp) : winningChances(score.cp);
    return (1 + chances) / 2;
}

// The chances as people read them: "White 43% · draw 25% · Black 32%", with the game's
// own names of the sides (Martian Chess: South and North).
export function chancesText(wdl, sideNames = ['White', 'Black']) {
    if (!wdl) return '';
    const pc = (x) => `${Math.round(x / 10)}%`;
    const [first, second] = sideNames;
    return `${first} ${pc(wdl.white)} \u00b7 draw ${pc(wdl.draw)} \u00b7 ${second} ${pc(wdl.black)}`;
}

// The text of a score: "+0.35", "#-3", and Martian Chess's "+2.0 pts".
export function scoreText(score, game) {
    if (!score) return '';
    if ('mate' in score) return `#${score.mate}`;
    const sign = score.cp > 0 ? '+' : score.cp < 0 ? '\u2212' : '';
    const value = Math.abs(score.cp) / 100;
    return game === 'martian' ? `${sign}${value.toFixed(1)} pts` : `${sign}${value.toFixed(2)}`;
}
