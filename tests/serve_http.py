#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""`harlequin serve` through its HTTP interface, as the page uses it.

Starts the real server on a free port and
- plays a whole game of every registered game: the test moves for White (a legal move
  from the state's list, captures first), Harlequin answers, the server-sent events bring
  each new state, until the referee ends the game;
- plays a whole game of every registered game against Harlequin at level 2 (the page's
  level picker): the level is in the state, each reply ends at the level's node budget;
  levels 1-8 search at rising Skill Levels, a bad level (0, 9, "x", ...) is refused with
  nothing changed, and a game's level is kept in the stored game;
- times Harlequin's moves against the time set (engine against itself, 100 moves);
- plays 20 games at once and counts errors;
- sends every kind of bad request and checks each gets a 4xx answer with a message,
  changes nothing, and that the server goes on serving;
- sends what a page of another site could make the browser send (text/plain and form
  POSTs, a foreign Origin, a rebound Host name, a foreign DELETE, a preflight) and checks
  each is refused, changes nothing and carries no CORS header; a server on --host
  127.0.0.2 needs the token it prints; `serve --help` lists every option serve reads;
- checks the bound on open games and that a game nobody looks at is forgotten (its
  search stopped).
Prints the measurements; exits non-zero on any failure.
"""

import argparse
import http.client
import json
import os
import queue
import random
import re
import signal
import sqlite3
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_support import check, start_serve_at, tally  # noqa: E402


def parsed(text):
    try:
        return json.loads(text)
    except ValueError:
        return text


class Server:
    def __init__(self, binary, *args):
        self.proc, self.host, self.port, self.token = start_serve_at(binary, *args)

    def request(self, method, path, body=None, raw=None, timeout=30):
        """As the page sends it: JSON for a body, the token when the server has one."""
        data = raw if raw is not None else (None if body is None else json.dumps(body))
        headers = {"Content-Type": "application/json"} if data is not None else {}
        if self.token:
            headers["X-Harlequin-Token"] = self.token
        status, payload, _ = self.send(method, path, headers, data, timeout)
        return status, payload

    def send(self, method, path, headers, data=None, timeout=30):
        """Exactly these headers (http.client adds Host unless they name one, and
        Content-Length): the status, the parsed answer and the answer's headers."""
        conn = http.client.HTTPConnection(self.host, self.port, timeout=timeout)
        conn.request(method, path, body=data, headers=headers)
        res = conn.getresponse()
        text = res.read().decode()
        conn.close()
        return res.status, parsed(text), dict(res.getheaders())

    def post(self, path, body=None, **kw):
        return self.request("POST", path, body if body is not None else {}, **kw)

    def get(self, path, **kw):
        return self.request("GET", path, **kw)

    def stop(self):
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            check(False, "the server did not stop on SIGTERM")
        return self.proc.returncode


class Events:
    """The page's live updates: /api/sessions/<id>/events, read as server-sent events."""

    def __init__(self, server, sid):
        self.conn = http.client.HTTPConnection(server.host, server.port, timeout=60)
        query = f"?token={server.token}" if server.token else ""
        self.conn.request("GET", f"/api/sessions/{sid}/events{query}")
        self.res = self.conn.getresponse()
        self.states = queue.Queue()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self):
        event, data = None, []
        try:
            while True:
                line = self.res.readline()
                if not line:
                    break
                line = line.decode().rstrip("\n")
                if line.startswith("event:"):
                    event = line[6:].strip()
                elif line.startswith("data:"):
                    data.append(line[5:].strip())
                elif line == "":
                    if event == "state" and data:
                        self.states.put((time.monotonic(), json.loads("\n".join(data))))
                    event, data = None, []
        except Exception:
            pass

    def wait(self, pred, timeout=60):
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return None, None
            try:
                t, s = self.states.get(timeout=left)
            except queue.Empty:
                return None, None
            if pred(s):
                return t, s

    def close(self):
        try:
            self.conn.sock.shutdown(socket.SHUT_RDWR)
        except Exception:
            pass
        self.conn.close()


def pick(state, rng):
    """A move for the test's side: a capture-looking one (to reach an end) or any."""
    legal = state["legal"]
    takes = [m for m in legal if "x" in m["san"] or "#" in m["san"] or "+" in m["san"]]
    return rng.choice(takes if takes and rng.random() < 0.8 else legal)["text"]


def play_game(server, game, rng, settings, max_plies=600, errors=None):
    """The test plays White, Harlequin Black, to the end by the rules. Returns the last state."""
    status, s = server.post("/api/sessions", {"game": game, "settings": settings})
    if status != 201:
        if errors is not None:
            errors.append(f"{game}: create {status} {s}")
        return None
    sid = s["id"]
    ev = Events(server, sid)
    try:
        while not s["outcome"]["over"] and s["ply"] < max_plies:
            if s["toMove"] == "white" and s["search"]["activity"] == "idle":
                check(len(s["legal"]) > 0, f"{game}: no legal move listed in a game going on")
                move = pick(s, rng)
                status, r = server.post(f"/api/sessions/{sid}/move", {"move": move, "ply": s["ply"]})
                if status != 200:
                    if errors is not None:
                        errors.append(f"{game}: move {move} -> {status} {r}")
                    check(False, f"{game}: legal move {move} refused: {status} {r}")
                    return None
                s = r
                continue
            ply = s["ply"]
            _, nxt = ev.wait(lambda x: x["outcome"]["over"] or (
                x["ply"] > ply and x["toMove"] == "white" and x["search"]["activity"] == "idle"))
            if nxt is None:
                if errors is not None:
                    errors.append(f"{game}: no reply from Harlequin at ply {ply}")
                check(False, f"{game}: Harlequin did not move at ply {ply}")
                return None
            s = nxt
        return s
    finally:
        ev.close()
        server.post(f"/api/sessions/{sid}/close")


def test_games(server, games):
    rng = random.Random(12)
    for g in games:
        t = time.monotonic()
        s = play_game(server, g, rng, {"white": "human", "black": "harlequin", "depth": 2})
        if not check(s is not None, f"{g}: game did not finish"):
            continue
        over = s["outcome"]["over"]
        check(over, f"{g}: not over after {s['ply']} plies")
        check(s["outcome"]["reason"] != "", f"{g}: a result without a reason")
        # The PGN out of the game reads back into the same game.
        print(f"  {g}: {s['outcome']['result']} {s['outcome']['reason']} after {s['ply']} "
              f"single moves ({time.monotonic() - t:.1f} s)", flush=True)


BAD_LEVELS = [0, 9, "x", -1, 2.5, True, "3", [], {"level": 3}]


