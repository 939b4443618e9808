// SPDX-License-Identifier: GPL-3.0-or-later
// The network `harlequin train` fits, in floats: (N -> H) x 2 -> B, the shape every game's
// HQNN file has (engine/nnue.h). Both perspectives' accumulators share W1; the output
// bucket b reads the side to move's activations with w2[b][0, H) and the other side's with
// w2[b][H, 2H). Activations are clamp(x, 0, 1): the integer network's clamp(x, 0, 255) at
// the scale QA = 255. The value in centipawns is 400 times the output.
#pragma once

#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <variant>
#include <vector>

namespace hq::trainer {

// The integer scales of the file (engine/nnue.h): W1 and B1 times QA, W2 times QB, B2
// times QA * QB; the output unit is 400 centipawns.
constexpr float QA = 255.0f, QB = 64.0f, OutputCentipawns = 400.0f;
// The bounds train.py keeps the weights in after every step: quantised, W1 (1.98 * 255 =
// 505) and B1 (32 * 255 = 8160) leave room in the int16 accumulator for the dozens of rows
// a position adds, and W2 (127 / 64: quantised within +-127) keeps the int32 output sum far
// from wrapping.
constexpr float W1Bound = 1.98f, B1Bound = 32.0f, W2Bound = 127.0f / QB;

struct Network {
    int inputs = 0, hidden = 0, buckets = 1;
    std::vector<float> w1; // [inputs][hidden]
    std::vector<float> b1; // [hidden]
    std::vector<float> w2; // [buckets][2 * hidden]
    std::vector<float> b2; // [buckets]

    Network() = default;
    Network(int inputs, int hidden, int buckets);

    // Every weight in one list, in the order above (for the optimiser and checkpoints).
    [[nodiscard]] std::size_t parameter_count() const;

    // The bucket of a position with `pieces` on the board (engine/nnue.h's rule).
    [[nodiscard]] int bucket(int pieces) const {
        int b = (pieces > 2 ? pieces - 2 : 0) * buckets / 32;
        return b < buckets - 1 ? b : buckets - 1;
    }
    // Keeps every weight within the bounds above.
    void clip();
};

// A new network with input and output weights drawn uniformly from [-0.05, 0.05] and
// zero biases.
[[nodiscard]] Network random_network(int inputs, int hidden, int buckets, std::uint64_t seed);

// The HQNN bytes of the network (v1 with one bucket, else v2): each weight times its scale,
// rounded to the nearest (ties to even) and kept within int16 (B2 within int32).
[[nodiscard]] std::vector<unsigned char> hqnn_bytes(const Network& net);

// Starts `net` from an HQNN file of the same inputs, read as the engine reads it: the
// file's neurons first (a larger `net.hidden` keeps its other neurons' input weights and
// gives them no output weight, so the network evaluates as the file does), and a file of
// one output copied into every bucket. The file's hidden size, or why it cannot be used.
[[nodiscard]] std::variant<int, std::string> load_into(
    Network& net, const std::string& path, const std::string& game);

} // namespace hq::trainer
