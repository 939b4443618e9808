// SPDX-License-Identifier: GPL-3.0-or-later
// Harlequin's page: one game per tab, drawn from the state the server sends (the engine's
// own description of the position, its legal moves and the referee's verdict). The page
// judges no rule: it highlights the squares of the legal moves it was given and sends the
// move the clicks chose; the server refuses anything else.
//
// The board is SVG. Every game is drawn by the generic drawing (squares with the game's
// square tags, dividers, pieces by letter and side, facts as text); a game may add its own
// touches in `drawings` below. A game registered later needs nothing here to be played.

const $ = (id) => document.getElementById(id);
const SVG = 'http://www.w3.org/2000/svg';
const SQ = 64; // square size in SVG units

let games = [];
let st = null;          // the state of the game, as last sent by the server
let shown = null;       // what the board shows: st, or an earlier position's view
let viewPly = null;     // null: the current position; else the ply being looked at
let flipped = false;
let selection = [];     // squares clicked so far for the move being entered
let events = null;
let sending = false;     // a move is on its way to the server
let fenEdited = false;   // the person typed in the FEN field: keep it until loaded

// ---- Talking to the server -----------------------------------------------------------------

async function api(path, body) {
    const opts = body === undefined ? {} : {
        method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)};
    const res = await fetch(path, opts);
    const type = res.headers.get('Content-Type') || '';
    const data = type.includes('json') ? await res.json() : await res.text();
    if (!res.ok) throw new Error(data.error || String(data));
    return data;
}

async function act(name, body = {}) {
    if (!st) return;
    try {
        setState(await api(`/api/sessions/${st.id}/${name}`, body));
        showMessage('');
    } catch (e) {
        showMessage(e.message);
    }
}

function showMessage(text) { $('message').textContent = text; }

function listen() {
    if (events) events.close();
    events = new EventSource(`/api/sessions/${st.id}/events`);
    events.addEventListener('state', (e) => setState(JSON.parse(e.data)));
}

async function newGame(game, extra = {}) {
    const old = st;
    try {
        const settings = playerSettings();
        const s = await api('/api/sessions', {game, ...extra, settings});
        if (old) navigator.sendBeacon(`/api/sessions/${old.id}/close`, '{}');
        st = null;
        viewPly = null;
        selection = [];
        setState(s);
        listen();
        location.hash = game;
        showMessage('');
    } catch (e) {
        showMessage(e.message);
    }
}

function setState(s) {
    if (st && s.id !== st.id) return;
    if (st && s.version < st.version) return; // an older answer arrived late
    const moved = !st || s.ply !== st.ply;
    st = s;
    if (moved) {
        selection = [];
        viewPly = null;
    }
    if (viewPly === null) shown = st;
    lastTick = performance.now();
    render();
}

async function view(ply) {
    if (!st) return;
    ply = Math.max(0, Math.min(st.ply, ply));
    selection = [];
    if (ply === st.ply) {
        viewPly = null;
        shown = st;
    } else {
        try {
            shown = await api(`/api/sessions/${st.id}?ply=${ply}`);
            viewPly = ply;
        } catch (e) {
            showMessage(e.message);
        }
    }
    render();
}

// ---- Each game's own touches ----------------------------------------------------------------

const GLYPHS = {K: '\u265A', Q: '\u265B', R: '\u265C', B: '\u265D', N: '\u265E', P: '\u265F'};
const CONTROL_COLOURS = {white: '#fbfbf5', black: '#222', red: '#d43a2f', yellow: '#f2c919',
    purple: '#8a3fb5', blue: '#2f6fd4'};
const fact = (s, key) => (s.display.facts.find((f) => f.key === key) || {}).value;

function glyph(g, letter, x, y, fill, stroke) {
    const t = el('text', {x: x + SQ / 2, y: y + SQ * 0.78, 'text-anchor': 'middle',
        'font-size': SQ * 0.8, fill, stroke, 'stroke-width': 1.5, class: 'piece',
        'font-family': 'DejaVu Sans, sans-serif'});
    t.textContent = GLYPHS[letter] || letter;
    g.appendChild(t);
}

