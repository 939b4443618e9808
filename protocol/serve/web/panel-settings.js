// SPDX-License-Identifier: GPL-3.0-or-later
// Players, strength and clock. The server's state fills the controls only where the person
// is not editing them (a control with the focus, or changed and not yet applied, keeps the
// person's choice), so they never jump back while an analysis sends its updates.
//
// Strength is a level picker (level-choice.js; the ratings from levels.js): eight levels and
// full strength, whose time per move or depth is shown only when it is chosen (or when the
// engine given with --engine plays, which has no levels).

import {$, clearDirty, h, markDirty, setIdle} from './dom.js';
import {LEVEL_COUNT, ratingsFor} from './levels.js';
import {choiceOfState, describeChoice, levelSetting, pageStorage, parseChoice, rememberChoice} from './level-choice.js';

const CONTROLS = ['white', 'black', 'strength-kind', 'strength', 'base', 'inc'];

const levelInputs = () => [...document.querySelectorAll('input[name="level"]')];

function levelButton(value, top, bottom) {
    return h('label', {class: 'level', 'data-level': value},
        h('input', {type: 'radio', name: 'level', value, class: 'sr-only'}),
        h('span', {class: 'level-top'}, top), h('span', {class: 'level-bottom'}, bottom));
}

function buildLevels() {
    const buttons = [];
    for (let k = 1; k <= LEVEL_COUNT; ++k) buttons.push(levelButton(String(k), String(k), ''));
    buttons.push(levelButton('full', 'Full strength', ''));
    $('levels').replaceChildren(...buttons);
    for (const input of levelInputs())
        input.addEventListener('change', () => {
            $('levels').dataset.dirty = 'yes';
            rememberChoice(pageStorage(), parseChoice(input.value));
            showChoice();
        });
}

export function levelChoice() {
    const on = levelInputs().find((i) => i.checked);
    return on ? parseChoice(on.value) : 'full';
}

function setLevelChoice(choice) {
    for (const i of levelInputs()) i.checked = i.value === String(choice);
}

// The ratings of the game shown, the sentence under the picker, and the time or depth
// shown when full strength (or the external engine, which has no levels) plays.
function showChoice(game) {
    if (game) $('levels').dataset.game = game;
    const ratings = ratingsFor($('levels').dataset.game);
    for (const label of document.querySelectorAll('#levels label.level')) {
        const k = parseInt(label.dataset.level, 10);
        if (!k) continue;
        label.querySelector('.level-bottom').textContent = String(ratings[k - 1]);
        label.querySelector('input').setAttribute('aria-label', `Level ${k}, about ${ratings[k - 1]}`);
    }
    const choice = levelChoice();
    $('level-note').textContent = describeChoice(choice, ratings);
    const external = ['white', 'black'].some((c) => $(c).value === 'engine');
    $('strength-box').hidden = choice !== 'full' && !external;
}

export function setupSettings(externalEngine, game, choice) {
    for (const c of ['white', 'black']) {
        $(c).append(new Option('you', 'human'), new Option('Harlequin', 'harlequin'));
        if (externalEngine) $(c).append(new Option(externalEngine, 'engine'));
        $(c).addEventListener('change', () => showChoice());
    }
    $('white').value = 'human';
    $('black').value = 'harlequin';
    for (const c of CONTROLS) markDirty($(c));
    buildLevels();
    setLevelChoice(choice);
    showChoice(game);
}

export function readSettings() {
    const s = {white: $('white').value || 'human', black: $('black').value || 'harlequin'};
    s.level = levelSetting(levelChoice());
    const v = parseInt($('strength').value, 10);
    if ($('strength-kind').value === 'depth') s.depth = v;
    else s.movetime = v;
    s.base = 1000 * (parseInt($('base').value, 10) || 0);
    s.inc = 1000 * (parseInt($('inc').value, 10) || 0);
    s.multipv = parseInt($('multipv').value, 10) || 1;
    return s;
}

export function applied() {
    clearDirty(...CONTROLS.map($), $('levels'));
}

// The state's players, level and the side names of its game (Martian Chess: South and North).
export function showSettings(state) {
    const [first, second] = state.display.sideNames;
    $('white-name').textContent = first;
    $('black-name').textContent = second;
    setIdle($('white'), state.players.white);
    setIdle($('black'), state.players.black);
    const editing = $('levels').dataset.dirty === 'yes' || $('levels').contains(document.activeElement);
    if (!editing) setLevelChoice(choiceOfState(state));
    showChoice(state.game);
}
