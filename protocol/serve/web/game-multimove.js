// SPDX-License-Identifier: GPL-3.0-or-later
// Multiple Move Chess: whose turn it is and how many single moves it has left (the squares
// of pieces that moved this turn are marked by the board from the square tags).

import {h} from './dom.js';
import {chessLike} from './game-chess.js';
import {fact} from './facts.js';

export default {
    ...chessLike,
    name: 'multimove',
    factsTitle: 'Multiple Move Chess',
    panel(state) {
        const who = state.display.sideNames[state.toMove === 'white' ? 0 : 1];
        return h('div', {id: 'turn'},
            `${who}\u2019s turn: ${fact(state, 'turn.left')} of ${fact(state, 'turn.moves')} single moves left`);
    },
};
