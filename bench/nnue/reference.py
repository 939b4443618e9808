#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The integer inference of Harlequin's chess network, for checking the engine against.

    reference.py eval NET.nnue FEN [FEN ...]
    reference.py eval NET.nnue --fens FILE [--out FILE]
    reference.py check NET.nnue VECTORS
    reference.py random OUT.nnue [--hidden 256] [--seed 1] [--spread 1] [--out-spread 1]
                                 [--no-material]

`eval` prints `FEN | value` for each FEN: the network's evaluation in centipawns, side to
move's view, computed exactly as engine/nnue.h and engine/simd.h compute it. A --fens file holds
one FEN a line (blank lines and `#` comments skipped; anything after a `|` ignored, so a
vector file is its own input). With --out the lines go to that file (read first, so it may
be the --fens file) under a header saying how they were made and the network's checksum:

    python3 bench/nnue/reference.py eval variants/chess/nnue/default.nnue \\
        --fens tests/data/nnue_vectors.txt --out tests/data/nnue_vectors.txt

regenerates the engine's test vectors after default.nnue changes. `check` recomputes a
vector file and fails (exit 1) when any value differs. `random` writes a valid network
with small random weights (deterministic for a seed) and, unless --no-material, sixteen
neurons that count material: a placeholder before a trained one that a search can use.

