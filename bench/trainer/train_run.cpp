// SPDX-License-Identifier: GPL-3.0-or-later
#include "train_run.h"

#include "adam.h"
#include "checkpoint.h"
#include "gradient.h"

#include "engine/io.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <csignal>
#include <fstream>
#include <numeric>
#include <random>
#include <sstream>

namespace hq::trainer {

namespace {

using Clock = std::chrono::steady_clock;

volatile std::sig_atomic_t interrupted = 0;
void on_interrupt(int) { interrupted = 1; }

// 1 / (1 + 10^(-x / 400)): the tuner's logistic (bench/tune/tune.py), its argument clipped
// as there.
double sigmoid10(double x) {
    return 1.0 / (1.0 + std::pow(10.0, -std::clamp(x, -4000.0, 4000.0) / 400.0));
}

// The K for which sigmoid10(K * score) best predicts the results: a golden-section search
// over [0.05, 4], 40 steps (tune.py's `golden`, the same range and steps).
double fit_k_label(const Dataset& d) {
    auto loss = [&](double k) {
        double sum = 0;
        for (std::size_t i = 0; i < d.size(); ++i) {
            double e = sigmoid10(k * d.score[i]) - d.result[i];
            sum += e * e;
        }
        return sum / double(d.size());
    };
    double lo = 0.05, hi = 4.0;
    const double g = (std::sqrt(5.0) - 1) / 2;
    double a = hi - g * (hi - lo), b = lo + g * (hi - lo), fa = loss(a), fb = loss(b);
    for (int step = 0; step < 40; ++step) {
        if (fa < fb) {
            hi = b, b = a, fb = fa;
            a = hi - g * (hi - lo);
            fa = loss(a);
        } else {
            lo = a, a = b, fa = fb;
            b = lo + g * (hi - lo);
            fb = loss(b);
        }
    }
    return (lo + hi) / 2;
}

// Each position's target, side to move's view: lambda * sigmoid10(k_label * score) + (1 -
// lambda) * result; and its output bucket.
Targets make_targets(const Dataset& d, const Network& shape, double lambda, double kLabel) {
    Targets t;
    t.target.resize(d.size());
    t.bucket.resize(d.size());
    for (std::size_t i = 0; i < d.size(); ++i) {
        const bool black = d.black[i] != 0;
        const double label = sigmoid10(kLabel * d.score[i] * (black ? -1 : 1));
        const double result = black ? 1.0 - d.result[i] : d.result[i];
        t.target[i] = float(lambda * label + (1 - lambda) * result);
        t.bucket[i] = std::uint8_t(d.pieces.empty() ? 0 : shape.bucket(d.pieces[i]));
    }
    return t;
}

std::optional<std::string> write_network(const Network& net, const std::string& path) {
    auto bytes = hqnn_bytes(net);
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    if (!f.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()))
        || !f.flush())
        return fmt::format("{}: cannot be written", path);
    return std::nullopt;
}

// The state a run starts from: a new network, one read with -init, or a checkpoint.
struct Start {
    Checkpoint state;
    int frozen = 0; // with -freeze-init: the neurons -init read, which training keeps
    std::string error;
};

Start starting_state(const TrainOptions& o, const Dataset& d, std::uint64_t digest) {
    Start s;
    Checkpoint& c = s.state;
    c.settings = run_settings(o);
    c.dataFingerprint = digest;
    if (o.resume) {
        auto read = read_checkpoint(o.checkpoint);
        if (auto* err = std::get_if<std::string>(&read)) return s.error = *err, s;
        c = std::move(std::get<Checkpoint>(read));
        if (c.settings != run_settings(o))
            s.error = fmt::format("{} was made by a run with other settings ({}); this run's: {}",
                o.checkpoint, c.settings, run_settings(o));
        else if (c.dataFingerprint != digest)
            s.error = fmt::format("{} was made from other training data", o.checkpoint);
        else if (c.net.inputs != d.inputs)
            s.error = fmt::format("{} is a network of {} inputs, the data's game has {}",
                o.checkpoint, c.net.inputs, d.inputs);
        return s;
    }
    c.net = random_network(d.inputs, o.hidden, o.buckets, o.seed);
    if (!o.init.empty()) {
        auto h = load_into(c.net, o.init, d.game);
        if (auto* err = std::get_if<std::string>(&h)) return s.error = *err, s;
        if (o.freezeInit && std::get<int>(h) == o.hidden)
            return s.error = "-freeze-init needs -hidden larger than the -init network's", s;
        if (o.freezeInit) s.frozen = std::get<int>(h);
    }
    c.adam = Adam(c.net);
    std::mt19937_64 rng(o.seed);
    std::ostringstream state;
    state << rng;
    c.rngState = state.str();
    return s;
}

