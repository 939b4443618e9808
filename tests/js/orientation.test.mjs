// SPDX-License-Identifier: GPL-3.0-or-later
// Board orientation and squares (protocol/serve/web/orientation.js).
import test from 'node:test';
import assert from 'node:assert/strict';
import {bottomSide, cellOf, neighbour, squaresOf} from '../../protocol/serve/web/orientation.js';

test('the person playing Black sees Black at the bottom', () => {
    assert.equal(bottomSide({white: 'harlequin', black: 'human'}), 'black');
    assert.equal(bottomSide({white: 'human', black: 'harlequin'}), 'white');
    assert.equal(bottomSide({white: 'human', black: 'human'}), 'white');
    assert.equal(bottomSide({white: 'harlequin', black: 'harlequin'}), 'white');
});

test('Flip turns it over', () => {
    assert.equal(bottomSide({white: 'harlequin', black: 'human'}, true), 'white');
    assert.equal(bottomSide({white: 'human', black: 'harlequin'}, true), 'black');
});

test('where a square is drawn', () => {
    assert.deepEqual(cellOf('a1', 8, 8, 'white'), {col: 0, row: 7});
    assert.deepEqual(cellOf('a1', 8, 8, 'black'), {col: 7, row: 0});
    assert.deepEqual(cellOf('d8', 4, 8, 'white'), {col: 3, row: 0});
    assert.equal(cellOf('zz', 8, 8), null);
});

test('arrow keys move as seen on the board', () => {
    assert.equal(neighbour('e4', 0, 1, 8, 8, 'white'), 'e5');
    assert.equal(neighbour('e4', 0, 1, 8, 8, 'black'), 'e3');
    assert.equal(neighbour('a1', -1, 0, 8, 8, 'white'), null);
    assert.equal(neighbour('h8', 1, 0, 8, 8, 'black'), 'g8');
});

test('the squares a move names', () => {
    assert.deepEqual(squaresOf('e2d3,d3e4'), ['e2', 'd3', 'e4']);
    assert.deepEqual(squaresOf('b1a1*'), ['b1', 'a1']);
    assert.deepEqual(squaresOf('pass'), []);
});
