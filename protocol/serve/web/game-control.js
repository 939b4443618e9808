// SPDX-License-Identifier: GPL-3.0-or-later
// Control Chess: pieces in six colours, each ringed by the side that controls its colour
// (a light ring edged dark for White, a dark ring edged light for Black, dashed for no one,
// so a ring reads on either square colour); the coloured squares; who controls each colour
// and why; the pool.

import {h, svg} from './dom.js';
import {drawPiece} from './pieces.js';
import {fact} from './facts.js';

export const COLOURS = {white: '#fbfbf5', black: '#222', red: '#d43a2f', yellow: '#f2c919',
    purple: '#8a3fb5', blue: '#2f6fd4'};
const DARK = new Set(['black', 'purple', 'blue', 'red']);

function ring(side) {
    const g = svg('g', {class: `ring ring-${side || 'none'}`});
    g.append(svg('circle', {cx: 32, cy: 32, r: 28, class: 'ring-edge'}),
        svg('circle', {cx: 32, cy: 32, r: 28, class: 'ring-line'}));
    return g;
}

const NAMES = {q: 'queen', r: 'rook', b: 'bishop', n: 'knight'};
const POOL_COLOURS = {w: 'White', b: 'Black', r: 'Red', y: 'Yellow', p: 'Purple', u: 'Blue'};

export default {
    name: 'control',
    factsTitle: 'Control Chess',
    piece(cell) {
        const colour = cell.pieceTags[0] || 'white';
        const g = svg('g', {});
        g.append(ring(cell.side), drawPiece(cell.piece, `colour-${colour}`,
            {fill: COLOURS[colour], stroke: DARK.has(colour) ? '#f2f2f2' : '#1c1c1c', x: 6, y: 6, size: 52}));
        return g;
    },
    squareClass() {
        return [];
    },
    squareDecor(cell) {
        const colour = cell.squareTags.find((t) => COLOURS[t]);
        if (!colour) return null;
        return svg('rect', {x: 3, y: 3, width: 58, height: 58, stroke: COLOURS[colour],
            class: `colour-square colour-${colour}`});
    },
    panel(state) {
        const rows = ['red', 'yellow', 'purple', 'blue'].map((c) => h('tr', {'data-colour': c},
            h('td', {}, h('span', {class: 'swatch', style: `color:${COLOURS[c]}`}, '\u25A0'), ` ${c}`),
            h('td', {class: 'controller'}, fact(state, 'controller.' + c)),
            h('td', {}, fact(state, 'chain.' + c))));
        return h('div', {},
            h('table', {id: 'control'},
                h('tr', {}, h('th', {}, 'colour'), h('th', {}, 'controlled by'), h('th', {}, 'because')),
                ...rows),
            h('div', {id: 'pool'}, `Pool: ${fact(state, 'pool')}`));
    },
    choiceLabel(move) {
        const suffix = move.text.slice(4);
        if (suffix === 'k') return 'king promotion';
        if (NAMES[suffix[0]])
            return `${NAMES[suffix[0]]} from the pool` + (suffix[1] ? ` (${POOL_COLOURS[suffix[1]]})` : '');
        return move.san;
    },
};
