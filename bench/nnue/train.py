#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Trains a Harlequin network, (N -> H) x 2 -> 1, for any game, and writes it as an HQNN file.

    train.py --data FILE [FILE ...] --out variants/GAME/nnue/default.nnue
             [--hidden 256] [--epochs 30] [--lambda 0.75] [--kh 0.7652 | --kh-per-klabel R]
             [--threads 2] [--init FILE.nnue] [--output-buckets B]
    train.py --dump FILE.bin [--limit N]      (binary records back as text)

The data: binary files (.bin, `harlequin datagen -out FILE.bin` or `-convert`; HQTD,
bench/training_data.h) of any game, whose header gives the game, its input count and
each feature's mirror (Black's perspective), so the trainer needs no game's rules; or
chess text files, below. All files of one run must be of one game.

--init starts from an existing network (an HQNN file, read back exactly: with --epochs 0
the file written is the one read) instead of random weights, so a new round of data can
refine the built-in network rather than replace it. With a larger --hidden the network is
widened: its neurons come first, the new ones start with no output weight (the same
evaluation), and --freeze-init trains only the new ones, on what the old ones miss.

--output-buckets B gives the output layer B sets of weights, one read per position by its
pieces on the board n: min(B - 1, max(0, n - 2) * B // 32), i.e. (n - 2) // 4 for B = 8
(HQNN v2, engine/nnue.h). n is a chess text line's pieces, or a binary record's pieces
byte (HQTD v2; v1 files have none, so they train one output only). With --init of a
network of one output, every bucket starts as its output layer (the same evaluation).

--kh-per-klabel R sets kh to R times the fitted k_label (below), so that networks trained
on data of different k_label keep one centipawn scale (R 0.7429: net = 1.346 sf).

Each chess text line is `FEN | score | result | sf` (bench/nnue/label.py's output: Harlequin's
search score, the game's result and Stockfish's static evaluation, all White's view) or
plain `FEN | score | result` (datagen's; --lambda then blends Harlequin's own score).

Chess's input is 768 features per side (colour relative to the side, piece type,
square, the board flipped for Black); each game's are in its variants/GAME/nnue.h. Both
sides' accumulators share one weight matrix;
the output layer reads the side to move's accumulator first. The net predicts a score in
centipawns, side to move's view, and is fitted so that sigmoid(kh * score) (base 10, /400,
as in bench/tune/tune.py) matches

    target = lambda * sigmoid(k_label * label) + (1 - lambda) * result

where k_label is fitted first so that the label alone best predicts the results. kh is
the hand-set evaluation's fitted K, so a centipawn of the net means what one of the old
evaluation meant to the search's margins.

