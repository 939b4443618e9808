// SPDX-License-Identifier: GPL-3.0-or-later
// The move tree of protocol/serve/web/tree.js: reading a state, paths, lines, move numbers
// and the move list's tokens with variations.
import test from 'node:test';
import assert from 'node:assert/strict';
import {childrenOf, lineThrough, moveNumber, moveTokens, pathTo, plyOf, treeOf} from '../../protocol/serve/web/tree.js';

const node = (id, parent, san, side, turn) => ({id, parent, move: san, san, side, turn, ms: 0});
// 1. e4 e5 2. Nf3 (2. Nc3 Nc6) (2. f4) 2... Nc6, and 1... c5 as a variation of 1... e5.
const nodes = [node(1, 0, 'e4', 'white', 0), node(2, 1, 'e5', 'black', 1), node(3, 2, 'Nf3', 'white', 2),
    node(4, 3, 'Nc6', 'black', 3), node(5, 2, 'Nc3', 'white', 2), node(6, 5, 'Nc6', 'black', 3),
    node(7, 2, 'f4', 'white', 2), node(8, 1, 'c5', 'black', 1)];
const tree = {nodes, line: [1, 2, 3, 4], mainline: [1, 2, 3, 4]};
const text = (tokens) => tokens.map((t) => (t.kind === 'open' ? '(' : t.kind === 'close' ? ')'
    : `${t.number}${t.number ? ' ' : ''}${t.node.san}`)).join(' ');

test('a state without a tree is read as one line', () => {
    const t = treeOf({moves: [{text: 'e2e4', san: 'e4', side: 'white', turn: 0, ms: 5},
        {text: 'e7e5', san: 'e5', side: 'black', turn: 1, ms: 6}]});
    assert.deepEqual(t.line, [1, 2]);
    assert.equal(t.variations, false);
    assert.deepEqual(t.nodes.map((n) => n.parent), [0, 1]);
});

test('a state with a tree keeps its line and mainline', () => {
    const t = treeOf({tree: nodes, line: [1, 8], mainline: [1, 2, 3, 4], moves: []});
    assert.deepEqual(t.line, [1, 8]);
    assert.deepEqual(t.mainline, [1, 2, 3, 4]);
    assert.equal(t.variations, true);
});

test('paths and lines through a node', () => {
    assert.deepEqual(pathTo(nodes, 6), [1, 2, 5, 6]);
    assert.deepEqual(pathTo(nodes, 1), [1]);
    assert.deepEqual(lineThrough(nodes, 5, tree.mainline), [1, 2, 5, 6]);
    assert.deepEqual(lineThrough(nodes, 2, tree.mainline), [1, 2, 3, 4]);
    assert.equal(plyOf([1, 2, 5, 6], 5), 3);
    assert.equal(plyOf([1, 2, 3, 4], 5), -1);
});

test('the mainline child comes first even when created later', () => {
    const kids = childrenOf([node(1, 0, 'd4', 'white', 0), node(2, 0, 'e4', 'white', 0)], [2]);
    assert.deepEqual(kids.get(0).map((n) => n.id), [2, 1]);
});

test('a cycle in the tree is an error, not a hang', () => {
    assert.throws(() => pathTo([node(1, 2, 'a', 'white', 0), node(2, 1, 'b', 'black', 1)], 1), /cycle/);
});

test('move numbers, from White or from Black', () => {
    assert.equal(moveNumber(0), 1);
    assert.equal(moveNumber(1), 1);
    assert.equal(moveNumber(2), 2);
    assert.equal(moveNumber(0, true), 1);
    assert.equal(moveNumber(1, true), 2);
});

test('the move list writes variations after the move they replace', () => {
    assert.equal(text(moveTokens(tree)),
        '1. e4 e5 ( 1... c5 ) 2. Nf3 ( 2. Nc3 Nc6 ) ( 2. f4 ) 2... Nc6');
});

test('the move list of one line has no brackets', () => {
    assert.equal(text(moveTokens({nodes: nodes.slice(0, 4), line: [1, 2, 3, 4], mainline: [1, 2, 3, 4]})),
        '1. e4 e5 2. Nf3 Nc6');
});

test('several single moves in one turn get one number (Multiple Move Chess)', () => {
    const mm = [node(1, 0, 'Nc3', 'white', 0), node(2, 1, 'Nf3', 'white', 0), node(3, 2, 'Nc6', 'black', 1),
        node(4, 3, 'Nf6', 'black', 1), node(5, 4, 'e4', 'white', 2)];
    assert.equal(text(moveTokens({nodes: mm, line: [1, 2, 3, 4, 5], mainline: [1, 2, 3, 4, 5]})),
        '1. Nc3 Nf3 Nc6 Nf6 2. e4');
});

test('depths of nested variations', () => {
    const nested = [...nodes, node(9, 5, 'Nf6', 'black', 3)];
    const tokens = moveTokens({nodes: nested, line: [1, 2, 3, 4], mainline: [1, 2, 3, 4]});
    const opens = tokens.filter((t) => t.kind === 'open').map((t) => t.depth);
    assert.deepEqual(opens, [1, 1, 2, 1]);
});

test('the first single move of each turn is marked', () => {
    const mm = [node(1, 0, 'Nc3', 'white', 0), node(2, 1, 'Nf3', 'white', 0), node(3, 2, 'Nc6', 'black', 1),
        node(4, 3, 'Nf6', 'black', 1)];
    const starts = moveTokens({nodes: mm, line: [1, 2, 3, 4], mainline: [1, 2, 3, 4]}).map((t) => t.turnStart);
    assert.deepEqual(starts, [true, false, true, false]);
});
