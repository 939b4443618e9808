#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Perft speed of Harlequin against Debian's stockfish, measured back to back.

Both engines run over UCI in one session: `position startpos` then `go perft 6`
(119,060,324 nodes), timed from sending `go` to reading `Nodes searched`. Runs alternate
between the engines; the best of each is reported, with the ratio Harlequin / Stockfish.
Single-threaded, no hashing (neither engine hashes perft).

A variant against chess: `--variant control --reference-variant chess` runs Harlequin's
Control Chess perft (start position, or --fen) against Harlequin's own chess perft from
the start position, alternating the same way, so the ratio is variant / chess measured in
one session (--reference-depth sets the chess depth when it should differ):

    python3 bench/perft_speed.py --variant control --reference-variant chess --runs 5
"""
import sys
import time

from uci_engine import Uci, argument_parser


def uci_perft(cmd, depth, fen, variant):
    """Perft `depth` of `fen` (the start position when empty) in a fresh engine with one
    thread: the node count and the seconds from `go` to `Nodes searched`."""
    options = ["setoption name Threads value 1"]
    if variant:
        options.append(f"setoption name UCI_Variant value {variant}")
    engine = Uci(cmd, options)
    engine.send(f"position fen {fen}" if fen else "position startpos")
    engine.ready()
    start = time.perf_counter()
    engine.send(f"go perft {depth}")
    line = engine.wait("Nodes searched")[-1]
    elapsed = time.perf_counter() - start
    engine.quit()
    return int(line.split(":")[1]), elapsed


def main():
    ap = argument_parser(__doc__, "--stockfish", depth=6)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--fen", default="")
    ap.add_argument("--variant", default="", help="UCI_Variant for Harlequin (e.g. mschess)")
    ap.add_argument("--reference-variant", default="",
                    help="compare against Harlequin in this variant instead of Stockfish")
    ap.add_argument("--reference-depth", type=int, default=0,
                    help="perft depth of the reference run (default: --depth)")
    args = ap.parse_args()

    best = {}
    reference = ("harlequin:" + args.reference_variant) if args.reference_variant else "stockfish"
    ref_depth = args.reference_depth or args.depth
    for _ in range(args.runs):
        for name in ("harlequin", reference):
            if name == "stockfish":
                nodes, secs = uci_perft(args.stockfish, ref_depth, args.fen, "")
            elif name == "harlequin":
                nodes, secs = uci_perft(args.harlequin, args.depth, args.fen, args.variant)
            else:
                nodes, secs = uci_perft(args.harlequin, ref_depth, "", args.reference_variant)
            nps = nodes / secs
            print(f"{name:>20}: {nodes} nodes in {secs:.3f} s = {nps / 1e6:.1f} Mnps", flush=True)
            best[name] = max(best.get(name, 0), nps)
    ratio = best["harlequin"] / best[reference]
    print(f"best harlequin {best['harlequin'] / 1e6:.1f} Mnps, best {reference} "
          f"{best[reference] / 1e6:.1f} Mnps, ratio {ratio:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