def test_levels(server, games):
    """Harlequin's levels (the page's picker; engine/skill.h's Skill::Ladder): a game at a
    level plays to its end in every game with the level in its state, each of Harlequin's
    moves ends at the level's node budget (long before the time per move set beside it),
    and a bad level is refused with nothing changed."""
    # Level k searches at `Skill Level` ladder[k - 1], the game's ladder: from 0, rising
    # with k, all below full (20).
    for g in games:
        skills = []
        for k in range(1, 9):
            status, s = server.post("/api/sessions", {"game": g, "settings": {
                "white": "human", "black": "human", "level": k}})
            check(status == 201 and s["strength"]["level"] == k,
                  f"{g}: a game at level {k} ({status})")
            skills.append(s["strength"]["skillLevel"] if status == 201 else None)
            if status == 201:
                server.post(f"/api/sessions/{s['id']}/close")
        check(all(isinstance(x, int) for x in skills) and skills == sorted(set(skills))
              and skills[0] == 0 and skills[-1] < 20,
              f"{g}: levels 1-8 search at rising Skill Levels from 0, below 20 ({skills})")
    status, s = server.post("/api/sessions", {"game": "chess", "settings": {"black": "human"}})
    check(status == 201 and s["strength"]["level"] is None and s["strength"]["skillLevel"] == 20,
          f"without a level: full strength, as before ({s.get('strength')})")
    server.post(f"/api/sessions/{s['id']}/close")

    rng = random.Random(45)
    slowest = 0
    for g in games:
        t = time.monotonic()
        s = play_game(server, g, rng, {"white": "human", "black": "harlequin", "level": 2,
                                       "movetime": 5000})
        if not check(s is not None, f"{g} at level 2: the game did not finish"):
            continue
        check(s["outcome"]["over"], f"{g} at level 2: not over after {s['ply']} plies")
        check(s["strength"]["level"] == 2, f"{g}: the level in the state ({s['strength']})")
        replies = [m["ms"] for m in s["moves"] if m["side"] == "black"]
        slowest = max([slowest, *replies])
        check(replies and max(replies) < 2500,
              f"{g} at level 2: every reply well inside the 5 s per move set (slowest {max(replies or [0])} ms)")
        print(f"  {g} at level 2: {s['outcome']['result']} {s['outcome']['reason']} after "
              f"{s['ply']} single moves ({time.monotonic() - t:.1f} s, slowest reply "
              f"{max(replies or [0])} ms)", flush=True)

    # Bad levels: 400 with a message naming the level; the game, the open games and the
    # stored list as they were.
    status, s = server.post("/api/sessions", {"game": "chess", "settings": {
        "white": "human", "black": "harlequin", "level": 5}})
    sid = s["id"]
    ev = Events(server, sid)
    _, stored0 = server.get("/api/stored")
    _, info0 = server.get("/api/games")
    answers = []
    for bad in BAD_LEVELS:
        status, r = server.post(f"/api/sessions/{sid}/settings", {"white": "harlequin", "level": bad})
        msg = r.get("error", "") if isinstance(r, dict) else ""
        check(status == 400 and "level" in msg, f"level {bad!r} in settings: {status} {msg!r}")
        answers.append(f"{json.dumps(bad)}: {status}")
        _, st = server.get(f"/api/sessions/{sid}")
        check(st["strength"]["level"] == 5 and st["players"]["white"] == "human",
              f"a refused level {bad!r} changed the game ({st['strength']}, {st['players']})")
        status, r = server.post("/api/sessions", {"game": "chess", "settings": {"level": bad}})
        check(status == 400 and "level" in r.get("error", ""),
              f"level {bad!r} for a new game: {status} {r}")
    _, stored1 = server.get("/api/stored")
    _, info1 = server.get("/api/games")
    check(len(stored1["games"]) == len(stored0["games"]),
          f"refused new games are not stored ({len(stored0['games'])} -> {len(stored1['games'])})")
    check(info1["open"] == info0["open"], f"refused new games are not open ({info0['open']} -> {info1['open']})")
    status, st = server.post(f"/api/sessions/{sid}/settings", {"level": None})
    check(status == 200 and st["strength"]["level"] is None and st["strength"]["skillLevel"] == 20,
          f"level null: back to full strength ({status} {st.get('strength')})")
    ev.close()
    server.post(f"/api/sessions/{sid}/close")
    print(f"  levels 1-8 search at Skill Level {skills}; slowest reply at level 2 {slowest} ms "
          f"(5000 ms set); refused: {', '.join(answers)}", flush=True)


def test_pgn_round_trip(server):
    status, s = server.post("/api/sessions", {"game": "control",
                                               "settings": {"white": "harlequin", "black": "harlequin", "depth": 1}})
    sid = s["id"]
    ev = Events(server, sid)
    ev.wait(lambda x: x["ply"] >= 12, timeout=60)
    server.post(f"/api/sessions/{sid}/settings", {"white": "human", "black": "human"})
    _, state = server.get(f"/api/sessions/{sid}")
    _, pgn = server.get(f"/api/sessions/{sid}/pgn")
    ev.close()
    server.post(f"/api/sessions/{sid}/close")
    check('[Variant "control"]' in pgn, "PGN out names the game")
    status, r = server.post("/api/sessions", {"game": "control", "pgn": pgn})
    check(status == 201 and r["fen"] == state["fen"] and r["ply"] == state["ply"],
          f"PGN out read back gives the same position ({status})")
    if status == 201:
        server.post(f"/api/sessions/{r['id']}/close")
    print(f"  control: the page's PGN of {state['ply']} moves read back to the same position", flush=True)


def test_match_pgn(server, binary):
    """A game `harlequin match -pgnout` wrote, for every registered game, replays in the page."""
    import os
    import tempfile
    _, info = server.get("/api/games")
    for g in [x["name"] for x in info["games"]]:
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, "games.pgn")
            subprocess.run([binary, "match", "-engine", f"cmd={binary}", "-engine", f"cmd={binary}",
                            "-each", "depth=1", "-variant", g, "-games", "1", "-maxmoves", "40",
                            "-pgnout", out], check=True, stdout=subprocess.DEVNULL, timeout=120)
            text = open(out).read()
        status, r = server.post("/api/sessions", {"game": g, "pgn": text})
        if check(status == 201, f"{g}: match PGN refused: {r}"):
            check(r["ply"] > 0, f"{g}: match PGN replayed with moves")
            check(r["outcome"]["over"], f"{g}: match PGN's result shown ({r['outcome']})")
            server.post(f"/api/sessions/{r['id']}/close")
            print(f"  {g}: harlequin match -pgnout game replayed, {r['ply']} moves, "
                  f"{r['outcome']['result']} {r['outcome']['reason']}", flush=True)


