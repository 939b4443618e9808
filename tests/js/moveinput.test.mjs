// SPDX-License-Identifier: GPL-3.0-or-later
// Typed moves (protocol/serve/web/moveinput.js) matched against legal moves.
import test from 'node:test';
import assert from 'node:assert/strict';
import {matchMove, normalise} from '../../protocol/serve/web/moveinput.js';

const m = (text, san) => ({text, san, squares: []});
const legal = [m('g1f3', 'Nf3'), m('b1c3', 'Nc3'), m('b2b4', 'b4'), m('e1g1', 'O-O'),
    m('e7e8q', 'e8=Q+'), m('e7e8n', 'e8=N'), m('f1b5', 'Bb5'), m('d4e5', 'dxe5')];

// Each typed text and the legal move it must find.
function expectMoves(pairs) {
    for (const [typed, move] of pairs) assert.equal(matchMove(typed, legal).move.text, move, typed);
}

test('SAN, with or without marks', () => {
    expectMoves([['Nf3', 'g1f3'], ['Nf3+', 'g1f3'], ['e8=Q', 'e7e8q'], ['e8Q', 'e7e8q'],
        ['de5', 'd4e5'], ['dxe5', 'd4e5']]);
});

test('coordinates', () => {
    expectMoves([['g1f3', 'g1f3'], ['G1F3', 'g1f3'], ['e7e8n', 'e7e8n'], ['g1-f3', 'g1f3']]);
});

test('castling with O or zero', () => {
    assert.equal(normalise('0-0'), 'OO');
    expectMoves([['0-0', 'e1g1'], ['O-O', 'e1g1']]);
});

test('case: a lower-case piece letter still finds the piece, b4 stays a pawn', () => {
    expectMoves([['nf3', 'g1f3'], ['b4', 'b2b4'], ['bb5', 'f1b5']]);
});

test('nothing, or several', () => {
    assert.match(matchMove('Qh5', legal).error, /no legal move/);
    assert.match(matchMove('  ', legal).error, /type a move/);
    const two = [m('e2d3,d3e4', 'e4'), m('e2e4', 'e4')];
    assert.equal(matchMove('e4', two).ambiguous.length, 2);
});

test('the same move under two texts is one move', () => {
    const same = [m('e1g1', 'O-O'), m('e1g1', 'O-O')];
    assert.equal(matchMove('O-O', same).move.text, 'e1g1');
});
