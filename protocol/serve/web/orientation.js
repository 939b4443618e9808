// SPDX-License-Identifier: GPL-3.0-or-later
// Which side is at the bottom of the board and where a square is drawn (pure,
// tests/js/orientation.test.mjs).

// The person's side at the bottom: Black (North) when the person plays only that side,
// White (South) otherwise; the Flip button turns it over.
export function bottomSide(players, flipped = false) {
    const black = players && players.black === 'human' && players.white !== 'human';
    const side = black ? 'black' : 'white';
    return flipped ? (side === 'white' ? 'black' : 'white') : side;
}

export const fileName = (f) => String.fromCharCode(97 + f);
export const squareName = (f, r) => fileName(f) + (r + 1);

export function parseSquare(name) {
    const m = /^([a-z])(\d+)$/.exec(name);
    if (!m) return null;
    return {file: m[1].charCodeAt(0) - 97, rank: parseInt(m[2], 10) - 1};
}

// The column and row (from the top left) of a square on a files x ranks board.
export function cellOf(name, files, ranks, bottom = 'white') {
    const s = parseSquare(name);
    if (!s) return null;
    return bottom === 'white'
        ? {col: s.file, row: ranks - 1 - s.rank}
        : {col: files - 1 - s.file, row: s.rank};
}

// The squares a move's text names, in order, without repeats ("e2d3,d3e4" -> e2 d3 e4).
export function squaresOf(text) {
    const out = [];
    for (const m of String(text).matchAll(/[a-z]\d+/g))
        if (out[out.length - 1] !== m[0]) out.push(m[0]);
    return out;
}

// The neighbour of a square in a direction as seen on the board (arrow keys), or null off
// the board.
export function neighbour(name, dx, dy, files, ranks, bottom = 'white') {
    const s = parseSquare(name);
    if (!s) return null;
    const sign = bottom === 'white' ? 1 : -1;
    const f = s.file + dx * sign, r = s.rank + dy * sign;
    if (f < 0 || r < 0 || f >= files || r >= ranks) return null;
    return squareName(f, r);
}
