#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Protocol fuzzer for Harlequin: bad input must get an error, never a crash, a hang, a
sanitizer report or a lost position.

Not part of `make test` (it takes minutes). Run it against a sanitizer build:

    cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHARLEQUIN_TESTS=OFF \
        -DHARLEQUIN_SANITIZE=address,undefined
    cmake --build build-asan
    python3 tests/fuzz_protocol.py --binary build-asan/harlequin --helper build/harlequin \
        --seed 1 --rounds 300

(--helper: a fast build for the legal-move look-ups; --games and --protocols narrow the
run; the games are by default every one the engine advertises in its UCI_Variant option. 300 rounds of every game over both protocols take about six minutes; .ci/run runs a
shorter one.)

For every game, over UCI and over XBoard (where the engine offers it there), it sends valid
and mutated FENs (from the game's perft file, tests/data/<game>.epd, or the file of the
game it is a form of: mschess.epd for mschess-black), legal and garbage moves, searches, and commands at the wrong time,
and after each step checks that the engine still answers `isready`/`ping` within
--timeout seconds, that the process is alive, that stderr has no sanitizer report, and
that a rejected FEN or move left the previous position in place (UCI: `d`'s Fen line;
XBoard: a move legal in the kept position is still accepted). Each failure is written
with the commands that led to it to --log; the same --seed replays the same input.
Standard library only.
"""

import argparse
import contextlib
import os
import queue
import random
import subprocess
import sys
import threading
import time

from child import wait_or_kill

HERE = os.path.dirname(os.path.abspath(__file__))
SANITIZER_MARKS = (b"runtime error", b"AddressSanitizer", b"LeakSanitizer",
                   b"UndefinedBehaviorSanitizer", b"Assertion", b"terminate called")


class Hang(Exception):
    pass


class Dead(Exception):
    pass


class Proc:
    """The engine over pipes: lines in, lines out, stderr to a file."""

    def __init__(self, binary, errpath):
        self.errpath = errpath
        self.err = open(errpath, "wb")
        env = dict(os.environ)
        # A failed allocation returns null as without the sanitizer (the engine must cope).
        env.setdefault("ASAN_OPTIONS", "detect_leaks=1:abort_on_error=0:allocator_may_return_null=1")
        env.setdefault("UBSAN_OPTIONS", "print_stacktrace=1")
        # `memory 9223372036854775807` is capped at the machine's limit (half its memory) and
        # the engine writes the whole table before its next answer, as it must; under ASan
        # gigabytes take minutes, so the fuzzer's engine gets a small limit (the capping and
        # its info string are what the fuzzer exercises, not the machine's size).
        env.setdefault("HARLEQUIN_HASH_LIMIT_MB", "256")
        self.p = subprocess.Popen(["nice", "-n", "19", binary], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=self.err, env=env)
        self.q = queue.Queue()
        self.sent = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for raw in self.p.stdout:
            self.q.put(raw.decode("utf-8", "replace").rstrip("\r\n"))
        self.q.put(None)

    lines_sent = 0  # over every engine process of the run

    def send(self, line):
        data = line if isinstance(line, bytes) else line.encode()
        self.sent.append(data)
        Proc.lines_sent += 1
        try:
            self.p.stdin.write(data + b"\n")
            self.p.stdin.flush()
        except (BrokenPipeError, OSError):
            raise Dead("stdin closed")

    def until(self, pred, timeout):
        """Lines up to and including the first one `pred` accepts."""
        out = []
        end = time.time() + timeout
        while True:
            left = end - time.time()
            if left <= 0:
                raise Hang("no answer within %.0fs" % timeout)
            try:
                line = self.q.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                raise Dead("exit code %s" % self.p.wait())
            out.append(line)
            if pred(line):
                return out

    def stderr_report(self):
        if not self.err.closed:
            self.err.flush()
        with open(self.errpath, "rb") as f:
            data = f.read()
        return data if any(m in data for m in SANITIZER_MARKS) else None

    def close(self):
        try:
            self.p.stdin.write(b"quit\n")
            self.p.stdin.flush()
        except (BrokenPipeError, OSError):
            pass
        wait_or_kill(self.p, 20)
        self.err.close()


def advertised_games(binary, timeout):
    """The games the engine offers, read as a GUI reads them: the `var` values of the
    UCI_Variant combo option in its answer to `uci`."""
    out = subprocess.run([binary], input="uci\nquit\n", capture_output=True, text=True,
                         timeout=timeout).stdout
    for line in out.splitlines():
        w = line.split()
        if w[:3] == ["option", "name", "UCI_Variant"]:
            return [w[i + 1] for i in range(len(w) - 1) if w[i] == "var"]
    return []


def epd_file(game):
    """The game's perft file, or that of the game it is a form of: the longest file name
    that begins its name (mschess.epd for mschess-black; the FENs carry the fields that
    tell such games apart)."""
    data = os.path.join(HERE, "data")
    stems = [f[:-4] for f in os.listdir(data) if f.endswith(".epd") and game.startswith(f[:-4])]
    if not stems:
        raise SystemExit("no perft file in %s for the game %s" % (data, game))
    return os.path.join(data, max(stems, key=len) + ".epd")


def fen_command(rng, command, fens, game, unchanged):
    """`command FEN` with one of the game's FENs, mutated but for `unchanged` of the time:
    the FEN and the line (bytes when the mutation made bytes)."""
    base = rng.choice(fens)
    text = base if rng.random() < unchanged else mutate(rng, base, game)
    line = (command.encode() + b" " + text) if isinstance(text, bytes) else command + " " + text
    return text, line


def load_fens(game):
    fens = []
    with open(epd_file(game)) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                fens.append(line.split(";")[0].strip())
    return fens


def mutate(rng, fen, game):
    """One damaged (or occasionally still valid) FEN."""
    fields = fen.split()
    kind = rng.randrange(22)
    if kind == 0:
        return fen[:rng.randrange(len(fen) + 1)]
    if kind == 1 and fields:
        del fields[rng.randrange(len(fields))]
    elif kind == 2 and fields:
        i = rng.randrange(len(fields))
        fields.insert(i, fields[i])
    elif kind == 3:
        s = list(fen)
        for _ in range(rng.randint(1, 4)):
            if s:
                s[rng.randrange(len(s))] = rng.choice("0123456789/-+KQRBNPkqrbnpwbyrpuDdqQxXZ@#.!~ ")
        return "".join(s)
    elif kind == 4 and fields:
        fields[rng.randrange(len(fields))] = rng.choice(
            ["99999999999999999999999", "9223372036854775807", "-9223372036854775808",
             "2147483648", "2147483647", "2147483646", "1073741824", "100000", "100001",
             "4294967296", "-1", "-2147483649", "1e9", "0x10", "+5"])
    elif kind == 5:
        ranks = fields[0].split("/")
        i = rng.randrange(len(ranks))
        ranks[i] = ranks[i] + rng.choice(["1", "8", "P", "9", "pP", "wP", "11111111", "D"])
        fields[0] = "/".join(ranks)
    elif kind == 6:
        king = {"control": ["wK", "bK"], "martian": ["Q", "q"]}.get(game, ["K", "k"])
        b = fields[0]
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(b))
            b = b[:i] + rng.choice(king) + b[i:]
        fields[0] = b
    elif kind == 7:
        return ""
    elif kind == 8:
        return (fen.encode() + bytes(rng.randrange(128, 256) for _ in range(rng.randint(1, 6))))
    elif kind == 9:
        b = bytearray(fen.encode())
        for _ in range(rng.randint(1, 3)):
            if b:
                b[rng.randrange(len(b))] = rng.randrange(1, 256)
        return bytes(b).replace(b"\n", b"x").replace(b"\r", b"x")
    elif kind == 10:
        ranks = fields[0].split("/")
        if rng.random() < 0.5:
            ranks.append(ranks[-1])
        else:
            ranks.pop()
        fields[0] = "/".join(ranks)
    elif kind == 11 and len(fields) >= 7:
        i = rng.randrange(6, len(fields))
        fields[i] = rng.choice(pool_or_extra(rng, game, i))
    elif kind == 12:
        fields += [rng.choice(["-", "x", "0+0", "99999999999", "wQ", "a1a2"])
                   for _ in range(rng.randint(1, 4))]
    elif kind == 13 and len(fields) >= 2:
        fields[1] = rng.choice(["x", "W", "B", "", "wb", "-", "0", "b", "w"])
    elif kind == 14 and len(fields) >= 3:
        fields[2] = rng.choice(["KQkqKQkq", "A", "Z", "HAha", "KkQq", "abcdefgh", "-", "K-",
                                "KQkqX", "HhAaBb", "ABCDEFGHabcdefgh", "Kk"])
    elif kind == 15 and len(fields) >= 4:
        fields[3] = rng.choice(["e3", "e6", "a9", "z1", "e", "e33", "-", "h0", "a1", "d4",
                                "e8", "a0", "i6"])
    elif kind == 16:
        fields[0] = rng.choice(["/" * 7, "8/8/8/8/8/8/8/8", "4/4/4/4/4/4/4/4", "", "/",
                                "9/8/8/8/8/8/8/8", "0/8/8/8/8/8/8/8", "88888888",
                                "K7/8/8/8/8/8/8/7k", "wK7/8/8/8/8/8/8/7bK", "Q3/4/4/4/4/4/4/3q",
                                "8/8/8/8/8/8/8/8/8/8", "x" * 300, "1" * 200,
                                "p7/8/8/8/8/8/8/P7", "pP" * 64])
    elif kind == 17:
        # A long field.
        fields[rng.randrange(len(fields))] = rng.choice(["-", "1", "a", "wQ"]) * rng.choice(
            [50, 500, 5000])
    elif kind == 18 and len(fields) >= 5:
        fields[rng.randrange(4, min(6, len(fields)))] = rng.choice(
            ["-5", "100000", "999", "150", "a", "", "0", "4294967295"])
    elif kind == 19:
        return " ".join(fields) + " " + " ".join(fields)
    elif kind == 20:
        # Valid board, another game's fields.
        return fields[0] + " " + rng.choice([
            "w KQkq - 0 1 -", "w - - 0 1 0+0 - -", "w kq - 0 1 w", "w KQkq - 0 1 0/3",
            "b - - 0 1 99+99 a1a2 3", "w - - 0 1 0+0 zz 0", "w - - 0 1 -1+-1 - -1",
            "w - - 0 1 0+0 - 99999999999999999999", "w KQkq - 0 1 wKwQwQ",
            "w KQkq - 0 1 xQ", "w KQkq - 0 1 wP", "w KQkq - 0 1 wK", "w - - 0 1 5/3",
            "w - - 0 1 3/3 e2m", "w - - 0 1 0/0", "w - - 0 1 1/99999999999 a2m,b2m"])
    return " ".join(fields)


def pool_or_extra(rng, game, i):
    if game == "control":
        return ["wQwQwQwQwQwQwQwQwQwQwQwQwQwQwQwQwQwQwQ", "xQ", "wX", "w", "wK", "wP",
                "bQbRbBbN" * 10, "QwbR", "-wQ", "w-", "--", "rQrQ"]
    if game == "martian":
        return ["0+0", "+", "0+", "+0", "-1+0", "99999999999+0", "2147483647+1", "a+b",
                "1+2+3", "0-0", "0+0+", "b5b4", "a1a1", "z9z9", "a9a1", "e1e2", "b5", "-",
                "0", "3", "-1", "999999999999999", "7", "a", "b5b4b3"]
    if game.startswith("multimove"):
        return ["0/3", "3/3", "5/3", "-1/3", "0/0", "0/-1", "0/99999999999", "a/b", "0/",
                "/3", "h5m,b6m", "h5m,", ",", "z9m", "a1x", "h5m" * 50, "1/2 e2m,e2m,e2m"]
    if game.startswith("mschess"):
        return ["w", "b", "x", "-", "wb", ""]
    return ["-", "x"]


GARBAGE_MOVES = ["", "e2e4", "e7e5", "a1a1", "z9z9", "e2e4e4", "e7e8q", "e7e8x", "e7e8k",
                 "e7e8qr", "e7e8qz", "e7e8qrr", "e1g1", "e1h1", "0000", "@@@@", "--",
                 "a1", "a", "a0a1", "i1i2", "a1a9", "d8e8", "b5b4", "O-O", "O-O-O", "e2e4+",
                 "E2E4", "e2-e4", "h5m", "e2m", "a2a3,a3a4", "\u00e9\u00e9", "e2e\u00ff",
                 "a1b1c1", "e7e8Q", "a7a8n", "9999", "e1e1", "d1d1", "d2d1q", "a2a1q",
                 "b7b8kz", "x" * 200]


def random_move_text(rng, legal):
    if legal and rng.random() < 0.5:
        return rng.choice(legal)
    if rng.random() < 0.5:
        return rng.choice(GARBAGE_MOVES)
    f = "abcdefghi"
    r = "0123456789"
    s = rng.choice(f) + rng.choice(r) + rng.choice(f) + rng.choice(r)
    if rng.random() < 0.3:
        s += rng.choice("qrbnkpxwyu")
    if rng.random() < 0.2:
        s += rng.choice("qrbnkpxwyu")
    return s


class Fuzzer:
    def __init__(self, args):
        self.args = args
        self.failures = []
        self.counts = {}
        self.proc = None
        self.logf = open(args.log, "w")
        self.run_id = 0

    def count(self, key, n=1):
        self.counts[key] = self.counts.get(key, 0) + n

    def start(self, proto, game):
        self.run_id += 1
        errpath = os.path.join(self.args.workdir, "stderr-%s-%s-%d.txt" % (proto, game, self.run_id))
        self.proc = Proc(self.args.binary, errpath)
        return self.proc

    @contextlib.contextmanager
    def guarded(self, proto, game, p):
        """A session with the engine: a hang or death is a failure, and at the end the
        process is closed and its stderr checked for a sanitizer report."""
        try:
            yield
        except Hang as e:
            self.fail(proto, game, "HANG", str(e))
        except Dead as e:
            self.fail(proto, game, "DEAD", str(e))
        finally:
            self.count("lines sent/%s/%s" % (proto, game), len(p.sent))
            p.close()
            rep = p.stderr_report()
            if rep and not any("%s %s" % (proto, game) in f for f in self.failures[-1:]):
                self.fail(proto, game, "sanitizer report at exit", rep.decode("utf-8", "replace")[:300])

    def fail(self, proto, game, what, detail=""):
        msg = "FAIL [%s %s seed=%d] %s %s" % (proto, game, self.args.seed, what, detail)
        print(msg, flush=True)
        self.failures.append(msg)
        self.logf.write(msg + "\n--- input so far (last 40 lines):\n")
        for line in self.proc.sent[-40:]:
            self.logf.write(repr(line) + "\n")
        rep = self.proc.stderr_report()
        if rep:
            self.logf.write("--- stderr:\n" + rep.decode("utf-8", "replace")[:6000] + "\n")
        self.logf.write("\n")
        self.logf.flush()

    # ---------------- UCI ----------------
    def uci(self, line):
        """Sends a line, then isready; returns what came before readyok."""
        self.proc.send(line)
        self.proc.send("isready")
        out = self.proc.until(lambda l: l == "readyok", self.args.timeout)
        rep = self.proc.stderr_report()
        if rep:
            raise Dead("sanitizer report")
        return out[:-1]

    def uci_fen(self):
        for l in self.uci("d"):
            if l.startswith("Fen:"):
                return l[4:].strip()
        return None

    def uci_legal(self):
        self.proc.send("go perft 1")
        out = self.proc.until(lambda l: l.startswith("Nodes searched"), self.args.timeout)
        return [l.split(":")[0] for l in out if ":" in l and not l.startswith("Nodes")
                and not l.startswith("info")]

    def uci_wait_bestmove(self):
        # A search with no bound (or a huge one) is not a hang: it must stop when told.
        try:
            return self.proc.until(lambda l: l.startswith("bestmove"), self.args.timeout)
        except Hang:
            self.proc.send("stop")
            return self.proc.until(lambda l: l.startswith("bestmove"), self.args.timeout)

    def fuzz_uci(self, game, rng):
        p = self.start("uci", game)
        fens = load_fens(game)
        with self.guarded("uci", game, p):
            p.send("uci")
            p.until(lambda l: l == "uciok", self.args.timeout)
            out = self.uci("setoption name UCI_Variant value " + game)
            if any("error" in l for l in out):
                self.fail("uci", game, "variant rejected", str(out))
                return
            fen = self.uci_fen()
            legal = self.uci_legal()
            for rnd in range(self.args.rounds):
                step = rng.randrange(14)
                if step <= 4:
                    # A FEN, mutated most of the time; the position must be kept on error.
                    text, line = fen_command(rng, "position fen", fens, game, 0.15)
                    if rng.random() < 0.2:
                        extra = " moves " + " ".join(random_move_text(rng, []) for _ in range(2))
                        line = line + (extra.encode() if isinstance(line, bytes) else extra)
                    out = self.uci(line)
                    self.count("uci/%s/fen" % game)
                    rejected = any("error" in l for l in out)
                    now = self.uci_fen()
                    if rejected and now != fen:
                        self.fail("uci", game, "position lost after rejected FEN",
                                  "%r -> %r" % (fen, now))
                    if not rejected and now is None:
                        self.fail("uci", game, "'d' printed no Fen line after", repr(line))
                        self.uci("position startpos")
                        fen = self.uci_fen()
                    elif not rejected:
                        fen = now
                        # What `d` prints must read back as the same position.
                        out2 = self.uci("position fen " + fen)
                        if any("error" in l for l in out2) or self.uci_fen() != fen:
                            self.fail("uci", game, "printed FEN does not read back", repr(fen) + " " + str(out2))
                            fen = self.uci_fen()
                        legal = self.uci_legal()
                        self.count("uci/%s/fen-accepted" % game)
                        if rng.random() < 0.5:
                            p.send("go depth 2")
                            self.uci_wait_bestmove()
                            self.uci("")
                elif step <= 6:
                    # startpos or the current FEN, with legal and illegal moves.
                    moves = []
                    cur_fen = fen
                    use_start = rng.random() < 0.5
                    if use_start:
                        self.uci("position startpos")
                        cur_legal = self.uci_legal()
                    else:
                        cur_legal = legal
                    self.uci("position fen " + cur_fen) if not use_start else None
                    for _ in range(rng.randint(1, 8)):
                        if cur_legal and rng.random() < 0.8:
                            moves.append(rng.choice(cur_legal))
                            out = self.uci(("position startpos" if use_start else "position fen " + cur_fen)
                                           + " moves " + " ".join(moves))
                            if any("error" in l for l in out):
                                self.fail("uci", game, "legal move rejected", str(out))
                                break
                            cur_legal = self.uci_legal()
                        else:
                            break
                    moves.append(random_move_text(rng, cur_legal))
                    before = self.uci_fen()
                    out = self.uci(("position startpos" if use_start else "position fen " + cur_fen)
                                   + " moves " + " ".join(moves))
                    self.count("uci/%s/moves" % game)
                    now = self.uci_fen()
                    if any("error" in l for l in out):
                        if now != before:
                            self.fail("uci", game, "position lost after rejected move", "%r -> %r" % (before, now))
                    fen = now
                    legal = self.uci_legal()
                    if rng.random() < 0.3:
                        p.send("go nodes 1000")
                        self.uci_wait_bestmove()
                        self.uci("")
                elif step == 7:
                    p.send("go perft 2")
                    p.until(lambda l: l.startswith("Nodes searched"), self.args.timeout * 3)
                    self.uci("")
                    self.count("uci/%s/perft" % game)
                elif step == 8:
                    p.send(rng.choice(["go depth 3", "go nodes 1000", "go movetime 50",
                                       "go wtime 100 btime 100", "go depth 2 searchmoves " + " ".join(
                                           random_move_text(rng, legal) for _ in range(3)),
                                       "go mate 1 nodes 5000", "go depth 3 multipv",
                                       "go wtime -5 btime -5", "go wtime 0 winc 0",
                                       "go movestogo 1 wtime 30", "go depth -3", "go nodes 0",
                                       "go wtime 9223372036854775807 winc 9223372036854775807 depth 2",
                                       "go btime 9223372036854775807 binc 9223372036854775807 depth 2",
                                       "go wtime -9223372036854775808 winc -9223372036854775808",
                                       "go movetime 9223372036854775807 depth 2",
                                       "go movestogo 9223372036854775807 wtime 100",
                                       "go depth 99999999999999999999", "go nodes 9999999999999999999999 depth 2",
                                       "go mate 9223372036854775807 depth 2"]))
                    self.uci_wait_bestmove()
                    self.uci("")
                    self.count("uci/%s/go" % game)
                elif step == 9:
                    # Commands at the wrong time, and during a search.
                    seq = rng.choice([["stop"], ["ponderhit"], ["stop", "stop"],
                                      ["go infinite", "isready", "stop"],
                                      ["go ponder depth 3", "ponderhit"],
                                      ["go ponder", "stop"],
                                      ["go infinite", "position startpos", "stop"],
                                      ["go infinite", "setoption name Hash value 2", "stop"],
                                      ["go infinite", "ucinewgame", "isready"],
                                      ["go infinite", "setoption name UCI_Variant value " + game, "isready"],
                                      ["go infinite", "go depth 2"],
                                      ["go depth 5", "stop", "stop"],
                                      ["ucinewgame"], ["ponderhit", "stop", "ponderhit"]])
                    for s in seq:
                        p.send(s)
                        if s == "isready":
                            # Answered at once, also while a search runs.
                            p.until(lambda l: l == "readyok", self.args.timeout)
                    if seq[0].startswith("go") and seq[-1] not in ("stop",) and "ponderhit" not in seq[-1]:
                        p.send("stop")
                    out = self.uci("")
                    # Any search started must have ended with one bestmove (after stop).
                    self.count("uci/%s/wrong-time" % game)
                    now = self.uci_fen()
                    if now != fen:
                        if "position startpos" in seq or "ucinewgame" in seq or any("UCI_Variant" in s for s in seq):
                            fen = now
                            legal = self.uci_legal()
                        else:
                            self.fail("uci", game, "position changed by " + str(seq), "%r -> %r" % (fen, now))
                            fen = now
                    self.uci("stop")
                elif step == 10:
                    line = rng.choice([
                        "setoption name Hash value 0", "setoption name Hash value -1",
                        "setoption name Hash value 99999999999999999999",
                        "setoption name Hash value 65537", "setoption name Hash value 1",
                        "setoption name Threads value 0", "setoption name Threads value 257",
                        "setoption name Threads value 2", "setoption name Threads value 1",
                        "setoption name MultiPV value 0", "setoption name MultiPV value 300",
                        "setoption name MultiPV value 3", "setoption name MultiPV value 1",
                        "setoption name Move Overhead value -1", "setoption name Move Overhead value 5001",
                        "setoption name Foo value 3", "setoption name", "setoption",
                        "setoption name value", "setoption value 3", "setoption name Hash",
                        "setoption name UCI_Chess960 value maybe", "setoption name UCI_Variant value nosuch",
                        "setoption name UCI_Variant value", "setoption name UCI_Variant",
                        "setoption name Clear Hash", "setoption name Ponder value true",
                        "setoption name Hash value 1.5", "setoption name Hash value 0x10",
                        "setoption name MultiPV value 9223372036854775808",
                        "setoption name EvalFile value /nonexistent/x.nnue", "setoption name EvalFile value /etc/passwd",
                        "setoption name EvalFile value /dev/null", "setoption name EvalFile value",
                        "setoption name EvalFile value <built-in>", "setoption name EvalFile"])
                    out = self.uci(line)
                    self.count("uci/%s/setoption" % game)
                    now = self.uci_fen()
                    if now != fen:
                        self.fail("uci", game, "position changed by " + line, "%r -> %r" % (fen, now))
                        fen = now
                    if "MultiPV value 3" in line:
                        p.send("go depth 2")
                        self.uci_wait_bestmove()
                        self.uci("setoption name MultiPV value 1")
                elif step == 11:
                    line = rng.choice(["position", "position fen", "position foo",
                                       "position startpos moves", "position startpos foo",
                                       "position fen moves e2e4", "position startpos moves " + "e2e4 " * 300,
                                       "go", "go perft", "go perft -1", "go perft x", "go perft 65",
                                       "go depth", "go foo 3", "go wtime x depth 1",
                                       "go searchmoves", "go searchmoves zz depth 1", "d extra",
                                       "uci", "quitx", "\x00", "\u00e9",
                                       b"\xff\xfe\xfd", b"position fen \xc3", "  ", "\t"])
                    out = self.uci(line)
                    self.count("uci/%s/junk" % game)
                    if isinstance(line, str) and line.startswith("go") and "perft" not in line:
                        self.uci_wait_bestmove() if not any(l.startswith("bestmove") or "error" in l for l in out) else None
                    self.uci("stop")
                    now = self.uci_fen()
                    if isinstance(line, str) and line.startswith("position startpos") and not any(
                            "error" in l for l in out):
                        fen = now
                        legal = self.uci_legal()
                    elif now != fen:
                        self.fail("uci", game, "position changed by %r" % line, "%r -> %r" % (fen, now))
                        fen = now
                        legal = self.uci_legal()
                elif step == 12:
                    # Another variant then back: the position is reset, nothing breaks.
                    other = rng.choice(self.args.all_games)
                    self.uci("setoption name UCI_Variant value " + other)
                    self.uci("position fen " + rng.choice(load_fens(other)))
                    p.send("go perft 1")
                    p.until(lambda l: l.startswith("Nodes searched"), self.args.timeout)
                    self.uci("setoption name UCI_Variant value " + game)
                    self.uci("setoption name UCI_Chess960 value " + rng.choice(["true", "false"]))
                    self.uci("position fen " + fen)
                    now = self.uci_fen()
                    fen = now
                    legal = self.uci_legal()
                    self.count("uci/%s/switch" % game)
                elif rng.random() < 0.15:
                    # A long game from the start (history past 256 plies), then searches.
                    moves = []
                    self.uci("position startpos")
                    cur_legal = self.uci_legal()
                    for _ in range(rng.randint(100, 320)):
                        if not cur_legal:
                            break
                        moves.append(rng.choice(cur_legal))
                        out = self.uci("position startpos moves " + " ".join(moves))
                        if any("error" in l for l in out):
                            self.fail("uci", game, "legal move rejected in a long game", str(out)[:300])
                            break
                        cur_legal = self.uci_legal()
                    p.send(rng.choice(["go depth 4", "go nodes 3000", "go movetime 200"]))
                    self.uci_wait_bestmove()
                    self.uci("")
                    fen = self.uci_fen()
                    legal = self.uci_legal()
                    self.count("uci/%s/long-game" % game)
                else:
                    p.send("go perft 1")
                    p.until(lambda l: l.startswith("Nodes searched"), self.args.timeout)
                    self.uci("")
                if p.p.poll() is not None:
                    raise Dead("exit code %s" % p.p.returncode)

    # ---------------- XBoard ----------------
    def xb(self, line):
        """Sends a line, then ping; returns what came before the pong."""
        self.ping += 1
        n = self.ping
        self.proc.send(line)
        self.proc.send("ping %d" % n)
        out = self.proc.until(lambda l: l == "pong %d" % n, self.args.timeout * 3)
        if self.proc.stderr_report():
            raise Dead("sanitizer report")
        return out[:-1]

    def fuzz_xboard(self, game, rng, helper_legal):
        p = self.start("xboard", game)
        self.ping = 0
        fens = load_fens(game)
        with self.guarded("xboard", game, p):
            p.send("xboard")
            p.send("protover 2")
            p.until(lambda l: l == "feature done=1", self.args.timeout)
            # The registry name: XBoard's own names (`normal`) are accepted as aliases.
            out = self.xb("variant " + game)
            if any(l.startswith("Error") for l in out):
                self.fail("xboard", game, "variant rejected", str(out))
                return
            self.xb("force")
            self.xb("sd 2")
            # The FEN set last: the kept position (check_kept sets it again after its probe).
            cur = fens[0]
            self.xb("setboard " + cur)
            for rnd in range(self.args.rounds):
                step = rng.randrange(10)
                if step <= 3:
                    text, line = fen_command(rng, "setboard", fens, game, 0.2)
                    out = self.xb(line)
                    self.count("xboard/%s/setboard" % game)
                    rejected = any("Illegal position" in l or l.startswith("Error") for l in out)
                    if not rejected and isinstance(text, bytes):
                        try:
                            text = text.decode("ascii")
                        except UnicodeDecodeError:
                            self.fail("xboard", game, "non-ASCII FEN accepted", repr(text))
                    if not rejected and isinstance(text, str):
                        cur = text
                    elif rejected:
                        self.check_kept(game, cur, helper_legal, "setboard %r" % text[:80])
                elif step <= 5:
                    legal = helper_legal(cur)
                    mv = random_move_text(rng, legal)
                    out = self.xb(rng.choice(["usermove ", ""]) + mv)
                    self.count("xboard/%s/usermove" % game)
                    illegal = any("Illegal move" in l or l.startswith("Error") for l in out)
                    if illegal:
                        self.check_kept(game, cur, helper_legal, "usermove %r" % mv)
                    else:
                        # Accepted: start again from a known position.
                        cur = cur or rng.choice(fens)
                        self.xb("setboard " + cur)
                elif step == 6:
                    line = rng.choice([
                        "level", "level 40", "level x y z", "level -1 5 0", "level 40 -5 0",
                        "level 40 5 -1", "level 0 1e308 0", "level 0 1e300 1e300",
                        "level 99999999999999999999 5 0", "level 40 5:99999999999 0",
                        "level 40 :5 0", "level 40 5: 0", "level 0 0 0", "level 40 0:01 0",
                        "level 0 nan 0", "level 0 inf 0", "level 0 5 nan",
                        "time", "time x", "time -5", "time 9223372036854775807",
                        "time -9223372036854775808", "otim 9223372036854775807", "otim -1",
                        "time 922337203685477580", "st", "st 0", "st -1", "st x", "st 1e308",
                        "st 1e300", "st nan", "st 0.0001", "sd", "sd 0", "sd -1",
                        "sd 99999999999999999999", "sd 9223372036854775807", "memory 0",
                        "memory -1", "memory 99999999999999999999", "memory 9223372036854775807",
                        "cores 0", "cores 9223372036854775807", "cores 1", "memory 1",
                        "option", "option Foo=1", "option MultiPV=0", "option MultiPV=x",
                        "option MultiPV=3", "option MultiPV=1", "option Hash=0", "option Threads=1000",
                        "option Move Overhead=-1", "option Clear Hash", "option =", "option ==",
                        "option Hash=99999999999999999999"])
                    self.xb(line)
                    if line.startswith("memory") or line.startswith("option Hash"):
                        # A table of gigabytes is allowed, but clearing it under ASan
                        # takes minutes: back to a small one.
                        self.xb("memory 16")
                    self.count("xboard/%s/clock" % game)
                    # Bounded think from here on, whatever the clock says.
                    self.xb("sd 2")
                    self.check_kept(game, cur, helper_legal, line)
                elif step == 7:
                    # Let the engine move: it must answer, and ping must come after.
                    seq = rng.choice([["sd 2", "go"], ["sd 2", "playother"],
                                      ["level 40 0:02 0", "time 200", "otim 200", "sd 2", "go"],
                                      ["st 0.1", "sd 0", "go"], ["sd 2", "hard", "go"],
                                      ["analyze", ".", "exit"], ["analyze", "undo", "exit"],
                                      ["analyze", "setboard xx", "exit"], ["hint"], ["?"],
                                      ["result 1-0 {x}"], ["sd 2", "go", "?"],
                                      ["sd 2", "go", "force"], ["easy"], ["post", "sd 2", "go"],
                                      ["nopost"], ["new"], ["undo"], ["remove"], ["undo", "undo"],
                                      ["variant nosuch"], ["variant"], ["go"] * 2])
                    for s in seq:
                        p.send(s)
                    out = self.xb("sd 2")
                    out += self.xb("force")
                    # A move may still arrive after pong if thinking; collect it.
                    self.xb("force")
                    self.count("xboard/%s/wrong-time" % game)
                    if "new" in seq or any(s.startswith("variant") for s in seq):
                        self.xb("variant " + game)
                        cur = None
                    self.xb("force")
                    self.xb("setboard " + (cur or fens[0]))
                    if cur is None:
                        cur = fens[0]
                elif step == 8:
                    line = rng.choice(["usermove", "usermove  ", "setboard", "setboard  ",
                                       "ping", "ping x y", "protover", "protover x", "accepted foo",
                                       "rejected", "xyzzy", "\u00e9", b"\xff\xfe", "variant",
                                       "variant " + "x" * 1000, "remove", "undo",
                                       "playother", "result", "bk", "draw", ".", "exit",
                                       "a1a2b3", "e2e4 e7e5", "O-O", "0000", "@@@@"])
                    out = self.xb(line)
                    self.xb("force")
                    self.count("xboard/%s/junk" % game)
                    if line in ("O-O", "0000", "@@@@", "a1a2b3") and not any(
                            "Illegal" in l or "Error" in l for l in out):
                        # Castling or a null move may be legal here: start again.
                        self.xb("setboard " + (cur or fens[0]))
                        cur = cur or fens[0]
                    else:
                        self.check_kept(game, cur, helper_legal, repr(line))
                else:
                    self.xb("setboard " + (cur or fens[0]))
                    cur = cur or fens[0]
                if p.p.poll() is not None:
                    raise Dead("exit code %s" % p.p.returncode)

    def xboard_offers(self, game):
        """Whether the engine plays the game over XBoard: not when `variant` answers that it
        is not offered there (games whose pieces change owner, docs/xboard.md)."""
        p = Proc(self.args.helper or self.args.binary, os.devnull)
        try:
            p.send("xboard")
            p.send("protover 2")
            p.send("variant " + game)
            p.send("ping 1")
            out = p.until(lambda l: l == "pong 1", self.args.timeout)
        except (Hang, Dead):
            out = []  # the fuzzing session will tell
        finally:
            p.close()
        offered = not any("not offered" in l for l in out)
        if not offered:
            self.count("xboard/%s/not offered" % game)
        return offered

    def check_kept(self, game, cur, helper_legal, why):
        """A move legal in the kept position is still accepted (then taken back)."""
        legal = [m for m in helper_legal(cur) if "," not in m]
        if not legal:
            return
        mv = legal[0]
        self.xb("force")
        out = self.xb("usermove " + mv)
        if any("Illegal move" in l for l in out):
            # A multi-move turn or a variant whose XBoard moves differ: tell, but only once.
            self.fail("xboard", game, "position lost after " + why, "legal %s now refused: %s" % (mv, out))
            self.xb("setboard " + (cur or load_fens(game)[0]))
            return
        self.xb("setboard " + (cur or load_fens(game)[0]))

    def run(self):
        t0 = time.time()
        for game in self.args.games:
            rng = random.Random("%d-uci-%s" % (self.args.seed, game))
            if "uci" in self.args.protocols:
                self.fuzz_uci(game, rng)
            if "xboard" in self.args.protocols and self.xboard_offers(game):
                helper = Helper(self.args.helper or self.args.binary, game, self.args.timeout)
                rng = random.Random("%d-xb-%s" % (self.args.seed, game))
                self.fuzz_xboard(game, rng, helper.legal)
                helper.close()
            print("%-14s done at %5.0fs, %d failures so far" % (game, time.time() - t0, len(self.failures)),
                  flush=True)
        print("\ninputs:")
        for k in sorted(self.counts):
            print("  %-40s %d" % (k, self.counts[k]))
        print("\n%d lines sent to the engine" % Proc.lines_sent)
        print("%d failures (details in %s)" % (len(self.failures), self.args.log))
        for f in self.failures:
            print("  " + f)
        return 1 if self.failures else 0


class Helper:
    """A UCI engine that tells the legal moves of a FEN (for XBoard's kept-position check)."""

    def __init__(self, binary, game, timeout):
        self.p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True)
        self.game = game
        self.timeout = timeout
        self.cache = {}
        self.send("setoption name UCI_Variant value " + game)

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def legal(self, fen):
        if fen in self.cache:
            return self.cache[fen]
        self.send("position startpos" if fen is None else "position fen " + fen)
        self.send("go perft 1")
        moves = []
        ok = True
        while True:
            l = self.p.stdout.readline()
            if not l:
                break
            l = l.strip()
            if "error" in l:
                ok = False
            if l.startswith("Nodes searched"):
                break
            if ":" in l and not l.startswith("info"):
                moves.append(l.split(":")[0])
        self.cache[fen] = moves if ok else []
        return self.cache[fen]

    def close(self):
        self.send("quit")
        self.p.wait()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", default="build-asan/harlequin")
    ap.add_argument("--helper", help="binary for legal-move look-ups (default: --binary)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=40, help="fuzz steps per game and protocol")
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds an answer may take")
    ap.add_argument("--games", nargs="*", help="default: every game the engine advertises")
    ap.add_argument("--protocols", nargs="*", default=["uci", "xboard"])
    ap.add_argument("--log", default="/tmp/hq-fuzz/failures.log")
    ap.add_argument("--workdir", default="/tmp/hq-fuzz")
    args = ap.parse_args()
    args.all_games = advertised_games(args.helper or args.binary, args.timeout * 3)
    if not args.all_games:
        raise SystemExit("%s advertises no games (no UCI_Variant option)" % args.binary)
    args.games = args.games or args.all_games
    os.makedirs(args.workdir, exist_ok=True)
    os.makedirs(os.path.dirname(args.log), exist_ok=True)
    sys.exit(Fuzzer(args).run())


if __name__ == "__main__":
    main()
