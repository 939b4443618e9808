#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The seventh-game check: adding a game is its folder, one registry entry and its data files.

It adds the skeleton game of docs/adding-a-game.md (tests/skeleton/skeleton.h, "King Race")
to a copy of this checkout as a newcomer would add a seventh game, proves that nothing else
changed, builds the `harlequin` binary of the copy and plays the game through it:

 1. copies the checkout's tracked files (`git ls-files`, as they are in the work tree) into
    a temporary folder and commits them there, so that `git status` of the copy shows
    exactly what the game added;
 2. writes the game's folder, variants/kingrace/ (kingrace.h: the skeleton's rules in
    namespace hq::kingrace; instance.cpp: its HARLEQUIN_GAME line), adds one entry (and
    the header's include) to variants/registry.cpp, and writes its perft reference file,
    tests/data/kingrace.epd, with counts from this script's own brute-force implementation
    of the rules (never from Harlequin);
 3. builds the copy's `harlequin` target (Release, serve on, no tests, warnings as
    errors), under the build lock (flock) so that it never overlaps another build;
 4. writes the game's openings file, bench/openings/kingrace.epd, with `harlequin openings`
    as bench/openings/README.md does for every game, and checks each line by the rules;
 5. checks that the copy differs from the checkout in those files only (the registry by
    added lines only), before and after the build and runs;
 6. runs the binary: `match -variants` lists the game; `perft` of every line of the
    reference file, and `perft 1 --divide` against the brute force's moves; `bench 12
    kingrace` twice (a node count, the same both times) and the whole bench (the six games'
    share is printed, and compared with --bench-others N when given); `match` between two
    copies of Harlequin from the openings file, every game ended by the rules with a
    consistent result, the PGN replayed by `match -checkpgn` and by this script's rules;
    `serve` on a free loopback port with a temporary database: the page, /api/games, a
    new King Race game, a legal move (200), illegal and stale ones (refused with a
    message, the game unchanged), the engine asked to move (`go`), the state read back,
    the game played to its end by Harlequin, its PGN and its stored row.

Any failed check prints FAIL with what was expected and ends with exit status 1; a pass
prints "seventh-game check passed". docs/adding-a-game.md and docs/ci.md describe it.

usage: tests/seventh_game.py [--work DIR] [--keep] [--jobs N] [--bench-others N]
"""

import argparse
import fcntl
import functools
import http.client
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

GAME = "kingrace"
START_FEN = "4k3/8/8/8/8/8/8/4K3 w 0"
PLY_LIMIT = 60
# The referee's reasons (the skeleton's adjudicate) and the result each gives.
REASONS = {
    "White reaches the 8th rank": "1-0",
    "Black reaches the 1st rank": "0-1",
    "Draw after 60 plies": "1/2-1/2",
    "White cannot move": "0-1",
    "Black cannot move": "1-0",
}
# The files a new game may add or change: its folder, the registry, its data files.
FOLDER = f"variants/{GAME}/"
REGISTRY = "variants/registry.cpp"
DATA_FILES = [f"tests/data/{GAME}.epd", f"bench/openings/{GAME}.epd"]
GAME_FILES = [FOLDER + f"{GAME}.h", FOLDER + "instance.cpp"]

FAILURES = []


class CheckFailed(Exception):
    pass


def say(text):
    print(text, flush=True)


def check(cond, what):
    """Records and prints a failure unless `cond` holds; returns `cond`."""
    if not cond:
        FAILURES.append(what)
        say(f"FAIL: {what}")
    return cond


def require(cond, what):
    """A failure after which the check cannot go on."""
    if not check(cond, what):
        raise CheckFailed(what)


def run(cmd, cwd=None, timeout=600, check_rc=True):
    """Runs a command; its standard output and error together. A non-zero exit fails."""
    try:
        p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        require(False, f"{' '.join(cmd)}: no end within {timeout} s")
    if check_rc and p.returncode != 0:
        tail = "\n".join(p.stdout.splitlines()[-30:])
        require(False, f"{' '.join(cmd)} exited with {p.returncode}:\n{tail}")
    return p.stdout


# ---------------------------------------------------------------------------------------
# King Race, written again from its rules (tests/skeleton/skeleton.h's comment): an 8x8
# board, one king a side; a king steps to a neighbouring square on the board that is not
# next to the other king; the first to reach the far rank wins, a side with no step loses,
# after 60 plies the game is drawn. Squares 0-63, a1 = 0, file + 8 * rank.

def sq_name(s):
    return "abcdefgh"[s % 8] + str(s // 8 + 1)


def touching(a, b):
    return abs(a % 8 - b % 8) <= 1 and abs(a // 8 - b // 8) <= 1


class Race:
    """A King Race position: the kings' squares, the side to move (0 White, 1 Black), plies."""

    def __init__(self, white, black, side, ply):
        self.kings = (white, black)
        self.side = side
        self.ply = ply

    @staticmethod
    def from_fen(fen):
        words = fen.split()
        if len(words) != 3:
            raise ValueError(f"{fen!r}: not three fields")
        kings = {}
        ranks = words[0].split("/")
        if len(ranks) != 8:
            raise ValueError(f"{fen!r}: not eight ranks")
        for i, row in enumerate(ranks):
            rank, f = 7 - i, 0
            for c in row:
                if c.isdigit():
                    f += int(c)
                elif c in "Kk" and c not in kings:
                    kings[c] = f + 8 * rank
                    f += 1
                else:
                    raise ValueError(f"{fen!r}: unexpected {c!r}")
            if f != 8:
                raise ValueError(f"{fen!r}: rank {row!r} is not 8 squares")
        if set(kings) != {"K", "k"} or touching(kings["K"], kings["k"]):
            raise ValueError(f"{fen!r}: not two kings apart")
        if words[1] not in ("w", "b") or not words[2].isdigit() or int(words[2]) > PLY_LIMIT:
            raise ValueError(f"{fen!r}: side to move or plies")
        return Race(kings["K"], kings["k"], 0 if words[1] == "w" else 1, int(words[2]))

    def fen(self):
        rows = []
        for rank in range(7, -1, -1):
            row, empty = "", 0
            for f in range(8):
                s = f + 8 * rank
                c = "K" if s == self.kings[0] else "k" if s == self.kings[1] else ""
                if not c:
                    empty += 1
                    continue
                if empty:
                    row, empty = row + str(empty), 0
                row += c
            rows.append(row + (str(empty) if empty else ""))
        return "/".join(rows) + (" w " if self.side == 0 else " b ") + str(self.ply)

    def winner(self):
        if self.kings[0] // 8 == 7:
            return 0
        if self.kings[1] // 8 == 0:
            return 1
        return None

    def moves(self):
        """The legal moves' texts (from and to squares), none when the game is over."""
        return [sq_name(self.kings[self.side]) + sq_name(t) for t in self.targets()]

    def targets(self):
        if self.winner() is not None or self.ply >= PLY_LIMIT:
            return []
        us, them = self.kings[self.side], self.kings[1 - self.side]
        out = []
        for df in (-1, 0, 1):
            for dr in (-1, 0, 1):
                f, r = us % 8 + df, us // 8 + dr
                if (df or dr) and 0 <= f < 8 and 0 <= r < 8 and not touching(f + 8 * r, them):
                    out.append(f + 8 * r)
        return out

    def play(self, text):
        if text not in self.moves():
            raise ValueError(f"{text} is not legal in {self.fen()}")
        k = list(self.kings)
        k[self.side] = "abcdefgh".index(text[2]) + 8 * (int(text[3]) - 1)
        return Race(k[0], k[1], 1 - self.side, self.ply + 1)

    def outcome(self):
        """(result, reason) by the rules, or None while the game goes on."""
        w = self.winner()
        if w is not None:
            return ("1-0", "White reaches the 8th rank") if w == 0 else ("0-1", "Black reaches the 1st rank")
        if self.ply >= PLY_LIMIT:
            return "1/2-1/2", "Draw after 60 plies"
        if not self.moves():
            return ("0-1", "White cannot move") if self.side == 0 else ("1-0", "Black cannot move")
        return None


@functools.lru_cache(maxsize=None)
def brute_perft(white, black, side, ply, depth):
    if depth == 0:
        return 1
    pos = Race(white, black, side, ply)
    total = 0
    for t in pos.targets():
        k = [white, black]
        k[side] = t
        total += brute_perft(k[0], k[1], 1 - side, ply + 1, depth - 1)
    return total


def perft(fen, depth):
    p = Race.from_fen(fen)
    return brute_perft(p.kings[0], p.kings[1], p.side, p.ply, depth)


# The reference file's positions and depths: the start, kings face to face, a king one step
# from its rank, the ply limit cutting the tree, corners, and a game already over.
PERFT_POSITIONS = [
    (START_FEN, 8),
    ("8/8/8/8/2k1K3/8/8/8 w 0", 7),
    ("8/8/3k4/8/3K4/8/8/8 b 7", 7),
    ("8/4K3/8/8/8/8/3k4/8 w 20", 7),
    ("4k3/8/8/8/8/8/8/4K3 w 55", 7),
    ("7k/8/8/8/8/8/8/K7 b 0", 7),
    ("8/8/8/8/8/k7/8/K7 w 12", 6),
    ("8/8/8/8/8/8/k7/2K5 b 59", 3),
    ("3K4/8/8/8/8/8/8/5k2 b 9", 2),
]


def perft_file_text():
    lines = []
    for fen, depth in PERFT_POSITIONS:
        counts = " ".join(f";D{d} {perft(fen, d)}" for d in range(1, depth + 1))
        lines.append(f"{fen} {counts}\n")
    return "".join(lines)


# ---------------------------------------------------------------------------------------
# The game's folder and its registry entry, as a newcomer writes them.

INSTANCE_CPP = f"""// SPDX-License-Identifier: GPL-3.0-or-later
// This game's engine facade and rules, compiled once (variants/game_instance.h).
#include "{GAME}.h"
#include "variants/game_instance.h"

HARLEQUIN_GAME(hq::{GAME}::KingRace)
"""

REGISTRY_INCLUDE = f'#include "{GAME}/{GAME}.h"\n'
REGISTRY_ENTRY = f"""        // King Race (docs/adding-a-game.md's skeleton): two kings race to the far rank.
        {{.spec = {{"{GAME}", std::string({GAME}::Position::StartFen), 8, 8, false}},
            .aliases = {{}},
            .make = game_factories<{GAME}::KingRace>(),
            .bench = {{{{{{""}}, {{"8/8/3k4/8/3K4/8/8/8 b 7"}}}}, "{GAME}"}}}},
"""


def game_header(skeleton_text):
    """The skeleton's rules as a game of its own folder: namespace hq::kingrace."""
    text = skeleton_text.replace("namespace hq::skeleton", f"namespace hq::{GAME}")
    text = text.replace("skeleton::", f"{GAME}::")
    require("skeleton" not in text.split("#pragma once", 1)[1],
            "tests/skeleton/skeleton.h: a name 'skeleton' left after the namespace's rename")
    note = (f"// variants/{GAME}/{GAME}.h: tests/skeleton/skeleton.h in namespace hq::{GAME},\n"
            f"// written by tests/seventh_game.py into a copy of the tree (never committed).\n")
    first, rest = text.split("\n", 1)
    return first + "\n" + note + rest


def add_registry_entry(text, tree):
    """The registry with the game's include after the last game's and its entry last."""
    includes = [m for m in re.finditer(r'^#include "([a-z0-9]+)/[a-z0-9_]+\.h"\n', text, re.M)
                if os.path.isdir(os.path.join(tree, "variants", m.group(1)))]
    require(includes, f"{REGISTRY}: no game header include found")
    # In the sorted place among the games' includes (clang-format sorts the block).
    later = [m for m in includes if m.group(0) > REGISTRY_INCLUDE]
    at = later[0].start() if later else includes[-1].end()
    text = text[:at] + REGISTRY_INCLUDE + text[at:]
    end = text.find("\n    };\n    return all;")
    require(end >= 0, f"{REGISTRY}: the end of the game list ('    }};' before 'return all;') not found")
    return text[:end + 1] + REGISTRY_ENTRY + text[end + 1:]


# ---------------------------------------------------------------------------------------
# The copy.

def make_copy(repo, tree):
    files = run(["git", "-C", repo, "ls-files", "-z"]).split("\0")
    files = [f for f in files if f]
    copied = 0
    for f in files:
        src = os.path.join(repo, f)
        if not os.path.lexists(src):
            continue  # deleted in the work tree
        dst = os.path.join(tree, f)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        if os.path.islink(src):
            os.symlink(os.readlink(src), dst)
        else:
            shutil.copy2(src, dst)
        copied += 1
    git = ["git", "-C", tree, "-c", "user.name=seventh-game", "-c", "user.email=seventh@invalid",
           "-c", "commit.gpgsign=false"]
    run(git + ["init", "-q"])
    # Everything copied, ignored or not, is the baseline.
    run(git + ["add", "-A", "-f", "."])
    run(git + ["commit", "-q", "-m", "the checkout as copied"])
    return copied


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def check_changes(tree, when):
    """The copy differs from the checkout in the game's files only: its folder, the registry
    (lines added, none removed) and its data files."""
    out = run(["git", "-C", tree, "status", "--porcelain", "--untracked-files=all", "--ignored"])
    changed = {}
    for line in out.splitlines():
        status, path = line[:2], line[3:]
        changed[path] = status
    allowed = set(GAME_FILES) | {REGISTRY} | set(DATA_FILES)
    outside = sorted(p for p in changed if p not in allowed and not p.startswith(FOLDER))
    check(not outside, f"{when}: files changed outside the game's folder, the registry and "
          f"its data files: {outside}")
    missing = sorted(p for p in allowed if p not in changed)
    check(not missing, f"{when}: expected changes missing: {missing}")
    num = run(["git", "-C", tree, "diff", "--numstat", "--", REGISTRY]).split()
    check(len(num) == 3 and num[1] == "0",
          f"{when}: {REGISTRY} must only gain lines (git diff --numstat: {num})")
    expected_added = REGISTRY_INCLUDE.count("\n") + REGISTRY_ENTRY.count("\n")
    check(len(num) == 3 and num[0] == str(expected_added),
          f"{when}: {REGISTRY} gains {num[0] if num else '?'} lines, expected {expected_added} "
          f"(the include and the one entry)")
    run(["git", "-C", tree, "add", "-A", "-N", "."])
    stat = run(["git", "-C", tree, "diff", "--stat"])
    return stat


# ---------------------------------------------------------------------------------------
# The checks against the built binary.

def check_listed(binary):
    names = run([binary, "match", "-variants"]).split()
    check(GAME in names, f"`harlequin match -variants` does not list {GAME}: {names}")
    return names


def check_perft(binary, tree):
    with open(os.path.join(tree, f"tests/data/{GAME}.epd"), encoding="utf-8") as f:
        lines = [l for l in f.read().splitlines() if l.strip()]
    runs = wrong = 0
    for line in lines:
        fen, *ops = [p.strip() for p in line.split(";")]
        for op in ops:
            d, n = op.split()
            depth, expected = int(d[1:]), int(n)
            out = run([binary, "perft", str(depth), "--variant", GAME, "--fen", *fen.split()])
            m = re.search(r"Nodes searched: (\d+)", out)
            got = int(m.group(1)) if m else None
            runs += 1
            if not check(got == expected, f"perft {depth} of {fen}: {got}, the reference says {expected}"):
                wrong += 1
    # The moves themselves, with their texts: perft 1 --divide against the brute force's.
    for fen, _ in PERFT_POSITIONS:
        out = run([binary, "perft", "1", "--variant", GAME, "--fen", *fen.split(), "--divide"])
        got = sorted(re.findall(r"^([a-h][1-8][a-h][1-8]): 1$", out, re.M))
        check(got == sorted(Race.from_fen(fen).moves()),
              f"perft 1 --divide of {fen}: {got}, the rules give {sorted(Race.from_fen(fen).moves())}")
    deepest = perft(START_FEN, PERFT_POSITIONS[0][1])
    say(f"perft: {runs - wrong} of {runs} counts of {len(lines)} positions match the brute force "
        f"(start: {', '.join(str(perft(START_FEN, d)) for d in range(1, 5))}, ... "
        f"{deepest} at depth {PERFT_POSITIONS[0][1]}); divide's moves match")


def bench_total(out, what):
    m = re.search(r"^(\d+) nodes \d+ nps$", out, re.M)
    require(m, f"{what}: no '<nodes> nodes <nps> nps' line:\n{out[-2000:]}")
    return int(m.group(1))


def check_bench(binary, names, others_expected):
    first = run([binary, "bench", "12", GAME])
    a = bench_total(first, f"bench 12 {GAME}")
    b = bench_total(run([binary, "bench", "12", GAME]), f"bench 12 {GAME} (again)")
    positions = re.findall(rf"^position\s+\d+\s+{GAME}\s+nodes\s+(\d+)", first, re.M)
    check(len(positions) == 2, f"bench {GAME}: {len(positions)} positions searched, expected 2")
    check(a > 0, f"bench {GAME}: {a} nodes")
    check(a == b, f"bench {GAME} is not deterministic: {a} then {b} nodes")
    whole = bench_total(run([binary, "bench"], timeout=900), "bench")
    others = bench_total(run([binary, "bench", "12", *[n for n in names if n != GAME]],
                             timeout=900), "bench of the other games")
    check(whole == others + a, f"the whole bench, {whole}, is not the other games' {others} "
          f"plus {GAME}'s {a}")
    if others_expected is not None:
        check(others == others_expected, f"the other games' bench is {others}, expected "
              f"{others_expected}: adding a game changed the others")
    say(f"bench: {GAME} {a} nodes (twice the same), whole bench {whole} = the other games' "
        f"{others}" + (" (as expected)" if others_expected is not None else "") + f" + {a}")


def pgn_games(text):
    """(tags, moves, result) of each game of a PGN text."""
    games = []
    for chunk in re.split(r"\n\s*\n(?=\[)", text.strip()):
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]$', chunk, re.M))
        body = re.sub(r"^\[.*\]$", "", chunk, flags=re.M)
        body = re.sub(r"\{[^}]*\}", " ", body)
        words = [w for w in body.split() if not re.fullmatch(r"\d+\.+", w)]
        result = words.pop() if words and words[-1] in ("1-0", "0-1", "1/2-1/2", "*") else None
        games.append((tags, [re.sub(r"^\d+\.+", "", w) for w in words], result))
    return games


def check_match(binary, tree, work, games=6):
    pgn = os.path.join(work, "match.pgn")
    if os.path.exists(pgn):
        os.remove(pgn)
    out = run([binary, "match", "-engine", f"cmd={binary}", "name=a", "-engine", f"cmd={binary}",
               "name=b", "-each", "depth=4", "-variant", GAME, "-games", str(games), "-repeat",
               "-openings", f"file={tree}/bench/openings/{GAME}.epd", "order=sequential",
               "-pgnout", pgn], timeout=600)
    finished = re.findall(r"^Finished game (\d+) \((\w+) vs (\w+)\): (\S+) \{(.*)\}$", out, re.M)
    check(len(finished) == games, f"match: {len(finished)} games finished, expected {games}:\n{out}")
    for n, _, _, result, reason in finished:
        check(REASONS.get(reason) == result,
              f"match game {n}: '{result} {{{reason}}}' is not an end by the rules")
    score = re.search(r"^Score of a vs b: (\d+) - (\d+) - (\d+)", out, re.M)
    check(score and sum(map(int, score.groups())) == games, f"match: no score of {games} games")
    checked = run([binary, "match", "-checkpgn", pgn])
    check(f"{games} games checked, 0 problems" in checked, f"match -checkpgn: {checked.strip()}")
    with open(pgn, encoding="utf-8") as f:
        replayed = pgn_games(f.read())
    check(len(replayed) == games, f"the match's PGN holds {len(replayed)} games, expected {games}")
    for tags, moves, result in replayed:
        try:
            pos = Race.from_fen(tags.get("FEN", START_FEN))
            for m in moves:
                pos = pos.play(m)
            end = pos.outcome()
        except ValueError as e:
            check(False, f"the match's PGN game {tags.get('Round')}: {e}")
            continue
        check(end is not None and end[0] == result == tags.get("Result"),
              f"the match's PGN game {tags.get('Round')}: the rules end it {end}, "
              f"the PGN says {result} ({tags.get('Result')})")
    reasons = sorted({r for *_, r in finished})
    say(f"match: {len(finished)} games, {score.group(0) if score else '?'}; every end by the "
        f"rules ({'; '.join(reasons)}); -checkpgn and the brute force replay the PGN")


class Serve:
    """`harlequin serve` on a free loopback port, spoken to as the page speaks to it."""

    def __init__(self, binary, work):
        db = os.path.join(work, "serve", "games.db")
        os.makedirs(os.path.dirname(db), exist_ok=True)
        if os.path.exists(db):
            os.remove(db)
        self.proc = subprocess.Popen([binary, "serve", "--port", "0", "--db", db],
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        line = self.proc.stdout.readline()
        m = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not m:
            self.stop()
            require(False, f"serve printed no loopback address: {line!r}")
        self.port = int(m.group(1))
        # Whatever else it prints is read, so that it never blocks on a full pipe.
        threading.Thread(target=self.proc.stdout.read, daemon=True).start()

    def request(self, method, path, body=None):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        headers = {"Origin": f"http://127.0.0.1:{self.port}"}
        data = None
        if body is not None:
            data = json.dumps(body)
            headers["Content-Type"] = "application/json"
        conn.request(method, path, body=data, headers=headers)
        res = conn.getresponse()
        text = res.read().decode()
        conn.close()
        try:
            return res.status, json.loads(text)
        except ValueError:
            return res.status, text

    def stop(self):
        self.proc.terminate()
        try:
            return self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return None


def same_state(a, b):
    return all(a[k] == b[k] for k in ("fen", "ply", "moves", "legal", "outcome"))


def wait_for(server, sid, pred, what, timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        status, s = server.request("GET", f"/api/sessions/{sid}")
        require(status == 200, f"serve: reading the state: {status} {s}")
        if pred(s):
            return s
        time.sleep(0.05)
    require(False, f"serve: {what} within {timeout} s")


def check_state(s, pos, what):
    """The server's state is the brute force's position."""
    check(s["game"] == GAME, f"{what}: game {s['game']!r}")
    check(s["fen"] == pos.fen(), f"{what}: FEN {s['fen']!r}, the rules say {pos.fen()!r}")
    check(sorted(m["text"] for m in s["legal"]) == sorted(pos.moves()),
          f"{what}: legal moves {sorted(m['text'] for m in s['legal'])}, the rules say {sorted(pos.moves())}")
    d = s["display"]
    kings = [(c["piece"], c["side"]) for c in d["cells"] if c["piece"]]
    check(d["files"] == 8 and d["ranks"] == 8 and len(d["cells"]) == 64 and len(kings) == 2,
          f"{what}: the board drawn is {d['files']}x{d['ranks']} with pieces {kings}")


def check_serve(binary, work):
    server = Serve(binary, work)
    try:
        status, page = server.request("GET", "/")
        check(status == 200 and "<html" in str(page).lower(), f"serve: GET / gave {status}")
        status, games = server.request("GET", "/api/games")
        entry = [g for g in games.get("games", []) if g["name"] == GAME] if status == 200 else []
        check(entry and entry[0]["startFen"] == START_FEN,
              f"serve: /api/games does not offer {GAME} with its start ({status})")
        check(games.get("storage", {}).get("enabled"), f"serve: storage not enabled: {games.get('storage')}")

        status, s = server.request("POST", "/api/sessions", {
            "game": GAME, "settings": {"white": "human", "black": "human", "depth": 3}})
        require(status == 201, f"serve: creating a {GAME} game: {status} {s}")
        sid, pos = s["id"], Race.from_fen(START_FEN)
        check_state(s, pos, "the new game")

        status, s = server.request("POST", f"/api/sessions/{sid}/move", {"move": "e1e2", "ply": 0})
        check(status == 200, f"serve: the legal move e1e2: {status} {s}")
        pos = pos.play("e1e2")
        if status == 200:
            check(s["ply"] == 1 and [m["text"] for m in s["moves"]] == ["e1e2"],
                  f"serve: after e1e2 the moves are {s.get('moves')}")
            check_state(s, pos, "after e1e2")
        before = wait_for(server, sid, lambda x: True, "the state")
        refusals = [({"move": "e8e6", "ply": 1}, "a step of two squares"),
                    ({"move": "e2e3", "ply": 1}, "White's move on Black's turn"),
                    ({"move": "e8e9", "ply": 1}, "a square off the board"),
                    ({"move": "e8e7", "ply": 0}, "a stale move (wrong ply)"),
                    ({"move": "", "ply": 1}, "an empty move")]
        for body, what in refusals:
            status, r = server.request("POST", f"/api/sessions/{sid}/move", body)
            check(400 <= status < 500 and isinstance(r, dict) and r.get("error"),
                  f"serve: {what} ({body['move']!r}) gave {status} {r}, expected a 4xx with an error")
            after = wait_for(server, sid, lambda x: True, "the state")
            check(same_state(before, after), f"serve: {what} changed the game")
        say(f"serve: {len(refusals)} illegal or stale moves refused with a message, the game unchanged "
            f"(e.g. '{r.get('error') if isinstance(r, dict) else r}')")

        status, r = server.request("POST", f"/api/sessions/{sid}/go", {})
        check(status == 200, f"serve: go: {status} {r}")
        s = wait_for(server, sid, lambda x: x["ply"] == 2 and x["search"]["activity"] == "idle",
                     "Harlequin's move after go")
        reply = s["moves"][1]["text"]
        check(reply in pos.moves(), f"serve: Harlequin's move {reply} is not legal in {pos.fen()}")
        pos = pos.play(reply)
        check_state(s, pos, f"after Harlequin's {reply}")

        status, r = server.request("POST", f"/api/sessions/{sid}/settings",
                                   {"white": "harlequin", "black": "harlequin", "depth": 3})
        check(status == 200, f"serve: settings for Harlequin against itself: {status} {r}")
        s = wait_for(server, sid, lambda x: x["outcome"]["over"] and x["search"]["activity"] == "idle",
                     "the game's end", timeout=120)
        for m in s["moves"][2:]:
            require(m["text"] in pos.moves(), f"serve: move {m['text']} is not legal in {pos.fen()}")
            pos = pos.play(m["text"])
        end = pos.outcome()
        check(end is not None and end[1] == s["outcome"]["reason"],
              f"serve: the game ended '{s['outcome']['reason']}', the rules say {end}")
        check_state(s, pos, "the end")
        status, pgn = server.request("GET", f"/api/sessions/{sid}/pgn")
        check(status == 200 and '[Variant "' + GAME + '"]' in str(pgn) and end and end[0] in str(pgn),
              f"serve: the game's PGN ({status}): {str(pgn)[:300]}")
        status, stored = server.request("GET", "/api/stored")
        row = [g for g in stored.get("games", []) if g["id"] == sid] if status == 200 else []
        check(row and row[0]["game"] == GAME and row[0]["plies"] == s["ply"],
              f"serve: the stored game: {row}")
        status, r = server.request("POST", f"/api/sessions/{sid}/close", {})
        check(status == 200, f"serve: close: {status} {r}")
        say(f"serve: a {GAME} game over HTTP: e1e2 played, Harlequin's {reply} after go, then "
            f"played out by Harlequin: {s['outcome']['result']} {{{s['outcome']['reason']}}} after "
            f"{s['ply']} plies, every state the rules' position; PGN and stored row read back")
    finally:
        rc = server.stop()
        check(rc == 0, f"serve: exit status {rc} on SIGTERM")


def check_openings(tree):
    path = os.path.join(tree, f"bench/openings/{GAME}.epd")
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    check(lines[-1] == "", f"{path}: no final newline")
    lines = lines[:-1]
    check(len(lines) >= 20, f"{path}: {len(lines)} openings, the tests ask for 20")
    check(len(set(lines)) == len(lines), f"{path}: repeated openings")
    for line in lines:
        try:
            pos = Race.from_fen(line)
            check(pos.outcome() is None, f"{path}: {line!r} is a game already over")
        except ValueError as e:
            check(False, f"{path}: {e}")
    return len(lines)


# ---------------------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog="\n\n".join(__doc__.split("\n\n")[1:]),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--repo", default=os.path.dirname(here), help="the checkout (default: this one)")
    ap.add_argument("--work", help="the folder for the copy and its build (default: a new temporary "
                    "one, removed at the end); an existing one is emptied but its build kept, "
                    "so a rerun builds only what changed")
    ap.add_argument("--keep", action="store_true", help="keep the temporary folder")
    ap.add_argument("--jobs", type=int, default=2, help="build jobs (default 2)")
    ap.add_argument("--lock", default="/tmp/harlequin-build.lock",
                    help="the lock file the build takes with flock (default /tmp/harlequin-build.lock)")
    ap.add_argument("--arch", default="x86-64", help="HARLEQUIN_ARCH of the build (default x86-64)")
    ap.add_argument("--tests", action="store_true", help="also build the copy's tests and run "
                    "its whole ctest, the new game in every registry-driven test (long: as "
                    "`make test`)")
    ap.add_argument("--bench-others", type=int, help="the bench node count the other games must "
                    "still give (the checkout's `harlequin bench`)")
    args = ap.parse_args()

    t0 = time.monotonic()
    repo = os.path.abspath(args.repo)
    work = os.path.abspath(args.work) if args.work else tempfile.mkdtemp(prefix="harlequin-seventh-")
    tree, build = os.path.join(work, "tree"), os.path.join(work, "build")
    try:
        if os.path.exists(tree):
            shutil.rmtree(tree)
        os.makedirs(tree)
        n = make_copy(repo, tree)
        say(f"copy: {n} tracked files of {repo} in {tree}")

        with open(os.path.join(tree, "tests/skeleton/skeleton.h"), encoding="utf-8") as f:
            write(os.path.join(tree, GAME_FILES[0]), game_header(f.read()))
        write(os.path.join(tree, GAME_FILES[1]), INSTANCE_CPP)
        with open(os.path.join(tree, REGISTRY), encoding="utf-8") as f:
            write(os.path.join(tree, REGISTRY), add_registry_entry(f.read(), tree))
        t = time.monotonic()
        write(os.path.join(tree, DATA_FILES[0]), perft_file_text())
        say(f"perft reference: {len(PERFT_POSITIONS)} positions counted by the brute force "
            f"({time.monotonic() - t:.1f} s)")

        cmake = ["cmake", "-S", tree, "-B", build, "-DCMAKE_BUILD_TYPE=Release",
                 "-DHARLEQUIN_SERVE=ON", f"-DHARLEQUIN_TESTS={'ON' if args.tests else 'OFF'}",
                 "-DHARLEQUIN_WERROR=ON",
                 f"-DHARLEQUIN_ARCH={args.arch}"]
        run(cmake)
        t = time.monotonic()
        with open(args.lock, "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # as flock(1) takes it
            waited = time.monotonic() - t
            t = time.monotonic()
            run(["cmake", "--build", build, "--target", "harlequin", "-j", str(args.jobs)],
                timeout=3600)
            took = time.monotonic() - t
            if args.tests:
                t = time.monotonic()
                run(["cmake", "--build", build, "-j", str(args.jobs)], timeout=3600)
                say(f"build: the tests too in {time.monotonic() - t:.0f} s")
        say(f"build: the copy's `harlequin` ({args.arch}, serve, -Werror) in {took:.0f} s "
            f"({waited:.0f} s waiting for {args.lock} before)")
        binary = os.path.join(build, "harlequin")

        run([binary, "openings", "-variant", GAME, "-count", "30", "-plies", "6", "-seed", "1",
             "-out", os.path.join(tree, DATA_FILES[1])])
        say(f"openings: {check_openings(tree)} positions by `harlequin openings`, each legal by the rules")

        clang_format = shutil.which("clang-format")
        if clang_format:
            out = run([clang_format, "--dry-run", "-Werror", *GAME_FILES[:2], REGISTRY],
                      cwd=tree, check_rc=False)
            check(not out.strip(), f"the game's C++ is not as clang-format writes it:\n{out}")
            say("format: the game's files and the registry are as clang-format writes them")
        stat = check_changes(tree, "the game added")
        say("the copy's changes (git diff --stat):\n" + stat.rstrip())

        names = check_listed(binary)
        say(f"registered: {' '.join(names)}")
        check_perft(binary, tree)
        check_bench(binary, names, args.bench_others)
        check_match(binary, tree, work)
        check_serve(binary, work)
        if args.tests:
            t = time.monotonic()
            out = run(["ctest", "-j", str(args.jobs), "--output-on-failure"], cwd=build,
                      timeout=7200, check_rc=False)
            summary = re.search(r"^\d+% tests passed.*$", out, re.M)
            failed = re.findall(r"^\s*\d+ - (.*) \(Failed\)", out, re.M)
            check(summary and not failed, "ctest of the copy: " + (summary.group(0) if summary else
                  "no summary") + "".join(f"\n  failed: {f}" for f in failed))
            say(f"ctest: {summary.group(0) if summary else '?'} ({time.monotonic() - t:.0f} s)")
            with open(os.path.join(work, "ctest.log"), "w", encoding="utf-8") as f:
                f.write(out)
        check_changes(tree, "after the runs")
    except CheckFailed:
        pass
    finally:
        if args.work or args.keep:
            say(f"kept: {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    took = time.monotonic() - t0
    if FAILURES:
        say(f"seventh-game check FAILED ({len(FAILURES)} failures, {took:.0f} s)")
        return 1
    say(f"seventh-game check passed ({took:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
