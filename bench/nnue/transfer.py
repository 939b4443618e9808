#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes a starting network for a chess-like game from the chess network: the rows of
chess's 768 features copied to the game's features that mean the same piece on the same
square, every other row zero, the hidden and output layers as they are. train.py --init
then refines it on the game's own data (docs/log/tuning.md, the networks of the other games).

    transfer.py --game multimove|mschess --from variants/chess/nnue/default.nnue --out FILE

multimove: features 0-767 are chess's; the 72 turn inputs (moves left, moves a turn,
the turn's dynamics: variants/multimove/nnue.h) start at zero. mschess: a piece of the
ordinary army and of the enhanced one both start as chess's piece of that type
(((own ? 0 : 12) + enhanced * 6 + type) * 64 + square).
"""
import argparse
import os
import struct
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import reference  # noqa: E402  (the engine's HQNN reader)

INPUTS = {"multimove": 768 + 18 + 54, "mschess": 24 * 64}


def rows_for(game):
    """For each of the game's inputs, the chess row it starts from (or -1: zero)."""
    src = np.full(INPUTS[game], -1, dtype=np.int64)
    if game == "multimove":
        src[:768] = np.arange(768)
    else:  # mschess
        for f in range(INPUTS[game]):
            group, sq = f // 64, f % 64
            their, pt = group // 12, group % 6
            src[f] = (their * 6 + pt) * 64 + sq
    return src


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", required=True, choices=sorted(INPUTS))
    ap.add_argument("--from", dest="src", required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    net = reference.read_net(args.src)
    if net.buckets != 1:
        sys.exit(f"{args.src}: {net.buckets} output buckets; transfer.py pads one-output networks")
    src = rows_for(args.game)
    w1 = np.where(src[:, None] >= 0, net.w1[np.maximum(src, 0)], 0)
    with open(args.out, "wb") as f:
        f.write(b"HQNN" + struct.pack("<III", 1, len(src), net.hidden))
        for a in (w1.reshape(-1), net.b1, net.w2[0]):
            f.write(a.astype("<i2").tobytes())
        f.write(struct.pack("<i", int(net.b2[0])))
    print(f"{args.out}: {args.game}, {len(src)} inputs, hidden {net.hidden}", file=sys.stderr)


if __name__ == "__main__":
    main()
