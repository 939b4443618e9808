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
import random
import sys

from uci_engine import Uci, argument_parser


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
    ap = argument_parser(__doc__, "--reference", depth=4)
    ap.add_argument("--positions", type=int, default=20)
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
