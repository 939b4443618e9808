#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A portable build runs on an older x86-64 CPU and searches exactly as the native one.

usage: portable_build.py --portable BIN --native BIN [--cpu Nehalem] [--depth 9]

Runs `BIN bench DEPTH` of the portable build (HARLEQUIN_ARCH=x86-64: SSE2, no POPCNT
instruction, no AVX) under Debian's qemu-user as the CPU named (Nehalem: SSE4.2, no AVX),
and of the native build directly, and requires: the portable build says it is built for
x86-64, it exits cleanly (no SIGILL), and both report the same node count for every position
and in total. Without qemu-x86_64 it fails, naming the package.
"""
import argparse
import re
import shutil
import subprocess
import sys


def bench(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=1200)
    return p.returncode, p.stdout, p.stderr


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--portable", required=True)
    ap.add_argument("--native", required=True)
    ap.add_argument("--cpu", default="Nehalem")
    ap.add_argument("--depth", type=int, default=9)
    a = ap.parse_args()
    qemu = shutil.which("qemu-x86_64")
    if not qemu:
        sys.exit("qemu-x86_64 is missing (Debian package qemu-user; .ci/deps test installs it)")
    rc, out, err = bench([qemu, "-cpu", a.cpu, a.portable, "bench", str(a.depth)])
    if rc != 0:
        sys.exit(f"the portable build failed as a {a.cpu} CPU (exit {rc}): {err.strip()[-300:]}")
    first = out.splitlines()[0] if out else ""
    if "built for x86-64 " not in first:
        sys.exit(f"the portable build does not say it is built for x86-64: {first!r}")
    nrc, nout, nerr = bench([a.native, "bench", str(a.depth)])
    if nrc != 0:
        sys.exit(f"the native build failed (exit {nrc}): {nerr.strip()[-300:]}")
    positions = lambda text: [l for l in text.splitlines() if l.startswith("position")]
    total = lambda text: re.search(r"^(\d+) nodes \d+ nps$", text, re.M)
    p_total, n_total = total(out), total(nout)
    if not p_total or not n_total:
        sys.exit("no '<nodes> nodes <nps> nps' line in a bench output")
    if not positions(out) or positions(out) != positions(nout):
        diff = [(p, n) for p, n in zip(positions(out), positions(nout)) if p != n]
        sys.exit(f"the positions' nodes or best moves differ (portable, native): {diff[:3]}")
    if p_total.group(1) != n_total.group(1):
        sys.exit(f"bench {a.depth}: {p_total.group(1)} nodes portable, {n_total.group(1)} native")
    print(f"{first}\nbench {a.depth} as a {a.cpu} CPU: {p_total.group(1)} nodes, the same as "
          f"the native build ({nout.splitlines()[0]})")


if __name__ == "__main__":
    main()
