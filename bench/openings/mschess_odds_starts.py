# SPDX-License-Identifier: GPL-3.0-or-later
"""Ms. Chess start positions with material odds for the man (bench/openings/README.md).

The woman's army is so much stronger that games from the real start are all hers, which
measures nothing. Here she gives up her queen, one rook (a or h) and three pawns (every
choice of three of the eight): 112 starts, printed one FEN a line, for
`harlequin openings -starts`, which then plays random plies and keeps the positions that
Harlequin's own search scores near zero.

    python3 bench/openings/mschess_odds_starts.py w   # the woman plays White (mschess)
    python3 bench/openings/mschess_odds_starts.py b   # the woman plays Black (mschess-black)
"""
import itertools
import sys


def compress(squares):
    """A FEN rank from eight characters, '.' for an empty square."""
    out, empty = "", 0
    for c in squares:
        if c == ".":
            empty += 1
            continue
        if empty:
            out += str(empty)
            empty = 0
        out += c
    return out + (str(empty) if empty else "")


def starts(woman):
    for rook in (0, 7):
        for trio in itertools.combinations(range(8), 3):
            back = ["." if i in (3, rook) else c for i, c in enumerate("RNBQKBNR")]
            pawns = ["." if i in trio else "P" for i in range(8)]
            if woman == "w":
                yield (f"rnbqkbnr/pppppppp/8/8/8/8/{compress(pawns)}/{compress(back)}"
                       " w kq - 0 1 w")
            else:
                low = lambda sq: [c.lower() for c in sq]
                yield (f"{compress(low(back))}/{compress(low(pawns))}/8/8/8/8/PPPPPPPP/RNBQKBNR"
                       " w KQ - 0 1 b")


if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1] not in ("w", "b"):
        sys.exit("usage: mschess_odds_starts.py w|b")
    for fen in starts(sys.argv[1]):
        print(fen)
