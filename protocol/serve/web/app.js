// SPDX-License-Identifier: GPL-3.0-or-later
// Harlequin's page: one game per tab, drawn from the state the server sends (the engine's
// own description of the position, its legal moves and the referee's verdict). The page
// judges no rule: it highlights the squares of the legal moves it was given and sends the
// move the clicks (or the keyboard) chose; the server refuses anything else.
//
// Modules: api.js (the HTTP interface), board.js (the SVG board, updated in place),
// game-*.js (each game's drawing, games.js picks one), panel-*.js (moves, analysis,
// players and levels, stored games, status and clocks), tree.js / evaluation.js /
// moveinput.js / orientation.js / position.js / pieces.js / level-choice.js (pure,
// unit-tested in tests/js/), levels.js (each game's level ratings), sound.js.

import * as api from './api.js';
import {$, download, h} from './dom.js';
import {Board} from './board.js';
import {drawingFor} from './games.js';
import {matchMove} from './moveinput.js';
import {bottomSide, squaresOf} from './orientation.js';
import {checkSquare, clickPaths, premoveMatch, startsWith} from './position.js';
import {MovesPanel} from './panel-moves.js';
import {renderAnalysis, renderEvalBar} from './panel-analysis.js';
import {applied, readSettings, setupSettings, showSettings} from './panel-settings.js';
import {initialChoice, pageStorage} from './level-choice.js';
import {GamesPanel} from './panel-games.js';
import {armResign, disarmResign, renderBanner, renderClocks, renderPanel} from './panel-status.js';
import {lineThrough, plyOf, treeOf} from './tree.js';
import {beep, setSound, soundOn} from './sound.js';

// Everything the page knows, in one place.
const ui = {
    games: [],
    st: null,          // the game's state, as last sent by the server (the end of its line)
    shown: null,       // the position the board shows: st, or an earlier one's state
    viewPly: null,     // null: the end of the line; else the ply shown
    selection: [],     // squares clicked so far for the move being entered
    premove: null,     // {from, to?}: a move queued while the engine thinks
    sending: false,    // a move is on its way to the server
    flipped: false,    // the Flip button's turn of the board
    fenEdited: false,  // the person typed in the FEN field: keep it until loaded
    stopListening: null,
    lastTick: performance.now(),
};

let board, moves, stored;

// ---- Talking to the server -------------------------------------------------------------------

function showMessage(text) {
    $('message').textContent = text;
}

async function act(name, body = {}) {
    if (!ui.st) return null;
    try {
        const s = await api.action(ui.st.id, name, body);
        setState(s);
        showMessage('');
        return s;
    } catch (e) {
        showMessage(e.message);
        return null;
    }
}

function setAddress(id, game) {
    const params = new URLSearchParams(location.search);
    params.set('game', id);
    history.replaceState(null, '', `?${params}#${game}`);
}

// Shows a game the server sent (new, reopened or resumed) and follows its events.
function adopt(s) {
    if (ui.st && ui.st.id !== s.id) api.closeBeacon(ui.st.id);
    if (ui.stopListening) ui.stopListening();
    Object.assign(ui, {st: null, viewPly: null, selection: [], premove: null});
    setState(s);
    ui.stopListening = api.listen(s.id, setState);
    $('game').value = s.game;
    setAddress(s.id, s.game);
    stored.refresh(s.id);
}

async function newGame(game, extra = {}) {
    try {
        const body = {game, ...extra, settings: readSettings()};
        const n = $('start960').value.trim();
        if (game === 'chess960' && n !== '' && !extra.pgn && !extra.fen) body.start960 = parseInt(n, 10);
        adopt(await api.createGame(body));
        applied();
        showMessage('');
    } catch (e) {
        showMessage(e.message);
    }
}

async function openGame(id) {
    try {
        adopt(await api.getState(id));
        showMessage('');
        return true;
    } catch (e) {
        showMessage(e.status === 404 ? `The game ${id} is not kept any more: a new game starts.` : e.message);
        return false;
    }
}

// ---- The state and the position shown --------------------------------------------------------

// The game's result (a server with variations sends the mainline's as gameOutcome; outcome
// is then the shown line's).
const gameOutcome = (s) => s.gameOutcome || s.outcome;

const lineKey = (s) => (s.line ? s.line.join(',') : s.moves.map((m) => m.text).join(' '));

