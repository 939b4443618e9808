// SPDX-License-Identifier: GPL-3.0-or-later
// The analysis: what Harlequin is doing, its lines (MultiPV, in SAN when the server gives
// it; a click plays the line onto the board as a variation) and the evaluation bar.

import {h} from './dom.js';
import {chancesText, scoreText, whiteShare} from './evaluation.js';

function head(search) {
    if (search.activity === 'idle') return 'Harlequin is idle';
    return `Harlequin is ${search.activity} (${(search.elapsedMs / 1000).toFixed(1)} s)`;
}

// A move of a line as a button. A running search redraws the lines at every report, so a
// mouse press and its release can land on two different buttons, and then no click fires:
// a mouse plays the move on the press. Touch and the keyboard play it on the click (a
// touch press may start a scroll), and a press that played leaves its click alone.
function pvButton(moves, i, play) {
    let played = false;
    return h('button', {class: 'pv-move', type: 'button',
        title: `play ${moves.slice(0, i + 1).join(' ')} onto the board`,
        onpointerdown: (e) => {
            if (e.pointerType !== 'mouse' || e.button !== 0) return;
            e.preventDefault();
            played = true;
            play();
        },
        onclick: () => {
            if (!played) play();
            played = false;
        }}, moves[i]);
}

// lines: the search lines for the shown position (or [] when they are for another one);
// onMove(line, index): a click on the index-th move of a line (null when lines cannot be
// played onto the board).
export function renderAnalysis(box, search, lines, game, onMove, sideNames) {
    const rows = [h('div', {class: 'search-head'}, head(search))];
    for (const l of lines) {
        const moves = l.pvSan && l.pvSan.length === l.pv.length ? l.pvSan : l.pv;
        const pv = moves.map((m, i) => onMove
            ? pvButton(moves, i, () => onMove(l, i))
            : h('span', {class: 'pv-move'}, m));
        // The score (of a fixed width) and then the moves, so that a line's moves stay
        // where they are as the search reports (a click aims at them); the depth, nodes and
        // time, whose widths change at every report, come last.
        rows.push(h('div', {class: 'line', 'data-multipv': l.multipv},
            h('b', {class: 'score'}, scoreText(l.score, game)), ' ',
            ...pv.flatMap((x) => [x, ' ']),
            h('span', {class: 'line-info'},
                (l.wdl ? `${chancesText(l.wdl, sideNames)} \u00b7 ` : '')
                + `depth ${l.depth}/${l.seldepth} \u00b7 ${l.nodes} nodes \u00b7 ${l.timeMs} ms`)));
    }
    if (search.activity !== 'idle' && !lines.length && search.lines.length)
        rows.push(h('div', {class: 'hint'}, 'The lines are for another position.'));
    box.replaceChildren(...rows);
}

// The bar: White's (South's) share from the bottom when White is at the bottom.
export function renderEvalBar(bar, score, game, bottom, wdl, sideNames) {
    bar.hidden = !score;
    if (!score) return;
    const share = whiteShare(score, game, wdl);
    const fill = bar.querySelector('#evalbar-fill');
    fill.style.height = `${(100 * share).toFixed(1)}%`;
    bar.classList.toggle('black-bottom', bottom === 'black');
    const text = scoreText(score, game);
    bar.querySelector('#evalbar-text').textContent = text;
    const chances = chancesText(wdl, sideNames);
    bar.setAttribute('aria-label', `Evaluation ${text}${chances ? `, ${chances}` : ''}`);
    bar.title = chances;
    bar.dataset.share = share.toFixed(3);
}
