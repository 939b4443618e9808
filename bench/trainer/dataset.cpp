// SPDX-License-Identifier: GPL-3.0-or-later
#include "dataset.h"

#include "bench/training_data.h"

#include <algorithm>
#include <cstring>
#include <fmt/format.h>
#include <fstream>
#include <iterator>
#include <optional>

namespace hq::trainer {

namespace {

constexpr std::size_t HeaderBytes = 4 + 4 + 4 + training::GameNameBytes;

std::uint32_t u32_at(const std::vector<unsigned char>& b, std::size_t at) {
    return std::uint32_t(b[at]) | std::uint32_t(b[at + 1]) << 8 | std::uint32_t(b[at + 2]) << 16
        | std::uint32_t(b[at + 3]) << 24;
}
std::uint16_t u16_at(const std::vector<unsigned char>& b, std::size_t at) {
    return std::uint16_t(b[at] | b[at + 1] << 8);
}

// Appends one file's records to `d` (whose game and inputs the first file set).
std::optional<std::string> append_file(const std::string& path, Dataset& d, bool& oldVersion) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return fmt::format("{}: cannot be read", path);
    std::vector<unsigned char> b((std::istreambuf_iterator<char>(in)), {});
    if (b.size() < HeaderBytes || std::memcmp(b.data(), "HQTD", 4) != 0)
        return fmt::format("{}: not HQTD training data (bench/training_data.h)", path);
    std::uint32_t version = u32_at(b, 4), inputs = u32_at(b, 8);
    if (version != 1 && version != training::Version)
        return fmt::format("{}: HQTD version {}, not 1 or {}", path, version, training::Version);
    std::string game(reinterpret_cast<const char*>(b.data() + 12), training::GameNameBytes);
    game.resize(std::strlen(game.c_str()));
    std::size_t at = HeaderBytes;
    if (inputs == 0 || inputs > 65535 || b.size() < at + 2 * std::size_t(inputs))
        return fmt::format("{}: a header of {} inputs that the file cannot hold", path, inputs);
    std::vector<std::uint16_t> mirror(inputs);
    for (std::uint32_t f = 0; f < inputs; ++f) mirror[f] = u16_at(b, at + 2 * f);
    at += 2 * std::size_t(inputs);
    if (d.inputs == 0) {
        d.game = game;
        d.inputs = int(inputs);
        d.mirror = mirror;
        d.start.assign(1, 0);
    } else if (game != d.game || int(inputs) != d.inputs || mirror != d.mirror)
        return fmt::format("{}: {} data with {} inputs, but the first file's is {}'s with {}", path,
            game, inputs, d.game, d.inputs);
    // A version 1 file has no pieces byte (load_dataset then drops them all).
    if (version == 1) oldVersion = true;
    const std::size_t fixed = version == 1 ? 4 : 5;
    while (at < b.size()) {
        if (at + fixed > b.size() || at + fixed + 2 * std::size_t(b[at]) > b.size())
            return fmt::format("{}: the last record is cut short ({} bytes)", path, b.size() - at);
        int count = b[at], flags = b[at + 1];
        d.black.push_back(std::uint8_t(flags & 1));
        d.result.push_back(float((flags >> 1) & 3) / 2.0f);
        d.score.push_back(float(std::int16_t(u16_at(b, at + 2))));
        d.pieces.push_back(version == 1 ? 0 : b[at + 4]);
        for (int j = 0; j < count; ++j) {
            std::uint16_t f = u16_at(b, at + fixed + 2 * std::size_t(j));
            if (f >= inputs)
                return fmt::format("{}: feature {} beyond the {} inputs", path, f, inputs);
            d.feats.push_back(f);
        }
        d.start.push_back(d.feats.size());
        at += fixed + 2 * std::size_t(count);
    }
    return std::nullopt;
}

} // namespace

void Dataset::truncate(std::size_t n) {
    if (n >= size()) return;
    feats.resize(start[n]);
    start.resize(n + 1);
    black.resize(n);
    score.resize(n);
    result.resize(n);
    if (!pieces.empty()) pieces.resize(n);
}

std::variant<Dataset, std::string> load_dataset(std::span<const std::string> paths) {
    Dataset d;
    bool oldVersion = false;
    for (const std::string& path : paths)
        if (auto err = append_file(path, d, oldVersion)) return *err;
    if (oldVersion) d.pieces.clear(); // one output bucket: version 1 counts no pieces
    if (d.size() == 0) return std::string("no positions in the training data");
    return d;
}

} // namespace hq::trainer
