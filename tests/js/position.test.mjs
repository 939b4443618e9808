// SPDX-License-Identifier: GPL-3.0-or-later
// Check highlight, click paths and premoves (protocol/serve/web/position.js) and the piece
// classification and labels (protocol/serve/web/pieces.js).
import test from 'node:test';
import assert from 'node:assert/strict';
import {checkSquare, clickPaths, premoveMatch} from '../../protocol/serve/web/position.js';
import {pieceName, pieceSide, squareLabel, SHAPES} from '../../protocol/serve/web/pieces.js';

const empty = {piece: '', side: '', pieceTags: [], squareTags: []};
function display(pieces) {
    const cells = Array.from({length: 64}, () => ({...empty}));
    for (const [sq, piece, side] of pieces)
        cells[(parseInt(sq[1], 10) - 1) * 8 + sq.charCodeAt(0) - 97] = {...empty, piece, side};
    return {files: 8, ranks: 8, cells};
}

test('the king in check is the side to move\'s king after a checking move', () => {
    const d = display([['e1', 'K', 'white'], ['e8', 'K', 'black'], ['e2', 'Q', 'black']]);
    assert.equal(checkSquare(d, 'white', 'Qe2+'), 'e1');
    assert.equal(checkSquare(d, 'black', 'Qe7#'), 'e8');
    assert.equal(checkSquare(d, 'white', 'Qe2'), null);
    assert.equal(checkSquare(d, 'white', null), null);
});

const mv = (text, squares, also = []) => ({text, san: text, squares, also});

test('click paths include castling onto the rook', () => {
    const p = clickPaths([mv('e1g1', ['e1', 'g1'], [['e1', 'h1']]), mv('pass', [])]);
    assert.deepEqual(p.map((x) => x.path.join('-')), ['e1-g1', 'e1-h1']);
});

test('a premove is played if legal when the turn comes, a promotion as a queen', () => {
    const legal = [mv('e7e8n', ['e7', 'e8']), mv('e7e8q', ['e7', 'e8']), mv('g1f3', ['g1', 'f3'])];
    assert.equal(premoveMatch(legal, 'e7', 'e8').text, 'e7e8q');
    assert.equal(premoveMatch(legal, 'g1', 'f3').text, 'g1f3');
    assert.equal(premoveMatch(legal, 'g1', 'h3'), null);
});

test('pieces: names, sides and labels', () => {
    assert.equal(pieceName('n'), 'knight');
    assert.equal(pieceName('K'), 'king');
    assert.equal(pieceSide({side: 'black'}), 'black');
    assert.equal(pieceSide({side: ''}), 'neutral');
    assert.equal(squareLabel('e4', {piece: 'N', side: 'white', pieceTags: []}), 'e4 white knight');
    assert.equal(squareLabel('d8', {piece: 'Q', side: 'black', pieceTags: ['enhanced']}), 'd8 black enhanced queen');
    assert.equal(squareLabel('a1', {piece: 'D', side: '', pieceTags: ['owned-white']}, ['South', 'North']), 'a1 south drone');
    assert.equal(squareLabel('c3', empty), 'c3 empty');
    for (const letter of 'KQRBNP') assert.ok(SHAPES[letter].body.length, `a shape for ${letter}`);
});