The format, HQNN v1, all little-endian: "HQNN", u32 version = 1, u32 inputs = 768,
u32 hidden = H (a multiple of 32, at most 1024); int16 W1[768][H]; int16 B1[H];
int16 W2[2H] (the side to move's accumulator first); int32 B2. Nothing after.
HQNN v2 adds output buckets: after the hidden size a u32 bucket count B (1 to 16), and
W2[B][2H], B2[B] in place of W2 and B2. A position of n pieces reads bucket
min(B - 1, max(0, n - 2) * B // 32) (B = 8: (n - 2) // 4).

Feature of a piece of colour c, type pt (pawn..king = 0..5) on square s (a1 = 0, h8 = 63)
for perspective P: ((c == P ? 0 : 1) * 6 + pt) * 64 + (s if P is White else s ^ 56).
acc_P = B1 + the W1 rows of P's features, in int16 (wrapping); out = B2 + crelu(acc_stm) .
W2[:H] + crelu(acc_other) . W2[H:], in int32 (wrapping), crelu(x) = clamp(x, 0, 255);
value = out * 400 / (255 * 64), the product in 64 bits, the quotient truncated toward
zero, then clamped to +-MAX_EVAL. Only numpy is needed (Debian's python3-numpy).
"""
import argparse
import struct
import sys

import numpy as np

MAGIC = b"HQNN"
VERSION = 1
VERSION_BUCKETS = 2
MAX_BUCKETS = 16
INPUTS = 768
MAX_HIDDEN = 1024
HEADER = struct.Struct("<4sIII")
QA, QB, SCALE = 255, 64, 400
MAX_EVAL = 10000  # variants/chess/nnue.h: MaxEval
PIECES = "PNBRQK"


def regenerate(net, vectors):
    """The command that rewrites a vector file from its network."""
    return f"python3 bench/nnue/reference.py eval {net} --fens {vectors} --out {vectors}"


def fnv1a64(data):
    """FNV-1a, 64 bits, of the file's bytes: the checksum a vector file's header names."""
    h = 0xCBF29CE484222325
    for b in data:
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


class Network:
    def __init__(self, data, inputs=None):
        """inputs: the game's input count (None: chess's 768)."""
        want = INPUTS if inputs is None else inputs
        if len(data) < HEADER.size:
            raise ValueError(f"{len(data)} bytes, too short for the HQNN header")
        magic, version, inputs, hidden = HEADER.unpack_from(data)
        if magic != MAGIC:
            raise ValueError(f"not an HQNN network (magic {magic!r})")
        if version not in (VERSION, VERSION_BUCKETS):
            raise ValueError(f"HQNN version {version}, only {VERSION} and {VERSION_BUCKETS} are read")
        if inputs != want:
            raise ValueError(f"{inputs} inputs, the network wanted has {want}")
        if hidden == 0 or hidden % 32 or hidden > MAX_HIDDEN:
            raise ValueError(f"hidden size {hidden}: a multiple of 32 up to {MAX_HIDDEN}")
        at, buckets = HEADER.size, 1
        if version == VERSION_BUCKETS:
            if len(data) < HEADER.size + 4:
                raise ValueError(f"{len(data)} bytes, too short for the HQNN v2 header")
            buckets = struct.unpack_from("<I", data, HEADER.size)[0]
            if not 1 <= buckets <= MAX_BUCKETS:
                raise ValueError(f"{buckets} output buckets: 1 to {MAX_BUCKETS}")
            at += 4
        size = at + 2 * (inputs * hidden + hidden + 2 * hidden * buckets) + 4 * buckets
        if len(data) != size:
            raise ValueError(f"{len(data)} bytes, a network of hidden size {hidden} "
                             f"and {buckets} output buckets has {size}")
        self.hidden = hidden
        self.inputs = inputs
        self.buckets = buckets
        self.checksum = fnv1a64(data)
        words = np.frombuffer(data, dtype="<i2", count=inputs * hidden + hidden + 2 * hidden * buckets,
                              offset=at)
        words = words.astype(np.int64)
        self.w1 = words[:inputs * hidden].reshape(inputs, hidden)
        self.b1 = words[inputs * hidden:inputs * hidden + hidden]
        self.w2 = words[inputs * hidden + hidden:].reshape(buckets, 2 * hidden)
        self.b2 = np.frombuffer(data, dtype="<i4", count=buckets, offset=len(data) - 4 * buckets).astype(np.int64)


def bucket(buckets, pieces):
    """The output bucket of a position with `pieces` pieces on the board."""
    return min(buckets - 1, max(0, pieces - 2) * buckets // 32)


def wrap(x, bits):
    """Two's complement wrap-around of integers (numpy int64 or Python int) to `bits`."""
    half = 1 << (bits - 1)
    return (x + half) % (1 << bits) - half


def features(fen):
    """The active features of both perspectives (White's, Black's) and the side to move."""
    fields = fen.split()
    if len(fields) < 2 or fields[1] not in ("w", "b"):
        raise ValueError(f"FEN without a side to move: {fen!r}")
    white, black = [], []
    rank, file = 7, 0
    for ch in fields[0]:
        if ch == "/":
            rank, file = rank - 1, 0
        elif ch.isdigit():
            file += int(ch)
        elif ch.upper() in PIECES:
            colour = 0 if ch.isupper() else 1
            pt = PIECES.index(ch.upper())
            s = rank * 8 + file
            white.append((colour * 6 + pt) * 64 + s)
            black.append(((1 - colour) * 6 + pt) * 64 + (s ^ 56))
            file += 1
        else:
            raise ValueError(f"unknown piece {ch!r} in {fen!r}")
    return white, black, 0 if fields[1] == "w" else 1


def raw_output(net, fen):
    """The output neuron's int32 value for the position."""
    white, black, stm = features(fen)
    acc = [wrap(net.b1 + net.w1[f].sum(axis=0), 16) for f in (white, black)]
    ours, theirs = np.clip(acc[stm], 0, QA), np.clip(acc[1 - stm], 0, QA)
    h, b = net.hidden, bucket(net.buckets, len(white))
    w2 = net.w2[b]
    return wrap(int(net.b2[b]) + int(ours @ w2[:h]) + int(theirs @ w2[h:]), 32)


def evaluate(net, fen):
    scaled = raw_output(net, fen) * SCALE
    value = abs(scaled) // (QA * QB) * (1 if scaled >= 0 else -1)  # C's truncation
    return max(-MAX_EVAL, min(MAX_EVAL, value))


def read_net(path, inputs=None):
    with open(path, "rb") as f:
        data = f.read()
    try:
        return Network(data, inputs)
    except ValueError as e:
        sys.exit(f"{path}: {e}")


def read_fens(path):
    fens = []
    with open(path) as f:
        for line in f:
            line = line.split("|")[0].strip()
            if line and not line.startswith("#"):
                fens.append(" ".join(line.split()))
    return fens


def cmd_eval(args):
    net = read_net(args.net)
    fens = list(args.fen) + (read_fens(args.fens) if args.fens else [])
    if not fens:
        sys.exit("no FEN given (FENs or --fens FILE)")
    lines = [f"{fen} | {evaluate(net, fen)}" for fen in fens]
    if args.out:
        header = [
            "# Each line: a FEN, then the network's evaluation of it (centipawns, side to move's",
            f"# view). Generated by bench/nnue/reference.py from {args.net};",
            "# after replacing the network, regenerate with",
            f"#   {regenerate(args.net, args.out)}",
            f"# network {args.net}: hidden {net.hidden}, fnv1a64 {net.checksum:016x}",
        ]
        with open(args.out, "w") as f:
            f.write("\n".join(header + lines) + "\n")
        print(f"{len(lines)} positions written to {args.out}")
    else:
        print("\n".join(lines))


def cmd_check(args):
    net = read_net(args.net)
    bad, count = [], 0
    with open(args.vectors) as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            fen, value = (part.strip() for part in line.rsplit("|", 1))
            count += 1
            got = evaluate(net, fen)
            if got != int(value):
                bad.append(f"  {fen}: file {value}, network {got}")
    if not count:
        sys.exit(f"{args.vectors}: no vectors")
    if bad:
        print(f"{len(bad)} of {count} vectors in {args.vectors} disagree with {args.net}:")
        print("\n".join(bad[:10]))
        print(f"The vector file is stale; regenerate it with\n  "
              f"{regenerate(args.net, args.vectors)}")
        sys.exit(1)
    print(f"{count} vectors agree with {args.net}")


def cmd_random(args):
    if args.hidden <= 0 or args.hidden % 32 or args.hidden > MAX_HIDDEN:
        sys.exit(f"--hidden {args.hidden}: a multiple of 32 up to {MAX_HIDDEN}")
    h = args.hidden
    rng = np.random.default_rng(args.seed)
    # Small weights: about 30 active features move an accumulator by a few dozen around
    # its bias, inside crelu's range; the output weights keep most values within 300 cp.
    # --spread and --out-spread widen the ranges of W1 and B1, and of W2: a test network
    # whose accumulators wrap around and whose values often reach the clamp.
    k, ko = args.spread, args.out_spread
    w1 = rng.integers(max(-32768, -8 * k), min(32767, 8 * k) + 1, size=(INPUTS, h))
    b1 = rng.integers(max(-32768, 32 - 128 * (k - 1)), min(32767, 160 * k), size=h)
    w2 = rng.integers(max(-32768, -6 * ko), min(32767, 6 * ko) + 1, size=2 * h)
    if args.material:
        # The first 16 neurons count material, 8 a pawn (8, 26, 27, 40, 78 for P N B R Q),
        # own pieces up and the other side's down around a bias of 128, so that they stay
        # linear up to 16 pawns ahead or behind; the output reads them as the side to
        # move's lead minus the other's: 16 neurons * 16 * 2 * 8 = 4080 per pawn, which
        # the output's 400 / (255 * 64) scales to 100 cp. The search then sees a sane
        # evaluation (material and noise) rather than noise alone.
        count, per_pawn = 16, [8, 26, 27, 40, 78, 0]
        for pt, v in enumerate(per_pawn):
            w1[pt * 64:(pt + 1) * 64, :count] = v + rng.integers(-1, 2, size=(64, count))
            w1[(6 + pt) * 64:(7 + pt) * 64, :count] = -v + rng.integers(-1, 2, size=(64, count))
        b1[:count] = 128
        w2[:count], w2[h:h + count] = 16, -16
    def serialise(b2):
        return (HEADER.pack(MAGIC, VERSION, INPUTS, h)
                + np.concatenate([w1.ravel(), b1, w2]).astype("<i2").tobytes()
                + struct.pack("<i", b2))

    # The output bias cancels what the noise gives the start position, plus a tempo of
    # 20 cp for the side to move.
    start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    offset = raw_output(Network(serialise(0)), start)
    with open(args.out, "wb") as f:
        f.write(serialise(20 * QA * QB // SCALE - offset))
    print(f"random network (hidden {h}, seed {args.seed}) written to {args.out}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    e = sub.add_parser("eval", help="print each FEN's evaluation")
    e.add_argument("net")
    e.add_argument("fen", nargs="*")
    e.add_argument("--fens", help="a file of FENs (one a line; text after | ignored)")
    e.add_argument("--out", help="write the vectors, with a header, to this file")
    c = sub.add_parser("check", help="compare a vector file with the network")
    c.add_argument("net")
    c.add_argument("vectors")
    r = sub.add_parser("random", help="write a network with small random weights")
    r.add_argument("out")
    r.add_argument("--hidden", type=int, default=256)
    r.add_argument("--seed", type=int, default=1)
    r.add_argument("--spread", type=int, default=1,
                   help="multiply the ranges of W1 and B1 (default 1: small weights)")
    r.add_argument("--out-spread", type=int, default=1,
                   help="multiply the range of W2 (default 1)")
    r.add_argument("--no-material", dest="material", action="store_false",
                   help="noise only: no neurons that count material")
    args = ap.parse_args()
    {"eval": cmd_eval, "check": cmd_check, "random": cmd_random}[args.command](args)


if __name__ == "__main__":
    main()
