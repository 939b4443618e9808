// SPDX-License-Identifier: GPL-3.0-or-later
#include "make_driver.h"

#include "uci_driver.h"
#include "xboard_driver.h"

namespace hq {

std::unique_ptr<EngineDriver> make_driver(
    const EngineConfig& config, const VariantSpec& variant, TrafficLog log) {
    if (config.proto == "xboard") return std::make_unique<XboardDriver>(config, variant, log);
    return std::make_unique<UciDriver>(config, variant, log);
}

} // namespace hq
