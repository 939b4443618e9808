# SPDX-License-Identifier: GPL-3.0-or-later
"""What the two tests of `harlequin serve` (serve_http.py, serve_browser.py) share: checks
that record a failure and go on, the closing tally, and the server started on a free port."""

import atexit
import shutil
import subprocess
import tempfile

FAILURES = []


def check(cond, what):
    """Records `what` as a failure (and prints it) unless `cond` holds; returns `cond`."""
    if not cond:
        FAILURES.append(what)
        print(f"FAIL: {what}", flush=True)
    return cond


def tally():
    """Prints the closing line; the exit status: 0 when nothing failed."""
    print(f"{0 if FAILURES else 1} passed, {len(FAILURES)} failed")
    return 1 if FAILURES else 0


def start_serve_at(binary, *args):
    """`harlequin serve --port 0 ARGS`: the process, the host, port and token of the address
    it prints (http://HOST:PORT/ or http://HOST:PORT/?token=TOKEN; the token '' when the
    server needs none). Without --db or --no-db in ARGS, the games are stored in a fresh
    temporary folder (never in the user's own database)."""
    if "--db" not in args and "--no-db" not in args:
        folder = tempfile.mkdtemp(prefix="harlequin-serve-")
        atexit.register(shutil.rmtree, folder, True)
        args = (*args, "--db", f"{folder}/games.db")
    proc = subprocess.Popen([binary, "serve", "--port", "0", *args],
                            stdout=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    if "http://" not in line:
        raise RuntimeError(f"no address printed: {line!r}")
    address, _, rest = line.split("http://")[1].split()[0].partition("/")
    host, port = address.rsplit(":", 1)
    token = rest.split("token=", 1)[1] if "token=" in rest else ""
    return proc, host.strip("[]"), int(port), token


def start_serve(binary, *args):
    """`harlequin serve --port 0 ARGS` on loopback: the process and its port."""
    proc, _, port, _ = start_serve_at(binary, *args)
    return proc, port
