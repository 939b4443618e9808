#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The build as OpenBench's workers drive it (ctest runs this; no compiler run).

- `make -n EXE=x CXX=g++ EVALFILE=rel.nnue` (what a worker runs, dry): it installs nothing
  (.ci/deps is not called, no apt-get or sudo), builds only the `harlequin` target with the
  web server and the tests off, passes the compiler and the network's absolute path on.
- CMake configured with EVALFILE=/nonexistent/x.nnue fails, naming the file.
- The network check (variants/embed_network.cmake) refuses a truncated network and
  a file that is not one, and accepts the committed one.
"""
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failures.append(what)


def run(cmd, cwd=ROOT):
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=300)
    return p.returncode, p.stdout + p.stderr


with tempfile.TemporaryDirectory() as tmp:
    # What OpenBench's worker runs, as make reads it (-n: print the commands only).
    rc, out = run(["make", "-n", "-j", "EXE=" + os.path.join(tmp, "Harlequin-abc"),
                   "CXX=g++", "EVALFILE=variants/chess/nnue/default.nnue", "BUILD=" + tmp + "/b"])
    check(rc == 0, "make -n EXE= CXX= EVALFILE= succeeds")
    commands = [line.split()[0] for line in out.splitlines() if line.strip()]
    check(".ci/deps" not in out and not {"apt-get", "sudo", "bash"} & set(commands),
          "the worker's make installs nothing (no .ci/deps, apt-get or sudo)")
    check("-DHARLEQUIN_SERVE=OFF" in out and "-DHARLEQUIN_TESTS=OFF" in out,
          "the worker's make turns the web server and the tests off")
    check("--target harlequin" in out, "the worker's make builds the harlequin target alone")
    check("-DCMAKE_CXX_COMPILER=g++" in out, "CXX= reaches CMake")
    net = os.path.join(ROOT, "variants/chess/nnue/default.nnue")
    check("-DHARLEQUIN_EVALFILE=" + net in out, "a relative EVALFILE reaches CMake as an absolute path")
    check("cp " + tmp + "/b/harlequin " + os.path.join(tmp, "Harlequin-abc") in out,
          "EXE= gets a copy of the engine")

    # A network file that does not exist stops the configure, naming it.
    rc, out = run(["cmake", "-S", ROOT, "-B", os.path.join(tmp, "bad"),
                   "-DHARLEQUIN_EVALFILE=/nonexistent/x.nnue", "-DHARLEQUIN_TESTS=OFF",
                   "-DHARLEQUIN_SERVE=OFF"])
    check(rc != 0 and "EVALFILE /nonexistent/x.nnue: no such network file" in out,
          "configure with EVALFILE=/nonexistent/x.nnue fails and names the file")

    # The network's own checks, run as the build runs them.
    embed = os.path.join(ROOT, "variants/embed_network.cmake")
    out_src = os.path.join(tmp, "net.cpp")

    def embed_run(path):
        return run(["cmake", "-DNET=" + path, "-DOUT=" + out_src, "-DGAME=chess", "-DINPUTS=768",
                    "-P", embed])

    rc, out = embed_run(net)
    check(rc == 0 and os.path.exists(out_src), "the committed network passes the build's check")
    truncated = os.path.join(tmp, "truncated.nnue")
    with open(net, "rb") as f, open(truncated, "wb") as g:
        g.write(f.read()[: os.path.getsize(net) // 2])
    rc, out = embed_run(truncated)
    check(rc != 0 and "truncated.nnue" in out, "a truncated network fails the build, named")
    text = os.path.join(tmp, "notanet.nnue")
    with open(text, "w") as g:
        g.write("this is not a network at all\n")
    rc, out = embed_run(text)
    check(rc != 0 and "not an HQNN network" in out, "a file that is not a network fails the build")

if failures:
    sys.exit(f"{len(failures)} check(s) failed")
print("all build checks passed")
