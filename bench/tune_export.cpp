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
#include <variant>
#include <vector>

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

// What `harlequin tune-export` was asked for.
struct ExportRequest {
    std::string variant = default_variant(), in, out;
    std::int64_t limit = 0;
};

int export_usage(const std::string& why) {
    return usage_error(
        why, "harlequin tune-export -variant NAME -in FILE[,FILE...] -out PREFIX [-limit N]");
}

std::variant<ExportRequest, std::string> parse_export_args(const std::vector<std::string>& args) {
    ExportRequest r;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (i + 1 >= args.size()) return "missing value after " + args[i];
        const std::string& a = args[i];
        const std::string& v = args[++i];
        if (a == "-variant") {
            auto name = canonical_variant(v);
            if (!name) return "unknown variant " + v;
            r.variant = *name;
        } else if (a == "-in") r.in = v;
        else if (a == "-out") r.out = v;
        else if (a == "-limit") {
            auto n = parse_number<std::int64_t>(v);
            if (!n || *n < 1) return "-limit wants a positive number, not '" + v + "'";
            r.limit = *n;
        } else return "unknown option " + a;
    }
    if (r.in.empty() || r.out.empty()) return std::string("-in and -out are required");
    return r;
}

// The export's files and running totals: one position at a time is traced and written.
struct Exporter {
    Exporter(GameProbe& p, const std::string& prefix)
        : probe(p)
        , values(p.weight_values())
        , pos(prefix + ".pos", std::ios::binary)
        , ent(prefix + ".ent", std::ios::binary) { }

    GameProbe& probe;
    std::vector<int> values; // the weights' values, mg and eg of each
    std::ofstream pos, ent;
    std::int64_t count = 0, skipped = 0;
    std::uint64_t entries = 0;
    double maxDiff = 0, sumDiff = 0;
    EvalTrace t;
    std::vector<EntryRecord> buffer;

    // One `FEN | score | result` line: its trace's entries and record written, or skipped.
    void add(const std::string& line) {
        auto fields = split_on(line, '|');
        auto score = fields.size() == 3 ? parse_real(trim(fields[1])) : std::nullopt;
        auto result = fields.size() == 3 ? parse_real(trim(fields[2])) : std::nullopt;
        if (!score || !result || probe.set_position(trim(fields[0]))) {
            ++skipped;
            return;
        }
        probe.trace(t);
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
        Value v = probe.evaluate();
        double white = probe.side_to_move() == WHITE ? v : -v;
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
        ++count;
    }
};

} // namespace

int tune_export_command(const std::vector<std::string>& args) {
    auto parsed = parse_export_args(args);
    if (auto* why = std::get_if<std::string>(&parsed)) return export_usage(*why);
    const ExportRequest& r = std::get<ExportRequest>(parsed);
    auto probe = make_probe(r.variant);
    auto names = probe->weight_names();
    if (names.empty()) return println("error: {} has no tuning trace yet", r.variant), 1;
    Exporter x(*probe, r.out);
    std::ofstream weights(r.out + ".weights");
    if (!weights || !x.pos || !x.ent)
        return println("error: cannot write {}.weights/.pos/.ent", r.out), 1;
    for (std::size_t w = 0; w < names.size(); ++w)
        weights << names[w] << ' ' << x.values[2 * w] << ' ' << x.values[2 * w + 1] << '\n';

    const bool terminal = isatty(STDOUT_FILENO) == 1;
    auto started = std::chrono::steady_clock::now();
    for (const auto& file : split_on(r.in, ',')) {
        std::ifstream data(file);
        if (!data) return println("error: cannot read {}", file), 1;
        std::string line;
        while (std::getline(data, line) && (!r.limit || x.count < r.limit)) {
            x.add(line);
            if (x.count % 100000 == 0 && x.count && terminal) {
                std::fputs(fmt::format("\r\033[K{} positions", x.count).c_str(), stdout);
                std::fflush(stdout);
            }
        }
    }
    if (terminal) std::fputs("\r\033[K", stdout);
    if (!x.pos || !x.ent) return println("error: writing {}.pos/.ent failed", r.out), 1;
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    println("{} positions ({} unreadable lines skipped), {} entries, {} weights, in {:.1f} s; "
            "trace vs evaluation: mean difference {:.2f} cp, largest {:.1f} cp",
        x.count, x.skipped, x.entries, names.size(), secs,
        x.count ? x.sumDiff / double(x.count) : 0.0, x.maxDiff);
    return 0;
}

} // namespace hq
