#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The opening files (bench/openings/*.epd) as the testers' tools read them.

cutechess-cli, fastchess and OpenBench take every line of an EPD file as a position: a
`#` comment line is an invalid FEN to them ("Invalid FEN string: # 100 openings for"),
and a blank line likewise. So each file must hold one position a line and nothing else;
for chess and Chess960 (chess*.epd) each line must be a six-field FEN of the standard
grammar, which those tools parse. (That Harlequin accepts every line in its game is
tests/test_perft.cpp's "every openings file loads in the game its name starts with".)

usage: openings_files.py [--dir bench/openings]"""

import argparse
import os
import re
import sys

RANK = re.compile(r"^[PNBRQKpnbrqk1-8]+$")
CASTLING = re.compile(r"^(-|[KQkqA-Ha-h]{1,4})$")
EP = re.compile(r"^(-|[a-h][36])$")


def chess_fen_problem(line):
    """Why `line` is not a FEN as the chess tools parse it, or None."""
    fields = line.split(" ")
    if len(fields) != 6:
        return f"{len(fields)} space-separated fields, not 6"
    board, side, castling, ep, half, full = fields
    ranks = board.split("/")
    if len(ranks) != 8:
        return f"{len(ranks)} ranks"
    for r in ranks:
        if not RANK.match(r) or sum(int(c) if c.isdigit() else 1 for c in r) != 8:
            return f"rank '{r}' is not 8 squares"
    if board.count("K") != 1 or board.count("k") != 1:
        return "not one king each"
    if side not in ("w", "b"):
        return f"side to move '{side}'"
    if not CASTLING.match(castling):
        return f"castling field '{castling}'"
    if not EP.match(ep):
        return f"en passant field '{ep}'"
    if not half.isdigit() or not full.isdigit() or int(full) < 1:
        return f"move counters '{half} {full}'"
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dir", default=os.path.join(os.path.dirname(__file__), "..", "bench", "openings"))
    args = ap.parse_args()
    failures = []
    files = sorted(f for f in os.listdir(args.dir) if f.endswith(".epd"))
    if not files:
        failures.append(f"no .epd file in {args.dir}")
    for name in files:
        with open(os.path.join(args.dir, name), encoding="utf-8", newline="") as f:
            text = f.read()
        if "\r" in text:
            failures.append(f"{name}: carriage returns")
        if not text.endswith("\n"):
            failures.append(f"{name}: no newline after the last line")
        lines = text.split("\n")[:-1]
        for i, line in enumerate(lines, 1):
            if not line.strip():
                failures.append(f"{name}:{i}: blank line")
            elif line.lstrip().startswith("#"):
                failures.append(f"{name}:{i}: comment line '{line[:40]}'")
            elif line != line.strip() or "  " in line:
                failures.append(f"{name}:{i}: stray spaces")
            elif name.startswith("chess"):
                why = chess_fen_problem(line)
                if why:
                    failures.append(f"{name}:{i}: not a FEN the chess tools read: {why}")
        print(f"{name}: {len(lines)} lines")
    for f in failures:
        print("FAIL:", f)
    print(f"{len(files)} files, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
