// SPDX-License-Identifier: GPL-3.0-or-later
// `harlequin train`: fits a game's network to HQTD training data and writes it as an HQNN
// file after every epoch, with a checkpoint to resume from. The model, loss, targets,
// optimiser and schedule are bench/nnue/train.py's (docs/tuning.md, section 4), computed in
// C++ on the CPU's vector units instead of PyTorch's.
#pragma once

#include "train_options.h"

namespace hq::trainer {

// Runs the training; the process exit code (0, 1 on an error, 130 when interrupted).
int run_training(const TrainOptions& o);

} // namespace hq::trainer