const generic = {
    // A piece: a chess glyph in its side's colour, or its letter in a disc.
    piece(g, cell, x, y) {
        const white = cell.side === 'white';
        const fill = cell.side === '' ? '#b07d2b' : white ? '#fff' : '#111';
        glyph(g, cell.piece, x, y, fill, white ? '#111' : '#eee');
    },
    squareClass(cell) { return cell.squareTags.filter((t) => t.startsWith('zone-')); },
    panel() { return ''; },
    choiceLabel(m) { return m.san; },
    factsTitle: 'Position',
};

const drawings = {
    // Martian Chess: pyramids without a side colour, owned by the zone they stand on; the
    // canal; both players' points and the clock.
    martian: {
        piece(g, cell, x, y) {
            const pips = {P: 1, D: 2, Q: 3}[cell.piece] || 1;
            const h = SQ * (0.3 + 0.17 * pips), w = SQ * (0.3 + 0.14 * pips);
            const cx = x + SQ / 2, base = y + SQ * 0.88;
            g.appendChild(el('polygon', {
                points: `${cx - w / 2},${base} ${cx + w / 2},${base} ${cx},${base - h}`,
                fill: '#e0a030', stroke: '#5a3a08', 'stroke-width': 2, class: 'piece'}));
            for (let i = 0; i < pips; i++)
                g.appendChild(el('circle', {cx: cx - (pips - 1) * 5 + i * 10, cy: base - 7, r: 3,
                    fill: '#5a3a08', class: 'piece'}));
        },
        panel(s) {
            const names = s.display.sideNames;
            const clock = fact(s, 'clock');
            return `<div class="martian-points" id="points">
                <div><b>${names[1]}</b> (top zone): <span id="points-black">${fact(s, 'points.black')}</span> points</div>
                <div><b>${names[0]}</b> (bottom zone): <span id="points-white">${fact(s, 'points.white')}</span> points</div>
                <div id="martian-clock">Clock: ${clock}</div></div>`;
        },
        choiceLabel(m) {
            if (m.text.endsWith('*')) return `${m.text.slice(0, -1)} and call the clock`;
            return m.squares.length ? `${m.text} (no clock call)` : 'pass';
        },
        factsTitle: 'Martian Chess',
    },
    // Control Chess: pieces in six colours, each ringed by the side that controls its colour;
    // coloured squares; who controls which colour, and why; the pool.
    control: {
        piece(g, cell, x, y) {
            const colour = cell.pieceTags[0] || 'white';
            const ring = cell.side === 'white' ? '#fff' : cell.side === 'black' ? '#000' : '#999';
            g.appendChild(el('circle', {cx: x + SQ / 2, cy: y + SQ / 2, r: SQ * 0.43,
                fill: 'none', stroke: ring, 'stroke-width': 4, class: 'piece',
                'stroke-dasharray': cell.side ? '' : '4 3'}));
            glyph(g, cell.piece, x, y, CONTROL_COLOURS[colour],
                colour === 'black' || colour === 'purple' || colour === 'blue' ? '#eee' : '#111');
        },
        square(g, cell, x, y) {
            const colour = cell.squareTags.find((t) => CONTROL_COLOURS[t]);
            if (colour)
                g.appendChild(el('rect', {x: x + 3, y: y + 3, width: SQ - 6, height: SQ - 6,
                    fill: 'none', stroke: CONTROL_COLOURS[colour], 'stroke-width': 6,
                    class: `colour-square colour-${colour}`}));
        },
        panel(s) {
            let html = '<table id="control"><tr><th>colour</th><th>controlled by</th><th>because</th></tr>';
            for (const c of ['red', 'yellow', 'purple', 'blue'])
                html += `<tr data-colour="${c}"><td><span style="color:${CONTROL_COLOURS[c]}">\u25A0</span> ${c}</td>
                    <td class="controller">${fact(s, 'controller.' + c)}</td><td>${fact(s, 'chain.' + c)}</td></tr>`;
            return html + `</table><div id="pool">Pool: ${fact(s, 'pool')}</div>`;
        },
        choiceLabel(m) {
            const suffix = m.text.slice(4);
            const names = {q: 'queen', r: 'rook', b: 'bishop', n: 'knight'};
            const colours = {w: 'White', b: 'Black', r: 'Red', y: 'Yellow', p: 'Purple', u: 'Blue'};
            if (suffix === 'k') return 'king promotion';
            if (names[suffix[0]])
                return `${names[suffix[0]]} from the pool` + (suffix[1] ? ` (${colours[suffix[1]]})` : '');
            return m.san;
        },
        factsTitle: 'Control Chess',
    },
    // Ms. Chess: the enhanced army marked with a gold halo; which side is enhanced.
    mschess: {
        piece(g, cell, x, y) {
            if (cell.pieceTags.includes('enhanced'))
                g.appendChild(el('circle', {cx: x + SQ / 2, cy: y + SQ / 2, r: SQ * 0.45,
                    fill: 'rgba(255,200,0,0.35)', stroke: '#c99400', 'stroke-width': 2,
                    class: 'piece enhanced'}));
            generic.piece(g, cell, x, y);
        },
        panel(s) {
            const e = (c) => fact(s, 'enhanced.' + c);
            return `<div id="enhanced">Enhanced: ${['white', 'black'].filter((c) => e(c) === 'enhanced').join(' and ') || 'none'}
                (Male Backlash ${fact(s, 'backlash')})</div>
                <div class="hint">A pawn's capture in passing: click the pawn, the piece it passes, then where it goes.</div>`;
        },
        factsTitle: 'Ms. Chess',
    },
    multimove: {
        panel(s) { return multimovePanel(s); },
        factsTitle: 'Multiple Move Chess',
    },
};
drawings['mschess-black'] = drawings.mschess;
drawings.multimove2 = drawings.multimove;

