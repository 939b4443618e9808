#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Fits a game's win/draw/loss model to Harlequin's own games, and checks it.

The model (engine/wdl.h) gives the chance that the side a score favours wins as
sigmoid((score - a) / b), and the chance that it loses as sigmoid((-score - a) / b); a and b
are quadratics in the share of the start position's pieces still on the board (x, 0 to
1), as Stockfish's model is in the game's ply. The rest is the draw.
With --white-edge the score is first moved by a fitted number of centipawns in White's
favour (White's edge; negative: Black's), for games whose outcome leans to one colour at
any score: the first move's edge in Multiple Move Chess, the odds in Ms. Chess.
With --zero-draw the positions scored exactly 0 are left out of the curve's fit and get the
share of them drawn in the fitted games instead (the rest won and lost alike), for games
whose search scores exactly 0 mostly where it has found a draw: in Ms. Chess 30% of the
positions scored -50 to 50 score exactly 0, and 80% of those are drawn, against 29% of the
rest of that band.

Input: the text positions `harlequin datagen -convert GAMES -noisy keep` writes
(`FEN | score | result`, White's score and result) from the games of the data store
(bench/data_store.py), in two halves: one fits, the other (other games) checks; the check
prints, for each score band, the outcome frequencies the model predicts against those the
games had (docs/wdl.md has the tables). bench/wdl/fit_game.sh makes the halves and runs
this:

    bench/wdl/fit_game.sh chess ~/.local/share/harlequin/data/games/chess/*.games*

Needs numpy and PyTorch (Debian's python3-numpy, python3-torch).
"""

import argparse
import sys

import numpy as np
import torch

# Score bands of the check, in the game's centipawns (White's view; both signs).
BANDS = [-100000, -600, -300, -150, -50, 50, 150, 300, 600, 100000]


def read_positions(path, start_pieces):
    """(score, x, result) arrays of a datagen text file."""
    scores, xs, results = [], [], []
    with open(path, encoding="utf-8") as f:
        for line in f:
            parts = [p.strip() for p in line.split("|")]
            if len(parts) != 3:
                continue
            fen, score, result = parts
            pieces = sum(c.isalpha() for c in fen.split()[0])
            scores.append(float(score))
            xs.append(min(pieces / start_pieces, 1.0))
            results.append(float(result))
    return np.array(scores), np.array(xs), np.array(results)


def model(params, v, x):
    """(win, draw, loss) chances for White at White's score v and piece share x."""
    if len(params) > 6:
        v = v + params[6]  # White's edge
    a = params[0] + params[1] * x + params[2] * x * x
    b = torch.clamp(params[3] + params[4] * x + params[5] * x * x, min=1.0)
    win = torch.sigmoid((v - a) / b)
    loss = torch.sigmoid((-v - a) / b)
    draw = torch.clamp(1.0 - win - loss, min=1e-6)
    return win, draw, loss


def fit(v, x, r, scale, white_edge):
    v, x, r = (torch.tensor(t, dtype=torch.float64) for t in (v, x, r))
    start = [scale, 0.0, 0.0, scale / 2, 0.0, 0.0] + ([0.0] if white_edge else [])
    params = torch.tensor(start, dtype=torch.float64, requires_grad=True)
    opt = torch.optim.LBFGS([params], max_iter=500, line_search_fn="strong_wolfe")
    won, drawn, lost = (r == 1.0).double(), (r == 0.5).double(), (r == 0.0).double()

    def closure():
        opt.zero_grad()
        w, d, l = model(params, v, x)
        nll = -(won * torch.log(w + 1e-9) + drawn * torch.log(d) + lost * torch.log(l + 1e-9)).mean()
        nll.backward()
        return nll

    opt.step(closure)
    return params.detach()


def check(params, v, x, r, zero_draw=None):
    """Per band: positions, predicted and observed W/D/L (per cent), the largest gap. With
    `zero_draw` (a share), positions scored exactly 0 are predicted by it instead."""
    with torch.no_grad():
        w, d, l = (t.numpy().copy() for t in model(params, torch.tensor(v), torch.tensor(x)))
    if zero_draw is not None:
        zero = v == 0
        w[zero], d[zero], l[zero] = (1 - zero_draw) / 2, zero_draw, (1 - zero_draw) / 2
    rows = []
    for lo, hi in zip(BANDS, BANDS[1:]):
        sel = (v >= lo) & (v < hi)
        n = int(sel.sum())
        if n < 50:
            continue
        pred = [100 * w[sel].mean(), 100 * d[sel].mean(), 100 * l[sel].mean()]
        seen = [100 * (r[sel] == 1.0).mean(), 100 * (r[sel] == 0.5).mean(),
                100 * (r[sel] == 0.0).mean()]
        rows.append((lo, hi, n, pred, seen, max(abs(p - s) for p, s in zip(pred, seen))))
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n\n", 1)[1])
    ap.add_argument("--game", required=True)
    ap.add_argument("--fit", required=True, help="datagen -convert text: the games fitted")
    ap.add_argument("--check", required=True, help="the same of other games: the check")
    ap.add_argument("--games", type=int, default=0, help="the games of both (for the header)")
    ap.add_argument("--start-pieces", type=int, required=True,
                    help="pieces on the board at the start (chess 32)")
    ap.add_argument("--scale", type=float, default=200.0,
                    help="the starting guess of a (centipawns of an even-looking edge)")
    ap.add_argument("--white-edge", action="store_true",
                    help="also fit White's edge, a score shift in White's favour")
    ap.add_argument("--zero-draw", action="store_true",
                    help="positions scored exactly 0 get their own drawn share, not the curve")
    ap.add_argument("--header", help="write the model as this C++ header")
    args = ap.parse_args()

    v, x, r = read_positions(args.fit, args.start_pieces)
    cv, cx, cr = read_positions(args.check, args.start_pieces)
    if len(v) < 1000 or len(cv) < 1000:
        print(f"error: {len(v)} and {len(cv)} positions: too few to fit and check",
              file=sys.stderr)
        return 1
    zero_draw = None
    if args.zero_draw:
        zero = v == 0
        zero_draw = round(float((r[zero] == 0.5).mean()), 3)
        v, x, r = v[~zero], x[~zero], r[~zero]
    params = fit(v, x, r, args.scale, args.white_edge)
    rows = check(params, cv, cx, cr, zero_draw)
    games = args.games or "?"
    print(f"{args.game}: fitted on {len(v)} positions, checked on {len(cv)} of other games "
          f"({games} games in all)")
    print(f"a = {params[0]:.1f} + {params[1]:.1f} x + {params[2]:.1f} x^2; "
          f"b = {params[3]:.1f} + {params[4]:.1f} x + {params[5]:.1f} x^2"
          + (f"; White's edge {params[6]:.1f}" if args.white_edge else "")
          + (f"; drawn at a score of 0: {1000 * zero_draw:.0f} per mille" if zero_draw is not None else ""))
    print("| score band | positions | predicted W/D/L % | observed W/D/L % | largest gap |")
    print("|---|---|---|---|---|")
    for lo, hi, n, pred, seen, gap in rows:
        band = f"{'' if lo > -100000 else '< '}{lo if lo > -100000 else hi}" \
            if lo <= -100000 else (f">= {lo}" if hi >= 100000 else f"{lo} to {hi}")
        print(f"| {band} | {n} | {pred[0]:.1f} / {pred[1]:.1f} / {pred[2]:.1f} | "
              f"{seen[0]:.1f} / {seen[1]:.1f} / {seen[2]:.1f} | {gap:.1f} |")
    worst = max(row[5] for row in rows)
    print(f"largest gap: {worst:.1f} points")
    if args.header:
        edge = f", {params[6]:.2f}" if args.white_edge else ""
        zero_line = ""
        if zero_draw is not None:
            edge = (edge or ", 0.0") + f", {round(1000 * zero_draw)}"
            zero_line = (f"\n// A score of exactly 0 (left out of the curve's fit): "
                         f"{round(1000 * zero_draw)} per mille drawn.")
        with open(args.header, "w", encoding="utf-8") as f:
            f.write(f"""// SPDX-License-Identifier: GPL-3.0-or-later
// {args.game}'s win/draw/loss model (engine/wdl.h), fitted by bench/wdl/fit_game.sh to
// half of {games} of Harlequin's own games ({len(v)} positions) and checked on the other
// half (docs/wdl.md). x is the share of the {args.start_pieces} pieces of the start
// position still on the board.{zero_line}
#pragma once

#include "engine/wdl.h"

namespace hq::{args.game.replace('-', '_')} {{

inline constexpr WdlModel WdlFit {{{{{params[0]:.2f}, {params[1]:.2f}, {params[2]:.2f}}},
    {{{params[3]:.2f}, {params[4]:.2f}, {params[5]:.2f}}}, {args.start_pieces}{edge}}};

}} // namespace hq::{args.game.replace('-', '_')}
""")
        print(f"wrote {args.header}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
