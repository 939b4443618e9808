// SPDX-License-Identifier: GPL-3.0-or-later
// Ms. Chess: the enhanced army haloed in gold; which side is enhanced, whether Male Backlash
// happened, how a pawn's capture in passing is clicked.

import {h, svg} from './dom.js';
import {chessLike} from './game-chess.js';
import {fact} from './facts.js';

export default {
    ...chessLike,
    name: 'mschess',
    factsTitle: 'Ms. Chess',
    piece(cell) {
        const g = svg('g', {});
        if (cell.pieceTags.includes('enhanced'))
            g.append(svg('circle', {cx: 32, cy: 32, r: 29, class: 'halo enhanced'}));
        g.append(chessLike.piece(cell));
        return g;
    },
    panel(state) {
        const sides = ['white', 'black'].filter((c) => fact(state, 'enhanced.' + c) === 'enhanced');
        const names = state.display.sideNames;
        return h('div', {},
            h('div', {id: 'enhanced'}, `Enhanced: ${sides.map((c) => names[c === 'white' ? 0 : 1]).join(' and ') || 'none'}`,
                ` (Male Backlash ${fact(state, 'backlash')})`),
            h('div', {class: 'hint'}, 'A pawn\u2019s capture in passing: click the pawn, the piece it passes, then where it goes.'));
    },
};
