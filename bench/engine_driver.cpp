// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine_driver.h"

#include "uci_driver.h"
#include "xboard_driver.h"

#include <fmt/format.h>

namespace hq {

std::string EngineThinking::text() const {
    std::string out;
    if (hasScore) {
        if (mate) out = fmt::format("{}M{}", score > 0 ? "+" : "-", std::abs(score));
        else out = fmt::format("{:+.2f}", score / 100.0);
    }
    if (depth > 0) out += fmt::format("/{}", depth);
    return out;
}

bool EngineDriver::send(const std::string& line) {
    if (log) log(fmt::format("{} < {}", name(), line));
    return process.write_line(line);
}

ChildProcess::Read EngineDriver::receive(std::string& line, Clock::time_point deadline) {
    auto r = process.read_line(line, deadline);
    if (log && r == ChildProcess::Read::LINE) log(fmt::format("{} > {}", name(), line));
    return r;
}

std::optional<std::string> EngineDriver::launch() {
    broken = false;
    std::vector<std::string> argv {config.cmd};
    argv.insert(argv.end(), config.args.begin(), config.args.end());
    if (auto err = process.start(argv, config.dir, bool(log)))
        return fmt::format("cannot start engine '{}': {}", config.cmd, *err);
    return std::nullopt;
}

std::unique_ptr<EngineDriver> make_driver(
    const EngineConfig& config, const VariantSpec& variant, TrafficLog log) {
    if (config.proto == "xboard") return std::make_unique<XboardDriver>(config, variant, log);
    return std::make_unique<UciDriver>(config, variant, log);
}

} // namespace hq
