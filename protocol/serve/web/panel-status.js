// SPDX-License-Identifier: GPL-3.0-or-later
// Beside the board: the result banner, the clocks, the game's panel or its facts, the
// resign confirmation.

import {$, h} from './dom.js';

export function renderBanner(o) {
    let banner = $('result');
    if (!o.over) {
        if (banner) banner.remove();
        return;
    }
    if (!banner) {
        banner = h('div', {id: 'result', class: 'result'});
        $('clock-bottom').after(banner);
    }
    banner.textContent = `${o.result} \u2014 ${o.reason}`;
}

export function fmtClock(ms) {
    const neg = ms < 0;
    ms = Math.abs(ms);
    const s = Math.floor(ms / 1000), m = Math.floor(s / 60);
    return `${neg ? '-' : ''}${m}:${String(s % 60).padStart(2, '0')}.${Math.floor(ms % 1000 / 100)}`;
}

// The clocks: the top one is the side at the top of the board; `running` when it is that
// side's turn at the end of the game.
export function renderClocks(st, names, bottom, over, atEnd) {
    const high = bottom === 'white' ? 'black' : 'white';
    for (const [id, c] of [['clock-top', high], ['clock-bottom', bottom]]) {
        const who = st.players[c];
        const player = who === 'harlequin' ? 'Harlequin' : who === 'engine' ? st.externalEngine : 'you';
        const clock = st.clock.on ? ' ' + fmtClock(st.clock[c]) : '';
        const e = $(id);
        e.textContent = `${names[c === 'white' ? 0 : 1]} (${player})${clock}`;
        e.classList.toggle('running', !over && st.toMove === c && atEnd);
        e.dataset.side = c;
    }
}

// The game's own panel, or (a game with no drawing module) its facts as text; a numbered
// Chess960 start's number.
export function renderPanel(draw, shown, start960) {
    const panel = draw.panel(shown);
    $('facts-title').textContent = draw.factsTitle;
    $('special').replaceChildren(...[panel].filter(Boolean));
    const items = panel ? [] : shown.display.facts.flatMap((f) => [h('dt', {}, f.label), h('dd', {'data-key': f.key}, f.value)]);
    if (typeof start960 === 'number')
        items.push(h('dt', {}, 'Chess960 start'), h('dd', {'data-key': 'start960'}, String(start960)));
    $('facts').replaceChildren(...items);
    $('facts-box').hidden = !panel && !items.length;
}

// Resign asks once more: the first click arms the button (for five seconds), the second
// calls `resign`.
export function armResign(resign) {
    const b = $('resign');
    if (b.dataset.armed === 'yes') {
        disarmResign();
        resign();
        return;
    }
    b.dataset.armed = 'yes';
    b.textContent = 'Confirm resign';
    $('resign-cancel').hidden = false;
    setTimeout(disarmResign, 5000);
}

export function disarmResign() {
    $('resign').dataset.armed = 'no';
    $('resign').textContent = 'Resign';
    $('resign-cancel').hidden = true;
}
