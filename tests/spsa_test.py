#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""bench/tune/spsa.py: its steps find a known optimum, and it drives the real binary.

    spsa_test.py HARLEQUIN_BINARY tune|normal

1. Synthetic: pairs whose result is drawn from a known objective (each number has an
   optimum; the side nearer it wins more often) move every number most of the way there.
2. A tuning build: two steps of real game pairs at few nodes, written to the state file
   after each; a third step resumes from it; another run's settings are refused.
   A normal build: refused with the reason (it lists no tunables).
"""

import json
import math
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "bench", "tune"))
import spsa  # noqa: E402

failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAIL:", what)


def synthetic():
    params = [spsa.Param("A", 50, 0, 100, 5.0, 0.002), spsa.Param("B", 300, 100, 500, 20.0, 0.002)]
    optimum = {"A": 80.0, "B": 200.0}
    scale = {"A": 30.0, "B": 120.0}

    def strength(values):  # Elo-like: 0 at the optimum, falling quadratically
        return -sum(100 * ((values[n] - optimum[n]) / scale[n]) ** 2 for n in optimum)

    pairs = 4000
    schedule = spsa.Schedule(params, pairs)
    theta = {p.name: float(p.default) for p in params}
    rng = random.Random(7)
    for k in range(pairs):
        signs, plus, minus = spsa.perturb(params, theta, schedule, k, rng)
        p_plus = 1 / (1 + 10 ** (-(strength(plus) - strength(minus)) / 400))
        w = sum(rng.random() < p_plus for _ in range(2))  # a pair: two games, no draws
        spsa.update(params, theta, schedule, k, signs, w - (2 - w), 1)
        for p in params:
            check(p.low <= theta[p.name] <= p.high, f"{p.name} left its range at pair {k}")
    # r_end scales every gain a_k (Fishtest: a_end = r_end * c_end^2), c_k not at all.
    tenfold = spsa.Schedule([spsa.Param("A", 50, 0, 100, 5.0, 0.02)], pairs)
    check(abs(tenfold.a_k("A", 9) / schedule.a_k("A", 9) - 10) < 1e-9
          and tenfold.c_k("A", 9) == schedule.c_k("A", 9), "r_end scales the gains only")
    for p in params:
        start = abs(p.default - optimum[p.name])
        end = abs(theta[p.name] - optimum[p.name])
        print(f"synthetic {p.name}: {p.default} -> {theta[p.name]:.1f} (optimum {optimum[p.name]})")
        check(end < start / 2, f"{p.name} moved less than half way to its optimum ({end:.1f} left)")
    # The lines of `harlequin tunables`, and a line that is not one.
    check(spsa.parse_tunables("X, int, 5, 1, 9, 1.00, 0.002\n")[0] == spsa.Param(
        "X", 5, 1, 9, 1.0, 0.002), "a tunables line is read")
    try:
        spsa.parse_tunables("X, float, 5, 1, 9, 1.00, 0.002\n")
        check(False, "a line of another type is refused")
    except ValueError:
        pass


def run(binary, state, *extra):
    cmd = [sys.executable, os.path.join(HERE, "..", "bench", "tune", "spsa.py"),
           "--engine", binary, "--state", state, "--pairs", "20", "--step-pairs", "1",
           "--concurrency", "1", "--nodes", "300", "--params",
           "FutilityMargin,LmrDivisorCenti", *extra]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=600)


def tuning_build(binary):
    with tempfile.TemporaryDirectory() as tmp:
        state = os.path.join(tmp, "run.json")
        out = run(binary, state, "--steps", "2")
        print(out.stdout, out.stderr)
        check(out.returncode == 0, "two steps run")
        with open(state) as f:
            s = json.load(f)
        check(s["k"] == 2 and len(s["steps"]) == 2, "the state holds both steps")
        for step in s["steps"]:
            check(step["w"] + step["l"] + step["d"] == 2, "a step is one game pair")
            # c_k of FutilityMargin at the run's start: 7 * 20^0.101 = 9.0, so the sides
            # stand 18 apart; LmrDivisorCenti's c is 10 * 20^0.101 = 13.5.
            check(abs(step["plus"]["FutilityMargin"] - step["minus"]["FutilityMargin"]) == 18,
                  f"the sides differ by twice c_k: {step}")
            check(abs(step["plus"]["LmrDivisorCenti"] - step["minus"]["LmrDivisorCenti"]) in (26, 27, 28),
                  f"the sides differ by twice c_k: {step}")
        check("pairs 2/20" in out.stdout, "each step prints a line")
        again = run(binary, state, "--steps", "1")
        check(again.returncode == 0 and "pairs 3/20" in again.stdout, "a run resumes")
        with open(state) as f:
            check(json.load(f)["k"] == 3, "the resumed step is recorded")
        other = run(binary, state, "--steps", "1", "--seed", "2")
        check(other.returncode != 0 and "belongs to another run" in other.stderr,
              "another run's state file is refused")
        # --r-end: the step sizes of a short run, kept with the run's settings.
        bigger = os.path.join(tmp, "bigger.json")
        out = run(binary, bigger, "--steps", "1", "--r-end", "0.02")
        with open(bigger) as f:
            check(out.returncode == 0 and json.load(f)["config"]["r_end"] == 0.02,
                  f"--r-end is the run's: {out.stderr}")
        refused = run(binary, bigger, "--steps", "1")
        check(refused.returncode != 0 and "belongs to another run" in refused.stderr,
              "resuming it without --r-end is another run")
        wrong = run(binary, os.path.join(tmp, "wrong.json"), "--steps", "1", "--r-end", "5")
        check(wrong.returncode != 0 and "--r-end must be between 0 and 1" in wrong.stderr,
              f"an r_end out of range is refused: {wrong.stderr}")


def normal_build(binary):
    with tempfile.TemporaryDirectory() as tmp:
        out = run(binary, os.path.join(tmp, "run.json"), "--steps", "1")
        check(out.returncode != 0 and "lists no tunables" in out.stderr
              and "-DHARLEQUIN_TUNE=ON" in out.stderr, f"a normal build is refused: {out.stderr}")


def main():
    if len(sys.argv) != 3 or sys.argv[2] not in ("tune", "normal"):
        sys.exit(__doc__)
    synthetic()
    (tuning_build if sys.argv[2] == "tune" else normal_build)(sys.argv[1])
    if failures:
        sys.exit(f"{len(failures)} failed")
    print("all passed")


if __name__ == "__main__":
    main()
