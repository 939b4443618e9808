// SPDX-License-Identifier: GPL-3.0-or-later
// What the page reads from a position beyond drawing it (pure, tests/js/position.test.mjs).

import {squareName, squaresOf} from './orientation.js';

// The square of the king in check: the side to move's king when the move before gave check
// (its SAN ends in + or #); null otherwise.
export function checkSquare(display, toMove, lastSan) {
    if (!lastSan || !/[+#]$/.test(lastSan)) return null;
    for (let r = 0; r < display.ranks; r++)
        for (let f = 0; f < display.files; f++) {
            const c = display.cells[r * display.files + f];
            if (c.piece === 'K' && c.side === toMove) return squareName(f, r);
        }
    return null;
}

// The click paths of the legal moves: the squares each names in order, and the other ways
// the rules accept it (castling king onto rook).
export function clickPaths(legal) {
    const out = [];
    for (const m of legal) {
        if (!m.squares.length) continue;
        out.push({move: m, path: m.squares});
        for (const a of m.also || []) out.push({move: m, path: a});
    }
    return out;
}

export const startsWith = (path, prefix) => prefix.every((s, i) => path[i] === s);

// A premove (from, to) made while the engine thought, matched against the legal moves when
// the turn comes: the move whose click path goes from `from` to `to` (a promotion: the queen
// first); null when none does.
export function premoveMatch(legal, from, to) {
    const fits = clickPaths(legal).filter((p) => p.path[0] === from && p.path[p.path.length - 1] === to);
    if (!fits.length) return null;
    const queen = fits.find((p) => /q$/i.test(p.move.text));
    return (queen || fits[0]).move;
}

export {squaresOf};
