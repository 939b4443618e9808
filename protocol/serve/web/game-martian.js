// SPDX-License-Identifier: GPL-3.0-or-later
// Martian Chess: pyramids with no side colour (owned by the zone they stand on: South's zone
// at the bottom, North's at the top), the canal, both players' points and the clock; a move
// that may call the clock is a choice.

import {h, svg} from './dom.js';
import {fact} from './facts.js';

const PIPS = {P: 1, D: 2, Q: 3};

export default {
    name: 'martian',
    factsTitle: 'Martian Chess',
    piece(cell) {
        const pips = PIPS[cell.piece] || 1;
        const height = 64 * (0.3 + 0.17 * pips), width = 64 * (0.3 + 0.14 * pips);
        const base = 64 * 0.88;
        const g = svg('g', {class: `pyramid pips-${pips}`});
        g.append(svg('polygon', {points: `${32 - width / 2},${base} ${32 + width / 2},${base} 32,${base - height}`,
            class: 'pyramid-body'}));
        for (let i = 0; i < pips; i++)
            g.append(svg('circle', {cx: 32 - (pips - 1) * 5 + i * 10, cy: base - 7, r: 3, class: 'pip'}));
        return g;
    },
    squareClass(cell) {
        return cell.squareTags.filter((t) => t.startsWith('zone-'));
    },
    squareDecor() {
        return null;
    },
    panel(state) {
        const [south, north] = state.display.sideNames;
        return h('div', {class: 'martian-points', id: 'points'},
            h('div', {}, h('b', {}, north), ' (top zone): ', h('span', {id: 'points-black'}, fact(state, 'points.black')), ' points'),
            h('div', {}, h('b', {}, south), ' (bottom zone): ', h('span', {id: 'points-white'}, fact(state, 'points.white')), ' points'),
            h('div', {id: 'martian-clock'}, `Clock: ${fact(state, 'clock')}`));
    },
    choiceLabel(move) {
        if (move.text.endsWith('*')) return `${move.san.replace(/\*$/, '')} and call the clock`;
        return move.squares.length ? `${move.san} (no clock call)` : 'pass';
    },
};
