#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The network trainer's own test: it learns a known evaluation from synthetic data.

Random legal-looking positions (two kings and random pieces) are labelled with their
material balance (pawn 100, knight and bishop 300, rook 500, queen 900, White's view),
and their results drawn from that balance. train.py fits a small network (hidden 32) to
them and writes it; reference.py, the engine's bit-exact integer inference, reads the file
back and evaluates positions the trainer never saw. The test passes when those values
follow the material balance (correlation over 0.95, the right sign whenever a side is a
minor piece or more ahead) and fails for a net that did not learn it, an exported file
the engine's format rejects, or features the trainer numbers differently from the engine.
The same for binary training data (HQTD, bench/training_data.h) of a made-up game of 100
inputs whose mirror swaps the two halves: the network must learn the inputs' values from
records alone (the header's input count and mirror table, no game's rules), --dump must
print the records written (version 2 and the older version 1), a cut-short file must be
refused, and output buckets must follow the records' pieces byte, not their feature count.
It also checks --init: a network read back with --init and written with --epochs 0 must
be the same file byte for byte (a wrong offset, scale or layout in the reader breaks it),
and a network widened by --init into a larger --hidden must evaluate exactly as the one it
came from, with --freeze-init training its new neurons only;
and --output-buckets: a one-output network read into 4 buckets evaluates as before (an
HQNN v2 file that --init reads back byte for byte), and training then changes only the
buckets of the piece counts in the data (2 to 14 pieces: buckets 0 and 1 of 4);
and --kh-per-klabel: the kh the fit reports must be that factor times the fitted k_label.

    /usr/bin/python3 bench/nnue/test_train.py        (needs python3-torch and numpy)
    /usr/bin/python3 bench/nnue/test_train.py --harlequin build/harlequin

With --harlequin the same checks run on the C++ trainer, `harlequin train` (needs numpy
only): the chess positions are written as HQTD records (it reads no text), and --dump,
which only train.py has, is left out.
"""
import os
import random
import re
import struct
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import reference  # noqa: E402

# The trainer under test: train.py, or `harlequin train` (main() sets it from --harlequin).
TRAINER = [sys.executable, os.path.join(HERE, "train.py")]
CPP = False

VALUE = {"P": 100, "N": 300, "B": 300, "R": 500, "Q": 900}


def random_position(rng):
    """A FEN with both kings and 2-12 other pieces (no pawns on the back ranks), and
    its material balance from White's view."""
    board = [[None] * 8 for _ in range(8)]
    squares = rng.sample(range(64), 14)
    board[squares[0] // 8][squares[0] % 8] = "K"
    board[squares[1] // 8][squares[1] % 8] = "k"
    balance = 0
    for s in squares[2 : 2 + rng.randint(2, 12)]:
        piece = rng.choice("PNBRQ")
        if piece == "P" and s // 8 in (0, 7):
            piece = "N"
        white = rng.random() < 0.5
        board[s // 8][s % 8] = piece if white else piece.lower()
        balance += VALUE[piece] if white else -VALUE[piece]
    rows = []
    for rank in range(7, -1, -1):
        row, empty = "", 0
        for f in range(8):
            p = board[rank][f]
            if p is None:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += p
        rows.append(row + (str(empty) if empty else ""))
    side = rng.choice("wb")
    return f"{'/'.join(rows)} {side} - - 0 1", balance


def output_of(net, white, black, stm):
    """The engine's integer output for explicit feature lists (reference.py's arithmetic)."""
    acc = [reference.wrap(net.b1 + net.w1[f].sum(axis=0), 16) for f in (white, black)]
    ours, theirs = np.clip(acc[stm], 0, 255), np.clip(acc[1 - stm], 0, 255)
    h = net.hidden
    out = reference.wrap(int(net.b2[0]) + int(ours @ net.w2[0, :h]) + int(theirs @ net.w2[0, h:]), 32)
    return out * 400 // (255 * 64)


def check_binary(tmp, rng):
    """A made-up game: inputs 0-49 are White's 'pieces' (value 20 * (f % 10 + 1)), 50-99
    Black's; Black's perspective swaps the halves."""
    inputs = 100
    mirror = [(f + 50) % 100 for f in range(inputs)]
    value = lambda f: 20 * (f % 10 + 1)

    def record(rng):
        feats = sorted(rng.sample(range(inputs), rng.randint(2, 16)))
        score = sum(value(f) if f < 50 else -value(f) for f in feats)
        return feats, rng.random() < 0.5, score

    # Version 2 records carry the pieces on the board, here 18 more than the features (20 to
    # 34: output buckets 2 and 3 of 4, where a count of the features would give 0 and 1).
    path, old = os.path.join(tmp, "made-up.bin"), os.path.join(tmp, "made-up-v1.bin")
    lines = []
    with open(path, "wb") as f, open(old, "wb") as g:
        for version, out in ((2, f), (1, g)):
            out.write(b"HQTD" + struct.pack("<II", version, inputs) + b"made-up".ljust(16, b"\0"))
            out.write(struct.pack(f"<{inputs}H", *mirror))
        for _ in range(3000):
            feats, black, score = record(rng)
            result = 2 if score > 100 else 0 if score < -100 else 1
            f.write(struct.pack("<BBhB", len(feats), int(black) | result << 1, score, 18 + len(feats)))
            g.write(struct.pack("<BBh", len(feats), int(black) | result << 1, score))
            for out in (f, g):
                out.write(struct.pack(f"<{len(feats)}H", *feats))
            lines.append(f"{' '.join(map(str, feats))} | {'b' if black else 'w'} | {score} | {result / 2:.1f}")
    if not CPP:  # --dump is train.py's alone
        dump = subprocess.run([sys.executable, os.path.join(HERE, "train.py"), "--dump", path, "--limit", "20"],
                              check=True, capture_output=True, text=True).stdout.splitlines()
        pieces = [f" | {18 + len(line.split(' | ')[0].split())}" for line in lines[:20]]
        if dump[1:] != [line + p for line, p in zip(lines[:20], pieces)]:
            print("FAIL: --dump does not print the records written:", dump[1:3], lines[:2])
            return False
        dump = subprocess.run([sys.executable, os.path.join(HERE, "train.py"), "--dump", old, "--limit", "20"],
                              check=True, capture_output=True, text=True).stdout.splitlines()
        if dump[1:] != lines[:20]:
            print("FAIL: --dump does not read a version 1 file's records:", dump[1:3], lines[:2])
            return False
    net_path = os.path.join(tmp, "made-up.nnue")
    subprocess.run(TRAINER + ["--data", path, "--out", net_path,
                    "--hidden", "32", "--epochs", "30", "--batch", "128", "--lr", "0.003", "--lambda", "1.0",
                    "--kh-per-klabel", "1", "--threads", "1"],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    net = reference.read_net(net_path, inputs)  # exits on a file the engine would refuse
    got, want = [], []
    for _ in range(400):
        feats, black, score = record(rng)
        v = output_of(net, feats, [mirror[f] for f in feats], int(black))
        got.append(-v if black else v)
        want.append(score)
    corr = float(np.corrcoef(got, want)[0, 1])
    print(f"binary data of 100 inputs: correlation with the inputs' values {corr:.3f}")
    if corr < 0.95:
        print("FAIL: the network trained on binary data does not follow its labels")
        return False
    with open(path, "rb") as f:
        data = f.read()
    cut = os.path.join(tmp, "cut.bin")
    with open(cut, "wb") as f:
        f.write(data[:-3])
    read_cut = TRAINER + ["--data", cut, "--out", os.path.join(tmp, "cut.nnue")] if CPP else \
        [sys.executable, os.path.join(HERE, "train.py"), "--dump", cut]
    run = subprocess.run(read_cut, capture_output=True, text=True)
    if run.returncode == 0 or "cut short" not in run.stdout + run.stderr:
        print("FAIL: a cut-short binary file is not refused:", (run.stdout + run.stderr)[-200:])
        return False
    # Output buckets by the records' pieces: from the one-output network, training moves
    # buckets 2 and 3 only; a version 1 file (no pieces) is refused for buckets.
    four, again = os.path.join(tmp, "made-up-4.nnue"), os.path.join(tmp, "made-up-4b.nnue")
    train = TRAINER + ["--hidden", "32", "--output-buckets", "4",
             "--threads", "1", "--batch", "128", "--lr", "0.003", "--kh-per-klabel", "1"]
    quiet = dict(check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    subprocess.run(train + ["--data", path, "--init", net_path, "--out", four, "--epochs", "0"], **quiet)
    subprocess.run(train + ["--data", path, "--init", four, "--out", again, "--epochs", "2"], **quiet)
    before, after = reference.read_net(four, inputs), reference.read_net(again, inputs)
    changed = [not np.array_equal(after.w2[b], before.w2[b]) for b in range(4)]
    if changed != [False, False, True, True]:
        print(f"FAIL: binary data's output buckets changed by training {changed}: want 2 and 3 only "
              "(its records hold 20 to 34 pieces)")
        return False
    run = subprocess.run(train + ["--data", old, "--out", again, "--epochs", "1"], capture_output=True, text=True)
    if run.returncode == 0 or "HQTD v1 files have none" not in run.stdout + run.stderr:
        print("FAIL: --output-buckets on version 1 data (no pieces) is not refused:",
              (run.stdout + run.stderr)[-200:])
        return False
    print("binary output buckets: training moved buckets 2 and 3, those of the records' pieces; "
          "version 1 data is read but refused for buckets")
    return True


def check_widen(tmp, data, net_path, rng):
    """--init into a larger --hidden evaluates as the network read; --freeze-init then
    trains the new neurons only."""
    wide = os.path.join(tmp, "wide.nnue")
    train = TRAINER + ["--data", data, "--out", wide,
             "--hidden", "64", "--init", net_path, "--threads", "1", "--batch", "256", "--lr", "0.003"]
    subprocess.run(train + ["--epochs", "0"], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    small, big = reference.read_net(net_path), reference.read_net(wide)
    fens = [random_position(rng)[0] for _ in range(200)]
    if big.hidden != 64 or any(reference.evaluate(small, f) != reference.evaluate(big, f) for f in fens):
        print("FAIL: a network widened from 32 to 64 neurons does not evaluate as the one it came from")
        return False
    subprocess.run(train + ["--epochs", "2", "--freeze-init"], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    big = reference.read_net(wide)
    h = small.hidden
    kept = (np.array_equal(big.w1[:, :h], small.w1) and np.array_equal(big.b1[:h], small.b1)
            and np.array_equal(big.w2[0, :h], small.w2[0, :h]) and np.array_equal(big.w2[0, 64 : 64 + h], small.w2[0, h:]))
    learnt = np.count_nonzero(big.w2[0, h:64]) + np.count_nonzero(big.w2[0, 64 + h :])
    if not kept or learnt == 0:
        print(f"FAIL: --freeze-init: the first {h} neurons kept: {kept}; new output weights trained: {learnt}")
        return False
    print(f"widened 32 -> 64: the same values on {len(fens)} positions; --freeze-init kept the 32 "
          f"and trained {learnt} of the new output weights")
    return True


def check_resume(tmp, data):
    """harlequin train: a run stopped after epoch 3 and resumed from its checkpoint writes
    the network of the run that was not stopped, byte for byte; a checkpoint of other
    settings or a damaged one is refused."""
    whole, parts = os.path.join(tmp, "whole.nnue"), os.path.join(tmp, "parts.nnue")
    train = TRAINER + ["--data", data, "--hidden", "32", "--epochs", "6", "--batch", "256",
                       "--lr", "0.003", "--threads", "2", "--mirror"]
    quiet = dict(check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    subprocess.run(train + ["--out", whole], **quiet)
    subprocess.run(train + ["--out", parts, "--stop-after", "3"], **quiet)
    with open(parts, "rb") as f:
        after3 = f.read()
    subprocess.run(train + ["--out", parts, "--resume"], **quiet)
    with open(whole, "rb") as a, open(parts, "rb") as b:
        want, got = a.read(), b.read()
    if got != want or after3 == want:
        print(f"FAIL: resumed after epoch 3: the same network as the whole run: {got == want}; "
              f"the stopped run's differs: {after3 != want}")
        return False
    other = subprocess.run(train[:-1] + ["--out", parts, "--resume"], capture_output=True, text=True)
    with open(parts + ".ckpt", "rb") as f:
        ckpt = f.read()
    with open(parts + ".ckpt", "wb") as f:
        f.write(ckpt[:-5])
    cut = subprocess.run(train + ["--out", parts, "--resume"], capture_output=True, text=True)
    if other.returncode == 0 or "other settings" not in other.stdout or cut.returncode == 0 \
            or "damaged" not in cut.stdout:
        print("FAIL: a checkpoint of other settings or a damaged one is not refused:",
              other.stdout[-200:], cut.stdout[-200:])
        return False
    print("stopped after epoch 3 and resumed: the whole run's network byte for byte; a "
          "checkpoint of other settings and a damaged one are refused")
    return True


def check_buckets(tmp, data, net_path, rng):
    """--output-buckets from a one-output network: the same values, then per-bucket training."""
    out = os.path.join(tmp, "buckets.nnue")
    again = os.path.join(tmp, "buckets-again.nnue")
    train = TRAINER + ["--data", data, "--hidden", "32",
             "--output-buckets", "4", "--threads", "1", "--batch", "256", "--lr", "0.003"]
    quiet = dict(check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    subprocess.run(train + ["--init", net_path, "--out", out, "--epochs", "0"], **quiet)
    one, four = reference.read_net(net_path), reference.read_net(out)
    fens = [random_position(rng)[0] for _ in range(200)]
    if four.buckets != 4 or any(reference.evaluate(one, f) != reference.evaluate(four, f) for f in fens):
        print(f"FAIL: a network read into 4 output buckets ({four.buckets}) does not evaluate as before")
        return False
    subprocess.run(train + ["--init", out, "--out", again, "--epochs", "0"], **quiet)
    with open(out, "rb") as a, open(again, "rb") as b:
        if a.read() != b.read():
            print("FAIL: --init of an HQNN v2 network then --epochs 0 does not give it back")
            return False
    subprocess.run(train + ["--init", out, "--out", again, "--epochs", "2"], **quiet)
    trained = reference.read_net(again)
    changed = [not np.array_equal(trained.w2[b], four.w2[b]) for b in range(4)]
    if changed != [True, True, False, False] or np.array_equal(trained.w2[0], trained.w2[1]):
        print(f"FAIL: output buckets changed by training {changed}: want buckets 0 and 1 only "
              "(the data has 4 to 14 pieces), each its own way")
        return False
    print("4 output buckets: the same values as the one-output network, read back exactly; "
          "training changed buckets 0 and 1 (the data's piece counts) and left 2 and 3")
    return True


def write_chess_hqtd(path, rows):
    """Chess positions (FEN, score, result; White's view) as HQTD v2 records, with
    reference.py's features and their mirror (the engine's numbering)."""
    mirror = [((1 - (f // 64) // 6) * 6 + (f // 64) % 6) * 64 + ((f % 64) ^ 56) for f in range(768)]
    with open(path, "wb") as out:
        out.write(b"HQTD" + struct.pack("<II", 2, 768) + b"chess".ljust(16, b"\0"))
        out.write(struct.pack("<768H", *mirror))
        for fen, score, result in rows:
            white, _, stm = reference.features(fen)
            flags = stm | int(result * 2) << 1
            out.write(struct.pack("<BBhB", len(white), flags, score, len(white)))
            out.write(struct.pack(f"<{len(white)}H", *white))


def main():
    global TRAINER, CPP
    if len(sys.argv) == 3 and sys.argv[1] == "--harlequin":
        TRAINER, CPP = [os.path.abspath(sys.argv[2]), "train"], True
    elif len(sys.argv) != 1:
        sys.exit("usage: test_train.py [--harlequin PATH]")
    rng = random.Random(7)
    with tempfile.TemporaryDirectory() as tmp:
        rows = []
        for _ in range(8000):
            fen, balance = random_position(rng)
            p = 1 / (1 + 10 ** (-balance / 400))
            u = rng.random()
            result = 1.0 if u < p * 0.8 else 0.0 if u > 1 - (1 - p) * 0.8 else 0.5
            rows.append((fen, balance, result))
        data = os.path.join(tmp, "data.bin" if CPP else "data.txt")
        if CPP:
            write_chess_hqtd(data, rows)
        else:
            with open(data, "w") as f:
                for fen, balance, result in rows:
                    f.write(f"{fen} | {balance} | {result} | {balance}\n")
        net_path = os.path.join(tmp, "net.nnue")
        cmd = TRAINER + ["--data", data, "--out", net_path,
               "--hidden", "32", "--epochs", "40", "--batch", "256", "--lr", "0.003",
               "--lambda", "1.0", "--threads", "1", "--holdout", "0.05", "--mirror"]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

        net = reference.read_net(net_path)  # raises on a file the engine would refuse
        fens, balances = zip(*(random_position(rng) for _ in range(400)))
        values = np.array([reference.evaluate(net, fen) for fen in fens], dtype=float)
        # The net's values are the side to move's; the labels White's.
        white_values = np.array([v if fen.split()[1] == "w" else -v for v, fen in zip(values, fens)])
        balances = np.array(balances, dtype=float)
        corr = float(np.corrcoef(white_values, balances)[0, 1])
        clear = np.abs(balances) >= 300
        right_sign = float(np.mean(np.sign(white_values[clear]) == np.sign(balances[clear])))
        print(f"correlation with the material balance {corr:.3f}; right sign where a side is "
              f"a minor piece or more ahead: {right_sign:.1%} of {int(clear.sum())}")
        if corr < 0.95 or right_sign < 0.95:
            print("FAIL: the trained network does not follow the evaluation it was trained on")
            return 1
        again = os.path.join(tmp, "again.nnue")
        subprocess.run(TRAINER + ["--data", data, "--out", again,
                        "--hidden", "32", "--epochs", "0", "--init", net_path, "--threads", "1"],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with open(net_path, "rb") as a, open(again, "rb") as b:
            if a.read() != b.read():
                print("FAIL: --init then --epochs 0 does not give back the network it read")
                return 1
        print("--init reads a network back exactly")
        if not check_widen(tmp, data, net_path, rng):
            return 1
        if not check_buckets(tmp, data, net_path, rng):
            return 1
        if CPP and not check_resume(tmp, data):
            return 1
        # --kh-per-klabel R: the kh the fit uses (its header line) is R times the fitted k_label.
        run = subprocess.run(TRAINER + ["--data", data, "--out", again,
                              "--hidden", "32", "--epochs", "0", "--init", net_path, "--threads", "1",
                              "--kh-per-klabel", "0.5"],
                             check=True, capture_output=True, text=True)
        m = re.search(r"k_label (\S+), lambda \S+, kh (\S+),", run.stdout + run.stderr)
        if not m or abs(float(m.group(2)) - 0.5 * float(m.group(1))) > 1e-3:
            print(f"FAIL: --kh-per-klabel 0.5 does not set kh to half of k_label: {m.groups() if m else run.stderr}")
            return 1
        print(f"--kh-per-klabel 0.5: k_label {m.group(1)}, kh {m.group(2)}")
        if not check_binary(tmp, rng):
            return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
