#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Two-thread search stress for a ThreadSanitizer build: every report is a data race.

    python3 tests/thread_stress.py --binary build-tsan/harlequin [--searches 6]

Over UCI with `Threads 2`, it runs `go movetime 2000` searches (and one `go infinite`) in
several games and, while each search runs, sends `isready`, `setoption name Clear Hash`,
`ucinewgame`, `setoption name MultiPV`, `d` and `stop`. It checks that every `go` gets
exactly one `bestmove`, that every `isready` gets a `readyok`, and counts the sanitizer's
reports on stderr (`WARNING: ThreadSanitizer`). Exit status 0 when no report was written
and the protocol held, 1 otherwise (the reports are printed).
Standard library only.
"""

import argparse
import os
import queue
import subprocess
import sys
import threading
import time

GAMES = [
    ("chess", "startpos"),
    ("chess", "fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
    ("mschess", "startpos"),
    ("multimove", "startpos"),
    ("control", "startpos"),
    ("martian", "startpos"),
]


class Engine:
    def __init__(self, binary, errpath):
        self.err = open(errpath, "wb")
        env = dict(os.environ)
        env.setdefault("TSAN_OPTIONS", "halt_on_error=0 history_size=4")
        self.p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=self.err, env=env)
        self.q = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for raw in self.p.stdout:
            self.q.put(raw.decode("utf-8", "replace").rstrip("\r\n"))
        self.q.put(None)

    def send(self, line):
        self.p.stdin.write(line.encode() + b"\n")
        self.p.stdin.flush()

    def wait_for(self, prefix, timeout, seen=None):
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise RuntimeError(f"no '{prefix}' within {timeout} s")
            try:
                line = self.q.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                raise RuntimeError(f"the engine exited while waiting for '{prefix}'")
            if seen is not None:
                seen.append(line)
            if line.startswith(prefix):
                return line


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", default="build-tsan/harlequin")
    ap.add_argument("--searches", type=int, default=2 * len(GAMES), help="movetime searches")
    ap.add_argument("--movetime", type=int, default=2000, help="ms per search")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds an answer may take")
    ap.add_argument("--stderr", default="/tmp/hq-thread-stress.err")
    args = ap.parse_args()

    e = Engine(args.binary, args.stderr)
    failures = []
    try:
        e.send("uci")
        e.wait_for("uciok", args.timeout)
        e.send("setoption name Threads value 2")
        e.send("setoption name Hash value 8")
        e.send("isready")
        e.wait_for("readyok", args.timeout)
        steps = ["isready", "setoption name Clear Hash", "isready", "d", "isready"]
        pause = args.movetime / 1000 * 0.6 / len(steps)
        # How each search ends: by its movetime, `stop`, `ucinewgame`, or an option change
        # (each stops the search); the last search has no limit, only `stop` ends it.
        enders = [None, "stop", "ucinewgame", "setoption name MultiPV value {}"]
        multipv = 1
        for n in range(args.searches):
            variant, pos = GAMES[n % len(GAMES)]
            e.send(f"setoption name UCI_Variant value {variant}")
            e.send(f"position {pos}")
            infinite = n == args.searches - 1
            e.send("go infinite" if infinite else f"go movetime {args.movetime}")
            seen = []
            for step in steps:
                time.sleep(pause)
                e.send(step)
                if step == "isready":
                    e.wait_for("readyok", args.timeout, seen)
            ender = "stop" if infinite else enders[n % len(enders)]
            if ender and "MultiPV" in ender:
                multipv = 3 - multipv  # 1 <-> 2: a change, so the search stops
                ender = ender.format(multipv)
            if ender:
                e.send(ender)
            if not any(l.startswith("bestmove") for l in seen):
                e.wait_for("bestmove", args.timeout + args.movetime / 1000, seen)
            e.send("isready")
            e.wait_for("readyok", args.timeout, seen)
            bestmoves = sum(l.startswith("bestmove") for l in seen)
            if bestmoves != 1:
                failures.append(f"search {n} ({variant}): {bestmoves} bestmoves")
        e.send("quit")
        e.p.wait(timeout=args.timeout)
    except (RuntimeError, subprocess.TimeoutExpired, BrokenPipeError) as x:
        failures.append(str(x))
        e.p.kill()
        e.p.wait()
    e.err.close()
    with open(args.stderr, "rb") as f:
        err = f.read().decode("utf-8", "replace")
    reports = err.count("WARNING: ThreadSanitizer")
    if e.p.returncode not in (0, None) and not failures:
        # TSan exits with 66 after reports; anything else is a crash.
        if reports == 0:
            failures.append(f"exit status {e.p.returncode}")
    print(f"thread stress: {args.searches} searches, {reports} ThreadSanitizer reports")
    for f in failures:
        print("FAIL:", f)
    if reports:
        print(err[:20000])
    return 1 if reports or failures else 0


if __name__ == "__main__":
    sys.exit(main())