// The held-out positions (the first holdout share of a permutation drawn from the seed)
// and the training positions.
void split(std::size_t n, double holdout, std::uint64_t seed, std::vector<std::uint32_t>& hold,
    std::vector<std::uint32_t>& train) {
    std::vector<std::uint32_t> order(n);
    std::iota(order.begin(), order.end(), 0u);
    std::mt19937_64 rng(seed ^ 0x9e3779b97f4a7c15ull); // apart from the batches' generator
    std::shuffle(order.begin(), order.end(), rng);
    auto held = std::size_t(double(n) * holdout);
    hold.assign(order.begin(), order.begin() + std::ptrdiff_t(held));
    train.assign(order.begin() + std::ptrdiff_t(held), order.end());
}

// Everything an epoch reads: the data, its targets, the split, the batch settings, and the
// state that the epochs change (the network, the optimiser, the epochs done).
struct Run {
    const TrainOptions& o;
    Dataset d;
    Targets targets;
    Checkpoint c;
    std::vector<std::uint32_t> hold, train;
    BatchSettings settings;
    int frozen = 0; // the first neurons, kept as -init read them (-freeze-init)
};

// Zeroes the gradient of the first `n` neurons (their input, bias and output weights): with
// no gradient ever, Adam leaves them as they are.
void freeze_first(Network& g, int n) {
    const int H = g.hidden;
    for (int f = 0; f < g.inputs; ++f) std::fill_n(g.w1.begin() + std::ptrdiff_t(f) * H, n, 0.0f);
    std::fill_n(g.b1.begin(), n, 0.0f);
    for (int b = 0; b < g.buckets; ++b) {
        std::fill_n(g.w2.begin() + std::ptrdiff_t(b) * 2 * H, n, 0.0f);
        std::fill_n(g.w2.begin() + std::ptrdiff_t(b) * 2 * H + H, n, 0.0f);
    }
}

// The mean loss over the held-out positions, in slices of 65536.
double held_out(const Run& r) {
    double sum = 0;
    for (std::size_t j = 0; j < r.hold.size(); j += 65536) {
        std::span<const std::uint32_t> part(
            r.hold.data() + j, std::min<std::size_t>(65536, r.hold.size() - j));
        sum += loss_and_gradient(r.c.net, r.d, r.targets, part, {}, r.settings, nullptr)
            * double(part.size());
    }
    return r.hold.empty() ? 0.0 : sum / double(r.hold.size());
}

// One pass over the training positions in a new order, a step of Adam a batch; the mean
// training loss. Stops early on SIGINT or SIGTERM (the caller then keeps the last epoch).
double train_epoch(Run& r, std::mt19937_64& rng, GradientBuffers& grads, int epoch) {
    const auto started = Clock::now();
    auto lastNote = started;
    const double lr = cosine_rate(r.o.lr, epoch - 1, r.o.epochs);
    std::vector<std::uint32_t> perm = r.train;
    std::shuffle(perm.begin(), perm.end(), rng);
    std::vector<std::uint8_t> flips;
    double total = 0;
    for (std::size_t j = 0; j < perm.size() && !interrupted; j += std::size_t(r.o.batch)) {
        std::span<const std::uint32_t> batch(
            perm.data() + j, std::min<std::size_t>(std::size_t(r.o.batch), perm.size() - j));
        flips.assign(r.o.mirror ? batch.size() : 0, 0);
        for (auto& f : flips) f = std::uint8_t(rng() & 1);
        total += loss_and_gradient(r.c.net, r.d, r.targets, batch, flips, r.settings, &grads)
            * double(batch.size());
        if (r.frozen) freeze_first(grads.total(), r.frozen);
        r.c.adam.step(r.c.net, grads.total(), lr);
        r.c.net.clip();
        // A long epoch says how far it is, every 30 s.
        if (Clock::now() - lastNote > std::chrono::seconds(30)) {
            lastNote = Clock::now();
            println("epoch {}: {:.0f}% of {} positions", epoch,
                100.0 * double(j + batch.size()) / double(perm.size()), perm.size());
        }
    }
    return total / double(std::max<std::size_t>(1, perm.size()));
}

