#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The training data store: generated games kept outside the work tree, with a manifest.

The store is one folder of the machine, $HARLEQUIN_DATA or ~/.local/share/harlequin/data.
Every file in it was made by a command this script ran and wrote into manifest.jsonl (one
JSON object a line, appended, never rewritten): when it started (game, engine commit,
network, the exact command, the labeller) and when it finished (games, positions, bytes).

    data_store.py status                 what the manifest lists, what survived, what is
                                         missing (with the command that remakes it)
    data_store.py start -variant V -games N -nodes N [-seed S] [-threads T] [-engine PATH]
                        [-openings EPD] [-randomplies N] [-leaves K [-nnue off]
                        [-noisy keep] [-maxscore CP] [-adjudicate CP]]
                                         background datagen at nice 19 into the store:
                                         whole games (games/V/*.games), or with -leaves
                                         positions the search evaluated, labelled by their
                                         own search (positions/V/*.txt, FEN | score | result)
    data_store.py pause | resume         stop and continue every running datagen (SIGSTOP,
                                         SIGCONT): the cores to a timed match, then back
    data_store.py compress               xz the finished .games files (3.7 bytes a ply)
    data_store.py discard FILE REASON    delete a file made wrongly, the reason kept

docs/tuning.md says how the files become training data (`datagen -convert`).
"""

import argparse
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def store_dir():
    env = os.environ.get("HARLEQUIN_DATA")
    return Path(env) if env else Path.home() / ".local/share/harlequin/data"


def manifest_path(store):
    return store / "manifest.jsonl"


def append_event(store, event):
    """Appends one event (a dict) to the manifest, whole lines only."""
    event = dict(event, at=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()))
    with open(manifest_path(store), "a", encoding="utf-8") as f:
        f.write(json.dumps(event, sort_keys=True) + "\n")


def read_manifest(store):
    """Every file the manifest names, its events folded into one dict (later ones win).
    A line that is not JSON (a write cut short) is reported and skipped."""
    files = {}
    path = manifest_path(store)
    if not path.exists():
        return files
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                event = json.loads(line)
                files.setdefault(event["file"], {}).update(event)
            except (json.JSONDecodeError, KeyError, TypeError):
                print(f"warning: {path}:{number} is not a manifest entry; skipped", file=sys.stderr)
    return files


def running(entry):
    pid = entry.get("pid")
    if not pid or entry.get("event") != "started":
        return False
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, PermissionError):
        return False
    return True


def games_in(path):
    """Games and scored plies in a .games file, or (0, positions) in a positions file
    (text; a .xz is read with xzcat)."""
    if not path.exists():
        return 0, 0
    if path.suffix == ".xz":
        text = subprocess.run(["xzcat", str(path)], capture_output=True, text=True).stdout
        lines = text.splitlines()
    else:
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = f.read().splitlines()
    if ".txt" in path.suffixes:  # FEN | score | result, one position a line
        return 0, sum(1 for l in lines if l.strip())
    games = [l for l in lines if l and not l.startswith("#")]
    return len(games), sum(l.count(":") for l in games)


def cmd_status(store, _args):
    files = read_manifest(store)
    if not files:
        print(f"{store}: no manifest yet (nothing generated on this machine)")
        return 0
    missing = []
    print(f"{'file':44} {'game':10} {'state':11} {'games':>8} {'plies':>10} {'MB':>8}")
    for name, e in sorted(files.items()):
        if e.get("event") in ("moved", "discarded"):  # listed under its new name, or gone
            continue
        path = store / name
        state = e.get("event", "?")
        if running(e):
            state = "running"
        elif state == "started":  # its process is gone: the machine or session stopped it
            state = "stopped"
        if not path.exists():
            state = "MISSING"
            missing.append(e)
        games, plies = games_in(path) if path.exists() else (0, 0)
        mb = path.stat().st_size / 1e6 if path.exists() else 0
        print(f"{name:44} {e.get('variant', '?'):10} {state:11} {games:8} {plies:10} {mb:8.1f}")
    for e in missing:
        print(f"\nmissing {e['file']}: made at {e.get('commit', '?')} by\n  {e.get('command', '?')}")
    return 0


def engine_commit(engine):
    """The engine binary's commit, from its `bench` line, or the work tree's HEAD."""
    try:
        head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                              capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "-uno"],
                               capture_output=True, text=True).stdout.strip()
        return head + ("-dirty" if dirty else "")
    except (subprocess.CalledProcessError, FileNotFoundError):
        return "unknown"


def yield_to_everything_else():
    """Makes this session's scheduling group nice 19 too. With the kernel's autogroups
    (/proc/sys/kernel/sched_autogroup_enabled, on in Debian) a process's nice value counts
    only against its own session: a nice-19 datagen in a session of its own took as much
    CPU as a build beside it (measured 2026-12-07: 33% a core each for four datagens while
    the compiler got 11%). The session's autogroup nice fixes that."""
    try:
        with open("/proc/self/autogroup", "w", encoding="ascii") as f:
            f.write("19")
    except OSError:
        pass  # no autogroups here: nice alone is enough


def cmd_start(store, args):
    engine = Path(args.engine).resolve()
    if not engine.exists():
        print(f"error: no engine at {engine} (build it: make)", file=sys.stderr)
        return 1
    name = (f"positions/{args.variant}/n{args.nodes}-l{args.leaves}-s{args.seed}.txt"
            if args.leaves else f"games/{args.variant}/n{args.nodes}-s{args.seed}.games")
    if not args.wait and ((store / name).exists() or (store / (name + ".xz")).exists()):
        print(f"error: {name} exists; give another -seed", file=sys.stderr)
        return 1
    (store / name).parent.mkdir(parents=True, exist_ok=True)
    log_path = store / (name + ".log")
    if not args.wait:
        # This script again, in a session of its own: it runs datagen, waits for it and
        # records the end; `pause` stops the whole session.
        with open(log_path, "a", encoding="utf-8") as log:
            subprocess.Popen([sys.executable, __file__] + sys.argv[1:] + ["-wait"], stdout=log,
                             stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                             start_new_session=True)
        print(f"started {name} in the background (nice 19); its log: {log_path}")
        return 0
    command = [str(engine), "datagen", "-variant", args.variant, "-games", str(args.games),
               "-nodes", str(args.nodes), "-seed", str(args.seed), "-threads", str(args.threads),
               "-randomplies", str(args.randomplies), "-out", str(store / name)]
    if args.openings:
        command += ["-openings", str(Path(args.openings).resolve())]
    if args.leaves:
        command += ["-leaves", str(args.leaves)]
        for flag in ("nnue", "noisy", "maxscore", "adjudicate"):
            if getattr(args, flag) is not None:
                command += ["-" + flag, str(getattr(args, flag))]
    elif any(getattr(args, f) is not None for f in ("nnue", "noisy", "maxscore", "adjudicate")):
        print("error: -nnue, -noisy, -maxscore and -adjudicate go with -leaves (a .games file "
              "keeps every ply; its converter filters)", file=sys.stderr)
        return 1
    append_event(store, {
        "file": name, "event": "started", "variant": args.variant, "pid": os.getpid(),
        "commit": engine_commit(engine),
        "network": "none (-nnue off: the hand-crafted evaluation)" if args.nnue == "off"
                   else "built-in (variants/GAME/nnue/default.nnue)",
        "labeller": f"harlequin's own search, {args.nodes} nodes a move"
                    + (f"; {args.leaves} of each search's evaluated positions, each searched "
                       f"to {args.nodes} nodes" if args.leaves else ""),
        "command": " ".join(command),
    })
    sys.stdout.flush()
    yield_to_everything_else()
    code = subprocess.run(["nice", "-n", "19"] + command).returncode
    finish(store, name, code)
    return code


def finish(store, name, returncode):
    games, plies = games_in(store / name)
    append_event(store, {"file": name, "event": "finished" if returncode == 0 else "failed",
                         "games": games, "plies": plies, "bytes": (store / name).stat().st_size,
                         "returncode": returncode})


def cmd_signal(store, args):
    sig = signal.SIGSTOP if args.command == "pause" else signal.SIGCONT
    n = 0
    for name, e in read_manifest(store).items():
        if running(e):
            os.killpg(e["pid"], sig)
            n += 1
            print(f"{args.command}d {name} (pid {e['pid']})")
    if not n:
        print("no datagen running")
    return 0


def cmd_discard(store, args):
    """Deletes a file the store should not keep, and says why in the manifest."""
    files = read_manifest(store)
    if args.file not in files:
        print(f"error: the manifest lists no {args.file}", file=sys.stderr)
        return 1
    if running(files[args.file]):
        print(f"error: {args.file} is still being written; stop it first", file=sys.stderr)
        return 1
    path = store / args.file
    games, plies = games_in(path)
    path.unlink(missing_ok=True)
    append_event(store, {"file": args.file, "event": "discarded", "reason": args.reason,
                         "games": games, "plies": plies})
    print(f"discarded {args.file} ({games} games): {args.reason}")
    return 0


def cmd_compress(store, _args):
    for name, e in read_manifest(store).items():
        path = store / name
        if not name.endswith((".games", ".txt")) or running(e) or not path.exists():
            continue
        if e.get("event") == "started":  # ended without a finished entry: record it now
            finish(store, name, 0)
        games, plies = games_in(path)
        subprocess.run(["xz", "-9", "-T1", str(path)], check=True)
        append_event(store, {"file": name, "event": "moved", "to": name + ".xz"})
        append_event(store, {"file": name + ".xz", "event": "compressed", "from": name,
                             "variant": e.get("variant"), "commit": e.get("commit"),
                             "command": e.get("command"), "labeller": e.get("labeller"),
                             "games": games, "plies": plies,
                             "bytes": (store / (name + ".xz")).stat().st_size})
        print(f"{name}.xz: {games} games, {plies} plies, "
              f"{(store / (name + '.xz')).stat().st_size / max(plies, 1):.1f} bytes a ply")
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__.split("\n\n", 1)[1])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("status", help="what the manifest lists and what survived")
    start = sub.add_parser("start", help="background datagen at nice 19 into the store")
    start.add_argument("-variant", required=True)
    start.add_argument("-games", type=int, required=True)
    start.add_argument("-nodes", type=int, default=5000)
    start.add_argument("-seed", type=int, default=1)
    start.add_argument("-threads", type=int, default=1)
    start.add_argument("-randomplies", type=int, default=8)
    start.add_argument("-openings", help="start positions (EPD), e.g. bench/openings/GAME.epd")
    start.add_argument("-engine", default=str(ROOT / "build/harlequin"))
    start.add_argument("-leaves", type=int, default=0,
                       help="K positions of each search's own evaluations (datagen -leaves)")
    start.add_argument("-nnue", choices=["on", "off"])
    start.add_argument("-noisy", choices=["keep", "drop"])
    start.add_argument("-maxscore", type=int)
    start.add_argument("-adjudicate", type=int)
    start.add_argument("-wait", action="store_true", help="wait for it and record the end")
    sub.add_parser("pause", help="SIGSTOP every running datagen")
    sub.add_parser("resume", help="SIGCONT every running datagen")
    sub.add_parser("compress", help="xz the finished .games files")
    discard = sub.add_parser("discard", help="delete a file, with the reason in the manifest")
    discard.add_argument("file", help="its name in the store, as status lists it")
    discard.add_argument("reason")
    args = parser.parse_args()
    store = store_dir()
    store.mkdir(parents=True, exist_ok=True)
    handlers = {"status": cmd_status, "start": cmd_start, "pause": cmd_signal,
                "resume": cmd_signal, "compress": cmd_compress, "discard": cmd_discard}
    return handlers[args.command](store, args)


if __name__ == "__main__":
    sys.exit(main())