function multimovePanel(s) {
    const who = s.toMove === 'white' ? 'White' : 'Black';
    return `<div id="turn">${who}'s turn: ${fact(s, 'turn.left')} of ${fact(s, 'turn.moves')} single moves left</div>`;
}

function drawing() {
    return {...generic, ...(drawings[st.game] || {})};
}

// ---- The board --------------------------------------------------------------------------------

function el(name, attrs = {}) {
    const e = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    return e;
}

const fileName = (f) => String.fromCharCode(97 + f);
const squareName = (f, r) => fileName(f) + (r + 1);
function squareXY(name) {
    const d = shown.display;
    const f = name.charCodeAt(0) - 97, r = parseInt(name.slice(1), 10) - 1;
    const col = flipped ? d.files - 1 - f : f, row = flipped ? r : d.ranks - 1 - r;
    return [col * SQ, row * SQ];
}

// The legal moves as click paths: the squares each names in order, and the other ways the
// rules accept it (castling king onto rook).
function paths() {
    if (viewPly !== null || !st || st.outcome.over) return [];
    const out = [];
    for (const m of st.legal) {
        if (!m.squares.length) continue;
        out.push({move: m, path: m.squares});
        for (const a of m.also) out.push({move: m, path: a});
    }
    return out;
}
const startsWith = (p, prefix) => prefix.every((s, i) => p[i] === s);

function humanToMove() {
    return st && !sending && viewPly === null && !st.outcome.over && st.players[st.toMove] === 'human'
        && st.search.activity !== 'thinking' && st.search.activity !== 'waiting';
}

