// SPDX-License-Identifier: GPL-3.0-or-later
// Harlequin's own piece drawing: simple silhouettes on a 64-unit square. A piece of White
// has a light body with a dark outline and dark details; a piece of Black has a dark body
// with a light outline and light details, so each side reads at 40 px on either square
// colour (tests/serve_browser.py measures it). The shapes and names are pure data
// (tests/js/pieces.test.mjs); drawing them needs the DOM.

import {svg} from './dom.js';

const NAMES = {K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight', P: 'pawn',
    D: 'drone'};

export function pieceName(letter) {
    return NAMES[String(letter).toUpperCase()] || `piece ${letter}`;
}

// 'white', 'black' or 'neutral' (a Martian pyramid, a Control piece of a colour no one
// controls).
export function pieceSide(cell) {
    return cell.side === 'white' || cell.side === 'black' ? cell.side : 'neutral';
}

// What a screen reader says for a square: "e4 white knight", "d5 empty".
export function squareLabel(name, cell, sideNames = ['White', 'Black']) {
    if (!cell || !cell.piece) return `${name} empty`;
    const owned = (cell.pieceTags || []).find((t) => t.startsWith('owned-'));
    const side = pieceSide(cell) === 'neutral' && owned ? owned.slice(6) : pieceSide(cell);
    const who = side === 'white' ? sideNames[0] : side === 'black' ? sideNames[1] : '';
    const tags = (cell.pieceTags || []).filter((t) => !t.startsWith('owned-'));
    return [name, who.toLowerCase(), ...tags, pieceName(cell.piece)].filter(Boolean).join(' ');
}

// Each piece: the body (filled with the side's colour) and detail strokes (the side's
// contrast colour) on a 64 x 64 square.
export const SHAPES = {
    P: {body: ['M32 13a8 8 0 0 1 5 14.2c3 1.6 4.6 4.3 4.6 7.3h-3.6c0 4 1.8 8 6 12.5 2 2.2 2.9 4.3 3 7H17c.1-2.7 1-4.8 3-7 4.2-4.5 6-8.5 6-12.5h-3.6c0-3 1.6-5.7 4.6-7.3A8 8 0 0 1 32 13z'],
        detail: []},
    R: {body: ['M16 54V48L21 45L22.5 29L18 25V13H24V18H29V13H35V18H40V13H46V25L41.5 29L43 45L48 48V54Z'],
        detail: ['M22 45h20', 'M23 29h18']},
    B: {body: ['M32 9a4 4 0 0 1 2.5 7.1C41 21 45 28 45 34c0 5-2.6 8.3-6 10l3 3v7H22v-7l3-3c-3.4-1.7-6-5-6-10 0-6 4-13 10.5-17.9A4 4 0 0 1 32 9z'],
        detail: ['M35 25l-6 9', 'M26 44h12', 'M29 38h6']},
    N: {body: ['M20 54c0-8 2-12 7-17 3-3 4-6 3-9-3 3-6 4-9 6-3 1-6-1-6-4 0-4 5-7 8-12l3-7 3 4c1-2 3-3 5-3 9 2 16 11 16 24 0 7-2 13-2 18z'],
        detail: ['M24 23h.1', 'M28 14l2 4', 'M45 50c1-5 1-11-1-17']},
    Q: {body: ['M17 54V48L20 45L13 22L22 32L23 15L29 29L32 11L35 29L41 15L42 32L51 22L44 45L47 48V54Z'],
        detail: ['M20 45h24'], dots: [[13, 21], [23, 14], [32, 10], [41, 14], [51, 21]]},
    K: {body: ['M30 8h4v4h4v4h-4v5c2 1 3 2 3 4 3-3 11-4 13 2 2 5-2 12-8 19l2 3v5H20v-5l2-3c-6-7-10-14-8-19 2-6 10-5 13-2 0-2 1-3 3-4v-5h-4v-4h4z'],
        detail: ['M22 46h20', 'M32 26v18', 'M21 50h22']},
};

export function drawPiece(letter, side, {fill, stroke, x = 0, y = 0, size = 64} = {}) {
    const shape = SHAPES[String(letter).toUpperCase()];
    const g = svg('g', {class: `piece piece-${String(letter).toUpperCase()} side-${side}`,
        transform: `translate(${x} ${y}) scale(${size / 64})`});
    if (!shape) {
        g.append(svg('circle', {cx: 32, cy: 32, r: 20, class: 'body', fill, stroke}),
            svg('text', {x: 32, y: 39, 'text-anchor': 'middle', class: 'letter', text: letter}));
        return g;
    }
    for (const d of shape.body) g.append(svg('path', {d, class: 'body', fill, stroke}));
    for (const [cx, cy] of shape.dots || [])
        g.append(svg('circle', {cx, cy, r: 3.2, class: 'body', fill, stroke}));
    for (const d of shape.detail) g.append(svg('path', {d, class: 'detail', stroke: fill ? stroke : undefined}));
    return g;
}
