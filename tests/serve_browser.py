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
  referee's result; a screenshot of each game (docs/serve/*.png with --screenshots), and
  analysis with three lines and its best-move arrow.
Prints what it saw; exits non-zero on any failure.
"""

import argparse
import json
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser  # noqa: E402
from serve_support import check, start_serve, tally  # noqa: E402


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
    b.goto(f"http://127.0.0.1:{port}/?{q}&t={time.time()}#{game}")
    b.wait_for("document.body && document.body.dataset.session && "
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
    return s


def test_analysis(b, port, shots):
    open_game(b, port, "chess")
    js(b, "document.getElementById('multipv').value = 3")
    b.click("#analyse")
    b.wait_for("document.querySelectorAll('#search .line').length >= 3 && "
               "!!document.getElementById('best-arrow')", what="three analysis lines and the arrow")
    time.sleep(1.0)
    lines = js(b, "[...document.querySelectorAll('#search .line')].map((l) => l.textContent)")
    check(len(lines) >= 3, f"MultiPV lines shown ({len(lines)})")
    if shots:
        b.screenshot(os.path.join(shots, "analysis.png"))
    b.click("#analyse")
    print(f"  analysis: {lines[0][:70]}...", flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--harlequin", required=True)
    ap.add_argument("--screenshots", help="folder for the screenshots (docs/serve)")
    args = ap.parse_args()
    if args.screenshots:
        os.makedirs(args.screenshots, exist_ok=True)
    proc, port = start_serve(args.harlequin, "--idle", "5")
    b = None
    t0 = time.time()
    try:
        b = Browser(width=1100, height=1000)
        print("Martian Chess by clicks:", flush=True)
        test_martian(b, port, args.screenshots)
        print("Control Chess by clicks:", flush=True)
        test_control(b, port, args.screenshots)
        print("Ms. Chess capture in passing:", flush=True)
        test_mschess_passing(b, port, args.screenshots)
        print("other games:", flush=True)
        for g in ["chess", "chess960", "mschess", "multimove"]:
            s = test_to_end(b, port, g, args.screenshots)
            print(f"  {g}: {s['ply']} single moves by clicks and replies, result on the page: "
                  f"{s['result']!r}", flush=True)
        test_analysis(b, port, args.screenshots)
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