function render() {
    if (!st) return;
    document.body.dataset.session = st.id;
    const d = shown.display;
    const draw = drawing();
    const svg = $('board');
    svg.setAttribute('viewBox', `-16 0 ${d.files * SQ + 16} ${d.ranks * SQ + 16}`);
    // A tall board (Martian Chess's 4x8) keeps squares of a chess board's size.
    svg.style.maxHeight = `${Math.round(560 * d.ranks / 8) + 16}px`;
    svg.replaceChildren();
    const defs = el('defs');
    const marker = el('marker', {id: 'arrowhead', markerWidth: 4, markerHeight: 4, refX: 2, refY: 2, orient: 'auto'});
    marker.appendChild(el('path', {d: 'M0,0 L4,2 L0,4 z', fill: 'rgba(0,90,200,0.75)'}));
    defs.appendChild(marker);
    svg.appendChild(defs);

    const all = humanToMove() ? paths() : [];
    const cand = all.filter((p) => startsWith(p.path, selection));
    const next = new Set(selection.length
        ? cand.filter((p) => p.path.length > selection.length).map((p) => p.path[selection.length]) : []);
    const finishHere = selection.length > 1 && cand.some((p) => p.path.length === selection.length);
    const last = shown === st && st.moves.length ? st.moves[st.moves.length - 1].text : null;
    const lastSquares = last ? squaresOf(last) : [];

    for (let r = 0; r < d.ranks; r++) {
        for (let f = 0; f < d.files; f++) {
            const name = squareName(f, r);
            const cell = d.cells[r * d.files + f];
            const [x, y] = squareXY(name);
            const g = el('g', {'data-square': name, class: 'square'});
            const light = (f + r) % 2 === 1;
            const cls = ['sq', light ? 'light' : 'dark', ...draw.squareClass(cell)];
            g.appendChild(el('rect', {x, y, width: SQ, height: SQ, class: cls.join(' ')}));
            if (draw.square) draw.square(g, cell, x, y);
            if (lastSquares.includes(name)) g.appendChild(el('rect', {x, y, width: SQ, height: SQ, class: 'mark last'}));
            if (cell.squareTags.includes('moved')) g.appendChild(el('rect', {x, y, width: SQ, height: SQ, class: 'mark moved'}));
            if (cell.squareTags.includes('frozen')) g.appendChild(el('rect', {x: x + 2, y: y + 2, width: SQ - 4, height: SQ - 4, class: 'mark frozen'}));
            if (selection.includes(name)) g.appendChild(el('rect', {x, y, width: SQ, height: SQ, class: 'mark selected'}));
            if (cell.piece) {
                const pg = el('g', {class: 'piece-group', 'data-piece': cell.piece, 'data-side': cell.side,
                    'data-tags': cell.pieceTags.join(' ')});
                draw.piece(pg, cell, x, y);
                g.appendChild(pg);
            }
            const isTarget = next.has(name) || (finishHere && name === selection[selection.length - 1]);
            if (isTarget) {
                g.classList.add('target');
                if (cell.piece) g.appendChild(el('rect', {x: x + 3, y: y + 3, width: SQ - 6, height: SQ - 6, class: 'mark capture'}));
                else g.appendChild(el('circle', {cx: x + SQ / 2, cy: y + SQ / 2, r: SQ * 0.16, class: 'mark target'}));
            }
            if (selection.length === 0 && all.some((p) => p.path[0] === name)) g.classList.add('movable');
            g.addEventListener('click', () => clickSquare(name));
            svg.appendChild(g);
        }
    }
    // Coordinates
    for (let f = 0; f < d.files; f++) {
        const [x] = squareXY(squareName(f, 0));
        const t = el('text', {x: x + SQ / 2, y: d.ranks * SQ + 12, class: 'coord', 'text-anchor': 'middle'});
        t.textContent = fileName(f);
        svg.appendChild(t);
    }
    for (let r = 0; r < d.ranks; r++) {
        const [, y] = squareXY(squareName(0, r));
        const t = el('text', {x: -9, y: y + SQ / 2 + 4, class: 'coord', 'text-anchor': 'middle'});
        t.textContent = r + 1;
        svg.appendChild(t);
    }
    // Dividers (Martian Chess's canal)
    for (const div of d.dividers) {
        const y = flipped ? div.afterRank * SQ : (d.ranks - div.afterRank) * SQ;
        svg.appendChild(el('rect', {x: 0, y: y - 4, width: d.files * SQ, height: 8, class: 'canal',
            'data-divider': div.label}));
        const t = el('text', {x: d.files * SQ / 2, y: y + 4, 'text-anchor': 'middle', class: 'canal-label'});
        t.textContent = div.label;
        svg.appendChild(t);
    }
    // The best move of the search, as an arrow
    const best = shown === st && st.search.lines.length ? st.search.lines[0].bestSquares : [];
    if (best.length >= 2) {
        const pts = best.map((s) => squareXY(s).map((v) => v + SQ / 2));
        svg.appendChild(el('polyline', {points: pts.map((p) => p.join(',')).join(' '), class: 'arrow', id: 'best-arrow'}));
    }

    renderSide(draw);
}