function setState(s) {
    const old = ui.st;
    if (old && s.id !== old.id) return;
    if (old && s.version < old.version) return; // an older answer arrived late
    ui.st = s;
    if (!old || !samePrefix(old, s, ui.viewPly)) {
        ui.viewPly = null;
        ui.selection = [];
    }
    if (old && lineKey(old) !== lineKey(s)) ui.selection = [];
    if (ui.viewPly === null) ui.shown = s;
    ui.lastTick = performance.now();
    if (old) sounds(old, s);
    // The list of games shows each game's length and result: asked again when they change.
    const length = (st) => (st.mainline || st.moves).length;
    if (old && (gameOutcome(s).over !== gameOutcome(old).over || length(s) !== length(old))) stored.refresh(s.id);
    render();
    tryPremove();
}

// The position looked at stays when the line up to it is unchanged.
function samePrefix(a, b, ply) {
    if (ply === null) return true;
    const ka = treeOf(a).line.slice(0, ply), kb = treeOf(b).line.slice(0, ply);
    if (a.tree) return ka.join(',') === kb.join(',') && b.moves.length >= ply;
    return a.moves.slice(0, ply).map((m) => m.text).join(' ') === b.moves.slice(0, ply).map((m) => m.text).join(' ')
        && b.moves.length >= ply;
}

function sounds(old, s) {
    if (gameOutcome(s).over && !gameOutcome(old).over) return beep('end');
    if (s.moves.length > old.moves.length && lineKey(s).startsWith(lineKey(old))) {
        const last = s.moves[s.moves.length - 1];
        beep(/x/.test(last.san) ? 'capture' : 'move');
    }
}

const lineLength = () => ui.st.moves.length;
const shownPly = () => (ui.viewPly === null ? lineLength() : ui.viewPly);
const variations = () => Array.isArray(ui.st.tree);

async function view(ply) {
    if (!ui.st) return;
    ply = Math.max(0, Math.min(lineLength(), ply));
    ui.selection = [];
    if (ply === lineLength()) {
        ui.viewPly = null;
        ui.shown = ui.st;
    } else {
        try {
            ui.shown = await api.getState(ui.st.id, ply);
            ui.viewPly = ply;
        } catch (e) {
            showMessage(e.message);
        }
    }
    if (ui.st.search.activity === 'analysing' && variations()) act('view', {ply: shownPly()});
    render();
}

// A click on a move of the list: its ply on the shown line, or the line through it.
async function showNode(id) {
    const tree = treeOf(ui.st);
    let ply = plyOf(tree.line, id);
    if (ply < 0) {
        const s = await act('line', {node: id});
        if (!s) return;
        ply = plyOf(treeOf(s).line, id);
        if (ply < 0) ply = lineThrough(tree.nodes, id, tree.mainline).indexOf(id) + 1;
    }
    await view(ply);
}

// ---- Moves from the board, the keyboard and the analysis ---------------------------------------

function humanToMove() {
    const st = ui.st;
    return st && !ui.sending && !gameOutcome(st).over && st.players[st.toMove] === 'human'
        && st.search.activity !== 'thinking' && st.search.activity !== 'waiting';
}

// The line shown is the game's (no variation move on it).
function onMainline() {
    if (!variations()) return true;
    const main = new Set(ui.st.mainline || []);
    return ui.st.line.every((id) => main.has(id));
}

// Moves may be entered at the shown position: at the end of the game when it is the
// person's turn; anywhere else (a variation) when the server keeps variations.
function canMoveHere() {
    if (!ui.st || ui.sending) return false;
    if (ui.viewPly === null && onMainline()) return humanToMove();
    return variations() && !!ui.shown.legal.length;
}

const paths = () => (canMoveHere() ? clickPaths(ui.shown.legal) : []);

function clickSquare(name) {
    if (!canMoveHere()) return premoveClick(name);
    hideChoice();
    const all = paths();
    let sel = [...ui.selection];
    // Clicking the last square again finishes a move that may also go on (Ms. Chess: a
    // pawn's plain capture on the square it could also pass).
    if (sel.length > 1 && sel[sel.length - 1] === name)
        return finish(all.filter((p) => startsWith(p.path, sel) && p.path.length === sel.length));
    sel.push(name);
    let cand = all.filter((p) => startsWith(p.path, sel));
    if (!cand.length) {
        sel = [name];
        cand = all.filter((p) => startsWith(p.path, sel));
        if (!cand.length || (ui.selection.length === 1 && ui.selection[0] === name)) {
            ui.selection = [];
            return render();
        }
    }
    ui.selection = sel;
    const longer = cand.filter((p) => p.path.length > sel.length);
    const exact = cand.filter((p) => p.path.length === sel.length);
    if (!longer.length && exact.length) return finish(exact);
    render();
}

