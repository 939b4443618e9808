// SPDX-License-Identifier: GPL-3.0-or-later
#include "checkpoint.h"

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <iterator>

namespace hq::trainer {

namespace {

constexpr std::uint32_t Version = 1;

template <class T> void put(std::string& out, T v) {
    char b[sizeof(T)];
    std::memcpy(b, &v, sizeof(T)); // the machines Harlequin builds for are little-endian
    out.append(b, sizeof(T));
}
void put_text(std::string& out, const std::string& s) {
    put(out, std::uint32_t(s.size()));
    out += s;
}
void put_floats(std::string& out, const std::vector<float>& v) {
    out.append(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(float));
}

// Reads a file's fields in order; `ok` turns false at the first read past its end.
struct Reader {
    const std::string& b;
    std::size_t at = 0;
    bool ok = true;
    template <class T> T get() {
        T v {};
        if (at + sizeof(T) > b.size()) return ok = false, v;
        std::memcpy(&v, b.data() + at, sizeof(T));
        at += sizeof(T);
        return v;
    }
    std::string text() {
        auto n = get<std::uint32_t>();
        if (!ok || at + n > b.size()) return ok = false, std::string();
        std::string s = b.substr(at, n);
        at += n;
        return s;
    }
    void floats(std::vector<float>& v) {
        std::size_t bytes = v.size() * sizeof(float);
        if (at + bytes > b.size()) return void(ok = false);
        std::memcpy(v.data(), b.data() + at, bytes);
        at += bytes;
    }
};

} // namespace

std::optional<std::string> write_checkpoint(const std::string& path, const Checkpoint& c) {
    std::string out = "HQCK";
    put(out, Version);
    put_text(out, c.settings);
    put_text(out, c.rngState);
    put(out, c.dataFingerprint);
    put(out, std::int32_t(c.epochsDone));
    put(out, std::int64_t(c.adam.steps));
    put(out, std::uint32_t(c.net.inputs));
    put(out, std::uint32_t(c.net.hidden));
    put(out, std::uint32_t(c.net.buckets));
    for (const auto* v : {&c.net.w1, &c.net.b1, &c.net.w2, &c.net.b2, &c.adam.m, &c.adam.v})
        put_floats(out, *v);
    const std::string temporary = path + ".part";
    {
        std::ofstream f(temporary, std::ios::binary | std::ios::trunc);
        if (!f.write(out.data(), std::streamsize(out.size())) || !f.flush())
            return fmt::format("{}: cannot be written", temporary);
    }
    std::error_code ec;
    std::filesystem::rename(temporary, path, ec);
    if (ec) return fmt::format("{}: cannot be renamed to {}: {}", temporary, path, ec.message());
    return std::nullopt;
}

std::variant<Checkpoint, std::string> read_checkpoint(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    if (!f) return fmt::format("{}: cannot be read", path);
    const std::string b((std::istreambuf_iterator<char>(f)), {});
    if (b.size() < 8 || b.compare(0, 4, "HQCK") != 0)
        return fmt::format("{}: not a checkpoint of harlequin train", path);
    Reader r {b, 4};
    if (auto v = r.get<std::uint32_t>(); v != Version)
        return fmt::format("{}: checkpoint version {}, not {}", path, v, Version);
    Checkpoint c;
    c.settings = r.text();
    c.rngState = r.text();
    c.dataFingerprint = r.get<std::uint64_t>();
    c.epochsDone = r.get<std::int32_t>();
    auto steps = r.get<std::int64_t>();
    auto inputs = r.get<std::uint32_t>(), hidden = r.get<std::uint32_t>();
    auto buckets = r.get<std::uint32_t>();
    if (!r.ok || inputs == 0 || inputs > 65535 || hidden == 0 || hidden > 4096 || buckets == 0
        || buckets > 64)
        return fmt::format("{}: a damaged checkpoint (its header)", path);
    c.net = Network(int(inputs), int(hidden), int(buckets));
    c.adam = Adam(c.net);
    c.adam.steps = steps;
    for (auto* v : {&c.net.w1, &c.net.b1, &c.net.w2, &c.net.b2, &c.adam.m, &c.adam.v}) r.floats(*v);
    if (!r.ok || r.at != b.size())
        return fmt::format(
            "{}: a damaged checkpoint ({} bytes, not what its header says)", path, b.size());
    return c;
}

std::uint64_t fingerprint(const Dataset& d) {
    std::uint64_t h = 1469598103934665603ull; // FNV-1a's offset basis and prime, by word
    auto mix = [&](std::uint64_t x) { h = (h ^ x) * 1099511628211ull; };
    mix(d.size());
    mix(std::uint64_t(d.inputs));
    for (std::uint16_t f : d.feats) mix(f);
    for (std::size_t i = 0; i < d.size(); ++i) {
        mix(d.start[i + 1]);
        mix(d.black[i]);
        mix(std::uint64_t(std::int64_t(d.score[i])));
        mix(std::uint64_t(d.result[i] * 2));
        mix(d.pieces.empty() ? 0 : d.pieces[i]);
    }
    return h;
}

} // namespace hq::trainer