function squaresOf(text) {
    const out = [];
    for (const m of text.matchAll(/[a-z]\d+/g)) if (out[out.length - 1] !== m[0]) out.push(m[0]);
    return out;
}

function clickSquare(name) {
    if (!humanToMove()) return;
    hideChoice();
    const all = paths();
    let sel = [...selection];
    // Clicking the last square again finishes a move that may also go on (Ms. Chess: a
    // pawn's plain capture on the square it could also pass).
    if (sel.length > 1 && sel[sel.length - 1] === name) return finish(all.filter((p) => startsWith(p.path, sel) && p.path.length === sel.length));
    sel.push(name);
    let cand = all.filter((p) => startsWith(p.path, sel));
    if (!cand.length) {
        // Start again from this square if a move starts there.
        sel = [name];
        cand = all.filter((p) => startsWith(p.path, sel));
        if (!cand.length || sel.length === selection.length && selection[0] === name) {
            selection = [];
            return render();
        }
    }
    selection = sel;
    const longer = cand.filter((p) => p.path.length > sel.length);
    const exact = cand.filter((p) => p.path.length === sel.length);
    if (!longer.length && exact.length) return finish(exact);
    render();
}

function finish(cands) {
    const moves = [...new Map(cands.map((p) => [p.move.text, p.move])).values()];
    if (moves.length === 1) return send(moves[0].text);
    if (!moves.length) {
        selection = [];
        return render();
    }
    // Several moves share these clicks: promotion pieces, a clock call, pool colours.
    const box = $('choice');
    box.replaceChildren();
    const title = document.createElement('div');
    title.textContent = 'Choose:';
    box.appendChild(title);
    for (const m of moves) {
        const b = document.createElement('button');
        b.textContent = drawing().choiceLabel(m);
        b.dataset.move = m.text;
        b.addEventListener('click', () => { hideChoice(); send(m.text); });
        box.appendChild(b);
    }
    box.hidden = false;
    render();
}

function hideChoice() { $('choice').hidden = true; }

async function send(text) {
    selection = [];
    hideChoice();
    const ply = st.ply;
    sending = true;
    render();
    try {
        await act('move', {move: text, ply});
    } finally {
        sending = false;
        render();
    }
}

// ---- Everything beside the board -----------------------------------------------------------

function fmtClock(ms) {
    const neg = ms < 0;
    ms = Math.abs(ms);
    const s = Math.floor(ms / 1000), m = Math.floor(s / 60);
    return `${neg ? '-' : ''}${m}:${String(s % 60).padStart(2, '0')}.${Math.floor(ms % 1000 / 100)}`;
}

function scoreText(score) {
    if ('mate' in score) return `#${score.mate}`;
    return (score.cp >= 0 ? '+' : '') + (score.cp / 100).toFixed(2);
}