def test_latency(server, movetime=200, plies=100):
    status, s = server.post("/api/sessions", {"game": "chess",
                                               "settings": {"white": "human", "black": "human", "movetime": movetime}})
    sid = s["id"]
    ev = Events(server, sid)
    lat = []
    while len(lat) < plies:
        t0 = time.monotonic()
        status, s = server.post(f"/api/sessions/{sid}/go")
        if status != 200:
            # The game ended: a new one.
            server.post(f"/api/sessions/{sid}/load", {})
            continue
        ply = s["ply"]
        t1, s2 = ev.wait(lambda x: x["ply"] > ply or x["outcome"]["over"], timeout=10)
        if s2 is None or s2["ply"] <= ply:
            if s2 is not None and s2["outcome"]["over"]:
                server.post(f"/api/sessions/{sid}/load", {})
                continue
            check(False, "latency: no move")
            break
        lat.append((t1 - t0) * 1000)
        # `go` makes Harlequin play the side to move; give that side back to the test.
        server.post(f"/api/sessions/{sid}/settings", {"white": "human", "black": "human"})
        if s2["outcome"]["over"]:
            server.post(f"/api/sessions/{sid}/load", {})
    ev.close()
    server.post(f"/api/sessions/{sid}/close")
    lat.sort()
    med, p95, worst = statistics.median(lat), lat[(len(lat) * 95) // 100 - 1], lat[-1]
    # A move that takes its time plus the server's round trip: the median and 95 moves in
    # 100 within 100 ms of the move time; no move beyond 300 ms over it (a late wake-up or
    # a poll of the search would show in all three; one scheduling hiccup only in the last).
    print(f"  latency over {len(lat)} moves at {movetime} ms a move: median {med:.0f} ms, "
          f"95th percentile {p95:.0f} ms, worst {worst:.0f} ms "
          f"(limits {movetime + 100}, {movetime + 100}, {movetime + 300} ms)", flush=True)
    check(med <= movetime + 100, f"median latency {med:.0f} ms over {movetime + 100}")
    check(p95 <= movetime + 100, f"95th percentile latency {p95:.0f} ms over {movetime + 100}")
    check(worst <= movetime + 300, f"worst latency {worst:.0f} ms over {movetime + 300}")
    return med, worst


def test_concurrent(server, games, n=20):
    errors = []
    done = []
    rng_seed = [random.Random(100 + i) for i in range(n)]

    def one(i):
        try:
            s = play_game(server, games[i % len(games)], rng_seed[i],
                          {"white": "human", "black": "harlequin", "movetime": 200}, max_plies=80,
                          errors=errors)
            if s is not None:
                done.append(s["ply"])
        except Exception as e:
            errors.append(f"game {i}: {e!r}")

    t = time.monotonic()
    threads = [threading.Thread(target=one, args=(i,)) for i in range(n)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(timeout=600)
    print(f"  {n} games at once: {len(done)} finished or reached 80 single moves, "
          f"{sum(done)} moves, {len(errors)} errors, {time.monotonic() - t:.1f} s", flush=True)
    for e in errors[:10]:
        print("   ", e)
    check(not errors and len(done) == n, f"{n} concurrent games: {len(errors)} errors")


def test_bad_requests(server):
    status, s = server.post("/api/sessions", {"game": "chess", "settings": {"black": "human"}})
    sid = s["id"]
    fen0 = s["fen"]
    ev = Events(server, sid)  # the page listens (or the game would be forgotten)
    big = json.dumps({"game": "chess", "fen": "x" * (2 << 20)})
    bad = [
        ("POST", "/api/sessions", None, "not json {", "body that is not JSON"),
        ("POST", "/api/sessions", None, "[1, 2]", "JSON that is not an object"),
        ("POST", "/api/sessions", {"game": "nosuchgame"}, None, "unknown game"),
        ("POST", "/api/sessions", {"game": 5}, None, "game that is not a string"),
        ("POST", "/api/sessions", {}, None, "no game"),
        ("POST", "/api/sessions", {"game": "chess", "fen": "garbage"}, None, "bad FEN"),
        ("POST", "/api/sessions", {"game": "chess", "fen": "8/8/8/8/8/8/8/8 w - - 0 1"}, None, "FEN without kings"),
        ("POST", "/api/sessions", {"game": "martian", "fen": "qqd1/qdp1/dpp1/4/4/1PPD/1PDQ/1DQQ w - - 0 1 0+0 - 9"}, None, "Martian FEN with a bad clock"),
        ("POST", "/api/sessions", {"game": "chess", "pgn": "1. e4 e5 2. Qxx7 *"}, None, "PGN with an illegal move"),
        ("POST", "/api/sessions", {"game": "chess", "pgn": "[Event \"x\"\n1. e4"}, None, "PGN with a broken tag"),
        ("POST", "/api/sessions", {"game": "chess", "pgn": "[Variant \"martian\"]\n\n1. e4 *"}, None, "PGN of another game"),
        ("POST", "/api/sessions", {"game": "chess", "pgn": "1. e4 *", "index": 3}, None, "PGN game number out of range"),
        ("POST", "/api/sessions", {"game": "chess", "settings": {"white": "robot"}}, None, "unknown player"),
        ("POST", "/api/sessions", None, big, "2 MB body"),
        ("POST", f"/api/sessions/{sid}/move", {"move": "e2e5", "ply": 0}, None, "illegal move"),
        ("POST", f"/api/sessions/{sid}/move", {"move": "e2e4", "ply": 3}, None, "stale move (wrong ply)"),
        ("POST", f"/api/sessions/{sid}/move", {"move": 7, "ply": 0}, None, "move that is not a string"),
        ("POST", f"/api/sessions/{sid}/move", {"move": "e2e4"}, None, "move without ply"),
        ("POST", f"/api/sessions/{sid}/move", {"move": "e2e4", "ply": "0"}, None, "ply that is not a number"),
        ("POST", f"/api/sessions/{sid}/move", {"move": "\u0000\u00ff" * 100, "ply": 0}, None, "binary junk as a move"),
        ("POST", f"/api/sessions/{sid}/move", None, "{\"move\": ", "truncated JSON"),
        ("POST", "/api/sessions/0123456789abcdef/move", {"move": "e2e4", "ply": 0}, None, "unknown game id"),
        ("POST", f"/api/sessions/{sid}/settings", {"white": "robot"}, None, "bad player"),
        ("POST", f"/api/sessions/{sid}/settings", {"movetime": -5}, None, "negative time per move"),
        ("POST", f"/api/sessions/{sid}/settings", {"movetime": 10 ** 30}, None, "absurd time per move"),
        ("POST", f"/api/sessions/{sid}/settings", {"depth": "x"}, None, "depth that is not a number"),
        ("POST", f"/api/sessions/{sid}/settings", {"multipv": 99}, None, "too many lines"),
        ("POST", f"/api/sessions/{sid}/settings", {"foo": 1}, None, "unknown setting"),
        ("POST", f"/api/sessions/{sid}/settings", {"white": "engine"}, None, "external engine not given"),
        ("POST", f"/api/sessions/{sid}/undo", {"ply": 99}, None, "undo past the game"),
        ("POST", f"/api/sessions/{sid}/undo", {"ply": -1}, None, "undo to a negative move"),
        ("POST", f"/api/sessions/{sid}/resign", {"side": "green"}, None, "resign for no side"),
        ("POST", f"/api/sessions/{sid}/analyse", {"on": "yes"}, None, "analyse flag not a boolean"),
        ("POST", f"/api/sessions/{sid}/load", {"fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1"}, None, "load a FEN with an unknown piece"),
        ("POST", f"/api/sessions/{sid}/load", {"pgn": "1. e4 e5 2. Ke3 *"}, None, "load a PGN with an illegal move"),
        ("POST", f"/api/sessions/{sid}/load", {"fen": 12}, None, "load a FEN that is not a string"),
        ("GET", f"/api/sessions/{sid}?ply=abc", None, None, "view a ply that is not a number"),
        ("GET", f"/api/sessions/{sid}?ply=-1", None, None, "view a negative ply"),
        ("GET", f"/api/sessions/{sid}?ply=5", None, None, "view past the game"),
        ("GET", "/api/sessions/zzzz", None, None, "malformed game id"),
        ("GET", "/api/nothing", None, None, "unknown API route"),
        ("POST", "/api/nothing", {}, None, "unknown API route (POST)"),
        ("GET", "/../../etc/passwd", None, None, "path outside the page"),
        ("GET", "/nosuchfile.js", None, None, "missing page file"),
    ]
    kinds = []
    for method, path, body, raw, what in bad:
        try:
            status, r = server.request(method, path, body=body, raw=raw)
        except Exception as e:
            check(False, f"bad request '{what}': no answer ({e!r})")
            continue
        ok = 400 <= status < 500
        msg = r.get("error") if isinstance(r, dict) else None
        check(ok, f"bad request '{what}' answered {status}")
        check(bool(msg), f"bad request '{what}' has no message: {str(r)[:200]}")
        kinds.append(f"{what}: {status} {msg}")
        status, st = server.get(f"/api/sessions/{sid}")
        check(status == 200 and st["fen"] == fen0 and st["ply"] == 0,
              f"bad request '{what}' changed the game")
    # Raw HTTP junk on a socket: the library answers 400 and the server goes on.
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(b"\x16\x03\x01 GARBAGE \r\n\r\n")
        reply = sock.recv(200)
        check(reply.startswith(b"HTTP/1.1 4"), f"junk request line answered {reply[:30]!r}")
        kinds.append(f"junk request line: {reply[:12].decode(errors='replace')}")
    # A move while Harlequin thinks on its own move.
    server.post(f"/api/sessions/{sid}/settings", {"black": "harlequin", "movetime": 2000})
    status, st = server.post(f"/api/sessions/{sid}/move", {"move": "e2e4", "ply": 0})
    status, r = server.post(f"/api/sessions/{sid}/move", {"move": "d2d4", "ply": 1})
    check(status == 409, f"move on the engine's turn answered {status}")
    kinds.append(f"move on the engine's turn: {status} {r.get('error')}")
    ev.close()
    server.post(f"/api/sessions/{sid}/close")
    status, _ = server.get("/api/games")
    check(status == 200, "the server serves after the bad requests")
    print(f"  {len(kinds)} bad requests, each answered 4xx with a message, nothing changed:")
    for k in kinds:
        print("    " + k)


def cors_headers(headers):
    """The answer's CORS headers: none ever, so that no other site may read an answer."""
    return [k for k in headers if k.lower().startswith("access-control-")]


def test_other_sites(server):
    """What a page of another site can make the visitor's browser send without asking first
    (simple requests: text/plain, a form or no body; a name rebound to this machine) is
    refused with a message, and changes nothing."""
    status, s = server.post("/api/sessions", {"game": "chess", "settings": {"black": "human"}})
    sid, fen0 = s["id"], s["fen"]
    ev = Events(server, sid)
    _, info0 = server.get("/api/games")
    _, stored0 = server.get("/api/stored")
    move = json.dumps({"move": "e2e4", "ply": 0})
    game = json.dumps({"game": "chess", "settings": {"black": "human"}})
    evil = {"Origin": "http://evil.example"}
    rebound = {"Host": "evil.example"}
    port = server.port
    cases = [
        ("POST", f"/api/sessions/{sid}/move", {"Content-Type": "text/plain", **evil}, move, 403,
         "a text/plain move from another site"),
        ("POST", f"/api/sessions/{sid}/move", {"Content-Type": "text/plain;charset=UTF-8"}, move, 415,
         "a text/plain move with no Origin"),
        ("POST", f"/api/sessions/{sid}/move", {"Content-Type": "application/x-www-form-urlencoded",
                                              **evil}, "move=e2e4&ply=0", 403, "a form from another site"),
        ("POST", f"/api/sessions/{sid}/move", {"Content-Type": "multipart/form-data; boundary=x"},
         '--x\r\nContent-Disposition: form-data; name="move"\r\n\r\ne2e4\r\n--x--\r\n', 415,
         "a multipart form"),
        ("POST", f"/api/sessions/{sid}/move", {"Content-Type": "application/json", **evil}, move, 403,
         "a JSON move from another site"),
        ("POST", f"/api/sessions/{sid}/move", {"Content-Type": "application/json", "Origin": "null"},
         move, 403, "a move from a sandboxed page (Origin null)"),
        ("POST", f"/api/sessions/{sid}/move", {"Content-Type": "application/json",
                                              "Origin": f"http://localhost:{port}"}, move, 403,
         "a move whose Origin is not the Host it is sent to"),
        ("POST", f"/api/sessions/{sid}/move", {"Content-Type": "application/json", **rebound}, move,
         403, "a move sent to a rebound name"),
        ("POST", f"/api/sessions/{sid}/go", {}, None, 415, "a POST with no body and no type"),
        ("POST", f"/api/sessions/{sid}/resign", {"Content-Type": "text/plain", **evil}, "{}", 403,
         "a resignation from another site"),
        ("POST", "/api/sessions", {"Content-Type": "text/plain", **evil}, game, 403,
         "a new game from another site"),
        ("POST", "/api/sessions", {"Content-Type": "text/plain"}, game, 415, "a text/plain new game"),
        ("POST", "/api/sessions", {"Content-Type": "application/json", "Host": f"evil.example:{port}"},
         game, 403, "a new game sent to a rebound name"),
        ("GET", "/api/stored", rebound, None, 403, "the stored games' list at a rebound name"),
        ("GET", "/api/stored", {"Host": f"evil.example:{port}"}, None, 403,
         "the stored games' list at a rebound name and the port"),
        ("GET", "/api/games", {"Host": f"127.0.0.1:{port + 1}"}, None, 403, "another port in Host"),
        ("GET", f"/api/sessions/{sid}", rebound, None, 403, "the game's state at a rebound name"),
        ("GET", f"/api/sessions/{sid}/pgn", rebound, None, 403, "the game's PGN at a rebound name"),
        ("GET", "/", rebound, None, 403, "the page at a rebound name"),
        ("GET", "/app.js", rebound, None, 403, "the page's script at a rebound name"),
        ("GET", "/api/nothing", rebound, None, 403, "an unknown route at a rebound name"),
        ("GET", "/api/stored", evil, None, 403, "the stored games' list fetched by another site"),
        ("DELETE", f"/api/sessions/{sid}", evil, None, 403, "a DELETE from another site"),
        ("DELETE", f"/api/sessions/{sid}", {"Content-Type": "text/plain"}, "", 415,
         "a text/plain DELETE"),
        ("DELETE", f"/api/sessions/{sid}", rebound, None, 403, "a DELETE sent to a rebound name"),
        ("PUT", f"/api/sessions/{sid}", {"Content-Type": "text/plain"}, "{}", 415, "a text/plain PUT"),
        ("OPTIONS", f"/api/sessions/{sid}", {**evil, "Access-Control-Request-Method": "DELETE"}, None,
         403, "another site's preflight"),
        ("POST", f"/api/sessions/{sid}/close", {"Content-Type": "text/plain", **evil}, "{}", 403,
         "another site's close beacon"),
    ]
    kinds = []
    for method, path, headers, data, expected, what in cases:
        refused, r, got = server.send(method, path, headers, data)
        msg = r.get("error", "") if isinstance(r, dict) else ""
        check(refused == expected and msg.startswith("refused"),
              f"{what}: answered {refused} {str(r)[:160]} (expected {expected}, a message)")
        check(not cors_headers(got), f"{what}: CORS headers {cors_headers(got)}")
        status, st = server.get(f"/api/sessions/{sid}")
        check(status == 200 and st["fen"] == fen0 and st["ply"] == 0
              and not st["outcome"]["over"], f"{what}: changed the game")
        kinds.append(f"{what}: {refused} {msg[:90]}")
    _, info = server.get("/api/games")
    _, stored = server.get("/api/stored")
    check(info["open"] == info0["open"], f"no game was made ({info0['open']} -> {info['open']} open)")
    check(len(stored["games"]) == len(stored0["games"]) and sid in [g["id"] for g in stored["games"]],
          "the stored games are as they were, the game among them")

    # The event stream at a rebound name: refused, no state sent.
    status, r, _ = server.send("GET", f"/api/sessions/{sid}/events", rebound)
    check(status == 403 and "Host" in r.get("error", ""), f"the event stream at a rebound name: {status}")
    kinds.append(f"the event stream at a rebound name: {status}")
    # A refused request's body is read: the kept-alive connection goes on.
    conn = http.client.HTTPConnection(server.host, server.port, timeout=10)
    conn.request("POST", f"/api/sessions/{sid}/move", body=move, headers={"Content-Type": "text/plain"})
    first = conn.getresponse()
    first.read()
    conn.request("GET", "/api/games")
    second = conn.getresponse()
    second.read()
    conn.close()
    check(first.status == 415 and second.status == 200,
          f"a kept-alive connection after a refusal ({first.status}, then {second.status})")

    # The page's own requests: the same origin, JSON; every loopback name.
    own = {"Content-Type": "application/json", "Origin": f"http://127.0.0.1:{port}"}
    status, st, got = server.send("POST", f"/api/sessions/{sid}/move", own, move)
    check(status == 200 and st["ply"] == 1 and not cors_headers(got),
          f"the page's own move (Origin http://127.0.0.1:{port}) is played ({status})")
    for host in (f"localhost:{port}", f"[::1]:{port}", "localhost", "127.0.0.1"):
        status, _, _ = server.send("GET", "/api/games", {"Host": host})
        check(status == 200, f"Host {host} is served ({status})")
    status, _, _ = server.send("POST", f"/api/sessions/{sid}/undo",
                               {"Content-Type": "application/json", "Host": f"localhost:{port}",
                                "Origin": f"http://localhost:{port}"}, "{}")
    check(status == 200, f"a move undone from http://localhost:{port} ({status})")
    status, _, got = server.send("GET", "/", {})
    check(got.get("Content-Security-Policy") == "frame-ancestors 'none'"
          and got.get("Referrer-Policy") == "no-referrer",
          f"the page may not be framed by another site, nor tell it its address ({got})")
    ev.close()
    server.post(f"/api/sessions/{sid}/close")
    print(f"  {len(kinds)} requests another site's page could make, each refused, nothing changed:")
    for k in kinds:
        print("    " + k)


def test_bounds(server, max_games):
    status, info = server.get("/api/games")
    ids = []
    for _ in range(max_games - info["open"]):
        status, s = server.post("/api/sessions", {"game": "chess", "settings": {"black": "human"}})
        if status == 201:
            ids.append(s["id"])
    status, r = server.post("/api/sessions", {"game": "chess"})
    check(status == 503 and "too many games" in r.get("error", ""),
          f"game {max_games + 1} refused with a message ({status} {r})")
    print(f"  game {max_games + 1}: {status} {r.get('error')}")
    for sid in ids:
        server.post(f"/api/sessions/{sid}/close")


def test_forgotten(server, idle):
    _, info = server.get("/api/games")
    open_before = info["open"]
    status, s = server.post("/api/sessions", {"game": "chess", "settings": {"black": "human"}})
    sid = s["id"]
    server.post(f"/api/sessions/{sid}/move", {"move": "e2e4", "ply": 0})
    ev = Events(server, sid)
    server.post(f"/api/sessions/{sid}/analyse", {"on": True})
    time.sleep(0.5)
    _, info = server.get("/api/games")
    check(info["searching"] >= 1, "analysis runs")
    ev.close()  # the tab closes
    time.sleep(idle + 1.5)
    _, info = server.get("/api/games")
    check(info["open"] == open_before,
          f"a closed tab's game is forgotten in memory after {idle} s ({info['open']} open, "
          f"{open_before} before)")
    check(info["searching"] == 0, f"its search was stopped ({info['searching']} running)")
    # Stored, it comes back when its page asks again (a reload, a tab reopened later).
    status, st = server.get(f"/api/sessions/{sid}")
    check(status == 200 and [m["text"] for m in st["moves"]] == ["e2e4"],
          f"the forgotten game reopens from the database ({status})")
    print(f"  closed tab: game forgotten and search stopped after {idle} s idle; reopened "
          f"from the database with its move")


def stored_line(server):
    """The start-up line that says where games are stored (after the address line)."""
    return server.proc.stdout.readline().strip()


def test_storage(binary, folder):
    """Stored games: a game survives SIGKILL and a restart; the list; PGN; delete."""
    db = os.path.join(folder, "games.db")
    a = Server(binary, "--db", db)
    line = stored_line(a)
    check(line == f"games are stored in {db}", f"start-up says where games are stored ({line!r})")
    status, s = a.post("/api/sessions", {"game": "chess", "settings": {"black": "human"}})
    sid = s["id"]
    status, lv = a.post("/api/sessions", {"game": "chess", "settings": {"black": "human", "level": 4}})
    lid = lv["id"]
    a.post(f"/api/sessions/{sid}/move", {"move": "e2e4", "ply": 0})
    status, s = a.post(f"/api/sessions/{sid}/move", {"move": "e7e5", "ply": 1})
    check(status == 200 and s["storage"]["enabled"], f"two moves played, stored ({status})")
    # A game against Harlequin killed while Harlequin thinks: it thinks again after a restart.
    status, e = a.post("/api/sessions", {"game": "chess", "settings": {"movetime": 3000}})
    eid = e["id"]
    status, e = a.post(f"/api/sessions/{eid}/move", {"move": "d2d4", "ply": 0})
    check(status == 200 and e["search"]["activity"] == "thinking", "Harlequin thinks")
    a.proc.send_signal(signal.SIGKILL)
    a.proc.wait()
    b = Server(binary, "--db", db)
    try:
        stored_line(b)
        status, s = b.get(f"/api/sessions/{sid}")
        moves = [m["text"] for m in s["moves"]] if status == 200 else []
        check(status == 200 and s["id"] == sid and moves == ["e2e4", "e7e5"],
              f"after SIGKILL and a restart the game has both moves ({status} {moves})")
        status, lv = b.get(f"/api/sessions/{lid}")
        check(status == 200 and lv["strength"]["level"] == 4,
              f"a game's level is kept after SIGKILL and a restart ({status} {lv.get('strength')})")
        status, e = b.get(f"/api/sessions/{eid}")
        check(status == 200 and e["ply"] == 1 and e["search"]["activity"] == "thinking",
              f"reopened on Harlequin's turn, it thinks again ({status} {e.get('search')})")
        for _ in range(60):
            time.sleep(0.1)
            _, e = b.get(f"/api/sessions/{eid}")
            if e["ply"] == 2:
                break
        check(e["ply"] == 2, f"Harlequin replies in the reopened game ({e['ply']} moves)")
        status, r = b.post(f"/api/sessions/{sid}/move", {"move": "g1f3", "ply": 2})
        check(status == 200 and r["ply"] == 3, f"the reopened game plays on ({status})")
        status, lst = b.get("/api/stored")
        ids = [g["id"] for g in lst["games"]]
        mine = [g for g in lst["games"] if g["id"] == sid]
        check(status == 200 and lst["storage"]["enabled"] and lst["storage"]["path"] == db
              and mine and mine[0]["plies"] == 3 and mine[0]["ongoing"]
              and mine[0]["result"] == "*" and mine[0]["game"] == "chess"
              and mine[0]["created"].endswith("Z"),
              f"the stored list shows the game ({mine})")
        status, pgn = b.get(f"/api/sessions/{sid}/pgn")
        check(status == 200 and "1. e4 e5 2. Nf3" in pgn, f"the stored game's PGN ({pgn!r})")
        status, other = b.post("/api/sessions", {"game": "chess", "settings": {"black": "human"}})
        status, lst = b.get("/api/stored")
        check(lst["games"][0]["id"] == other["id"], "the newest game is listed first")
        check(len(lst["games"]) == 4, f"four games stored ({len(lst['games'])})")
        status, r = b.request("DELETE", f"/api/sessions/{sid}")
        check(status == 200 and r == {"deleted": sid}, f"DELETE answers ({status} {r})")
        status, _ = b.get(f"/api/sessions/{sid}")
        check(status == 404, f"a deleted game is gone ({status})")
        status, r = b.request("DELETE", f"/api/sessions/{sid}")
        check(status == 404, f"deleting it again: 404 ({status})")
        _, lst = b.get("/api/stored")
        check(sid not in [g["id"] for g in lst["games"]], "a deleted game leaves the list")
        print(f"  SIGKILL and restart: game {sid[:8]} kept both moves; {len(ids)} stored "
              f"listed; PGN; deleted", flush=True)
    finally:
        b.stop()
    check(os.path.exists(db), "the database file exists after a clean stop")


def test_bad_databases(binary, folder):
    """A database that cannot be used: a clear message, a server that runs without storing."""
    garbage = os.path.join(folder, "garbage.db")
    junk = bytes(range(256)) * 64
    with open(garbage, "wb") as f:
        f.write(junk)
    locked = os.path.join(folder, "locked.db")
    holder = sqlite3.connect(locked, isolation_level=None)
    holder.execute("CREATE TABLE t (x)")
    holder.execute("BEGIN EXCLUSIVE")
    holder.execute("INSERT INTO t VALUES (1)")
    cases = [(garbage, "not a Harlequin database"), (locked, "locked by another program"),
             ("/proc/harlequin-none/games.db", "cannot create the folder")]
    readonly = os.path.join(folder, "readonly.db")
    if os.geteuid() != 0:  # root writes read-only files anyway
        sqlite3.connect(readonly).close()
        os.chmod(readonly, 0o444)
        cases.append((readonly, "cannot be written"))
    for path, words in cases:
        srv = Server(binary, "--db", path)
        try:
            line = stored_line(srv)
            status, info = srv.get("/api/games")
            st = info.get("storage", {})
            check(line.startswith("warning: games are NOT stored") and words in line,
                  f"{path}: start-up says why nothing is stored ({line!r})")
            check(not st.get("enabled") and words in st.get("message", ""),
                  f"{path}: /api/games says why nothing is stored ({st})")
            status, s = srv.post("/api/sessions", {"game": "chess", "settings": {"black": "human"}})
            status2, _ = srv.post(f"/api/sessions/{s.get('id')}/move", {"move": "e2e4", "ply": 0})
            check(status == 201 and status2 == 200, f"{path}: games are still played")
            print(f"  {os.path.basename(path)}: {line}", flush=True)
        finally:
            check(srv.proc.poll() is None, f"{path}: the server runs (no crash)")
            srv.stop()
    holder.rollback()
    holder.close()
    with open(garbage, "rb") as f:
        check(f.read() == junk, "the garbage file is left as it was")


def test_token(binary):
    """A server that listens beyond 127.0.0.1, localhost and ::1 needs the token it prints;
    --token gives one on loopback too."""
    srv = Server(binary, "--host", "127.0.0.2", "--no-db")
    try:
        line = srv.proc.stdout.readline().strip()
        check(len(srv.token) == 32 and all(c in "0123456789abcdef" for c in srv.token),
              f"a 128-bit hex token in the address printed ({srv.token!r})")
        check("needs the token" in line, f"start-up says the token is needed ({line!r})")
        kept, srv.token = srv.token, ""
        status, r = srv.get("/api/games")
        check(status == 403 and "token" in r.get("error", ""), f"no token: refused ({status} {r})")
        status, r = srv.post("/api/sessions", {"game": "chess"})
        check(status == 403, f"no token: no new game ({status})")
        status, page = srv.get("/")
        check(status == 403, f"no token: the page is refused ({status})")
        status, _ = srv.get("/app.js")
        check(status == 200, f"no token: the page's script files are served ({status})")
        srv.token = kept[:-1] + ("0" if kept[-1] != "0" else "1")
        status, _ = srv.get("/api/games")
        check(status == 403, f"a wrong token: refused ({status})")
        srv.token = kept
        status, info = srv.get("/api/games")
        check(status == 200 and info["open"] == 0, f"the token in a header: served, no game made ({status})")
        status, _, _ = srv.send("GET", "/api/games", {"Authorization": f"Bearer {kept}"})
        check(status == 200, f"the token as a bearer: served ({status})")
        status, page, _ = srv.send("GET", f"/?token={kept}", {})
        check(status == 200 and "<svg id=\"board\"" in page, f"the printed address opens the page ({status})")
        status, r, _ = srv.send("GET", "/api/stored", {"Host": "evil.example", "X-Harlequin-Token": kept})
        check(status == 403, f"with the token, a rebound name is still refused ({status})")
        status, s = srv.post("/api/sessions", {"game": "chess", "settings": {"black": "human"}})
        check(status == 201, f"with the token, a new game ({status})")
        ev = Events(srv, s["id"])  # the token as ?token=
        _, st = ev.wait(lambda x: True, timeout=10)
        check(st is not None and st["id"] == s["id"], "the event stream with ?token= sends the state")
        ev.close()
        status, _, _ = srv.send("GET", f"/api/sessions/{s['id']}/events", {})
        check(status == 403, f"the event stream without the token: refused ({status})")
        status, r = srv.post(f"/api/sessions/{s['id']}/move", {"move": "e2e4", "ply": 0})
        check(status == 200 and r["ply"] == 1, f"with the token, a move ({status})")
    finally:
        srv.stop()
    printed = kept
    srv = Server(binary, "--token", "my-own.token_1~", "--no-db")
    try:
        check(srv.token == "my-own.token_1~", f"--token: the address holds it ({srv.token!r})")
        status, _ = srv.get("/api/games")
        srv.token = ""
        status2, _ = srv.get("/api/games")
        check(status == 200 and status2 == 403, f"--token on loopback: needed ({status}, {status2})")
    finally:
        srv.stop()
    print(f"  --host 127.0.0.2: token {printed[:4]}... printed, needed by every request but the "
          f"page's files (header, bearer or ?token=); --token VALUE on loopback", flush=True)


def test_help(binary):
    """`harlequin serve --help` names every option the command reads, and no other."""
    source = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "protocol",
                               "serve", "serve.cpp")).read()
    parsed_options = set(re.findall(r'a == "(--[a-z-]+)"', source))
    out = subprocess.run([binary, "serve", "--help"], capture_output=True, text=True, timeout=10)
    listed = set(re.findall(r"^  (--[a-z-]+)", out.stdout, re.M))
    check(out.returncode == 0 and parsed_options and listed == parsed_options,
          f"serve --help lists the options serve reads (missing {parsed_options - listed}, "
          f"extra {listed - parsed_options})")
    bad = subprocess.run([binary, "serve", "--frob"], capture_output=True, text=True, timeout=10)
    check(bad.returncode == 2 and "harlequin serve --help" in bad.stdout,
          f"an unknown option points at --help ({bad.returncode} {bad.stdout!r})")
    print(f"  serve --help lists all {len(listed)} options: {' '.join(sorted(listed))}", flush=True)


