// SPDX-License-Identifier: GPL-3.0-or-later
// The level picker's choice and ratings (protocol/serve/web/level-choice.js, levels.js).
import test from 'node:test';
import assert from 'node:assert/strict';
import {LEVEL_COUNT, LEVEL_RATINGS, ratingsFor} from '../../protocol/serve/web/levels.js';
import {
    DEFAULT_LEVEL, LEVEL_KEY, choiceOfState, describeChoice, initialChoice, levelSetting, parseChoice,
    rememberChoice, rememberedChoice,
} from '../../protocol/serve/web/level-choice.js';

// localStorage as a Map; `broken` throws as a browser that refuses storage does.
function storage(entries = {}, broken = false) {
    const m = new Map(Object.entries(entries));
    return {
        getItem: (k) => { if (broken) throw new Error('denied'); return m.has(k) ? m.get(k) : null; },
        setItem: (k, v) => { if (broken) throw new Error('denied'); m.set(k, String(v)); },
        map: m,
    };
}

test('every game has eight ratings, rising with the level', () => {
    assert.equal(LEVEL_COUNT, 8);
    for (const game of ['chess', 'chess960', 'mschess', 'multimove', 'control', 'martian']) {
        const r = ratingsFor(game);
        assert.equal(r.length, LEVEL_COUNT, game);
        for (let i = 1; i < r.length; ++i) assert.ok(r[i] > r[i - 1], `${game} level ${i + 1}`);
    }
    for (const [game, r] of Object.entries(LEVEL_RATINGS)) assert.equal(r.length, LEVEL_COUNT, game);
});

test('a game registered later shows chess\'s ratings', () => {
    assert.deepEqual(ratingsFor('newgame'), ratingsFor('chess'));
});

test('a choice is a level 1 to 8 or full strength, nothing else', () => {
    assert.equal(parseChoice('full'), 'full');
    assert.equal(parseChoice('3'), 3);
    assert.equal(parseChoice(8), 8);
    for (const bad of ['0', '9', 0, 9, 'x', '', null, undefined, 2.5, '2.5', ' 3', true, '-1'])
        assert.equal(parseChoice(bad), null, String(bad));
});

test('the first visit starts at level 3; a choice is remembered for the next game', () => {
    const s = storage();
    assert.equal(DEFAULT_LEVEL, 3);
    assert.equal(rememberedChoice(s), 3);
    rememberChoice(s, 6);
    assert.equal(s.map.get(LEVEL_KEY), '6');
    assert.equal(rememberedChoice(s), 6);
    rememberChoice(s, 'full');
    assert.equal(rememberedChoice(s), 'full');
    rememberChoice(s, 12); // not a choice: the last one stays
    assert.equal(rememberedChoice(s), 'full');
});

test('a damaged or refused storage gives the default', () => {
    assert.equal(rememberedChoice(storage({[LEVEL_KEY]: 'banana'})), DEFAULT_LEVEL);
    assert.equal(rememberedChoice(storage({}, true)), DEFAULT_LEVEL);
    assert.equal(rememberedChoice(null), DEFAULT_LEVEL);
    assert.doesNotThrow(() => rememberChoice(storage({}, true), 4));
    assert.doesNotThrow(() => rememberChoice(null, 4));
});

test('an address with a time per move or a depth plays at full strength', () => {
    const s = storage({[LEVEL_KEY]: '5'});
    assert.equal(initialChoice(new URLSearchParams('movetime=300'), s), 'full');
    assert.equal(initialChoice(new URLSearchParams('depth=1'), s), 'full');
    assert.equal(initialChoice(new URLSearchParams('game=ab12'), s), 5);
});

test('the server gets the level or null; a state shows its level', () => {
    assert.equal(levelSetting(4), 4);
    assert.equal(levelSetting('full'), null);
    assert.equal(choiceOfState({strength: {level: 2}}), 2);
    assert.equal(choiceOfState({strength: {level: null}}), 'full');
    assert.equal(choiceOfState({strength: {movetime: 1000}}), 'full');
});

test('the sentence under the picker names the level and its rating', () => {
    assert.match(describeChoice(3, ratingsFor('chess')), /Level 3 of 8.*1383/);
    assert.match(describeChoice('full', ratingsFor('chess')), /Full strength/);
});