Quantisation (variants/chess/nnue.h has the integer side): W1 and B1 times 255, W2 times
64, B2 times 255 * 64; the accumulator's activation is clamp(x, 0, 1) in floats, clamp(x,
0, 255) in integers; score = out * 400 / (255 * 64).
"""
import argparse
import math
import os
import struct
import sys
import time

import numpy as np
import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tune"))
import tune  # noqa: E402  (the logistic and the golden-section search of the linear tuner)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import reference  # noqa: E402  (the engine's HQNN reader)

sigmoid10 = tune.sigmoid  # 1 / (1 + 10^(-x/400))

QA, QB, SCALE = 255, 64, 400
PAD = 768  # the feature index of an empty slot
PIECES = "PNBRQK"


def parse_line(line):
    fields = line.split(" | ")
    fen = fields[0].split()
    board, stm = fen[0], fen[1]
    feats = []
    rank, file = 7, 0
    for ch in board:
        if ch == "/":
            rank -= 1
            file = 0
        elif ch.isdigit():
            file += int(ch)
        else:
            colour = 0 if ch.isupper() else 1
            pt = PIECES.index(ch.upper())
            feats.append((colour * 6 + pt) * 64 + rank * 8 + file)
            file += 1
    score = float(fields[1])
    result = float(fields[2])
    label = float(fields[3]) if len(fields) > 3 else score
    return feats, stm == "b", score, result, label


HQTD_HEADER = struct.Struct("<4sII16s")


def read_hqtd(path):
    """A binary training file: (game, inputs, mirror, feats, black, score, result, pieces),
    with feats the White-perspective features (N x max count, padded with `inputs`) and
    pieces each position's pieces on the board (None for version 1, which has none)."""
    with open(path, "rb") as f:
        data = f.read()
    if len(data) < HQTD_HEADER.size:
        sys.exit(f"{path}: {len(data)} bytes, too short for the HQTD header")
    magic, version, inputs, game = HQTD_HEADER.unpack_from(data)
    if magic != b"HQTD" or version not in (1, 2):
        sys.exit(f"{path}: not HQTD v1 or v2 training data")
    game = game.rstrip(b"\0").decode()
    fixed = 4 if version == 1 else 5  # v2's records have a pieces byte after the score
    at = HQTD_HEADER.size
    mirror = np.frombuffer(data, dtype="<u2", count=inputs, offset=at).astype(np.int64)
    at += 2 * inputs
    buf = np.frombuffer(data, dtype=np.uint8)
    offsets = []
    end = len(buf)
    while at < end:
        offsets.append(at)
        at += fixed + 2 * int(buf[at])
    if at != end:
        sys.exit(f"{path}: the last record is cut short ({end - offsets[-1]} bytes)")
    offs = np.array(offsets, dtype=np.int64)
    counts = buf[offs].astype(np.int64)
    flags = buf[offs + 1]
    score = (buf[offs + 2].astype(np.int64) | buf[offs + 3].astype(np.int64) << 8).astype(np.uint16).view(np.int16)
    pieces = buf[offs + 4].astype(np.int64) if version == 2 else None
    width = int(counts.max()) if len(offs) else 1
    feats = np.full((len(offs), width), inputs, dtype=np.int16)
    for j in range(width):
        rows = counts > j
        at = offs[rows] + fixed + 2 * j
        feats[rows, j] = (buf[at].astype(np.int64) | buf[at + 1].astype(np.int64) << 8)
    if len(offs) and int(feats[feats != inputs].max(initial=0)) >= inputs:
        sys.exit(f"{path}: a feature number beyond the {inputs} inputs")
    black = (flags & 1).astype(bool)
    result = ((flags >> 1) & 3).astype(np.float32) / 2
    return game, inputs, mirror, feats, black, score.astype(np.float32), result, pieces


def load_binary(paths):
    """Binary files of one game: (game, inputs, mirror, feats, black, score, result, label,
    pieces), pieces None if a file is version 1 (no piece counts)."""
    parts, kind = [], None
    for path in paths:
        game, inputs, mirror, feats, black, score, result, pieces = read_hqtd(path)
        if kind is None:
            kind = (game, inputs, mirror)
        elif (game, inputs) != kind[:2] or not np.array_equal(mirror, kind[2]):
            sys.exit(f"{path}: {game} data with {inputs} inputs, but {paths[0]} is {kind[0]}'s with {kind[1]}")
        parts.append((feats, black, score, result, pieces))
        print(f"read {path}: {len(result)} {game} positions", file=sys.stderr)
    width = max(p[0].shape[1] for p in parts)
    feats = np.concatenate([np.pad(p[0], ((0, 0), (0, width - p[0].shape[1])), constant_values=kind[1]) for p in parts])
    black, score, result = (np.concatenate([p[i] for p in parts]) for i in (1, 2, 3))
    pieces = None if any(p[4] is None for p in parts) else np.concatenate([p[4] for p in parts])
    return kind[0], kind[1], kind[2], feats, black, score, result, score.copy(), pieces


def dump(path, limit):
    game, inputs, mirror, feats, black, score, result, pieces = read_hqtd(path)
    print(f"# {game}: {inputs} inputs, {len(result)} positions; features (White's view) | "
          f"side to move | score | result (White's view)" + (" | pieces" if pieces is not None else ""))
    for i in range(len(result) if not limit else min(limit, len(result))):
        f = " ".join(str(int(x)) for x in feats[i] if x != inputs)
        tail = f" | {int(pieces[i])}" if pieces is not None else ""
        print(f"{f} | {'b' if black[i] else 'w'} | {int(score[i])} | {result[i]:.1f}{tail}")