function finish(cands) {
    const list = [...new Map(cands.map((p) => [p.move.text, p.move])).values()];
    if (list.length === 1) return send(list[0].text);
    if (!list.length) {
        ui.selection = [];
        return render();
    }
    offerChoice(list);
}

// Several moves share these clicks (promotion pieces, a clock call, pool colours) or the
// typed text: the person picks one.
function offerChoice(list) {
    const draw = drawingFor(ui.st.game);
    $('choice').replaceChildren(h('div', {}, 'Choose:'), ...list.map((m) => h('button',
        {type: 'button', 'data-move': m.text, onclick: () => { hideChoice(); send(m.text); }}, draw.choiceLabel(m))));
    $('choice').hidden = false;
    render();
}

function hideChoice() {
    $('choice').hidden = true;
}

async function send(text) {
    ui.selection = [];
    hideChoice();
    const from = shownPly();
    const back = ui.viewPly !== null;
    ui.sending = true;
    render();
    try {
        const s = await act('move', {move: text, ply: from});
        if (s && back) await view(from + 1);
    } finally {
        ui.sending = false;
        render();
    }
}

// Plays the first index+1 moves of an analysis line from the shown position: a variation.
// At the end of a game that an engine plays, a move is a game move (the engine answers it):
// only the line's first move is played, on the person's turn.
async function playLine(line, index) {
    let ply = shownPly();
    const st = ui.st;
    const engineGame = ['white', 'black'].some((c) => st.players[c] !== 'human');
    if (ui.viewPly === null && onMainline() && !gameOutcome(st).over && engineGame) {
        if (!humanToMove()) return showMessage('It is not your move.');
        return send(line.pv[0]);
    }
    for (const move of line.pv.slice(0, index + 1)) {
        const s = await act('move', {move, ply});
        if (!s) break;
        ply += 1;
    }
    await view(ply);
}

function typedMove(e) {
    e.preventDefault();
    const text = $('move-input').value;
    if (!canMoveHere()) return showMessage('It is not your move.');
    const r = matchMove(text, ui.shown.legal);
    if (r.error) return showMessage(r.error);
    $('move-input').value = '';
    if (r.ambiguous) return offerChoice(r.ambiguous);
    send(r.move.text);
}

// A premove: while the engine thinks, a piece of the person's side and a square; played
// when the turn comes if it is legal then.
function premoveClick(name) {
    const st = ui.st;
    if (!st || ui.viewPly !== null || gameOutcome(st).over) return;
    const mine = st.players[st.toMove] !== 'human' && st.players[st.toMove === 'white' ? 'black' : 'white'] === 'human';
    if (!mine) return;
    const cell = cellAt(ui.st.display, name);
    if (!ui.premove || ui.premove.to) {
        const own = cell && cell.piece && (cell.side === (st.toMove === 'white' ? 'black' : 'white') || cell.side === '');
        ui.premove = own ? {from: name} : null;
    } else if (ui.premove.from === name) ui.premove = null;
    else ui.premove = {from: ui.premove.from, to: name};
    render();
}

function tryPremove() {
    const p = ui.premove;
    if (!p || !humanToMove() || ui.viewPly !== null) return;
    ui.premove = null;
    // Only the piece was chosen when the turn came: it is the selected piece now, and the
    // next click finishes the move as any other.
    if (!p.to) {
        ui.selection = paths().some((q) => startsWith(q.path, [p.from])) ? [p.from] : [];
        return render();
    }
    const move = premoveMatch(ui.st.legal, p.from, p.to);
    if (move) send(move.text);
    else {
        showMessage(`The premove ${p.from}-${p.to} is not legal now.`);
        render();
    }
}

function cellAt(display, name) {
    const f = name.charCodeAt(0) - 97, r = parseInt(name.slice(1), 10) - 1;
    return display.cells[r * display.files + f];
}

// ---- Drawing ----------------------------------------------------------------------------

function bottom() {
    return bottomSide(ui.st.players, ui.flipped);
}

// The node shown: its id on the line (0: the start).
function shownNode() {
    const ply = shownPly();
    return ply > 0 ? treeOf(ui.st).line[ply - 1] : 0;
}

// The search lines when they are for the position shown: an analysis names its node; a
// game's search is for the end of the game.
function shownLines() {
    const st = ui.st;
    const a = st.analysis;
    if (st.search.activity === 'analysing' && a && typeof a.node === 'number')
        return a.node === shownNode() ? st.search.lines : [];
    return ui.viewPly === null && onMainline() ? st.search.lines : [];
}

