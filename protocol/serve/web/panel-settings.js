// SPDX-License-Identifier: GPL-3.0-or-later
// Players, strength and clock. The server's state fills the controls only where the person
// is not editing them (a control with the focus, or changed and not yet applied, keeps the
// person's choice), so they never jump back while an analysis sends its updates.

import {$, clearDirty, markDirty, setIdle} from './dom.js';

const CONTROLS = ['white', 'black', 'strength-kind', 'strength', 'base', 'inc'];

export function setupSettings(externalEngine) {
    for (const c of ['white', 'black']) {
        $(c).append(new Option('you', 'human'), new Option('Harlequin', 'harlequin'));
        if (externalEngine) $(c).append(new Option(externalEngine, 'engine'));
    }
    $('white').value = 'human';
    $('black').value = 'harlequin';
    for (const c of CONTROLS) markDirty($(c));
}

export function readSettings() {
    const s = {white: $('white').value || 'human', black: $('black').value || 'harlequin'};
    const v = parseInt($('strength').value, 10);
    if ($('strength-kind').value === 'depth') s.depth = v;
    else s.movetime = v;
    s.base = 1000 * (parseInt($('base').value, 10) || 0);
    s.inc = 1000 * (parseInt($('inc').value, 10) || 0);
    s.multipv = parseInt($('multipv').value, 10) || 1;
    return s;
}

export function applied() {
    clearDirty(...CONTROLS.map($));
}

// The state's players and the side names of its game (Martian Chess: South and North).
export function showSettings(state) {
    const [first, second] = state.display.sideNames;
    $('white-name').textContent = first;
    $('black-name').textContent = second;
    setIdle($('white'), state.players.white);
    setIdle($('black'), state.players.black);
}
