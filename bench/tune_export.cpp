// SPDX-License-Identifier: GPL-3.0-or-later
#include "tune_export.h"

#include "command_line.h"
#include "commands.h"
#include "engine/io.h"
#include "engine/text.h"
#include "variants/registry.h"

#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <unistd.h>

namespace hq {

namespace {

struct PositionRecord {
    float result, score, scale, fixed;
    std::uint32_t first, count;
};
static_assert(sizeof(PositionRecord) == 24);

struct EntryRecord {
    std::uint32_t column;
    float coefficient;
};
static_assert(sizeof(EntryRecord) == 8);

std::vector<std::string> split_on(const std::string& s, char sep) {
    std::vector<std::string> out;
    std::size_t start = 0;
    for (;;) {
        auto at = s.find(sep, start);
        out.push_back(s.substr(start, at - start));
        if (at == std::string::npos) return out;
        start = at + 1;
    }
}

std::string trim(const std::string& s) {
    auto a = s.find_first_not_of(" \t\r"), b = s.find_last_not_of(" \t\r");
    return a == std::string::npos ? std::string() : s.substr(a, b - a + 1);
}

} // namespace

int tune_export_command(const std::vector<std::string>& args) {
    std::string variant = default_variant(), in, out;
    std::int64_t limit = 0;
    auto usage = [](const std::string& why) {
        return usage_error(
            why, "harlequin tune-export -variant NAME -in FILE[,FILE...] -out PREFIX [-limit N]");
    };
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (i + 1 >= args.size()) return usage("missing value after " + args[i]);
        const std::string& a = args[i];
        const std::string& v = args[++i];
        if (a == "-variant") {
            auto name = canonical_variant(v);
            if (!name) return usage("unknown variant " + v);
            variant = *name;
        } else if (a == "-in") in = v;
        else if (a == "-out") out = v;
        else if (a == "-limit") {
            auto n = parse_number<std::int64_t>(v);
            if (!n || *n < 1) return usage("-limit wants a positive number, not '" + v + "'");
            limit = *n;
        } else return usage("unknown option " + a);
    }
    if (in.empty() || out.empty()) return usage("-in and -out are required");
    auto probe = make_probe(variant);
    auto names = probe->weight_names();
    auto values = probe->weight_values();
    if (names.empty()) {
        println("error: {} has no tuning trace yet", variant);
        return 1;
    }

    std::ofstream weights(out + ".weights"), pos(out + ".pos", std::ios::binary),
        ent(out + ".ent", std::ios::binary);
    if (!weights || !pos || !ent) {
        println("error: cannot write {}.weights/.pos/.ent", out);
        return 1;
    }
    for (std::size_t w = 0; w < names.size(); ++w)
        weights << names[w] << ' ' << values[2 * w] << ' ' << values[2 * w + 1] << '\n';

    const bool terminal = isatty(STDOUT_FILENO) == 1;
    auto started = std::chrono::steady_clock::now();
    std::int64_t count = 0, skipped = 0;
    std::uint64_t entries = 0;
    double maxDiff = 0, sumDiff = 0;
    EvalTrace t;
    std::vector<EntryRecord> buffer;
    for (const auto& file : split_on(in, ',')) {
        std::ifstream data(file);
        if (!data) {
            println("error: cannot read {}", file);
            return 1;
        }
        std::string line;
        while (std::getline(data, line) && (!limit || count < limit)) {
            auto fields = split_on(line, '|');
            auto score = fields.size() == 3 ? parse_real(trim(fields[1])) : std::nullopt;
            auto result = fields.size() == 3 ? parse_real(trim(fields[2])) : std::nullopt;
            if (!score || !result || probe->set_position(trim(fields[0]))) {
                ++skipped;
                continue;
            }
            probe->trace(t);
            const float mgShare = float(t.phase) / float(t.maxPhase), egShare = 1 - mgShare;
            buffer.clear();
            double linear = t.fixedMg * mgShare + t.fixedEg * egShare;
            for (const auto& e : t.mg)
                if (mgShare > 0) {
                    buffer.push_back({std::uint32_t(2 * e.index), e.coefficient * mgShare});
                    linear += e.coefficient * mgShare * values[std::size_t(2 * e.index)];
                }
            for (const auto& e : t.eg)
                if (egShare > 0) {
                    buffer.push_back({std::uint32_t(2 * e.index + 1), e.coefficient * egShare});
                    linear += e.coefficient * egShare * values[std::size_t(2 * e.index + 1)];
                }
            // The trace must reproduce the evaluation (up to its integer rounding).
            double traced = t.scale * linear;
            Value v = probe->evaluate();
            double white = probe->side_to_move() == WHITE ? v : -v;
            double diff = std::abs(traced - white);
            maxDiff = std::max(maxDiff, diff);
            sumDiff += diff;

            PositionRecord r {float(*result), float(*score), t.scale,
                float(t.fixedMg * mgShare + t.fixedEg * egShare), std::uint32_t(entries),
                std::uint32_t(buffer.size())};
            pos.write(reinterpret_cast<const char*>(&r), sizeof r);
            ent.write(reinterpret_cast<const char*>(buffer.data()),
                std::streamsize(buffer.size() * sizeof(EntryRecord)));
            entries += buffer.size();
            if (++count % 100000 == 0 && terminal) {
                std::fputs(fmt::format("\r\033[K{} positions", count).c_str(), stdout);
                std::fflush(stdout);
            }
        }
    }
    if (terminal) std::fputs("\r\033[K", stdout);
    if (!pos || !ent) {
        println("error: writing {}.pos/.ent failed", out);
        return 1;
    }
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    println("{} positions ({} unreadable lines skipped), {} entries, {} weights, in {:.1f} s; "
            "trace vs evaluation: mean difference {:.2f} cp, largest {:.1f} cp",
        count, skipped, entries, names.size(), secs, count ? sumDiff / double(count) : 0.0,
        maxDiff);
    return 0;
}

} // namespace hq