function marks() {
    const all = paths();
    const sel = ui.selection;
    const cand = all.filter((p) => startsWith(p.path, sel));
    const next = new Set(sel.length ? cand.filter((p) => p.path.length > sel.length).map((p) => p.path[sel.length]) : []);
    if (sel.length > 1 && cand.some((p) => p.path.length === sel.length)) next.add(sel[sel.length - 1]);
    const ply = shownPly();
    const lastMove = ply > 0 ? ui.st.moves[ply - 1] : null;
    const check = checkSquare(ui.shown.display, ui.shown.toMove, lastMove && lastMove.san);
    const premove = ui.premove ? [ui.premove.from, ui.premove.to].filter(Boolean) : [];
    return {
        last: new Set(lastMove ? squaresOf(lastMove.text) : []),
        check: new Set(check ? [check] : []),
        selected: new Set(sel),
        target: next,
        movable: new Set(sel.length ? [] : all.map((p) => p.path[0])),
        premove: new Set(premove),
    };
}

function render() {
    if (!ui.st) return;
    document.body.dataset.session = ui.st.id;
    const d = ui.shown.display;
    const draw = drawingFor(ui.st.game);
    const side = bottom();
    board.layout(d.files, d.ranks, side);
    const lines = shownLines();
    const arrows = lines.map((l, i) => ({squares: l.bestSquares || [], id: i === 0 ? 'best-arrow' : undefined, alt: i > 0}));
    board.update({cells: d.cells, drawing: draw, sideNames: d.sideNames, marks: marks(), dividers: d.dividers, arrows});
    renderEvalBar($('evalbar'), lines.length ? lines[0].score : null, ui.st.game, side,
        lines.length ? lines[0].wdl : null, d.sideNames);
    renderSide(draw, lines);
}

function statusText() {
    const {st, shown} = ui;
    const names = shown.display.sideNames;
    const side = shown.toMove === 'white' ? names[0] : names[1];
    const o = gameOutcome(st);
    if (o.over && ui.viewPly === null && onMainline()) return `${o.result} ${o.reason}`;
    if (ui.viewPly !== null) return `Looking at move ${ui.viewPly} of ${lineLength()}: ${side} to move`;
    if (!onMainline()) return `In a variation: ${side} to move`;
    if (st.search.activity === 'thinking')
        return `${side} to move: ${st.players[st.toMove] === 'engine' ? 'the engine' : 'Harlequin'} is thinking`;
    if (st.search.activity === 'waiting') return `${side} to move: Harlequin waits for a free search slot`;
    return `${side} to move`;
}

function renderSide(draw, lines) {
    const {st, shown} = ui;
    $('status').textContent = statusText();
    $('status').dataset.over = gameOutcome(st).over ? 'yes' : 'no';
    if (st.message) showMessage(st.message);
    renderBanner(gameOutcome(st));
    renderClocks(st, shown.display.sideNames, bottom(), gameOutcome(st).over, ui.viewPly === null);
    renderSpecialMoves(draw);
    renderPanel(draw, shown, ui.st.start960);
    const playable = variations() ? playLine : null;
    renderAnalysis($('search'), st.search, lines, st.game, playable, shown.display.sideNames);
    $('analyse').textContent = st.search.activity === 'analysing' ? 'Stop analysis' : 'Analyse';
    const tree = treeOf(st);
    const ply = shownPly();
    moves.render(tree, ply > 0 ? tree.line[ply - 1] : 0, / b /.test(st.startFen));
    $('moves').dataset.game = st.game;
    $('play-here').hidden = variations();
    if (document.activeElement !== $('fen') && !ui.fenEdited) $('fen').value = shown.fen;
    showSettings(st);
}

// Moves that name no square (a Martian pass) are buttons.
function renderSpecialMoves(draw) {
    const list = canMoveHere() ? ui.shown.legal.filter((m) => !m.squares.length) : [];
    $('special-moves').replaceChildren(...list.map((m) => h('button',
        {type: 'button', 'data-move': m.text, onclick: () => send(m.text)}, draw.choiceLabel(m))));
}

// Clocks run on the page between two states from the server.
function tickClocks() {
    const st = ui.st;
    if (!st || !st.clock.on || gameOutcome(st).over) return;
    const t = performance.now();
    if (st.clock.running) st.clock[st.clock.running] -= t - ui.lastTick;
    ui.lastTick = t;
    renderClocks(st, ui.shown.display.sideNames, bottom(), false, ui.viewPly === null);
}

// ---- Controls ------------------------------------------------------------------------------

function showSoundButton() {
    const on = soundOn();
    $('sound').textContent = on ? 'Sound on' : 'Sound off';
    $('sound').setAttribute('aria-pressed', on ? 'true' : 'false');
}