def load(paths):
    """White-perspective features (N x 32, PAD-filled), black-to-move flags, and the
    score, result and label columns (White's view). Parsed files are cached as .npz."""
    parts = []
    for path in paths:
        cache = path + ".npz"
        if os.path.exists(cache) and os.path.getmtime(cache) >= os.path.getmtime(path):
            z = np.load(cache)
            parts.append(tuple(z[k] for k in ("feats", "black", "score", "result", "label")))
            continue
        t0 = time.time()
        rows = []
        with open(path) as f:
            for line in f:
                if line.count(" | ") >= 2:
                    rows.append(parse_line(line.rstrip("\n")))
        n = len(rows)
        feats = np.full((n, 32), PAD, dtype=np.int16)
        for i, r in enumerate(rows):
            feats[i, : len(r[0])] = r[0]
        black = np.array([r[1] for r in rows], dtype=bool)
        score = np.array([r[2] for r in rows], dtype=np.float32)
        result = np.array([r[3] for r in rows], dtype=np.float32)
        label = np.array([r[4] for r in rows], dtype=np.float32)
        np.savez(cache, feats=feats, black=black, score=score, result=result, label=label)
        print(f"parsed {path}: {n} positions in {time.time() - t0:.0f} s", file=sys.stderr)
        parts.append((feats, black, score, result, label))
    return tuple(np.concatenate([p[i] for p in parts]) for i in range(5))


def mirrored_view(feats, mirror, pad):
    """Black's perspective from White's, by the game's mirror table (HQTD header)."""
    f = feats.astype(np.int64)
    out = np.where(f == pad, pad, mirror[np.minimum(f, pad - 1)])
    return out.astype(np.int16)


def black_view(feats):
    """The same pieces seen from Black: colours swapped, board flipped vertically."""
    f = feats.astype(np.int32)
    pad = f == PAD
    colour_pt, sq = f // 64, f % 64
    colour, pt = colour_pt // 6, colour_pt % 6
    out = ((1 - colour) * 6 + pt) * 64 + (sq ^ 56)
    out[pad] = PAD
    return out.astype(np.int16)


def fit_k(label, result):
    """The K for which sigmoid(K * label) best predicts the results (tune.py's search)."""
    return tune.golden(lambda k: float(np.mean((sigmoid10(k * label) - result) ** 2)))[0]


