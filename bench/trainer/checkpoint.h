// SPDX-License-Identifier: GPL-3.0-or-later
// What `harlequin train -resume` continues from: the float network, the optimiser's
// moments, the epochs done and the random generator's state, with the run's settings and
// a fingerprint of its data, so that a resumed run is the run that was stopped (the same
// batches, the same result) and a checkpoint is never applied to other data or settings.
//
// File, little-endian: "HQCK", u32 version = 1, u32 + bytes of the settings text, u32 +
// bytes of the generator's state, u64 data fingerprint, i32 epochs done, i64 optimiser
// steps, u32 inputs, hidden, buckets, then float32 w1, b1, w2, b2 (network.h's order), the
// first moments and the second moments. Written to a temporary file and renamed, so a run
// killed while writing keeps the previous checkpoint.
#pragma once

#include "adam.h"
#include "dataset.h"
#include "network.h"

#include <cstdint>
#include <optional>
#include <string>
#include <variant>

namespace hq::trainer {

struct Checkpoint {
    std::string settings; // the options that shape the run, as text (train_command.cpp)
    std::string rngState; // std::mt19937_64 written with operator<<
    std::uint64_t dataFingerprint = 0;
    int epochsDone = 0;
    Network net;
    Adam adam {net};
};

[[nodiscard]] std::optional<std::string> write_checkpoint(
    const std::string& path, const Checkpoint& c);
[[nodiscard]] std::variant<Checkpoint, std::string> read_checkpoint(const std::string& path);

// A 64-bit digest of every position of the data (features, side, score, result, pieces).
[[nodiscard]] std::uint64_t fingerprint(const Dataset& data);

} // namespace hq::trainer