def test_chess960(server):
    fens = []
    for _ in range(6):
        status, s = server.post("/api/sessions", {"game": "chess960"})
        check(status == 201 and isinstance(s["start960"], int) and 0 <= s["start960"] < 960,
              f"a new Chess960 game has a numbered start ({status} {s.get('start960')})")
        fens.append(s["startFen"].split()[0])
        server.post(f"/api/sessions/{s['id']}/close")
    check(len(set(fens)) >= 3, f"six new Chess960 games: {len(set(fens))} distinct starts")
    status, s = server.post("/api/sessions", {"game": "chess960", "start960": 518})
    check(status == 201 and s["start960"] == 518
          and s["fen"].startswith("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"),
          f"start960 518 is the standard array ({s.get('fen')})")
    status, pgn = server.get(f"/api/sessions/{s['id']}/pgn")
    check('[Start960 "518"]' in pgn and '[SetUp "1"]' in pgn, "the PGN names the start")
    server.post(f"/api/sessions/{s['id']}/close")
    status, s = server.post("/api/sessions", {"game": "chess960", "start960": 0})
    check(status == 201 and s["fen"].startswith("bbqnnrkr/"), f"start960 0 ({s.get('fen')})")
    server.post(f"/api/sessions/{s['id']}/close")
    for bad in (960, -1, "5"):
        status, r = server.post("/api/sessions", {"game": "chess960", "start960": bad})
        check(status == 400 and "start960" in r.get("error", ""), f"start960 {bad!r}: 400")
    status, r = server.post("/api/sessions", {"game": "chess", "start960": 3})
    check(status == 400, f"start960 for chess: 400 ({status})")
    print(f"  Chess960: six new games, {len(set(fens))} distinct starts; 518 standard", flush=True)