async function analyse() {
    const st = ui.st;
    if (!st) return;
    if (st.search.activity === 'analysing') return act('analyse', {on: false});
    if (await act('settings', {multipv: parseInt($('multipv').value, 10) || 1}))
        await act('analyse', {on: true, ply: shownPly()});
}

// A PGN names its game (the Variant tag): the page switches to that game.
async function loadPgn(text) {
    const m = text.match(/\[Variant\s+"([^"]*)"\]/);
    const game = m ? m[1].toLowerCase() : 'chess';
    const index = (parseInt($('pgn-index').value, 10) || 1) - 1;
    if (ui.st && (game === ui.st.game || (!m && ui.st.game === 'chess'))) return act('load', {pgn: text, index});
    $('game').value = game;
    await newGame(game, {pgn: text, index});
}

function navigationKey(e) {
    const tag = e.target.tagName;
    if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || !ui.st) return;
    if (e.key === 'ArrowLeft') view(shownPly() - 1);
    else if (e.key === 'ArrowRight') view(shownPly() + 1);
    else if (e.key === 'Home') view(0);
    else if (e.key === 'End') view(lineLength());
}

function wire() {
    const on = (id, f) => $(id).addEventListener('click', f);
    on('new', () => newGame($('game').value));
    $('game').addEventListener('change', () => {
        $('start960-box').hidden = $('game').value !== 'chess960';
        newGame($('game').value);
    });
    on('sound', () => { setSound(!soundOn()); showSoundButton(); });
    on('flip', () => { ui.flipped = !ui.flipped; render(); });
    on('undo', () => act('undo'));
    on('go', () => act('go'));
    on('stop', () => act('stop'));
    on('resign', () => armResign(() => act('resign')));
    on('resign-cancel', disarmResign);
    on('draw', () => act('draw'));
    on('apply', async () => { if (await act('settings', readSettings())) applied(); });
    on('analyse', analyse);
    on('nav-first', () => view(0));
    on('nav-prev', () => view(shownPly() - 1));
    on('nav-next', () => view(shownPly() + 1));
    on('nav-last', () => view(lineLength()));
    on('play-here', () => ui.viewPly !== null && act('undo', {ply: ui.viewPly}));
    $('move-form').addEventListener('submit', typedMove);
    $('fen').addEventListener('input', () => { ui.fenEdited = true; });
    on('load-fen', async () => {
        await act('load', {fen: $('fen').value.trim()});
        ui.fenEdited = false;
        render();
    });
    on('load-pgn', () => loadPgn($('pgn').value));
    $('pgn-file').addEventListener('change', async (e) => {
        const f = e.target.files[0];
        if (f) $('pgn').value = await f.text();
    });
    on('save-pgn', async () => {
        try {
            const text = await api.pgn(ui.st.id);
            $('pgn').value = text;
            download(`${ui.st.game}.pgn`, text, 'application/x-chess-pgn');
        } catch (e) {
            showMessage(e.message);
        }
    });
    document.addEventListener('keydown', navigationKey);
    window.addEventListener('hashchange', () => {
        const g = location.hash.slice(1);
        if (ui.st && g !== ui.st.game && ui.games.some((x) => x.name === g)) newGame(g);
    });
    window.addEventListener('pagehide', () => ui.st && api.closeBeacon(ui.st.id));
    setInterval(tickClocks, 100);
}

// ---- Start -----------------------------------------------------------------------------------

async function start() {
    const info = await api.games();
    ui.games = info.games;
    for (const g of ui.games) $('game').append(new Option(g.name, g.name));
    const params = new URLSearchParams(location.search);
    const wanted = location.hash.slice(1);
    const game = ui.games.some((g) => g.name === wanted) ? wanted : ui.games[0].name;
    setupSettings(info.externalEngine, game, initialChoice(params, pageStorage()));
    board = new Board($('board'), {onSquare: clickSquare});
    moves = new MovesPanel($('moves'), showNode);
    stored = new GamesPanel({onOpen: openGame, onError: showMessage,
        onDeleted: (id) => (ui.st && ui.st.id === id ? newGame(ui.st.game) : stored.refresh(ui.st && ui.st.id))});
    // An address may set a time per move or a depth (full strength), as the tests do.
    if (params.get('movetime')) $('strength').value = params.get('movetime');
    if (params.get('depth')) {
        $('strength-kind').value = 'depth';
        $('strength').value = params.get('depth');
    }
    $('game').value = game;
    $('start960-box').hidden = game !== 'chess960';
    showSoundButton();
    wire();
    if (params.get('game') && await openGame(params.get('game'))) return;
    await newGame(game);
}

start().catch((e) => showMessage(e.message));