function renderSide(draw) {
    const d = shown.display;
    const names = d.sideNames;
    const o = shown.outcome;
    const side = shown.toMove === 'white' ? names[0] : names[1];
    let status;
    if (o.over) status = `${o.result} ${o.reason}`;
    else if (viewPly !== null) status = `Looking at move ${viewPly} of ${st.ply}: ${side} to move`;
    else if (st.search.activity === 'thinking') status = `${side} to move: ${st.players[st.toMove] === 'engine' ? 'the engine' : 'Harlequin'} is thinking`;
    else if (st.search.activity === 'waiting') status = `${side} to move: Harlequin waits for a free search slot`;
    else status = `${side} to move`;
    $('status').textContent = status;
    $('status').dataset.over = o.over ? 'yes' : 'no';
    $('message').textContent = st.message || $('message').textContent;

    // Result banner
    let banner = document.getElementById('result');
    if (o.over) {
        if (!banner) {
            banner = document.createElement('div');
            banner.id = 'result';
            banner.className = 'result';
            $('board-wrap').after(banner);
        }
        banner.textContent = `${o.result} \u2014 ${o.reason}`;
    } else if (banner) banner.remove();

    // Clocks: the top one is the side at the top of the board
    const top = flipped ? 'white' : 'black', bottom = flipped ? 'black' : 'white';
    for (const [id, c] of [['clock-top', top], ['clock-bottom', bottom]]) {
        const e = $(id);
        const name = c === 'white' ? names[0] : names[1];
        const who = st.players[c];
        const clock = st.clock.on ? ' ' + fmtClock(st.clock[c]) : '';
        e.textContent = `${name} (${who === 'harlequin' ? 'Harlequin' : who === 'engine' ? st.externalEngine : 'you'})${clock}`;
        e.classList.toggle('running', !o.over && st.toMove === c && viewPly === null);
        e.dataset.side = c;
    }

    // Moves that name no square (a Martian pass)
    const special = $('special-moves');
    special.replaceChildren();
    if (humanToMove())
        for (const m of st.legal.filter((m) => !m.squares.length)) {
            const b = document.createElement('button');
            b.textContent = drawing().choiceLabel(m);
            b.dataset.move = m.text;
            b.addEventListener('click', () => send(m.text));
            special.appendChild(b);
        }

    // The game's own panel and the facts as text
    $('facts-title').textContent = draw.factsTitle;
    $('special').innerHTML = draw.panel(shown);
    const facts = $('facts');
    facts.replaceChildren();
    for (const f of d.facts) {
        const dt = document.createElement('dt');
        dt.textContent = f.label;
        const dd = document.createElement('dd');
        dd.textContent = f.value;
        dd.dataset.key = f.key;
        facts.append(dt, dd);
    }

    // Search
    const s = st.search;
    const box = $('search');
    box.replaceChildren();
    const head = document.createElement('div');
    head.textContent = s.activity === 'idle' ? 'Harlequin is idle' : `Harlequin is ${s.activity} (${(s.elapsedMs / 1000).toFixed(1)} s)`;
    box.appendChild(head);
    for (const l of s.lines) {
        const line = document.createElement('div');
        line.className = 'line';
        line.textContent = `${l.multipv}. ${scoreText(l.score)} depth ${l.depth}/${l.seldepth} nodes ${l.nodes} ${l.timeMs} ms: ${l.pv.join(' ')}`;
        box.appendChild(line);
    }
    $('analyse').textContent = s.activity === 'analysing' ? 'Stop analysis' : 'Analyse';

    // Moves, grouped by turn (several single moves a turn in Multiple Move Chess)
    const list = $('moves');
    list.replaceChildren();
    let li = null, turn = -1, ply = 0;
    for (const m of st.moves) {
        if (m.turn !== turn) {
            if (!li || m.side === 'white' || turn === -1) {
                li = document.createElement('li');
                list.appendChild(li);
            }
            if (li.childNodes.length) li.appendChild(document.createTextNode(' | '));
            turn = m.turn;
        }
        const span = document.createElement('span');
        span.className = 'mv';
        span.textContent = m.san;
        span.title = `${m.text} (${m.ms} ms)`;
        const p = ++ply;
        span.dataset.ply = p;
        if ((viewPly === null ? st.ply : viewPly) === p) span.classList.add('current');
        span.addEventListener('click', () => view(p));
        li.appendChild(span);
        li.appendChild(document.createTextNode(' '));
    }
    if (viewPly === null) list.scrollTop = list.scrollHeight;

    if (document.activeElement !== $('fen') && !fenEdited) $('fen').value = shown.fen;
    for (const c of ['white', 'black']) $(c).value = st.players[c];
}

function playerSettings() {
    const s = {white: $('white').value || 'human', black: $('black').value || 'harlequin'};
    const v = parseInt($('strength').value, 10);
    if ($('strength-kind').value === 'depth') s.depth = v;
    else s.movetime = v;
    s.base = 1000 * (parseInt($('base').value, 10) || 0);
    s.inc = 1000 * (parseInt($('inc').value, 10) || 0);
    s.multipv = parseInt($('multipv').value, 10) || 1;
    return s;
}

// ---- Start -----------------------------------------------------------------------------------

