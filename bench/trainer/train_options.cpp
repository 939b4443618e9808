// SPDX-License-Identifier: GPL-3.0-or-later
#include "train_options.h"

#include "bench/command_line.h"

#include <fmt/format.h>
#include <optional>

namespace hq::trainer {

namespace {

// A whole-string number within [lo, hi], or nothing.
std::optional<double> number_in(const std::string& text, double lo, double hi) {
    auto x = parse_real(text);
    if (!x || *x < lo || *x > hi) return std::nullopt;
    return x;
}

// Sets the option `name` from `value`; the error when the name is unknown or the value bad.
std::optional<std::string> set_option(
    TrainOptions& o, const std::string& name, const std::string& value) {
    struct Whole {
        const char* name;
        double lo, hi;
        int* to;
    };
    const Whole wholes[] = {{"hidden", 32, 1024, &o.hidden}, {"output-buckets", 1, 16, &o.buckets},
        {"epochs", 0, 100000, &o.epochs}, {"stop-after", 1, 100000, &o.stopAfter},
        {"batch", 1, 1 << 22, &o.batch}, {"threads", 1, 256, &o.threads}};
    for (const Whole& w : wholes)
        if (name == w.name) {
            auto x = number_in(value, w.lo, w.hi);
            if (!x || *x != double(int(*x)))
                return fmt::format(
                    "-{} takes a whole number from {} to {}, not '{}'", name, w.lo, w.hi, value);
            *w.to = int(*x);
            return std::nullopt;
        }
    struct Real {
        const char* name;
        double lo, hi;
        double* to;
    };
    const Real reals[]
        = {{"lr", 1e-9, 10, &o.lr}, {"lambda", 0, 1, &o.lambda}, {"kh", 1e-6, 100, &o.kh},
            {"kh-per-klabel", 1e-6, 100, &o.khPerKLabel}, {"holdout", 0, 0.5, &o.holdout}};
    for (const Real& r : reals)
        if (name == r.name) {
            auto x = number_in(value, r.lo, r.hi);
            if (!x)
                return fmt::format(
                    "-{} takes a number from {} to {}, not '{}'", name, r.lo, r.hi, value);
            *r.to = *x;
            return std::nullopt;
        }
    if (name == "seed" || name == "limit") {
        auto x = number_in(value, 0, 1e15);
        if (!x || *x != double(std::uint64_t(*x)))
            return fmt::format("-{} takes a whole number, not '{}'", name, value);
        (name == "seed" ? o.seed : o.limit) = std::uint64_t(*x);
        return std::nullopt;
    }
    if (name == "out") o.out = value;
    else if (name == "checkpoint") o.checkpoint = value;
    else if (name == "init") o.init = value;
    else return fmt::format("unknown option -{}", name);
    return std::nullopt;
}

} // namespace

std::variant<TrainOptions, std::string> parse_train_options(std::span<const std::string> args) {
    TrainOptions o;
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string name = args[i];
        if (name.starts_with("--")) name.erase(0, 1);
        if (name.size() < 2 || name[0] != '-') return fmt::format("unexpected '{}'", args[i]);
        name.erase(0, 1);
        if (name == "data") {
            while (i + 1 < args.size() && !args[i + 1].starts_with("-"))
                o.data.push_back(args[++i]);
            if (o.data.empty()) return std::string("-data needs at least one file");
            continue;
        }
        if (name == "resume" || name == "mirror" || name == "freeze-init") {
            (name == "resume" ? o.resume : name == "mirror" ? o.mirror : o.freezeInit) = true;
            continue;
        }
        if (i + 1 >= args.size()) return fmt::format("-{} needs a value", name);
        if (auto err = set_option(o, name, args[++i])) return *err;
    }
    if (o.data.empty() || o.out.empty()) return std::string("-data and -out are required");
    if (o.resume && !o.init.empty())
        return std::string(
            "-resume and -init cannot be used together: a checkpoint holds its network");
    if (o.freezeInit && o.init.empty()) return std::string("-freeze-init needs -init");
    if (o.hidden % 32 != 0)
        return fmt::format(
            "-hidden must be a multiple of 32, as the engine reads networks, not {}", o.hidden);
    if (o.checkpoint.empty()) o.checkpoint = o.out + ".ckpt";
    return o;
}

std::string run_settings(const TrainOptions& o) {
    return fmt::format("hidden {} buckets {} epochs {} batch {} threads {} lr {} lambda {} kh {} "
                       "kh-per-klabel {} holdout {} seed {} limit {} mirror {} freeze-init {}",
        o.hidden, o.buckets, o.epochs, o.batch, o.threads, o.lr, o.lambda, o.kh, o.khPerKLabel,
        o.holdout, o.seed, o.limit, o.mirror, o.freezeInit);
}

} // namespace hq::trainer
