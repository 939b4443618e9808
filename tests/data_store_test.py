#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""bench/data_store.py as a day's work uses it, in a store of its own (HARLEQUIN_DATA):
`start -wait` runs datagen and records the file, `status` lists what the manifest holds,
`compress` xz-compresses it and records the move; a run of search leaves (-leaves) lands
in positions/GAME/, with its options in the recorded command; bad combinations are refused.

    data_store_test.py ENGINE
"""
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STORE = ROOT / "bench" / "data_store.py"


def run(args, env):
    return subprocess.run([sys.executable, str(STORE)] + args, env=env, capture_output=True,
                          text=True, timeout=300)


def manifest(store):
    with open(store / "manifest.jsonl", encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def main():
    engine = Path(sys.argv[1]).resolve()
    failures = []

    def check(ok, what):
        print(("ok   " if ok else "FAIL ") + what)
        if not ok:
            failures.append(what)

    with tempfile.TemporaryDirectory() as tmp:
        store = Path(tmp) / "store"
        env = dict(os.environ, HARLEQUIN_DATA=str(store))
        games = run(["start", "-variant", "martian", "-games", "2", "-nodes", "300", "-seed", "5",
                     "-engine", str(engine), "-wait"], env)
        check(games.returncode == 0, f"start -wait of whole games exits 0 ({games.stderr.strip()})")
        path = store / "games/martian/n300-s5.games"
        check(path.exists(), "the games file is where its name says")
        lines = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
        check(len(lines) == 3 and lines[0].startswith("#hqgames"), "a header and two games")

        leaves = run(["start", "-variant", "multimove", "-games", "1", "-nodes", "300", "-seed",
                      "5", "-leaves", "2", "-noisy", "keep", "-maxscore", "2500", "-engine",
                      str(engine), "-wait"], env)
        check(leaves.returncode == 0, f"start -wait -leaves exits 0 ({leaves.stderr.strip()})")
        leaf_path = store / "positions/multimove/n300-l2-s5.txt"
        check(leaf_path.exists(), "a leaves run writes positions/GAME/nN-lK-sS.txt")
        rows = leaf_path.read_text(encoding="utf-8").splitlines() if leaf_path.exists() else []
        check(len(rows) > 0 and all(r.count(" | ") == 2 for r in rows),
              "its lines are FEN | score | result")
        events = manifest(store)
        started = [e for e in events if e.get("file") == "positions/multimove/n300-l2-s5.txt"
                   and e.get("event") == "started"]
        check(len(started) == 1 and "-leaves 2" in started[0]["command"]
              and "-noisy keep" in started[0]["command"] and "-maxscore 2500" in started[0]["command"],
              "the manifest keeps the exact command, -leaves and its options in it")
        finished = [e for e in events if e.get("file") == "positions/multimove/n300-l2-s5.txt"
                    and e.get("event") == "finished"]
        check(len(finished) == 1 and finished[0].get("plies") == len(rows),
              "its end is recorded with the positions counted")

        status = run(["status"], env)
        check(status.returncode == 0 and "positions/multimove/n300-l2-s5.txt" in status.stdout
              and "games/martian/n300-s5.games" in status.stdout, "status lists both files")

        compress = run(["compress"], env)
        check(compress.returncode == 0 and (store / "games/martian/n300-s5.games.xz").exists()
              and (store / "positions/multimove/n300-l2-s5.txt.xz").exists(),
              "compress xz-compresses both")
        status = run(["status"], env)
        check("n300-l2-s5.txt.xz" in status.stdout and "MISSING" not in status.stdout,
              "status reads the compressed files, nothing missing")

        refused = run(["start", "-variant", "chess", "-games", "1", "-nodes", "300", "-nnue", "off",
                       "-engine", str(engine), "-wait"], env)
        check(refused.returncode == 1 and "go with -leaves" in refused.stderr,
              "-nnue without -leaves is refused with the reason")
        again = run(["start", "-variant", "martian", "-games", "2", "-nodes", "300", "-seed", "5",
                     "-engine", str(engine)], env)
        check(again.returncode == 1 and "exists" in again.stderr,
              "a file that exists is not started again")

    print(f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
