// SPDX-License-Identifier: GPL-3.0-or-later
// `harlequin train ...`: the network trainer (bench/trainer/).
#include "commands.h"

#include "command_line.h"
#include "trainer/train_run.h"

namespace hq {

int train_command(const std::vector<std::string>& args) {
    auto options = trainer::parse_train_options(args);
    if (auto* err = std::get_if<std::string>(&options))
        return usage_error(*err,
            "harlequin train -data FILE.bin ... -out NET.nnue [-hidden H] [-epochs E] "
            "[-output-buckets B] [-init NET.nnue | -resume] [options]");
    return trainer::run_training(std::get<trainer::TrainOptions>(options));
}

} // namespace hq