def output_bucket(pieces, buckets):
    """Each position's output bucket, from its pieces on the board (engine/nnue.h)."""
    return np.minimum(buckets - 1, np.maximum(0, pieces.astype(np.int64) - 2) * buckets // 32)


class Net(torch.nn.Module):
    def __init__(self, hidden, inputs=PAD, buckets=1):
        super().__init__()
        self.inputs = inputs
        self.buckets = buckets
        self.ft = torch.nn.EmbeddingBag(inputs + 1, hidden, mode="sum", padding_idx=inputs)
        self.ft_bias = torch.nn.Parameter(torch.zeros(hidden))
        self.out = torch.nn.Linear(2 * hidden, buckets)
        with torch.no_grad():
            self.ft.weight.uniform_(-0.05, 0.05)
            self.ft.weight[inputs].zero_()
            self.out.weight.uniform_(-0.05, 0.05)
            self.out.bias.zero_()

    def forward(self, white, black, black_to_move, bucket=None):
        aw = torch.clamp(self.ft(white) + self.ft_bias, 0.0, 1.0)
        ab = torch.clamp(self.ft(black) + self.ft_bias, 0.0, 1.0)
        btm = black_to_move.unsqueeze(1)
        stm = torch.where(btm, ab, aw)
        other = torch.where(btm, aw, ab)
        y = self.out(torch.cat([stm, other], dim=1))
        if bucket is None:
            return y[:, 0] * SCALE
        return y.gather(1, bucket.unsqueeze(1)).squeeze(1) * SCALE  # centipawns

    def clip(self):
        # Keeps the quantised weights in int16 and the accumulator from overflowing.
        with torch.no_grad():
            self.ft.weight.clamp_(-1.98, 1.98)
            self.ft_bias.clamp_(-32.0, 32.0)
            self.out.weight.clamp_(-127 / QB, 127 / QB)


def load_into(net, path):
    """Sets net's weights to those of an HQNN file, read by reference.py (the engine's
    reader): the inverse of export's quantisation, so exporting gives back the same bytes."""
    src = reference.read_net(path, net.inputs)  # exits with the reason on a file the engine refuses
    hidden, h = net.ft_bias.shape[0], src.hidden
    if h > hidden:
        raise SystemExit(f"{path}: hidden size {h}, more than --hidden {hidden}")
    if src.buckets not in (1, net.buckets):
        raise SystemExit(f"{path}: {src.buckets} output buckets, --output-buckets is {net.buckets}")
    # A wider net keeps the file's neurons first; the new ones keep their random input
    # weights but start with no output weight, so the net starts as the file's exactly.
    with torch.no_grad():
        net.ft.weight[:net.inputs, :h] = torch.from_numpy((src.w1 / QA).astype(np.float32))
        net.ft.weight[net.inputs].zero_()
        net.ft_bias.zero_()
        net.ft_bias[:h] = torch.from_numpy((src.b1 / QA).astype(np.float32))
        net.out.weight.zero_()
        for b in range(net.buckets):  # a single output starts every bucket
            s = b if src.buckets > 1 else 0
            w2 = torch.from_numpy((src.w2[s] / QB).astype(np.float32))
            net.out.weight[b, :h] = w2[:h]  # the side to move's accumulator
            net.out.weight[b, hidden : hidden + h] = w2[h:]  # the other side's
            net.out.bias[b] = float(src.b2[s]) / (QA * QB)
    return h


def freeze_first(net, h):
    """Keeps the first h neurons (their input, bias and output weights) as they are: a
    widened net then learns only what the new neurons add."""
    hidden = net.ft_bias.shape[0]
    keep_ft = torch.ones_like(net.ft.weight)
    keep_ft[:, :h] = 0
    keep_b = torch.ones_like(net.ft_bias)
    keep_b[:h] = 0
    keep_out = torch.ones_like(net.out.weight)
    keep_out[:, :h] = 0
    keep_out[:, hidden : hidden + h] = 0
    net.ft.weight.register_hook(lambda g: g * keep_ft)
    net.ft_bias.register_hook(lambda g: g * keep_b)
    net.out.weight.register_hook(lambda g: g * keep_out)


def export(net, path):
    w1 = net.ft.weight.detach().numpy()[:net.inputs]  # inputs x H
    b1 = net.ft_bias.detach().numpy()
    w2 = net.out.weight.detach().numpy()  # buckets x 2H
    b2 = net.out.bias.detach().numpy()
    hidden = w1.shape[1]
    q = lambda a, s: np.clip(np.round(a * s), -32767, 32767).astype("<i2")
    with open(path, "wb") as f:
        if net.buckets == 1:  # v1: what every one-output network has always been
            f.write(b"HQNN" + struct.pack("<III", 1, net.inputs, hidden))
        else:
            f.write(b"HQNN" + struct.pack("<IIII", 2, net.inputs, hidden, net.buckets))
        f.write(q(w1, QA).tobytes())
        f.write(q(b1, QA).tobytes())
        f.write(q(w2, QB).tobytes())
        f.write(np.array([int(round(float(b) * QA * QB)) for b in b2], dtype="<i4").tobytes())


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", nargs="+")
    ap.add_argument("--out")
    ap.add_argument("--dump", help="print a binary training file's records as text, and stop")
    ap.add_argument("--hidden", type=int, default=256)
    ap.add_argument("--epochs", type=int, default=30)
    ap.add_argument("--batch", type=int, default=16384)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--lambda", dest="lam", type=float, default=0.75)
    ap.add_argument("--kh", type=float, default=0.7652)
    ap.add_argument("--kh-per-klabel", type=float, default=0.0,
                    help="set kh to this times the fitted k_label (overrides --kh): keeps net / label fixed across data")
    ap.add_argument("--holdout", type=float, default=0.02)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--limit", type=int, default=0, help="use only the first N positions")
    ap.add_argument("--init", help="start from this HQNN network instead of random weights")
    ap.add_argument("--freeze-init", action="store_true",
                    help="with --init of a network narrower than --hidden: train only the new neurons")
    ap.add_argument("--output-buckets", type=int, default=1,
                    help="output buckets by pieces on the board (1 to 16; chess text or HQTD v2 data)")
    ap.add_argument("--mirror", action="store_true",
                    help="show each training batch's positions mirrored left-right at random, half of them")
    args = ap.parse_args()
    if args.dump:
        dump(args.dump, args.limit)
        return
    if not args.data or not args.out:
        ap.error("--data and --out are required (or --dump FILE.bin)")
    if args.kh_per_klabel < 0:
        ap.error("--kh-per-klabel must be positive")

    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)

    binary = [p.endswith(".bin") for p in args.data]
    if any(binary) and not all(binary):
        ap.error("--data: binary (.bin) and text files cannot be mixed")
    if all(binary):
        game, inputs, mirror, feats, black, score, result, label, pieces = load_binary(args.data)
        black_feats = lambda f: mirrored_view(f, mirror, inputs)
    else:
        game, inputs = "chess", PAD
        feats, black, score, result, label = load(args.data)
        pieces = (feats != PAD).sum(axis=1)  # chess's features are its pieces
        black_feats = black_view
    if args.mirror and game != "chess":
        ap.error("--mirror (left-right flips) is for chess's board only")
    if not 1 <= args.output_buckets <= 16:
        ap.error("--output-buckets must be 1 to 16")
    if args.output_buckets > 1 and pieces is None:
        ap.error("--output-buckets needs each position's pieces: HQTD v1 files have none "
                 "(convert their text again, or write new data)")
    if args.limit:
        feats, black, score, result, label = (a[: args.limit] for a in (feats, black, score, result, label))
        pieces = None if pieces is None else pieces[: args.limit]
    n = len(result)
    k_label = fit_k(label, result)
    if args.kh_per_klabel:
        args.kh = args.kh_per_klabel * k_label
    # Everything to the side to move's view.
    sign = np.where(black, -1.0, 1.0).astype(np.float32)
    target = args.lam * sigmoid10(k_label * label * sign) + (1 - args.lam) * np.where(black, 1 - result, result)
    target = target.astype(np.float32)
    print(f"{game}: {n} positions, {inputs} inputs, k_label {k_label:.4f}, lambda {args.lam}, kh {args.kh}, "
          f"hidden {args.hidden}", file=sys.stderr)

    order = rng.permutation(n)
    n_hold = int(n * args.holdout)
    hold, train = order[:n_hold], order[n_hold:]
    tw = torch.from_numpy(feats.astype(np.int64))
    tb = torch.from_numpy(black_feats(feats).astype(np.int64))
    tbtm = torch.from_numpy(black)
    tt = torch.from_numpy(target)
    tbucket = torch.from_numpy(output_bucket(pieces, args.output_buckets) if pieces is not None
                               else np.zeros(n, dtype=np.int64))

    net = Net(args.hidden, inputs, args.output_buckets)
    if args.init:
        h = load_into(net, args.init)
        if args.freeze_init:
            if h == args.hidden:
                ap.error("--freeze-init needs --hidden larger than the --init network's")
            freeze_first(net, h)
    elif args.freeze_init:
        ap.error("--freeze-init needs --init")
    opt = torch.optim.Adam(net.parameters(), lr=args.lr)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=max(1, args.epochs), eta_min=args.lr / 30)
    kh = args.kh * math.log(10) / 400

    def mirrored(f):
        # a1 <-> h1: the square's file reversed, empty slots kept.
        return torch.where(f == PAD, f, f ^ 7)  # the low three bits are the file

    def loss_of(idx, augment=False):
        i = torch.from_numpy(idx)
        w, b = tw[i], tb[i]
        if augment:
            flip = torch.rand(len(idx)) < 0.5
            w = torch.where(flip.unsqueeze(1), mirrored(w), w)
            b = torch.where(flip.unsqueeze(1), mirrored(b), b)
        pred = torch.sigmoid(net(w, b, tbtm[i], tbucket[i]) * kh)
        return torch.mean((pred - tt[i]) ** 2)

    def held_out():
        with torch.no_grad():
            return sum(float(loss_of(hold[j : j + 65536])) * len(hold[j : j + 65536]) for j in range(0, n_hold, 65536)) / max(1, n_hold)

    print(f"epoch 0 | held-out {held_out():.6f}", file=sys.stderr, flush=True)
    if args.epochs == 0:
        export(net, args.out)
    for epoch in range(1, args.epochs + 1):
        t0 = time.time()
        perm = train[rng.permutation(len(train))]
        total = 0.0
        for j in range(0, len(perm), args.batch):
            opt.zero_grad()
            loss = loss_of(perm[j : j + args.batch], args.mirror)
            loss.backward()
            opt.step()
            net.clip()
            total += float(loss) * len(perm[j : j + args.batch])
        sched.step()
        export(net, args.out)
        print(f"epoch {epoch} | train {total / len(perm):.6f} | held-out {held_out():.6f} | "
              f"{time.time() - t0:.0f} s | written {args.out}", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
