#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes random Chess960 start positions as Shredder FEN, one a line.

Positions come from Scharnagl's numbering (0..959; 518 is the standard position):
the number's digits in bases 4, 4, 6 and 10 place the light-squared bishop, the
dark-squared bishop, the queen and the knights; the king goes between the rooks on the
three files left. The castling field names the rooks' files (Shredder FEN), e.g. HAha.

    python3 chess960_starts.py COUNT SEED > starts.fen

The match runner's `harlequin openings -variant chess960 -starts starts.fen -plies 0`
then checks every position with the rules library and writes it as the referee does.
"""
import random
import sys

KNIGHTS = [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)]


def back_rank(n):
    rank = [None] * 8
    n, light = divmod(n, 4)
    rank[2 * light + 1] = "B"  # b, d, f, h files: light squares on rank 1
    n, dark = divmod(n, 4)
    rank[2 * dark] = "B"  # a, c, e, g files
    n, queen = divmod(n, 6)
    free = [i for i in range(8) if rank[i] is None]
    rank[free[queen]] = "Q"
    free = [i for i in range(8) if rank[i] is None]
    for k in KNIGHTS[n]:
        rank[free[k]] = "N"
    free = [i for i in range(8) if rank[i] is None]
    for i, piece in zip(free, "RKR"):
        rank[i] = piece
    return "".join(rank)


def shredder_fen(n):
    rank = back_rank(n)
    rooks = [i for i, p in enumerate(rank) if p == "R"]
    files = "".join("abcdefgh"[i] for i in reversed(rooks))  # king side first
    return f"{rank.lower()}/pppppppp/8/8/8/8/PPPPPPPP/{rank} w {files.upper()}{files} - 0 1"


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    assert back_rank(518) == "RNBQKBNR"
    numbers = random.Random(seed).sample(range(960), count)
    for n in numbers:
        print(shredder_fen(n))


if __name__ == "__main__":
    main()
