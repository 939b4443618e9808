// SPDX-License-Identifier: GPL-3.0-or-later
// Command-line runs other than the protocol loop: `harlequin perft ...`, and later
// `harlequin bench` and `harlequin match`. Each takes the words after its name and returns
// the process exit code.
#pragma once

#include <string>
#include <vector>

namespace hq {

int perft_command(const std::vector<std::string>& args);
int bench_command(const std::vector<std::string>& args);
// harlequin match ...: engine-vs-engine games (bench/match.h, bench/match_options.h).
int match_command(const std::vector<std::string>& args);
// harlequin openings ...: generates opening files (bench/openings.h).
int openings_command(const std::vector<std::string>& args);
// harlequin datagen ...: self-play training data (bench/datagen.h).
int datagen_command(const std::vector<std::string>& args);
// harlequin tune-export ...: evaluation traces for the tuner (bench/tune_export.h).
int tune_export_command(const std::vector<std::string>& args);
// harlequin train ...: fits a network to training data (bench/trainer/train_run.h).
int train_command(const std::vector<std::string>& args);
// harlequin tunables: a tuning build's search numbers for SPSA (bench/tunables_command.cpp).
int tunables_command(const std::vector<std::string>& args);

} // namespace hq
