#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""SPSA tuning of the search's numbers by `harlequin match` game pairs.

Simultaneous perturbation stochastic approximation as Fishtest and OpenBench run it: each
step draws a random sign per number, plays game pairs between the values pushed that way
and the values pushed the other way (c_k apart), and moves every number along its sign by
the pairs' result (wins minus losses of the first side) times a_k / c_k. The schedules are
Fishtest's: c_k = c / (k + 1)^gamma and a_k = a / (A + k + 1)^alpha, with c and a set so
that the last pair has each number's C_END and R_END (`harlequin tunables` lines, the
same as OpenBench's SPSA input) and A a tenth of the pairs.

The engine must be a tuning build (cmake -DHARLEQUIN_TUNE=ON): its `harlequin tunables`
lists the numbers, its UCI options set them. The run keeps its state in a JSON file after
every step, so an interrupted run goes on where it stopped when started again with the same
file; each step's line goes to standard output as it ends. docs/tuning.md, "SPSA".
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import re
import subprocess
import sys
import time
from dataclasses import dataclass, replace


@dataclass
class Param:
    name: str
    default: int
    low: int
    high: int
    c_end: float
    r_end: float


def parse_tunables(text: str) -> list[Param]:
    """The lines of `harlequin tunables` (OpenBench's format: NAME, int, DEFAULT, MIN, MAX,
    C_END, R_END)."""
    params = []
    for line in text.splitlines():
        if not line.strip():
            continue
        fields = [f.strip() for f in line.split(",")]
        if len(fields) != 7 or fields[1] != "int":
            raise ValueError(f"not a tunable line: {line!r}")
        params.append(Param(fields[0], int(fields[2]), int(fields[3]), int(fields[4]),
                            float(fields[5]), float(fields[6])))
    return params


class Schedule:
    """Fishtest's gains for a run of `pairs` game pairs."""

    def __init__(self, params: list[Param], pairs: int, alpha=0.602, gamma=0.101, a_ratio=0.1):
        self.alpha, self.gamma = alpha, gamma
        self.big_a = a_ratio * pairs
        self.c = {p.name: p.c_end * pairs ** gamma for p in params}
        self.a = {p.name: p.r_end * p.c_end ** 2 * (self.big_a + pairs) ** alpha for p in params}

    def c_k(self, name: str, k: int) -> float:
        return self.c[name] / (k + 1) ** self.gamma

    def a_k(self, name: str, k: int) -> float:
        return self.a[name] / (self.big_a + k + 1) ** self.alpha


def perturb(params, theta, schedule, k, rng):
    """This step's signs and the two sides' whole-number values."""
    signs = {p.name: rng.choice((-1, 1)) for p in params}
    plus, minus = {}, {}
    for p in params:
        c = schedule.c_k(p.name, k)
        plus[p.name] = min(p.high, max(p.low, round(theta[p.name] + c * signs[p.name])))
        minus[p.name] = min(p.high, max(p.low, round(theta[p.name] - c * signs[p.name])))
    return signs, plus, minus


def update(params, theta, schedule, k, signs, result, pairs):
    """theta moved by `result` (wins minus losses of the plus side over `pairs` pairs that
    began at pair k), each pair's step with its own gain, as Fishtest counts them."""
    for p in params:
        gain = sum(schedule.a_k(p.name, k + j) / schedule.c_k(p.name, k + j)
                   for j in range(pairs)) / pairs
        value = theta[p.name] + gain * result * signs[p.name]
        theta[p.name] = min(float(p.high), max(float(p.low), value))


SCORE = re.compile(r"^Score of plus vs minus: (\d+) - (\d+) - (\d+)")


def play(args, plus, minus, seed) -> tuple[int, int, int]:
    """Plays args.step_pairs game pairs plus against minus; their W-L-D for plus."""
    def engine(name, values):
        spec = ["-engine", f"cmd={args.engine}", f"name={name}"]
        spec += [f"option.{k}={v}" for k, v in values.items()]
        return spec
    limit = f"nodes={args.nodes}" if args.nodes else f"tc={args.tc}"
    cmd = [args.engine, "match", "-variant", args.variant]
    cmd += engine("plus", plus) + engine("minus", minus)
    cmd += ["-each", limit, f"option.Hash={args.hash}", "-games", "2", "-repeat",
            "-rounds", str(args.step_pairs), "-concurrency", str(args.concurrency),
            "-seed", str(seed)]
    if args.openings:
        cmd += ["-openings", f"file={args.openings}", "order=random"]
    out = subprocess.run(cmd, capture_output=True, text=True)
    found = None
    for line in out.stdout.splitlines():
        m = SCORE.match(line)
        if m:
            found = tuple(int(x) for x in m.groups())
    if out.returncode != 0 or found is None:
        sys.exit(f"spsa.py: the match failed (exit {out.returncode}):\n{out.stdout[-2000:]}"
                 f"{out.stderr[-2000:]}")
    return found


