#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Labels Harlequin's self-play positions with Stockfish's static evaluation (chess only).

    label.py IN.txt OUT.txt [--engine /usr/games/stockfish] [--jobs 2]

IN is `harlequin datagen` output (`FEN | score | result`, White's view). OUT gets
`FEN | score | result | sf` lines: the same three fields and Stockfish's "Final evaluation"
in centipawns, White's view. Stockfish's `eval` command is a static evaluation, no search:
about 7000 positions a second per job. Positions Stockfish will not evaluate (in check)
are dropped and counted. docs/tuning.md (section 4) says how the trainer blends the fields.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

FINAL = re.compile(r"^Final evaluation\s+(\S+)")


def label_chunk(engine, lines):
    """Stockfish's final evaluation (cp, White's view) of each line's FEN, or None."""
    with tempfile.NamedTemporaryFile("w", suffix=".uci", delete=False) as f:
        for line in lines:
            f.write(f"position fen {line.split(' | ', 1)[0]}\neval\n")
        f.write("quit\n")
        name = f.name
    try:
        with open(name) as cmds:
            out = subprocess.run([engine], stdin=cmds, capture_output=True, text=True, check=True)
    finally:
        os.unlink(name)
    values = []
    for row in out.stdout.splitlines():
        m = FINAL.match(row)
        if m:
            try:
                values.append(round(float(m.group(1)) * 100))
            except ValueError:  # "none (in check)"
                values.append(None)
    if len(values) != len(lines):
        raise RuntimeError(f"{engine} answered {len(values)} evaluations for {len(lines)} positions")
    return values


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("input")
    ap.add_argument("output")
    ap.add_argument("--engine", default="/usr/games/stockfish")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--chunk", type=int, default=20000)
    args = ap.parse_args()

    with open(args.input) as f:
        lines = [l.rstrip("\n") for l in f if l.count(" | ") == 2]
    chunks = [lines[i:i + args.chunk] for i in range(0, len(lines), args.chunk)]
    kept = dropped = 0
    with open(args.output, "w") as out, ThreadPoolExecutor(args.jobs) as pool:
        for n, (chunk, values) in enumerate(zip(chunks, pool.map(lambda c: label_chunk(args.engine, c), chunks))):
            for line, v in zip(chunk, values):
                if v is None:
                    dropped += 1
                    continue
                out.write(f"{line} | {v}\n")
                kept += 1
            print(f"chunks {n + 1}/{len(chunks)} | labelled {kept} | dropped {dropped}", file=sys.stderr, flush=True)
    print(f"done: {kept} positions labelled, {dropped} dropped (no evaluation)", file=sys.stderr)


if __name__ == "__main__":
    main()