def test_variations(server):
    status, s = server.post("/api/sessions", {"game": "chess", "settings": {"black": "human"}})
    sid = s["id"]
    for ply, mv in enumerate(["e2e4", "e7e5", "g1f3", "b8c6"]):
        status, s = server.post(f"/api/sessions/{sid}/move", {"move": mv, "ply": ply})
    main = s["mainline"]
    # A move from ply 1 (after 1.e4): a variation; the game keeps its four moves.
    status, s = server.post(f"/api/sessions/{sid}/move", {"move": "c7c5", "ply": 1})
    check(status == 200 and s["mainline"] == main and len(s["mainline"]) == 4,
          f"a move at ply 1 keeps the mainline ({status} {s.get('mainline')})")
    check([m["text"] for m in s["moves"]] == ["e2e4", "c7c5"] and s["view"] == 2,
          f"the line shown goes through the variation ({[m['text'] for m in s['moves']]})")
    var = s["line"][-1]
    node = [n for n in s["tree"] if n["id"] == var][0]
    check(node["parent"] == main[0] and node["san"] == "c5" and node["side"] == "black",
          f"the tree has the variation's node ({node})")
    status, s = server.post(f"/api/sessions/{sid}/move", {"move": "g1f3", "ply": 2})
    check(status == 200 and len(s["tree"]) == 6, "the variation goes on (Nf3 after c5)")
    status, again = server.post(f"/api/sessions/{sid}/move", {"move": "c7c5", "ply": 1})
    check(status == 200 and len(again["tree"]) == 6 and len(again["moves"]) == 3,
          "the same move again follows the variation (no new node)")
    status, pgn = server.get(f"/api/sessions/{sid}/pgn")
    check("1. e4 e5 ( 1... c5 2. Nf3 ) 2. Nf3 Nc6" in " ".join(pgn.split()),
          f"PGN has the variation as RAV ({pgn!r})")
    status, r = server.post("/api/sessions", {"game": "chess", "pgn": pgn})
    check(status == 201 and r["ply"] == 4, f"a PGN with a variation reads back ({status})")
    server.post(f"/api/sessions/{r.get('id')}/close")
    status, s = server.post(f"/api/sessions/{sid}/line", {"node": main[-1]})
    check(status == 200 and s["line"] == main, "line: back to the mainline")
    status, r = server.post(f"/api/sessions/{sid}/cut", {"node": main[1]})
    check(status == 409, f"cut refuses a game move ({status})")
    status, s = server.post(f"/api/sessions/{sid}/cut", {"node": var})
    check(status == 200 and len(s["tree"]) == 4 and s["mainline"] == main,
          f"cut deletes the variation ({status})")
    for path, body in (("line", {"node": 999}), ("cut", {"node": 999}), ("line", {}),
                       ("view", {"ply": 9}), ("view", {}), ("move", {"move": "e2e4", "ply": 9})):
        status, r = server.post(f"/api/sessions/{sid}/{path}", body)
        check(400 <= status < 500 and r.get("error"), f"{path} {body}: refused ({status})")

    # Analysis of an earlier position: after 1.e4 (Black to move), not of the game's end.
    status, s = server.post(f"/api/sessions/{sid}/analyse", {"on": True, "ply": 1})
    check(status == 200 and s["analysis"] == {"node": main[0], "ply": 1}
          and s["view"] == 1, f"analyse at ply 1 ({status} {s.get('analysis')})")
    _, at1 = server.get(f"/api/sessions/{sid}?ply=1")
    legal1 = {m["text"] for m in at1["legal"]}
    lines = []
    for _ in range(50):
        time.sleep(0.1)
        _, s = server.get(f"/api/sessions/{sid}")
        lines = s["search"]["lines"]
        if lines:
            break
    check(lines and lines[0]["pv"][0] in legal1,
          f"the lines are for the position after 1.e4 ({lines[:1]})")
    san1 = {m["text"]: m["san"] for m in at1["legal"]}
    check(lines and lines[0]["pvSan"] and lines[0]["pvSan"][0] == san1.get(lines[0]["pv"][0]),
          f"the line's first move in notation ({lines[0].get('pvSan') if lines else None})")
    status, s = server.post(f"/api/sessions/{sid}/view", {"ply": 2})
    check(status == 200 and s["analysis"]["ply"] == 2, f"view moves the analysis ({s.get('analysis')})")
    time.sleep(0.5)
    _, at2 = server.get(f"/api/sessions/{sid}?ply=2")
    _, s = server.get(f"/api/sessions/{sid}")
    legal2 = {m["text"] for m in at2["legal"]}
    check(s["search"]["lines"] and s["search"]["lines"][0]["pv"][0] in legal2,
          "after view, the lines are for the position after 1...e5")
    server.post(f"/api/sessions/{sid}/analyse", {"on": False})
    server.post(f"/api/sessions/{sid}/close")
    print(f"  variations: a move at ply 1 kept the game's 4 moves, RAV in PGN, line/cut; "
          f"analysis at ply 1 gave {lines[0]['pv'][0] if lines else None}", flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--harlequin", required=True)
    ap.add_argument("--quick", action="store_true", help="skip the latency run")
    ap.add_argument("--latency-only", action="store_true",
                    help="only the latency run (the Release build's own test: timings mean "
                         "nothing under the sanitizers)")
    args = ap.parse_args()
    if args.latency_only:
        server = Server(args.harlequin)
        try:
            print("latency:", flush=True)
            test_latency(server)
        finally:
            check(server.proc.poll() is None, "the server is still running (no crash)")
            server.stop()
        return tally()
    max_games, idle = 26, 2
    server = Server(args.harlequin, "--max-games", str(max_games), "--idle", str(idle))
    try:
        status, info = server.get("/api/games")
        games = [g["name"] for g in info["games"]]
        status, page = server.get("/")
        check(status == 200 and "<svg id=\"board\"" in page, "the page is served")
        print("whole games through the HTTP interface:", flush=True)
        test_games(server, games)
        print("levels:", flush=True)
        test_levels(server, games)
        print("PGN:", flush=True)
        test_pgn_round_trip(server)
        test_match_pgn(server, args.harlequin)
        print("bad requests:", flush=True)
        test_bad_requests(server)
        print("requests from other sites:", flush=True)
        test_other_sites(server)
        print("bounds:", flush=True)
        test_bounds(server, max_games)
        test_forgotten(server, idle)
        print("Chess960 starts:", flush=True)
        test_chess960(server)
        print("variations and analysis of the shown position:", flush=True)
        test_variations(server)
        if not args.quick:
            print("latency:", flush=True)
            test_latency(server)
        print("concurrency:", flush=True)
        test_concurrent(server, games)
        status, _ = server.get("/api/games")
        check(status == 200, "the server still serves at the end")
    finally:
        check(server.proc.poll() is None, "the server is still running (no crash)")
        server.stop()
    print("the token:", flush=True)
    test_token(args.harlequin)
    print("help:", flush=True)
    test_help(args.harlequin)
    with tempfile.TemporaryDirectory() as folder:
        print("stored games:", flush=True)
        test_storage(args.harlequin, folder)
        test_bad_databases(args.harlequin, folder)
    return tally()


if __name__ == "__main__":
    sys.exit(main())