async function start() {
    const info = await api('/api/games');
    games = info.games;
    for (const g of games) $('game').appendChild(new Option(g.name, g.name));
    for (const c of ['white', 'black']) {
        $(c).appendChild(new Option('you', 'human'));
        $(c).appendChild(new Option('Harlequin', 'harlequin'));
        if (info.externalEngine) $(c).appendChild(new Option(info.externalEngine, 'engine'));
    }
    $('white').value = 'human';
    $('black').value = 'harlequin';
    const params = new URLSearchParams(location.search);
    if (params.get('movetime')) $('strength').value = params.get('movetime');
    if (params.get('depth')) { $('strength-kind').value = 'depth'; $('strength').value = params.get('depth'); }
    const wanted = location.hash.slice(1);
    const game = games.some((g) => g.name === wanted) ? wanted : games[0].name;
    $('game').value = game;

    $('new').onclick = () => newGame($('game').value);
    $('game').onchange = () => newGame($('game').value);
    $('flip').onclick = () => { flipped = !flipped; render(); };
    $('undo').onclick = () => act('undo');
    $('go').onclick = () => act('go');
    $('stop').onclick = () => act('stop');
    $('resign').onclick = () => act('resign');
    $('draw').onclick = () => act('draw');
    $('apply').onclick = () => act('settings', playerSettings());
    $('analyse').onclick = () => st && (st.search.activity === 'analysing'
        ? act('analyse', {on: false})
        : act('settings', {multipv: parseInt($('multipv').value, 10) || 1}).then(() => act('analyse', {on: true})));
    $('nav-first').onclick = () => view(0);
    $('nav-prev').onclick = () => view((viewPly ?? st.ply) - 1);
    $('nav-next').onclick = () => view((viewPly ?? st.ply) + 1);
    $('nav-last').onclick = () => view(st.ply);
    $('play-here').onclick = () => viewPly !== null && act('undo', {ply: viewPly});
    $('fen').addEventListener('input', () => { fenEdited = true; });
    $('load-fen').onclick = async () => {
        await act('load', {fen: $('fen').value.trim()});
        fenEdited = false;
        render();
    };
    $('load-pgn').onclick = () => loadPgn($('pgn').value);
    $('pgn-file').onchange = async (e) => {
        const f = e.target.files[0];
        if (f) $('pgn').value = await f.text();
    };
    $('save-pgn').onclick = async () => {
        const text = await api(`/api/sessions/${st.id}/pgn`);
        $('pgn').value = text;
        const a = document.createElement('a');
        a.href = URL.createObjectURL(new Blob([text], {type: 'application/x-chess-pgn'}));
        a.download = `${st.game}.pgn`;
        a.click();
    };
    document.addEventListener('keydown', (e) => {
        if (e.target.tagName === 'INPUT' || e.target.tagName === 'TEXTAREA' || !st) return;
        if (e.key === 'ArrowLeft') view((viewPly ?? st.ply) - 1);
        if (e.key === 'ArrowRight') view((viewPly ?? st.ply) + 1);
    });
    window.addEventListener('hashchange', () => {
        const g = location.hash.slice(1);
        if (st && g !== st.game && games.some((x) => x.name === g)) {
            $('game').value = g;
            newGame(g);
        }
    });
    window.addEventListener('pagehide', () => st && navigator.sendBeacon(`/api/sessions/${st.id}/close`, '{}'));
    setInterval(() => { if (st && st.clock.on && !st.outcome.over) tickClocks(); }, 100);
    await newGame(game);
}

// Clocks run on the page between two states from the server.
let lastTick = performance.now();
function tickClocks() {
    const t = performance.now();
    if (st.clock.running) st.clock[st.clock.running] -= t - lastTick;
    lastTick = t;
    renderSide(drawing());
}

// A PGN names its game (the Variant tag): the page switches to that game.
async function loadPgn(text) {
    const m = text.match(/\[Variant\s+"([^"]*)"\]/);
    const game = m ? m[1].toLowerCase() : 'chess';
    const index = (parseInt($('pgn-index').value, 10) || 1) - 1;
    if (st && (game === st.game || (!m && st.game === 'chess'))) return act('load', {pgn: text, index});
    $('game').value = game;
    await newGame(game, {pgn: text, index});
}

start().catch((e) => showMessage(e.message));
