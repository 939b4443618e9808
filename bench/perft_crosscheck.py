#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Cross-checks Harlequin's perft against an independent engine on positions that are in
no reference file ("held-back" positions), over UCI (`position fen` + `go perft N`).

Positions come from seeded random walks from the start position (or from random Chess960
start positions with --chess960), using Harlequin's own legal-move lists to walk; each
position's perft is then compared with Debian's stockfish (or fairy-stockfish with
--reference-variant, for games that engine knows). Prints one line per position and a
summary; exits 1 on any mismatch.
"""
import argparse
import random
import shutil
import subprocess
import sys


class Uci:
    def __init__(self, cmd, options=()):
        self.p = subprocess.Popen([cmd], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        for o in options:
            self.send(o)
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        lines = []
        for line in self.p.stdout:
            lines.append(line.rstrip("\n"))
            if line.startswith(prefix):
                return lines
        raise RuntimeError("engine closed its output")

    def perft(self, fen, depth):
        self.send(f"position fen {fen}")
        self.send(f"go perft {depth}")
        lines = self.wait("Nodes searched")
        moves = [l.split(":")[0] for l in lines if ":" in l and not l.startswith("Nodes")
                 and not l.startswith("info")]
        return int(lines[-1].split(":")[1]), moves

    def fen(self):
        self.send("d")
        for line in self.wait("Fen:"):
            if line.startswith("Fen:"):
                return line[5:].strip()

    def quit(self):
        self.send("quit")
        self.p.wait(timeout=10)


def chess960_start(rng):
    squares = [None] * 8
    squares[rng.randrange(0, 8, 2)] = "B"
    squares[rng.randrange(1, 8, 2)] = "B"
    free = [i for i in range(8) if squares[i] is None]
    for piece in ("Q", "N", "N"):
        squares[free.pop(rng.randrange(len(free)))] = piece
    for i, piece in zip(free, ("R", "K", "R")):
        squares[i] = piece
    back = "".join(squares)
    files = "ABCDEFGH"
    rights = files[back.rindex("R")] + files[back.index("R")]
    return f"{back.lower()}/pppppppp/8/8/8/8/PPPPPPPP/{back} w {rights}{rights.lower()} - 0 1"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--harlequin", default="./build/harlequin")
    ap.add_argument("--reference", default=shutil.which("stockfish") or "/usr/games/stockfish")
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--depth", type=int, default=4)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--chess960", action="store_true")
    args = ap.parse_args()

    rng = random.Random(args.seed)
    variant = "chess960" if args.chess960 else "chess"
    hq = Uci(args.harlequin, [f"setoption name UCI_Variant value {variant}"])
    ref = Uci(args.reference, ["setoption name UCI_Chess960 value true"] if args.chess960 else [])
    mismatches = 0
    for i in range(args.positions):
        fen = chess960_start(rng) if args.chess960 else \
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        for _ in range(rng.randrange(4, 60)):
            _, moves = hq.perft(fen, 1)
            if not moves:
                break
            hq.send(f"position fen {fen} moves {rng.choice(moves)}")
            fen = hq.fen()
        ours, _ = hq.perft(fen, args.depth)
        theirs, _ = ref.perft(fen, args.depth)
        status = "ok" if ours == theirs else "MISMATCH"
        mismatches += ours != theirs
        print(f"{status:8} perft {args.depth} = {ours:10} (reference {theirs:10})  {fen}",
              flush=True)
    hq.quit()
    ref.quit()
    print(f"{args.positions - mismatches} of {args.positions} positions agree")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
