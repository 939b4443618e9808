// SPDX-License-Identifier: GPL-3.0-or-later
// The evaluation bar's numbers (protocol/serve/web/evaluation.js).
import test from 'node:test';
import assert from 'node:assert/strict';
import {chancesText, martianChances, scoreText, whiteShare, winningChances} from '../../protocol/serve/web/evaluation.js';

test('winning chances follow lichess curve', () => {
    assert.equal(winningChances(0), 0);
    // 2 / (1 + e^(-0.00368208 * 100)) - 1
    assert.ok(Math.abs(winningChances(100) - 0.18206) < 1e-4);
    assert.ok(Math.abs(winningChances(-300) + 0.50225) < 1e-4);
    assert.equal(winningChances(5000), winningChances(1000));
    assert.ok(winningChances(1000) < 1 && winningChances(1000) > 0.95);
});

test('the bar share: half at 0, all or nothing on a mate', () => {
    assert.equal(whiteShare({cp: 0}, 'chess'), 0.5);
    assert.equal(whiteShare({mate: 3}, 'chess'), 1);
    assert.equal(whiteShare({mate: -2}, 'chess'), 0);
    assert.equal(whiteShare(null, 'chess'), 0.5);
    assert.ok(whiteShare({cp: 150}, 'chess') > 0.6);
    assert.ok(whiteShare({cp: -150}, 'chess') < 0.4);
});

test('Martian Chess: points, its own curve', () => {
    assert.equal(scoreText({cp: 250}, 'martian'), '+2.5 pts');
    assert.equal(scoreText({cp: -100}, 'martian'), '\u22121.0 pts');
    assert.ok(Math.abs(whiteShare({cp: 400}, 'martian') - (1 + martianChances(400)) / 2) < 1e-12);
    assert.notEqual(whiteShare({cp: 400}, 'martian'), whiteShare({cp: 400}, 'chess'));
});

test('with the engine\'s win/draw/loss chances the bar is White\'s expected score', () => {
    const wdl = {white: 430, draw: 250, black: 320};
    assert.equal(whiteShare({cp: 52}, 'chess', wdl), 0.555);
    // The chances decide, not the curve of the centipawns (Martian's points included).
    assert.equal(whiteShare({cp: 400}, 'martian', {white: 1000, draw: 0, black: 0}), 1);
    assert.equal(whiteShare({cp: 0}, 'chess', {white: 0, draw: 1000, black: 0}), 0.5);
    assert.equal(whiteShare({mate: 2}, 'chess', null), 1);
    assert.equal(chancesText(wdl), 'White 43% \u00b7 draw 25% \u00b7 Black 32%');
    assert.equal(chancesText(null), '');
    assert.equal(chancesText(wdl, ['South', 'North']), 'South 43% \u00b7 draw 25% \u00b7 North 32%');
});

test('score texts', () => {
    assert.equal(scoreText({cp: 35}, 'chess'), '+0.35');
    assert.equal(scoreText({cp: 0}, 'chess'), '0.00');
    assert.equal(scoreText({mate: -3}, 'chess'), '#-3');
});