// After a finished epoch: the network, the checkpoint and the epoch's line.
std::optional<std::string> finish_epoch(
    Run& r, const std::mt19937_64& rng, int epoch, double trainLoss, double secs) {
    std::ostringstream state;
    state << rng;
    r.c.rngState = state.str();
    r.c.epochsDone = epoch;
    if (auto err = write_network(r.c.net, r.o.out)) return err;
    if (auto err = write_checkpoint(r.o.checkpoint, r.c)) return err;
    println("epoch {} | train {:.6f} | held-out {:.6f} | {:.1f} s | {:.0f} positions/s | lr "
            "{:.3g} | written {}",
        epoch, trainLoss, held_out(r), secs, double(r.train.size()) / std::max(secs, 1e-9),
        cosine_rate(r.o.lr, epoch - 1, r.o.epochs), r.o.out);
    return std::nullopt;
}

// Reads the data and checks it against the options; the error when they do not fit.
std::optional<std::string> load_data(const TrainOptions& o, Dataset& d) {
    auto loaded = load_dataset(o.data);
    if (auto* err = std::get_if<std::string>(&loaded)) return *err;
    d = std::move(std::get<Dataset>(loaded));
    if (o.limit) d.truncate(o.limit);
    if (o.buckets > 1 && d.pieces.empty())
        return std::string("-output-buckets needs each position's pieces: HQTD v1 files have "
                           "none (convert their games again, or write new data)");
    if (o.mirror && d.game != "chess" && d.game != "chess960")
        return std::string("-mirror (left-right flips) is for chess's board only");
    return std::nullopt;
}

} // namespace

int run_training(const TrainOptions& o) {
    Run r {o, {}, {}, {}, {}, {}, {}};
    if (auto err = load_data(o, r.d)) return println("error: {}", *err), 1;
    const double kLabel = fit_k_label(r.d);
    const double kh = o.khPerKLabel > 0 ? o.khPerKLabel * kLabel : o.kh;
    Start start = starting_state(o, r.d, fingerprint(r.d));
    if (!start.error.empty()) return println("error: {}", start.error), 1;
    r.c = std::move(start.state);
    r.frozen = start.frozen;
    r.targets = make_targets(r.d, r.c.net, o.lambda, kLabel);
    split(r.d.size(), o.holdout, o.seed, r.hold, r.train);
    r.settings.kh = kh * std::log(10.0) / 400.0; // the tuner's units to the logistic's
    r.settings.mirrorFiles = o.mirror;
    r.settings.threads = o.threads;
    println("{}: {} positions, {} inputs, k_label {:.4f}, lambda {}, kh {:.4f}, hidden {}, "
            "buckets {}, {} threads{}",
        r.d.game, r.d.size(), r.d.inputs, kLabel, o.lambda, kh, o.hidden, o.buckets, o.threads,
        o.resume ? fmt::format(", resumed after epoch {}", r.c.epochsDone) : "");
    if (r.c.epochsDone == 0) println("epoch 0 | held-out {:.6f}", held_out(r));
    if (o.epochs == 0)
        if (auto err = write_network(r.c.net, o.out)) return println("error: {}", *err), 1;

    std::mt19937_64 rng;
    std::istringstream(r.c.rngState) >> rng;
    GradientBuffers grads(r.c.net, o.threads);
    std::signal(SIGINT, on_interrupt);
    std::signal(SIGTERM, on_interrupt);
    for (int epoch = r.c.epochsDone + 1; epoch <= o.epochs && !interrupted; ++epoch) {
        const auto started = Clock::now();
        double loss = train_epoch(r, rng, grads, epoch);
        if (interrupted) break; // the epoch is not finished: the checkpoint keeps the last one
        double secs = std::chrono::duration<double>(Clock::now() - started).count();
        if (auto err = finish_epoch(r, rng, epoch, loss, secs))
            return println("error: {}", *err), 1;
        if (epoch == o.stopAfter && epoch < o.epochs) {
            println("stopped after epoch {} (-stop-after): -resume continues from {}", epoch,
                o.checkpoint);
            return 0;
        }
    }
    if (interrupted)
        println("interrupted: {} and {} hold epoch {}; -resume continues from there", o.out,
            o.checkpoint, r.c.epochsDone);
    return interrupted ? 130 : 0;
}

} // namespace hq::trainer
