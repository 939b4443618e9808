# SPDX-License-Identifier: GPL-3.0-or-later
"""Ms. Chess start positions with material odds for the man (bench/openings/README.md).

The woman's army is so much stronger that games from the real start are all hers, which
measures nothing. Here she gives up her queen, one rook (a or h) and three pawns (every
choice of three of the eight): 112 starts, printed one FEN a line, for
`harlequin openings -starts`, which then plays random plies and keeps the positions that
Harlequin's own search scores near zero.

With `rooks` she keeps her queen and gives up both rooks, one minor piece (b, c, f or g
file) and two pawns (every choice of two): 112 starts again, the tuning data's second
kind (docs/log/tuning.md, Ms. Chess), so that her queen's weights see positions too.

    python3 bench/openings/mschess_odds_starts.py w   # the woman plays White (mschess)
    python3 bench/openings/mschess_odds_starts.py b   # the woman plays Black (mschess-black)
    python3 bench/openings/mschess_odds_starts.py w rooks
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


def odds():
    """(back-rank files, pawn files) she gives up: queen, a or h rook, three pawns."""
    for rook in (0, 7):
        for trio in itertools.combinations(range(8), 3):
            yield (3, rook), trio


def rook_odds():
    """Both rooks, one minor piece and two pawns: she keeps her queen."""
    for minor in (1, 2, 5, 6):
        for pair in itertools.combinations(range(8), 2):
            yield (0, 7, minor), pair


def starts(woman, kind="queen"):
    for gone, lost in (odds() if kind == "queen" else rook_odds()):
        back = ["." if i in gone else c for i, c in enumerate("RNBQKBNR")]
        pawns = ["." if i in lost else "P" for i in range(8)]
        if woman == "w":
            yield (f"rnbqkbnr/pppppppp/8/8/8/8/{compress(pawns)}/{compress(back)}"
                   " w kq - 0 1 w")
        else:
            low = lambda sq: [c.lower() for c in sq]
            yield (f"{compress(low(back))}/{compress(low(pawns))}/8/8/8/8/PPPPPPPP/RNBQKBNR"
                   " w KQ - 0 1 b")


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3) or sys.argv[1] not in ("w", "b") \
            or sys.argv[2:] not in ([], ["queen"], ["rooks"]):
        sys.exit("usage: mschess_odds_starts.py w|b [queen|rooks]")
    for fen in starts(sys.argv[1], *sys.argv[2:]):
        print(fen)