def save(path, state):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(state, f, indent=1)
    os.replace(tmp, path)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 epilog="docs/tuning.md, \"SPSA\", has the recipes.")
    ap.add_argument("--engine", required=True, help="a tuning build of harlequin")
    ap.add_argument("--state", required=True, help="the run's JSON file (resumed if it exists)")
    ap.add_argument("--pairs", type=int, default=2000, help="game pairs in the whole run")
    ap.add_argument("--step-pairs", type=int, default=2,
                    help="game pairs a step (default 2: one a core)")
    ap.add_argument("--concurrency", type=int, default=2)
    limit = ap.add_mutually_exclusive_group(required=True)
    limit.add_argument("--tc", help="time control, e.g. 2+0.02")
    limit.add_argument("--nodes", type=int, help="nodes a move")
    ap.add_argument("--variant", default="chess")
    ap.add_argument("--openings", help="an EPD file, openings drawn at random each step")
    ap.add_argument("--hash", type=int, default=16)
    ap.add_argument("--params", help="comma-separated names to tune (default: all)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--steps", type=int, help="stop after this many steps of this start")
    ap.add_argument("--r-end", type=float,
                    help="every number's r_end instead of the engine's 0.002 (Fishtest's, for "
                         "tens of thousands of pairs; a run of a few thousand moves a number by "
                         "about a unit with it: 0.01-0.02 there)")
    args = ap.parse_args(argv)

    listed = subprocess.run([args.engine, "tunables"], capture_output=True, text=True)
    if listed.returncode != 0:
        sys.exit(f"spsa.py: {args.engine} lists no tunables: {listed.stdout.strip()}")
    params = parse_tunables(listed.stdout)
    if args.params:
        wanted = args.params.split(",")
        unknown = [n for n in wanted if n not in {p.name for p in params}]
        if unknown:
            sys.exit(f"spsa.py: no such tunable: {', '.join(unknown)}")
        params = [p for p in params if p.name in wanted]
    if args.r_end is not None:
        if not 0 < args.r_end < 1:
            sys.exit(f"spsa.py: --r-end must be between 0 and 1, not {args.r_end}")
        params = [replace(p, r_end=args.r_end) for p in params]

    config = {k: getattr(args, k) for k in
              ("pairs", "step_pairs", "tc", "nodes", "variant", "openings", "hash", "seed")}
    config["params"] = [p.name for p in params]
    if args.r_end is not None:
        config["r_end"] = args.r_end
    if os.path.exists(args.state):
        with open(args.state) as f:
            state = json.load(f)
        if state["config"] != config:
            sys.exit(f"spsa.py: {args.state} belongs to another run: {state['config']}")
    else:
        state = {"config": config, "k": 0, "theta": {p.name: float(p.default) for p in params},
                 "wins": 0, "losses": 0, "draws": 0, "steps": []}
    schedule = Schedule(params, args.pairs)
    theta = state["theta"]
    steps = 0
    while state["k"] < args.pairs and (args.steps is None or steps < args.steps):
        k = state["k"]
        rng = random.Random(args.seed * 1_000_003 + k)
        signs, plus, minus = perturb(params, theta, schedule, k, rng)
        started = time.time()
        w, l, d = play(args, plus, minus, seed=args.seed * 1_000_003 + k)
        pairs = args.step_pairs
        update(params, theta, schedule, k, signs, w - l, pairs)
        state["k"] = k + pairs
        state["wins"] += w
        state["losses"] += l
        state["draws"] += d
        state["steps"].append({"k": k, "w": w, "l": l, "d": d, "plus": plus, "minus": minus})
        save(args.state, state)
        steps += 1
        moved = " ".join(f"{p.name}={theta[p.name]:.1f}" for p in params
                         if abs(theta[p.name] - p.default) >= 0.5)
        print(f"pairs {state['k']}/{args.pairs}  {w}-{l}-{d} in {time.time() - started:.1f} s  "
              f"moved: {moved or 'none'}", flush=True)
    print("values (rounded):")
    for p in params:
        print(f"  {p.name} = {round(theta[p.name])}  (default {p.default}, {theta[p.name]:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
