#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Texel tuning of a game's evaluation weights by gradient descent (docs/tuning.md).

    python3 bench/tune/tune.py --game chess --export /tmp/chess_trace \\
        --header variants/chess/weights.h [--lambda 0.5] [--epochs 400] [--rate 1.0]

The input is what `harlequin tune-export` writes (bench/tune_export.h):
  PREFIX.weights  one line per weight: `name mg eg` (its current middlegame and endgame
                  values); the linear parameters are theta[2w] = mg, theta[2w+1] = eg.
  PREFIX.pos      one record per position: float32 result, score, scale, fixed
                  (result 1/0.5/0 and the search score in centipawns, White's view; the
                  evaluation's final factor; the untuned rest, tapered, White's view) and
                  uint32 first, count (its entries).
  PREFIX.ent      the entries: uint32 column, float32 coefficient (the taper included).
The evaluation of position i, White's view, is then
    E_i = scale_i * (sum_j X_ij theta_j + fixed_i),
exactly the game's evaluation up to integer rounding. The fit minimises the mean of
    (sigmoid(K E_i) - t_i)^2,  t_i = lambda * result_i + (1 - lambda) * sigmoid(K score_i),
with sigmoid(x) = 1 / (1 + 10^(-x/400)) and K chosen first (golden-section search) to fit
the current weights best. With --kscore the scores in the target take their own scale
(fitted to the results alone with --kscore 0): for a game whose hand-set scores are far
out of scale with its results, so that a shared K collapses (docs/log/tuning.md, Control). Gradient descent is Adam over all weights at once (full batch).
The header is written with the values rounded to integers, in the layout the game's
evaluation reads (a struct of named {mg, eg} pairs), with this command in its first line.
"""
import argparse
import math
import re
import sys
import time

import numpy as np


def read_export(prefix):
    names, init = [], []
    with open(prefix + ".weights") as f:
        for line in f:
            name, mg, eg = line.split()
            names.append(name)
            init.append((float(mg), float(eg)))
    theta = np.array(init, dtype=np.float64).reshape(-1)
    pos = np.fromfile(prefix + ".pos", dtype=np.dtype([("result", "<f4"), ("score", "<f4"),
        ("scale", "<f4"), ("fixed", "<f4"), ("first", "<u4"), ("count", "<u4")]))
    ent = np.fromfile(prefix + ".ent", dtype=np.dtype([("col", "<u4"), ("coef", "<f4")]))
    rows = np.repeat(np.arange(len(pos), dtype=np.int64), pos["count"].astype(np.int64))
    return names, theta, pos, rows, ent["col"].astype(np.int64), ent["coef"].astype(np.float64)


class Problem:
    def __init__(self, pos, rows, cols, coefs, nparams):
        self.n = len(pos)
        self.rows, self.cols, self.coefs = rows, cols, coefs
        self.scale = pos["scale"].astype(np.float64)
        self.fixed = pos["fixed"].astype(np.float64)
        self.result = pos["result"].astype(np.float64)
        self.score = pos["score"].astype(np.float64)
        self.nparams = nparams

    def evaluate(self, theta):
        lin = np.bincount(self.rows, weights=self.coefs * theta[self.cols], minlength=self.n)
        return self.scale * (lin + self.fixed)

    def gradient(self, theta, K, target):
        """Loss and its gradient with respect to theta."""
        e = self.evaluate(theta)
        p = sigmoid(K * e)
        diff = p - target
        loss = float(np.mean(diff * diff))
        # d loss / d E_i = 2 diff p (1 - p) K ln(10) / 400 / n
        dE = 2.0 * diff * p * (1 - p) * K * math.log(10) / 400 / self.n
        g_rows = dE * self.scale
        grad = np.bincount(self.cols, weights=self.coefs * g_rows[self.rows],
                           minlength=self.nparams)
        return loss, grad


def split(pos, rows, cols, coefs, every):
    """Every `every`-th position (0: none) held out for validation: (train, validation)."""
    n = len(pos)
    held = np.zeros(n, dtype=bool)
    if every > 0:
        held[::every] = True
    parts = []
    for mask in (~held, held):
        keep = mask[rows]
        newindex = np.cumsum(mask) - 1
        parts.append((pos[mask], newindex[rows[keep]], cols[keep], coefs[keep]))
    return parts


def loss_of(prob, theta, K, lam, ks=None):
    if prob.n == 0:
        return float("nan")
    t = lam * prob.result + (1 - lam) * sigmoid((ks or K) * prob.score)
    return float(np.mean((sigmoid(K * prob.evaluate(theta)) - t) ** 2))


def sigmoid(x):
    return 1.0 / (1.0 + np.power(10.0, -np.clip(x, -4000, 4000) / 400.0))


def fit_k(prob, theta, lam, ks=None):
    e = prob.evaluate(theta)

    def loss(K):
        t = lam * prob.result + (1 - lam) * sigmoid((ks or K) * prob.score)
        return float(np.mean((sigmoid(K * e) - t) ** 2))

    return golden(loss)


def fit_kscore(prob):
    """The scale at which the search scores alone best predict the results."""
    return golden(lambda K: float(np.mean((sigmoid(K * prob.score) - prob.result) ** 2)))


def golden(loss):
    lo, hi = 0.05, 4.0
    g = (math.sqrt(5) - 1) / 2
    a, b = hi - g * (hi - lo), lo + g * (hi - lo)
    fa, fb = loss(a), loss(b)
    for _ in range(40):
        if fa < fb:
            hi, b, fb = b, a, fa
            a = hi - g * (hi - lo)
            fa = loss(a)
        else:
            lo, a, fa = a, b, fb
            b = lo + g * (hi - lo)
            fb = loss(b)
    K = (lo + hi) / 2
    return K, loss(K)


def adam(prob, theta, target, K, epochs, rate, frozen, log=print):
    m = np.zeros_like(theta)
    v = np.zeros_like(theta)
    b1, b2, eps = 0.9, 0.999, 1e-8
    start = time.time()
    loss = None
    for t in range(1, epochs + 1):
        loss, g = prob.gradient(theta, K, target)
        g[frozen] = 0
        m = b1 * m + (1 - b1) * g
        v = b2 * v + (1 - b2) * g * g
        mhat = m / (1 - b1 ** t)
        vhat = v / (1 - b2 ** t)
        theta = theta - rate * mhat / (np.sqrt(vhat) + eps)
        if t == 1 or t % 25 == 0 or t == epochs:
            log(f"epoch {t:4d}  loss {loss:.7f}  {time.time() - start:6.1f} s")
    return theta, loss


NAME = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)((?:\[\d+\])*)$")


def groups_of(names):
    """[(group, dims, [flat indices in order])] in order of first appearance."""
    order, members = [], {}
    for i, name in enumerate(names):
        mt = NAME.match(name)
        if not mt:
            raise ValueError(f"bad weight name {name}")
        base, idx = mt.group(1), [int(x) for x in re.findall(r"\d+", mt.group(2))]
        if base not in members:
            order.append(base)
            members[base] = []
        members[base].append((idx, i))
    out = []
    for base in order:
        idxs = [ix for ix, _ in members[base]]
        dims = [max(ix[d] for ix in idxs) + 1 for d in range(len(idxs[0]))]
        if math.prod(dims) != len(idxs):
            raise ValueError(f"weight group {base}: not a full array")
        out.append((base, dims, [i for _, i in members[base]]))
    return out


def command_comment(command, width=100):
    """`// Generated by: COMMAND`, wrapped onto indented comment lines (no trailing
    backslash: in C++ that would splice the next line into the comment)."""
    out, line = ["// SPDX-License-Identifier: GPL-3.0-or-later"], "// Generated by:"
    for word in command.split():
        if len(line) + 1 + len(word) > width:
            out.append(line)
            line = "//    "
        line += " " + word
    return out + [line]


def header_text(game, names, values, command, comment, scalar=False, head=None):
    """The generated weights header: a struct of named {mg, eg} pairs (or, for a game
    without a taper, of plain ints: the middlegame values) and its values. `head`, when
    given, replaces the leading comment (the producing command and the fit's figures): a
    header rewritten with its own numbers keeps the record of how they were made."""
    ns = f"hq::{game}::weights"
    kind = ("Values are plain centipawn-like numbers (the game has no taper)" if scalar
            else "Values are {middlegame, endgame} pairs, White's view")
    if head is None:
        head = command_comment(command) + [
            "// Do not edit by hand: change the evaluation's terms in evaluate.cpp, rerun the",
            f"// tuner (docs/tuning.md). {kind}.",
        ] + [f"// {c}" for c in comment]
    lines = list(head)
    lines += ["#pragma once", "", '#include "engine/eval_trace.h"', "",
              "// The layout below is generated: clang-format leaves it as written.", "// clang-format off", "", f"namespace {ns} {{", ""]
    if not scalar:
        lines += ["using Pair = WeightPair;", ""]
    groups = groups_of(names)
    kind_name = "int" if scalar else "Pair"

    def packed(items, indent, width=96):
        """Items joined on as few lines as fit the width."""
        out, line = [], indent
        for item in items:
            if len(line) + len(item) + 1 > width and line.strip():
                out.append(line.rstrip())
                line = indent
            line += item + " "
        if line.strip():
            out.append(line.rstrip())
        return out

    lines += ["// Every tunable weight, in the order `harlequin tune-export` lists them.",
              "struct Weights {"]
    lines += packed([f"{kind_name} {base}{''.join(f'[{d}]' for d in dims)};"
                     for base, dims, _ in groups], "    ")
    lines += ["};", "",
              "// The layout of Weights, for the trace's weight names (engine/eval_trace.h).",
              "inline constexpr WeightGroup Layout[] = {"]

    def rows_cols(dims):
        if not dims:
            return 1, 1
        if len(dims) == 1:
            return dims[0], 1
        return dims[0], dims[1]

    lines += packed([f'{{"{base}", {rows_cols(dims)[0]}, {rows_cols(dims)[1]}}},'
                     for base, dims, _ in groups], "    ")
    lines += ["};", "", "inline constexpr Weights Tuned = {"]

    def pair(i):
        if scalar:
            return f"{int(round(values[2 * i]))}"
        return f"{{{int(round(values[2 * i]))}, {int(round(values[2 * i + 1]))}}}"

    for base, dims, idx in groups:
        if not dims:
            lines.append(f"    .{base} = {pair(idx[0])},")
            continue

        def nest(d, offset, indent):
            size = math.prod(dims[d + 1:])
            if d == len(dims) - 1:
                items = [pair(idx[offset + k]) for k in range(dims[d])]
                rows = [", ".join(items[k:k + 8]) for k in range(0, len(items), 8)]
                if len(rows) == 1:
                    return ["{" + rows[0] + "}"]
                return ["{"] + [indent + "    " + r + "," for r in rows] + [indent + "}"]
            out = ["{"]
            for k in range(dims[d]):
                sub = nest(d + 1, offset + k * size, indent + "    ")
                sub[0] = indent + "    " + sub[0]
                sub[-1] += ","
                out += sub
            out.append(indent + "}")
            return out

        body = nest(0, 0, "    ")
        body[0] = f"    .{base} = " + body[0]
        body[-1] += ","
        lines += body
    lines += ["};", "", f"}} // namespace {ns}", "", "// clang-format on", ""]
    return "\n".join(lines)


def rewrite(game, export, header, scalar):
    """Rewrites HEADER in today's layout with the values it holds (read back through
    `harlequin tune-export`'s PREFIX.weights) and its own leading comment."""
    names, theta = [], []
    with open(export + ".weights") as f:
        for line in f:
            name, mg, eg = line.split()
            names.append(name)
            theta += [float(mg), float(eg)]
    head = []
    with open(header) as f:
        for line in f:
            if not line.startswith("//"):
                break
            head.append(line.rstrip("\n"))
    with open(header, "w") as f:
        f.write(header_text(game, names, theta, "", [], scalar, head=head))


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", required=True, help="the namespace of the game (chess, ...)")
    ap.add_argument("--export", required=True, help="PREFIX of the tune-export files")
    ap.add_argument("--header", required=True, help="the weights header to write")
    ap.add_argument("--lambda", dest="lam", type=float, default=0.5,
                    help="weight of the game result in the target (the rest: the score)")
    ap.add_argument("--epochs", type=int, default=400)
    ap.add_argument("--rate", type=float, default=1.0, help="Adam step, in centipawns")
    ap.add_argument("--freeze", default="",
                    help="comma-separated weight groups or rows kept as they are (Psq, Psq[13])")
    ap.add_argument("--k", type=float, default=0, help="the sigmoid's scale (0: fit it)")
    ap.add_argument("--kscore", type=float, default=-1,
                    help="the scale of the search scores in the target (-1: K; 0: fit it to "
                         "the results alone, for a game whose scores are out of scale)")
    ap.add_argument("--scalar", action="store_true",
                    help="the game has no taper: write plain ints (the middlegame values)")
    ap.add_argument("--holdout", type=int, default=20,
                    help="every Nth position is held out to measure the fit (0: none)")
    ap.add_argument("--rewrite", action="store_true",
                    help="only rewrite --header in the current layout with the values of --export")
    args = ap.parse_args(argv[1:])
    if args.rewrite:
        rewrite(args.game, args.export, args.header, args.scalar)
        return

    t0 = time.time()
    names, theta, pos, rows, cols, coefs = read_export(args.export)
    print(f"{len(pos)} positions, {len(cols)} entries, {len(names)} weights "
          f"({len(theta)} parameters), read in {time.time() - t0:.1f} s")
    (tp, tr, tc, tk), (vp, vr, vc, vk) = split(pos, rows, cols, coefs, args.holdout)
    prob = Problem(tp, tr, tc, tk, len(theta))
    valid = Problem(vp, vr, vc, vk, len(theta))
    theta0 = theta.copy()
    frozen = np.zeros(len(theta), dtype=bool)
    freeze = set(filter(None, args.freeze.split(",")))
    for i, name in enumerate(names):
        if any(name == f or name.startswith(f + "[") for f in freeze):
            frozen[2 * i:2 * i + 2] = True
    ks = None
    if args.kscore == 0:
        ks, l0 = fit_kscore(prob)
        print(f"K of the scores = {ks:.4f} (their loss against the results alone {l0:.7f})")
    elif args.kscore > 0:
        ks = args.kscore
    if args.k > 0:
        K = args.k
    else:
        K, l0 = fit_k(prob, theta, args.lam, ks)
        print(f"K = {K:.4f} (loss {l0:.7f} with the current weights)")
    target = args.lam * prob.result + (1 - args.lam) * sigmoid((ks or K) * prob.score)
    theta, loss = adam(prob, theta, target, K, args.epochs, args.rate, frozen)
    v0, v1 = loss_of(valid, theta0, K, args.lam, ks), loss_of(valid, theta, K, args.lam, ks)
    print(f"held-out positions ({valid.n}): loss {v0:.7f} before, {v1:.7f} after")
    command = "python3 bench/tune/tune.py " + " ".join(argv[1:])
    kscore = f", K of the scores {ks:.4f}" if ks else ""
    comment = [f"{prob.n} positions fitted, K {K:.4f}{kscore}, lambda {args.lam}, {args.epochs} epochs,",
               f"loss {loss:.7f}; {valid.n} held-out positions: loss {v0:.7f} before, {v1:.7f} after"]
    with open(args.header, "w") as f:
        f.write(header_text(args.game, names, theta, command, comment, args.scalar))
    print(f"wrote {args.header} in {time.time() - t0:.1f} s")


if __name__ == "__main__":
    main(sys.argv)
