// SPDX-License-Identifier: GPL-3.0-or-later
// The options of `harlequin train` (bench/help.cpp has their text), read from its words.
// Options are written `-name` as in the other commands; `--name`, bench/nnue/train.py's
// spelling, is read the same.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <variant>
#include <vector>

namespace hq::trainer {

struct TrainOptions {
    std::vector<std::string> data; // HQTD files, one game
    std::string out;               // the HQNN file, written after every epoch
    std::string checkpoint;        // default: OUT.ckpt
    std::string init;              // start from this HQNN network
    bool resume = false;           // continue from the checkpoint
    bool freezeInit = false;       // with a widening -init: train the new neurons only
    int hidden = 256;
    int buckets = 1; // output buckets by pieces on the board
    int epochs = 30;
    int stopAfter = 0; // stop after this epoch, as if interrupted (0: run them all)
    int batch = 16384;
    int threads = 2;
    double lr = 1e-3;
    double lambda = 0.75;   // the label's share of the target, the result's 1 - lambda
    double kh = 0.7652;     // the net's K: sigmoid(kh * value) in the tuner's units
    double khPerKLabel = 0; // when set: kh = this times the fitted k_label
    double holdout = 0.02;
    std::uint64_t seed = 1;
    std::uint64_t limit = 0; // the first N positions only (0: all)
    bool mirror = false;     // half of each batch seen mirrored left to right (chess)
};

// The options, or the reason they are wrong.
[[nodiscard]] std::variant<TrainOptions, std::string> parse_train_options(
    std::span<const std::string> args);

// The options that decide the run's batches and result, as one line: what a checkpoint
// must match to be resumed. The paths, -resume and -limit's files are not in it; the
// epochs are, since the learning rate's schedule depends on them.
[[nodiscard]] std::string run_settings(const TrainOptions& o);

} // namespace hq::trainer
