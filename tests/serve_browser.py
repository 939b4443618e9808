#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The page of `harlequin serve` in a real browser (Debian's headless Chromium, driven over
the DevTools protocol, tests/cdp.py), played with the mouse as a person plays it:

- a whole game of Martian Chess and of Control Chess against Harlequin, by clicks (pick a
  piece the page marks movable, click one of the targets it highlights, a choice button
  when several moves share the clicks); checks that a piece crossing the canal changes
  owner on the board, that a Control colour changes controller, and that the result and
  its reason (the referee's text) appear;
- Ms. Chess: a pawn's capture in passing entered by mouse (pawn, passed piece, target);
- a whole game of chess, Chess960, Ms. Chess and Multiple Move Chess by clicks too, to the
  referee's result; a screenshot of each game in the light and the dark theme
  (docs/serve/*.png with --screenshots), and analysis with three lines, its best-move arrow
  and the evaluation bar;
- the pieces: each piece of each side rendered at 40 px, White's inside clearly brighter
  than Black's; the board turned when the person plays Black; check highlighted; squares
  focusable with labels and every input labelled; a move typed on the keyboard; a premove;
  the resign confirmation; the players' selectors kept while an analysis runs; the dark
  theme (emulated prefers-color-scheme) and a phone's 390 px with no sideways scroll;
- the level picker: level 3 the first time, a level picked and played against (Harlequin's
  move seen), the game's level after a reload and the remembered one on a new page;
- with a server that keeps variations and games (state "tree", GET /api/stored): a move
  made while looking back starts a variation drawn in the move list, an analysis line
  played onto the board, the game resumed from its address after a reload;
- a page of another origin (localhost against 127.0.0.1) cannot make a game, move, delete
  or read an answer;
- a server on --host 127.0.0.2, which needs its token: the page opened at the address
  printed plays (its requests and event stream carry the token) and closes its old game;
  without the token it says so.
Prints what it saw; exits non-zero on any failure.
"""

import argparse
import re
import json
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser  # noqa: E402
from serve_support import check, start_serve, start_serve_at, tally  # noqa: E402


def js(b, expr):
    return b.eval(expr)


def page_state(b):
    """What the page shows, read from its DOM."""
    return js(b, """(() => {
        const q = (s) => [...document.querySelectorAll(s)];
        return {
            status: document.getElementById('status').textContent,
            over: document.getElementById('status').dataset.over === 'yes',
            result: (document.getElementById('result') || {}).textContent || '',
            movable: q('g.square.movable').map((g) => g.dataset.square),
            targets: q('g.square.target').map((g) => g.dataset.square),
            choice: document.getElementById('choice').hidden ? [] :
                q('#choice button').map((x) => x.dataset.move),
            special: q('#special-moves button').map((x) => x.dataset.move),
            pieces: Object.fromEntries(q('g.square').filter((g) => g.querySelector('.piece-group'))
                .map((g) => { const p = g.querySelector('.piece-group');
                    return [g.dataset.square, {piece: p.dataset.piece, side: p.dataset.side,
                        tags: p.dataset.tags}]; })),
            controllers: Object.fromEntries(q('#control tr[data-colour]').map((r) =>
                [r.dataset.colour, r.querySelector('.controller').textContent])),
            message: document.getElementById('message').textContent,
            session: document.body.dataset.session,
            ply: q('#moves .mv').length,
        };
    })()""")


def wait_turn(b, timeout=60):
    """Waits until the person is to move (the page marks movable pieces) or the game ends."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        s = page_state(b)
        if s["over"] or s["movable"] or s["special"]:
            return s
        time.sleep(0.05)
    raise TimeoutError("the page never gave the move back")


def open_game(b, port, game, depth=1, movetime=None):
    q = f"depth={depth}" if movetime is None else f"movetime={movetime}"
    # Marks the old page, so the wait below sees the new one and not the old one's board.
    js(b, "window.hqOldPage = true")
    b.goto(f"http://127.0.0.1:{port}/?{q}&t={time.time()}#{game}")
    b.wait_for("!window.hqOldPage && document.body && document.body.dataset.session && "
               "document.querySelectorAll('g.square').length > 0",
               what=f"the {game} board")


def click_square(b, sq):
    b.click(f'g.square[data-square="{sq}"]')


def play_by_clicks(b, rng, prefer, max_plies, on_move=None):
    """Plays the person's side with the mouse until the game ends. `prefer(state, frm, to)`
    ranks candidate moves (higher first). Returns the final page state."""
    s = wait_turn(b)
    plies = 0
    while not s["over"] and plies < max_plies:
        if not s["movable"] and s["special"]:
            b.click(f'#special-moves button[data-move="{s["special"][0]}"]')
            b.wait_for(f"document.querySelectorAll('#moves .mv').length > {s['ply']}",
                       what="the pass in the list")
        else:
            # Pick a piece: try the movable ones in the preferred order.
            options = []
            for frm in s["movable"]:
                click_square(b, frm)
                t = page_state(b)
                for to in t["targets"]:
                    options.append((prefer(s, frm, to) + rng.random(), frm, to))
                click_square(b, frm)  # put it down again
            check(bool(options), "movable pieces with no highlighted target")
            if not options:
                break
            _, frm, to = max(options)
            before = page_state(b)
            click_square(b, frm)
            check(to in page_state(b)["targets"], f"{to} highlighted after picking {frm}")
            click_square(b, to)
            # A move of several legs goes on (Ms. Chess's capture in passing): the next
            # highlighted square; several moves on the same clicks: the first choice.
            for _ in range(4):
                t = page_state(b)
                if t["choice"]:
                    b.click(f'#choice button[data-move="{t["choice"][0]}"]')
                    break
                if t["ply"] > before["ply"] or not t["targets"]:
                    break
                click_square(b, t["targets"][0])
            b.wait_for(f"document.querySelectorAll('#moves .mv').length > {before['ply']}",
                       what="the move in the list")
            if on_move:
                on_move(before, frm, to, page_state(b))
        plies += 1
        s = wait_turn(b)
    return s


def api(port, path):
    import urllib.request
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as r:
        return json.loads(r.read())


def test_martian(b, port, shots):
    # Harlequin thinks 300 ms a move, so the page shows the person's move before its reply.
    open_game(b, port, "martian", movetime=300)
    rng = random.Random(3)
    crossings = []

    def prefer(s, frm, to):
        # Captures first (a capture crosses the canal), then moves towards the canal.
        score = 0
        if to in s["pieces"]:
            score += 10
        if int(to[1:]) >= 5 > int(frm[1:]):
            score += 5
        return score

    def on_move(before, frm, to, after):
        if int(frm[1:]) <= 4 < int(to[1:]):
            was = before["pieces"].get(frm, {}).get("tags", "")
            now = after["pieces"].get(to, {}).get("tags", "")
            crossings.append((frm, to, was, now))

    s = play_by_clicks(b, rng, prefer, 300, on_move)
    check(any("owned-white" in w and "owned-black" in n for _, _, w, n in crossings),
          f"a piece crossing the canal changed owner on the board ({crossings[:3]})")
    check(s["over"], "the Martian game ended")
    state = api(port, f"/api/sessions/{s['session']}")
    check(state["outcome"]["reason"] and state["outcome"]["reason"] in s["result"],
          f"the referee's reason appears: {s['result']!r}")
    print(f"  martian: {len(crossings)} canal crossings by the person "
          f"(first: {crossings[0][:2] if crossings else None}, owner "
          f"{crossings[0][2] if crossings else ''} -> {crossings[0][3] if crossings else ''}); "
          f"result on the page: {s['result']!r}", flush=True)
    if shots:
        b.screenshot(os.path.join(shots, "martian.png"))
        dark_shot(b, os.path.join(shots, "martian-dark.png"))


def test_control(b, port, shots):
    open_game(b, port, "control", movetime=300)
    rng = random.Random(5)
    changes = []
    coloured = {"c3", "c4", "c5", "c6", "f3", "f4", "f5", "f6"}

    def prefer(s, frm, to):
        score = 0
        if to in coloured:
            score += 15
        if to in s["pieces"]:
            score += 10
        return score

    last = {}

    def on_move(before, frm, to, after):
        # Changes by Harlequin's reply (since the person's last move) and by this move.
        nonlocal last
        for a, b_, why in ((last, before["controllers"], "Harlequin's reply"),
                           (before["controllers"], after["controllers"], f"{frm}-{to}")):
            for c, who in b_.items():
                if a and a.get(c) != who:
                    changes.append((c, a.get(c), who, why))
        last = after["controllers"]

    s = play_by_clicks(b, rng, prefer, 300, on_move)
    check(bool(changes), "a Control colour changed controller on the page")
    check(s["over"], "the Control game ended")
    state = api(port, f"/api/sessions/{s['session']}")
    check(state["outcome"]["reason"] and state["outcome"]["reason"] in s["result"],
          f"the referee's reason appears: {s['result']!r}")
    print(f"  control: {len(changes)} changes of controller seen on the page "
          f"(first: {changes[0] if changes else None}); result on the page: {s['result']!r}",
          flush=True)
    if shots:
        b.screenshot(os.path.join(shots, "control.png"))
        dark_shot(b, os.path.join(shots, "control-dark.png"))


def test_mschess_passing(b, port, shots):
    open_game(b, port, "mschess")
    fen = "4k3/8/8/8/8/3n4/4P3/4K3 w - - 0 1 w"
    b.click("#fen")
    js(b, "document.getElementById('fen').select()")
    b.page("Input.insertText", text=fen)  # typed, as from the keyboard
    b.click("#load-fen")
    b.wait_for("!!document.querySelector('g.square[data-square=\"d3\"] .piece-group')",
               what="the FEN on the board")
    wait_turn(b)
    click_square(b, "e2")
    s = page_state(b)
    check("d3" in s["targets"], f"the passed piece's square is a target ({s['targets']})")
    click_square(b, "d3")
    s = page_state(b)
    check("e3" in s["targets"] and "e4" in s["targets"],
          f"after the passed piece, the pawn's squares are targets ({s['targets']})")
    click_square(b, "e4")
    b.wait_for("document.querySelectorAll('#moves .mv').length >= 1", what="the capture in passing")
    s = page_state(b)
    state = api(port, f"/api/sessions/{s['session']}")
    first = state["moves"][0]
    check(first["text"] == "e2d3,d3e4", f"the capture in passing was played ({first})")
    check("d3" not in s["pieces"] or s["pieces"]["d3"]["side"] != "black",
          "the passed knight is gone from the board")
    print(f"  mschess: capture in passing by mouse e2, d3, e4 played as {first['text']} "
          f"({first['san']})", flush=True)
    if shots:
        b.screenshot(os.path.join(shots, "mschess-passing.png"))


def test_to_end(b, port, game, shots, max_plies=400):
    """A whole game by clicks (captures first), to the referee's result."""
    open_game(b, port, game)
    rng = random.Random(7)
    s = play_by_clicks(b, rng, lambda s, f, t: 10 if t in s["pieces"] else 0, max_plies)
    check(s["over"], f"{game}: the game ended ({s['ply']} single moves)")
    state = api(port, f"/api/sessions/{s['session']}")
    check(state["outcome"]["reason"] and state["outcome"]["reason"] in s["result"],
          f"{game}: the referee's reason appears: {s['result']!r}")
    if shots:
        b.screenshot(os.path.join(shots, f"{game}.png"))
        dark_shot(b, os.path.join(shots, f"{game}-dark.png"))
    return s


def test_analysis(b, port, shots):
    open_game(b, port, "chess")
    js(b, "document.getElementById('multipv').value = 3")
    b.click("#analyse")
    b.wait_for("document.querySelectorAll('#search .line').length >= 3 && "
               "!!document.getElementById('best-arrow')", what="three analysis lines and the arrow")
    # A click aims at a line's moves while the search keeps reporting: the first move of
    # the first line must not move as the depth, nodes and time grow (a redraw between the
    # aim and the press missed the move in CI when they came first).
    lefts = set()
    for _ in range(10):
        lefts.add(js(b, "(() => { const e = document.querySelector('#search .line .pv-move');"
                        " return e ? Math.round(e.getBoundingClientRect().left) : null; })()"))
        time.sleep(0.1)
    check(len(lefts) == 1 and None not in lefts,
          f"the first line's first move stays in place over 1 s of reports (left edges {sorted(lefts, key=str)})")
    lines = js(b, "[...document.querySelectorAll('#search .line')].map((l) => l.textContent)")
    check(len(lines) >= 3, f"MultiPV lines shown ({len(lines)})")
    if shots:
        b.screenshot(os.path.join(shots, "analysis.png"))
    bar = js(b, "document.getElementById('evalbar').hidden")
    check(not bar, "the evaluation bar is shown during analysis")
    check_chances(b, lines[0], "chess")
    b.click("#analyse")
    print(f"  analysis: {lines[0][:70]}...; first move's left edge {lefts}", flush=True)


def check_chances(b, line, game):
    """The line and the bar show the engine's win/draw/loss chances for the game (docs/wdl.md),
    and the bar's White share is White's expected score from them."""
    first, second = ("South", "North") if game == "martian" else ("White", "Black")
    m = re.search(first + r" (\d+)% \u00b7 draw (\d+)% \u00b7 " + second + r" (\d+)%", line)
    check(m is not None, f"{game}: the line shows the win chances ({line[:90]!r})")
    label = js(b, "document.getElementById('evalbar').getAttribute('aria-label')")
    check(first + " " in label and "% \u00b7 draw " in label, f"{game}: the bar says the chances ({label!r})")
    if m:
        w, d, _ = (int(x) for x in m.groups())
        share = float(js(b, "document.getElementById('evalbar').dataset.share"))
        # The bar may have moved on to a later report: within a few points.
        check(abs(share - (w + d / 2) / 100) < 0.08,
              f"{game}: the bar's share {share} is White's expected score ({w}% + {d}%/2)")


def test_analysis_chances(b, port, shots, game):
    open_game(b, port, game)
    b.click("#analyse")
    b.wait_for("document.querySelectorAll('#search .line').length >= 1", what=f"a {game} analysis line")
    time.sleep(1.0)
    lines = js(b, "[...document.querySelectorAll('#search .line')].map((l) => l.textContent)")
    check_chances(b, lines[0], game)
    if shots:
        b.screenshot(os.path.join(shots, f"analysis-{game}.png"))
    b.click("#analyse")
    print(f"  {game} analysis: {lines[0][:90]}", flush=True)



def set_dark(b, dark):
    b.page("Emulation.setEmulatedMedia",
           features=[{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}])


def dark_shot(b, path):
    set_dark(b, True)
    time.sleep(0.2)
    b.screenshot(path)
    set_dark(b, False)


def load_fen(b, fen):
    b.click("#fen")
    js(b, "document.getElementById('fen').select()")
    b.page("Input.insertText", text=fen)
    b.click("#load-fen")
    # The board shows it: as many pieces as the FEN has (the field holds the typed text at once).
    pieces = sum(c.isalpha() for c in fen.split(" ")[0])
    b.wait_for(f"document.querySelectorAll('g.square .piece-group').length === {pieces}",
               what="the FEN on the board")


def set_players(b, white, black):
    js(b, f"""(() => {{ for (const [id, v] of [['white', '{white}'], ['black', '{black}']]) {{
        const e = document.getElementById(id); e.value = v;
        e.dispatchEvent(new Event('change')); }} }})()""")
    b.click("#apply")
    b.wait_for(f"(() => {{ const s = document.getElementById('white'); return s.dataset.dirty !== 'yes'; }})()",
               what="the players applied")
    time.sleep(0.3)


def type_move(b, text):
    """Types a move into the move field and presses Enter, once the page gives the move."""
    b.wait_for("document.querySelectorAll('g.square.movable').length > 0 || "
               "document.getElementById('status').textContent.startsWith('Looking')",
               what=f"the page ready for {text}")
    b.click("#move-input")
    b.page("Input.insertText", text=text)
    b.page("Input.dispatchKeyEvent", type="keyDown", key="Enter", code="Enter",
           windowsVirtualKeyCode=13, text="\r")
    b.page("Input.dispatchKeyEvent", type="keyUp", key="Enter", code="Enter",
           windowsVirtualKeyCode=13)


# The inside brightness of every piece on a 40 px square: the median luminance of the
# pixels in the square's middle that differ from its background (the corner pixel) and
# have the colour of their four neighbours (the piece's inside, not its outline or edges).
BRIGHTNESS_JS = r"""(async (data, squares) => {
    const img = new Image();
    img.src = 'data:image/png;base64,' + data;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width; c.height = img.height;
    const ctx = c.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const out = {};
    for (const [name, x, y, size] of squares) {
        const px = ctx.getImageData(Math.round(x), Math.round(y), Math.round(size), Math.round(size)).data;
        const w = Math.round(size);
        const at = (i, j) => { const k = 4 * (j * w + i); return [px[k], px[k + 1], px[k + 2]]; };
        const bg = at(1, 1);
        const lum = [];
        for (let j = Math.floor(w * 0.2); j < w * 0.8; j++)
            for (let i = Math.floor(w * 0.2); i < w * 0.8; i++) {
                const p = at(i, j);
                if (Math.abs(p[0] - bg[0]) + Math.abs(p[1] - bg[1]) + Math.abs(p[2] - bg[2]) < 60) continue;
                // Inside: the four neighbours have the same colour (no outline, no edge).
                const flat = [[1, 0], [-1, 0], [0, 1], [0, -1]].every(([di, dj]) => {
                    const q = at(i + di, j + dj);
                    return Math.abs(q[0] - p[0]) + Math.abs(q[1] - p[1]) + Math.abs(q[2] - p[2]) <= 24; });
                if (!flat) continue;
                lum.push(0.2126 * p[0] + 0.7152 * p[1] + 0.0722 * p[2]);
            }
        lum.sort((a, b) => a - b);
        out[name] = lum.length ? lum[Math.floor(lum.length / 2)] : null;
    }
    return out;
})"""


def test_pieces(b, port, shots):
    """Each piece of each side at 40 px: White's inside clearly brighter than Black's."""
    open_game(b, port, "chess")
    set_players(b, "human", "human")
    js(b, "document.getElementById('board').style.width = '330px'")  # 528 units -> 40 px squares
    time.sleep(0.3)
    boxes = js(b, """[...document.querySelectorAll('g.square')].filter((g) => g.querySelector('.piece-group'))
        .map((g) => { const r = g.querySelector('rect.sq').getBoundingClientRect();
            const p = g.querySelector('.piece-group');
            return [g.dataset.square + ':' + p.dataset.side + p.dataset.piece, r.left, r.top, r.width]; })""")
    check(boxes and abs(boxes[0][3] - 40) < 1.5, f"squares drawn at 40 px ({boxes[0][3] if boxes else None})")
    shot = b.page("Page.captureScreenshot", format="png")["data"]
    lum = js(b, f"{BRIGHTNESS_JS}({json.dumps(shot)}, {json.dumps(boxes)})")
    by = {}
    for key, v in lum.items():
        side_piece = key.split(":")[1]
        by.setdefault(side_piece, []).append(v)
    summary = []
    for letter in "KQRBNP":
        w = min(by.get("white" + letter, [None]) or [None], key=lambda x: x if x is not None else -1)
        k = max(by.get("black" + letter, [None]) or [None], key=lambda x: x if x is not None else 999)
        ok = w is not None and k is not None and w - k >= 100
        check(ok, f"{letter}: White's inside ({w}) clearly brighter than Black's ({k})")
        summary.append(f"{letter} {w:.0f}/{k:.0f}" if w is not None and k is not None else f"{letter} ?")
    print(f"  pieces at 40 px, median inside brightness White/Black (0-255): {', '.join(summary)}",
          flush=True)
    js(b, "document.getElementById('board').style.width = ''")
    load_fen(b, "3qk3/8/8/8/8/8/8/3QK3 w - - 0 1")
    if shots:
        b.screenshot(os.path.join(shots, "kings-queens.png"))


def test_accessibility(b, port):
    open_game(b, port, "chess")
    a = js(b, """(() => {
        const cells = [...document.querySelectorAll('g.square[role=gridcell]')];
        const unlabelled = [...document.querySelectorAll('input, select, textarea')]
            .filter((e) => !e.labels.length && !e.getAttribute('aria-label')).map((e) => e.id);
        return {grid: document.getElementById('board').getAttribute('role'), cells: cells.length,
            labels: cells.filter((c) => c.getAttribute('aria-label')).length,
            e1: document.querySelector('g.square[data-square=e1]').getAttribute('aria-label'),
            d8: document.querySelector('g.square[data-square=d8]').getAttribute('aria-label'),
            focusable: cells.filter((c) => c.getAttribute('tabindex') === '0').length, unlabelled};
    })()""")
    check(a["grid"] == "grid" and a["cells"] == 64 and a["labels"] == 64,
          f"the board is a grid of 64 labelled cells ({a})")
    check(a["e1"] == "e1 white king" and a["d8"] == "d8 black queen", f"square labels ({a['e1']}, {a['d8']})")
    check(a["focusable"] == 1, "one square in the tab order (arrow keys move between squares)")
    check(not a["unlabelled"], f"every input has a label ({a['unlabelled']})")
    # Keyboard: focus e2 with the arrow keys from the focused square, Enter twice.
    js(b, "document.querySelector('g.square[tabindex=\"0\"]').focus()")
    start = js(b, "document.activeElement.dataset.square")
    for key in ["ArrowRight"] * (4 - (ord(start[0]) - 97)) + ["ArrowUp"] * (2 - int(start[1:])):
        b.page("Input.dispatchKeyEvent", type="keyDown", key=key, code=key)
    at = js(b, "document.activeElement.dataset.square")
    check(at == "e2", f"arrow keys reach e2 (from {start}, at {at})")
    b.page("Input.dispatchKeyEvent", type="keyDown", key="Enter", code="Enter", windowsVirtualKeyCode=13)
    targets = page_state(b)["targets"]
    check("e4" in targets, f"Enter on e2 picks the pawn ({targets})")
    print(f"  accessibility: {a['cells']} labelled cells (e1: {a['e1']!r}), arrow keys and Enter "
          f"pick e2 (targets {targets})", flush=True)


def test_keyboard_and_comforts(b, port, shots):
    # Long thinks: the premove's two clicks must both come before the reply, on a loaded
    # machine too.
    open_game(b, port, "chess", movetime=4000)
    wait_turn(b)
    type_move(b, "Nf3")
    b.wait_for("document.querySelectorAll('#moves .mv').length >= 1", what="the typed move")
    first = js(b, "document.querySelector('#moves .mv').textContent")
    check(first == "Nf3", f"the typed Nf3 was played ({first})")
    # A premove while Harlequin thinks: e2, e4.
    b.wait_for("document.getElementById('status').textContent.includes('thinking')", what="Harlequin thinking")
    click_square(b, "e2")
    click_square(b, "e4")
    queued = js(b, "[...document.querySelectorAll('g.square.premove')].map((g) => g.dataset.square)")
    check(sorted(queued) == ["e2", "e4"], f"the premove is marked ({queued})")
    b.wait_for("document.querySelectorAll('#moves .mv').length >= 3", timeout=20, what="the premove played")
    third = js(b, "document.querySelectorAll('#moves .mv')[2].textContent")
    check(third == "e4", f"the premove e4 was played after Harlequin's reply ({third})")
    # A premove of the piece alone: when the turn comes, it is the selected piece, and one
    # more click plays it.
    b.wait_for("document.getElementById('status').textContent.includes('thinking')", what="Harlequin thinking")
    click_square(b, "d2")
    b.wait_for("document.querySelectorAll('#moves .mv').length >= 4", timeout=20, what="Harlequin's reply")
    b.wait_for("document.querySelectorAll('g.square.selected').length > 0", what="the piece selected")
    selected = js(b, "[...document.querySelectorAll('g.square.selected')].map((g) => g.dataset.square)")
    check(selected == ["d2"], f"the premoved piece is selected when the turn comes ({selected})")
    if shots:
        b.screenshot(os.path.join(shots, "premove-selected.png"))
    targets = page_state(b)["targets"]
    check(bool(targets), f"the selected pawn shows where it can go ({targets})")
    click_square(b, "d4" if "d4" in targets else targets[0])
    b.wait_for("document.querySelectorAll('#moves .mv').length >= 5", what="the pawn's move played")
    fifth = js(b, "document.querySelectorAll('#moves .mv')[4].textContent")
    check(fifth.startswith("d"), f"one more click played the premoved pawn ({fifth})")
    # Resign asks first.
    wait_turn(b)
    b.click("#resign")
    check(page_state(b)["over"] is False, "one click on Resign does not resign")
    check(js(b, "document.getElementById('resign').textContent") == "Confirm resign",
          "the Resign button asks for confirmation")
    b.click("#resign")
    b.wait_for("document.getElementById('status').dataset.over === 'yes'", what="the resignation")
    check("resigns" in page_state(b)["result"], "the second click resigns")
    # Sound: off and back on, kept in localStorage.
    b.click("#sound")
    check(js(b, "localStorage.getItem('harlequin.sound')") == "off", "the sound switch is stored")
    b.click("#sound")
    print(f"  keyboard: typed Nf3 played as {first!r}; premove e2-e4 played as {third!r}; "
          f"resign asked then resigned", flush=True)


def test_orientation_and_check(b, port, shots):
    open_game(b, port, "chess", movetime=300)
    set_players(b, "harlequin", "human")
    pos = js(b, """(() => { const y = (s) => document.querySelector(`g.square[data-square=${s}]`)
        .getBoundingClientRect().top; return [y('a1'), y('a8')]; })()""")
    check(pos[0] < pos[1], f"playing Black, rank 1 is at the top ({pos})")
    bottom_clock = js(b, "document.getElementById('clock-bottom').dataset.side")
    check(bottom_clock == "black", "Black's clock at the bottom")
    b.wait_for("document.querySelectorAll('#moves .mv').length >= 1", what="Harlequin's first move")
    if shots:
        b.screenshot(os.path.join(shots, "black-side.png"))
    # Check: both sides the person's, a queen check typed.
    open_game(b, port, "chess")
    set_players(b, "human", "human")
    load_fen(b, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1")
    wait_turn(b)
    type_move(b, "Qd7+")
    b.wait_for("document.getElementById('moves').textContent.includes('Qd7')",
               what=f"the typed Qd7+ ({page_state(b)['message']!r})")
    b.wait_for("!!document.querySelector('g.square.check')", what="the check highlight")
    checked = js(b, "document.querySelector('g.square.check').dataset.square")
    check(checked == "e8", f"the king in check is highlighted ({checked})")
    print(f"  orientation: playing Black puts rank 1 at the top; check highlighted on {checked}",
          flush=True)


def test_settings_kept(b, port):
    """Issue 27 item 5: the players' selectors do not jump back while an analysis runs."""
    open_game(b, port, "chess")
    js(b, "document.getElementById('multipv').value = 2")
    b.click("#analyse")
    b.wait_for("document.querySelectorAll('#search .line').length >= 1", what="analysis lines")
    js(b, """(() => { const e = document.getElementById('black'); e.value = 'human';
        e.dispatchEvent(new Event('change')); })()""")
    time.sleep(2.0)
    kept = js(b, "document.getElementById('black').value")
    check(kept == "human", f"the Black selector keeps the person's choice during analysis ({kept})")
    bar = js(b, "(() => { const e = document.getElementById('evalbar'); return [e.hidden, e.dataset.share]; })()")
    check(not bar[0] and 0 <= float(bar[1]) <= 1, f"the evaluation bar is shown ({bar})")
    b.click("#analyse")
    print(f"  settings: Black selector kept {kept!r} for 2 s of analysis; bar share {bar[1]}", flush=True)


def test_themes_and_phone(b, port, shots):
    open_game(b, port, "chess")
    set_dark(b, True)
    time.sleep(0.2)
    bg = js(b, "getComputedStyle(document.body).backgroundColor")
    nums = [int(x) for x in bg[bg.index("(") + 1:bg.index(")")].split(",")[:3]]
    check(sum(nums) / 3 < 60, f"the dark theme darkens the page ({bg})")
    if shots:
        b.screenshot(os.path.join(shots, "dark.png"))
    set_dark(b, False)
    if shots:
        b.screenshot(os.path.join(shots, "light.png"))
    b.page("Emulation.setDeviceMetricsOverride", width=390, height=844, deviceScaleFactor=1, mobile=True)
    try:
        for game in ["chess", "martian", "control"]:
            open_game(b, port, game)
            time.sleep(0.3)
            width = js(b, "document.documentElement.scrollWidth")
            check(width <= 390, f"{game} at 390 px: no sideways scroll (scrollWidth {width})")
            # Nothing sticks out of its panel's frame (the PGN file chooser did).
            out = js(b, """[...document.querySelectorAll('fieldset')].flatMap((f) => {
                const edge = f.getBoundingClientRect().right;
                return [...f.querySelectorAll('*')].filter((e) => e.offsetParent !== null
                    && e.getBoundingClientRect().right > edge + 0.5)
                    .map((e) => e.id || e.tagName.toLowerCase()); })""")
            check(not out, f"{game} at 390 px: every control inside its panel (outside: {out})")
            print(f"  phone: {game} at 390 px, scrollWidth {width}", flush=True)
            if shots and game == "chess":
                b.screenshot(os.path.join(shots, "phone.png"))
    finally:
        b.page("Emulation.setDeviceMetricsOverride", width=1100, height=1000, deviceScaleFactor=1, mobile=False)


def level_shown(b):
    return js(b, "(document.querySelector('input[name=level]:checked') || {}).value || null")


def test_levels(b, port):
    """The level picker: level 3 the first time, eight levels with their ratings; level 2
    picked, a new game with Harlequin as White, its move seen; another level picked and not
    applied; a reload shows the game's level, a new page the remembered one."""
    js(b, "localStorage.removeItem('harlequin.level')")
    js(b, "window.hqOldPage = true")
    # No ?movetime= or ?depth=: the page plays at the picker's level.
    b.goto(f"http://127.0.0.1:{port}/?t={time.time()}#chess")
    b.wait_for("!window.hqOldPage && document.body && document.body.dataset.session && "
               "document.querySelectorAll('input[name=level]').length === 9", what="the level picker")
    first = level_shown(b)
    check(first == "3", f"the first visit starts at level 3 ({first})")
    sid = page_state(b)["session"]
    level = api(port, f"/api/sessions/{sid}")["strength"]["level"]
    check(level == 3, f"the first game is played at level 3 ({level})")
    ratings = js(b, "[...document.querySelectorAll('#levels .level:not([data-level=full]) .level-bottom')]"
                    ".map((e) => e.textContent)")
    check(len(ratings) == 8 and all(r.isdigit() for r in ratings), f"eight levels with a rating each ({ratings})")
    hidden = js(b, "document.getElementById('strength-box').hidden")
    check(hidden, "the time per move is hidden at a level")
    b.click('#levels label[data-level="full"]')
    shown = not js(b, "document.getElementById('strength-box').hidden")
    check(shown, "full strength shows the time per move or depth")
    b.click('#levels label[data-level="2"]')
    check(level_shown(b) == "2", f"level 2 picked ({level_shown(b)})")
    check(js(b, "localStorage.getItem('harlequin.level')") == "2", "the choice is remembered")
    js(b, """(() => { for (const [id, v] of [['white', 'harlequin'], ['black', 'human']]) {
        const e = document.getElementById(id); e.value = v; e.dispatchEvent(new Event('change')); } })()""")
    b.click("#new")
    b.wait_for(f"document.body.dataset.session !== {json.dumps(sid)}", what="the new game")
    sid = page_state(b)["session"]
    b.wait_for("document.querySelectorAll('#moves .mv').length >= 1", what="Harlequin's first move")
    st = api(port, f"/api/sessions/{sid}")
    check(st["strength"]["level"] == 2 and st["players"]["white"] == "harlequin",
          f"the game is against Harlequin at level 2 ({st['strength']}, {st['players']})")
    first_move = st["moves"][0]["san"] if st["moves"] else None
    # Another level picked but not applied: remembered for the next game, not this one's.
    b.click('#levels label[data-level="6"]')
    js(b, "window.hqOldPage = true")
    b.page("Page.reload", ignoreCache=True)
    b.wait_for(f"!window.hqOldPage && document.body && document.body.dataset.session === {json.dumps(sid)} && "
               "document.querySelectorAll('input[name=level]:checked').length === 1", what="the game after a reload")
    b.wait_for("document.querySelector('input[name=level]:checked').value === '2'", timeout=5,
               what="the game's level 2 shown after the reload")
    js(b, "window.hqOldPage = true")
    b.goto(f"http://127.0.0.1:{port}/?t={time.time()}#chess")
    b.wait_for(f"!window.hqOldPage && document.body && document.body.dataset.session && "
               f"document.body.dataset.session !== {json.dumps(sid)}", what="a new page")
    fresh = level_shown(b)
    check(fresh == "6", f"a new page starts at the remembered level ({fresh})")
    level = api(port, f"/api/sessions/{page_state(b)['session']}")["strength"]["level"]
    check(level == 6, f"its game is played at level 6 ({level})")
    print(f"  levels: first visit at 3, ratings {ratings}; level 2 against Harlequin as White "
          f"({first_move}); after a reload the game's level 2, a new page the remembered 6", flush=True)
    js(b, "localStorage.removeItem('harlequin.level')")


def test_variations(b, port, shots):
    """Needs a server that keeps a move tree: a move made while looking back is a variation."""
    open_game(b, port, "chess")
    set_players(b, "human", "human")
    session = page_state(b)["session"]
    if "tree" not in api(port, f"/api/sessions/{session}"):
        print("  variations: this server sends no move tree, skipped", flush=True)
        return
    for mv in ["e4", "e5", "Nf3", "Nc6"]:
        n = page_state(b)["ply"]
        type_move(b, mv)
        b.wait_for(f"document.querySelectorAll('#moves .mv').length > {n}", what=f"{mv} in the list")
    b.click("#nav-first")
    b.wait_for("document.getElementById('status').textContent.includes('Looking at move 0')",
               what="the start shown")
    type_move(b, "d4")
    b.wait_for("!!document.querySelector('#moves .variation')", what="the variation in the list")
    state = api(port, f"/api/sessions/{session}")
    check(len(state["tree"]) == 5, f"the tree keeps the game and the variation ({len(state['tree'])} nodes)")
    check(len(state["mainline"]) == 4, "the mainline keeps its four moves")
    js(b, "document.getElementById('multipv').value = 2")
    b.click("#analyse")
    b.wait_for("document.querySelectorAll('#search button.pv-move').length >= 2", what="clickable lines")
    before = len(api(port, f"/api/sessions/{session}")["tree"])
    b.click("#search .line button.pv-move")
    b.wait_for(f"document.querySelectorAll('#moves .mv').length > {before}", what="the line on the board")
    after = len(api(port, f"/api/sessions/{session}")["tree"])
    check(after == before + 1, f"a click on a line's first move plays it as a variation ({before} -> {after})")
    time.sleep(1.0)
    if shots:
        b.screenshot(os.path.join(shots, "analysis-variation.png"))
    b.click("#analyse")
    print(f"  variations: 1. d4 from the start kept beside 1. e4 (tree {after} nodes)", flush=True)


def test_stored(b, port):
    """Needs a server that keeps games: the list, and the game resumed from its address."""
    open_game(b, port, "chess")
    if not api(port, "/api/stored")["storage"]["enabled"]:
        print("  stored games: this server keeps no games, skipped", flush=True)
        return
    b.wait_for("!document.getElementById('stored-box').hidden", what="the list of stored games")
    set_players(b, "human", "human")
    for mv in ["e4", "e5"]:
        n = page_state(b)["ply"]
        type_move(b, mv)
        b.wait_for(f"document.querySelectorAll('#moves .mv').length > {n}", what=f"{mv} in the list")
    session = page_state(b)["session"]
    address = js(b, "location.search")
    check(f"game={session}" in address, f"the address names the game ({address})")
    js(b, "window.hqOldPage = true")
    # A reload (F5): navigating to the same address with its #fragment would only scroll.
    b.page("Page.reload", ignoreCache=True)
    b.wait_for(f"!window.hqOldPage && document.body && document.body.dataset.session === {json.dumps(session)} && "
               "document.querySelectorAll('#moves .mv').length === 2", what="the game resumed after a reload")
    b.wait_for(f"!!document.querySelector('#stored li[data-id={json.dumps(session)}]')",
               what="the game in the list of games")
    print(f"  stored games: {session} resumed after a reload with its two moves, listed", flush=True)



def test_chess960_start(b, port, shots):
    """Needs a server that numbers Chess960 starts: 518 typed beside the game is the
    standard array, an empty field a random start."""
    open_game(b, port, "chess960")
    session = page_state(b)["session"]
    if "start960" not in api(port, f"/api/sessions/{session}"):
        print("  chess960: this server numbers no starts, skipped", flush=True)
        return
    check(not js(b, "document.getElementById('start960-box').hidden"), "the start number field is shown")
    b.click("#start960")
    b.page("Input.insertText", text="518")
    b.click("#new")
    b.wait_for(f"document.body.dataset.session !== {json.dumps(session)}", what="the numbered game")
    state = api(port, f"/api/sessions/{page_state(b)['session']}")
    check(state["start960"] == 518 and state["fen"].startswith("rnbqkbnr/pppppppp"),
          f"start 518 is the standard array ({state['start960']}, {state['fen']})")
    shown = js(b, "(document.querySelector('#facts dd[data-key=start960]') || {}).textContent")
    check(shown == "518", f"the start's number is shown ({shown})")
    print(f"  chess960: start 518 typed, game {state['start960']} from {state['fen'].split(' ')[0]}",
          flush=True)


def test_other_site(b, port):
    """What a page of another origin (http://localhost:PORT against http://127.0.0.1:PORT)
    can make Chromium send: a no-cors text/plain POST, a form and a DELETE are refused and
    change nothing, and it can read no answer."""
    js(b, "window.hqOldPage = true")
    b.goto(f"http://localhost:{port}/?depth=1#chess")
    b.wait_for("!window.hqOldPage && document.body && document.body.dataset.session && "
               "document.querySelectorAll('g.square').length > 0", what="the board at localhost")
    session = page_state(b)["session"]
    before = api(port, "/api/stored")["games"]
    target = f"http://127.0.0.1:{port}"
    tried = js(b, f"""(async () => {{
        const out = {{}};
        const r = await fetch('{target}/api/sessions', {{method: 'POST', mode: 'no-cors',
            headers: {{'Content-Type': 'text/plain'}}, body: JSON.stringify({{game: 'chess'}})}});
        out.simple = r.type;  // opaque: the page may not read it
        await fetch('{target}/api/sessions/{session}/move', {{method: 'POST', mode: 'no-cors',
            body: JSON.stringify({{move: 'e2e4', ply: 0}})}});
        const form = new URLSearchParams({{game: 'chess'}});
        await fetch('{target}/api/sessions', {{method: 'POST', mode: 'no-cors', body: form}});
        for (const [name, init] of [['read', {{}}], ['json', {{method: 'POST',
                headers: {{'Content-Type': 'application/json'}}, body: '{{"game": "chess"}}'}}],
                ['delete', {{method: 'DELETE'}}]]) {{
            try {{ await fetch('{target}/api/stored', init); out[name] = 'answered'; }}
            catch (e) {{ out[name] = 'blocked'; }}
        }}
        try {{ await fetch('{target}/api/sessions/{session}', {{method: 'DELETE'}}); out.del = 'answered'; }}
        catch (e) {{ out.del = 'blocked'; }}
        return out;
    }})()""")
    after = api(port, "/api/stored")["games"]
    state = api(port, f"/api/sessions/{session}")
    check(tried.get("simple") == "opaque", f"another origin's no-cors POST is opaque to it ({tried})")
    check(all(tried.get(k) == "blocked" for k in ("read", "json", "delete", "del")),
          f"another origin may not read an answer nor send JSON or a DELETE ({tried})")
    check(len(after) == len(before) and session in [g["id"] for g in after],
          f"no game made or deleted by another origin ({len(before)} -> {len(after)} stored)")
    check(state["ply"] == 0, f"another origin's move was not played ({state['ply']} moves)")
    print(f"  another origin (localhost against 127.0.0.1): {tried}; nothing changed", flush=True)


def test_token_page(b, binary):
    """A server on --host 127.0.0.2 needs its token: the page opened at the address it printed
    plays (every request and the event stream carry the token) and closes its old game when
    it starts another; opened without the token, it says so."""
    proc, host, port, token = start_serve_at(binary, "--host", "127.0.0.2", "--no-db")
    try:
        check(bool(token), f"--host {host} prints a token")
        js(b, "window.hqOldPage = true")
        b.goto(f"http://{host}:{port}/?token={token}&depth=1#chess")
        b.wait_for("!window.hqOldPage && document.body && document.body.dataset.session && "
                   "document.querySelectorAll('g.square').length > 0", what="the board with the token")
        first = page_state(b)["session"]
        type_move(b, "e4")
        # Harlequin's reply comes only by the event stream (?token=).
        b.wait_for("document.querySelectorAll('#moves .mv').length >= 2", what="Harlequin's reply")
        check(page_state(b)["message"] == "", f"no message with the token ({page_state(b)['message']!r})")
        b.click("#new")
        b.wait_for(f"document.body.dataset.session !== {json.dumps(first)}", what="the new game")
        # The old game's close (a keepalive fetch with JSON and the token) is taken: it is
        # gone (this server stores nothing).
        import urllib.error
        import urllib.request
        gone = None
        for _ in range(50):
            req = urllib.request.Request(f"http://{host}:{port}/api/sessions/{first}",
                                         headers={"X-Harlequin-Token": token})
            try:
                urllib.request.urlopen(req, timeout=10).read()
            except urllib.error.HTTPError as e:
                gone = e.code
                break
            time.sleep(0.1)
        check(gone == 404, f"the page's close of its old game is accepted ({gone})")
        js(b, "window.hqOldPage = true")
        b.goto(f"http://{host}:{port}/#chess")
        b.wait_for("!window.hqOldPage && document.body && document.body.innerText.includes('token')",
                   what="the refusal without the token")
        print(f"  --host {host}: the page at ?token=... plays, its event stream and close carry "
              f"the token; without it: {js(b, 'document.body.innerText')[:70]!r}", flush=True)
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--harlequin", required=True)
    ap.add_argument("--screenshots", help="folder for the screenshots (docs/serve)")
    ap.add_argument("--only", help="comma-separated steps to run (martian, control, passing, games, "
                    "analysis, pieces, access, comforts, orientation, settings, themes, levels, variations, stored, "
                    "chess960, othersite, token)")
    ap.add_argument("--except", dest="skip", help="comma-separated steps to leave out (ctest runs "
                    "the whole games and the rest side by side)")
    args = ap.parse_args()
    if args.screenshots:
        os.makedirs(args.screenshots, exist_ok=True)
    proc, port = start_serve(args.harlequin, "--idle", "5")
    b = None
    t0 = time.time()
    shots = args.screenshots
    steps = [
        ("martian", "Martian Chess by clicks", lambda: test_martian(b, port, shots)),
        ("control", "Control Chess by clicks", lambda: test_control(b, port, shots)),
        ("passing", "Ms. Chess capture in passing", lambda: test_mschess_passing(b, port, shots)),
        ("games", "other games", lambda: [print(f"  {g}: {s['ply']} single moves by clicks and replies, "
                                               f"result on the page: {s['result']!r}", flush=True)
                                         for g in ["chess", "chess960", "mschess", "multimove"]
                                         for s in [test_to_end(b, port, g, shots)]]),
        ("analysis", "analysis", lambda: test_analysis(b, port, shots)),
        ("analysis", "the win chances of Martian, Control, Ms. Chess and Multiple Move Chess",
         lambda: [test_analysis_chances(b, port, shots, g)
                  for g in ["martian", "control", "mschess", "multimove"]]),
        ("pieces", "pieces at 40 px", lambda: test_pieces(b, port, shots)),
        ("access", "squares and labels", lambda: test_accessibility(b, port)),
        ("comforts", "keyboard, premove, resign, sound", lambda: test_keyboard_and_comforts(b, port, shots)),
        ("orientation", "orientation and check", lambda: test_orientation_and_check(b, port, shots)),
        ("settings", "selectors during analysis", lambda: test_settings_kept(b, port)),
        ("themes", "dark theme and phone width", lambda: test_themes_and_phone(b, port, shots)),
        ("levels", "the level picker", lambda: test_levels(b, port)),
        ("variations", "variations", lambda: test_variations(b, port, shots)),
        ("stored", "stored games", lambda: test_stored(b, port)),
        ("chess960", "numbered Chess960 start", lambda: test_chess960_start(b, port, shots)),
        ("othersite", "requests from another origin", lambda: test_other_site(b, port)),
        ("token", "the token of a server beyond loopback", lambda: test_token_page(b, args.harlequin)),
    ]
    try:
        b = Browser(width=1100, height=1000)
        for name, title, run in steps:
            if args.only and name not in args.only.split(","):
                continue
            if args.skip and name in args.skip.split(","):
                continue
            print(f"{title}:", flush=True)
            run()
    finally:
        if b:
            b.close()
        check(proc.poll() is None, "the server is still running")
        proc.terminate()
        proc.wait(timeout=10)
    print(f"browser test took {time.time() - t0:.0f} s")
    return tally()


if __name__ == "__main__":
    sys.exit(main())
