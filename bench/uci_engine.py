# SPDX-License-Identifier: GPL-3.0-or-later
"""What the perft scripts in bench/ share: a UCI engine as a child process (Harlequin,
Stockfish, Fairy-Stockfish), and their common command-line options."""
import argparse
import shutil
import subprocess


class Uci:
    """An engine after the UCI handshake (`uci`, the given option lines, `isready`)."""

    def __init__(self, cmd, options=()):
        self.cmd = cmd
        self.p = subprocess.Popen([cmd], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        for o in options:
            self.send(o)
        self.ready()

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        """The lines read up to and including the first that starts with `prefix`."""
        lines = []
        for line in self.p.stdout:
            lines.append(line.rstrip("\n"))
            if line.startswith(prefix):
                return lines
        raise RuntimeError(f"{self.cmd} closed its output before '{prefix}'")

    def ready(self):
        self.send("isready")
        self.wait("readyok")

    def perft(self, fen, depth):
        """Perft of `fen` to `depth`: the node count and the root moves (from the divide)."""
        self.send(f"position fen {fen}")
        self.send(f"go perft {depth}")
        lines = self.wait("Nodes searched")
        moves = [l.split(":")[0] for l in lines if ":" in l and not l.startswith("Nodes")
                 and not l.startswith("info")]
        return int(lines[-1].split(":")[1]), moves

    def fen(self):
        self.send("d")
        for line in self.wait("Fen:"):
            if line.startswith("Fen:"):
                return line[5:].strip()

    def quit(self):
        self.send("quit")
        self.p.wait(timeout=10)


def argument_parser(description, reference_option, depth):
    """Options every perft script takes: Harlequin's binary, the reference engine's
    (`reference_option`, Debian's stockfish by default) and the perft depth."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--harlequin", default="./build/harlequin")
    ap.add_argument(reference_option, default=shutil.which("stockfish") or "/usr/games/stockfish")
    ap.add_argument("--depth", type=int, default=depth)
    return ap
