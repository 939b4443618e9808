// SPDX-License-Identifier: GPL-3.0-or-later
// Typed moves (protocol/serve/web/moveinput.js) matched against legal moves.
import test from 'node:test';
import assert from 'node:assert/strict';
import {matchMove, normalise} from '../../protocol/serve/web/moveinput.js';

const m = (text, san) => ({text, san, squares: []});
const legal = [m('g1f3', 'Nf3'), m('b1c3', 'Nc3'), m('b2b4', 'b4'), m('e1g1', 'O-O'),
    m('e7e8q', 'e8=Q+'), m('e7e8n', 'e8=N'), m('f1b5', 'Bb5'), m('d4e5', 'dxe5')];

test('SAN, with or without marks', () => {
    assert.equal(matchMove('Nf3', legal).move.text, 'g1f3');
    assert.equal(matchMove('Nf3+', legal).move.text, 'g1f3');
    assert.equal(matchMove('e8=Q', legal).move.text, 'e7e8q');
    assert.equal(matchMove('e8Q', legal).move.text, 'e7e8q');
    assert.equal(matchMove('de5', legal).move.text, 'd4e5');
    assert.equal(matchMove('dxe5', legal).move.text, 'd4e5');
});

test('coordinates', () => {
    assert.equal(matchMove('g1f3', legal).move.text, 'g1f3');
    assert.equal(matchMove('G1F3', legal).move.text, 'g1f3');
    assert.equal(matchMove('e7e8n', legal).move.text, 'e7e8n');
    assert.equal(matchMove('g1-f3', legal).move.text, 'g1f3');
});

test('castling with O or zero', () => {
    assert.equal(normalise('0-0'), 'OO');
    assert.equal(matchMove('0-0', legal).move.text, 'e1g1');
    assert.equal(matchMove('O-O', legal).move.text, 'e1g1');
});

test('case: a lower-case piece letter still finds the piece, b4 stays a pawn', () => {
    assert.equal(matchMove('nf3', legal).move.text, 'g1f3');
    assert.equal(matchMove('b4', legal).move.text, 'b2b4');
    assert.equal(matchMove('bb5', legal).move.text, 'f1b5');
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
