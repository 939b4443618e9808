// SPDX-License-Identifier: GPL-3.0-or-later
// The driver of an engine by the protocol its configuration names (UCI or XBoard).
#pragma once

#include "engine_driver.h"

#include <memory>

namespace hq {

// Builds the driver for the configured protocol: XBoard for `proto=xboard`, else UCI.
std::unique_ptr<EngineDriver> make_driver(
    const EngineConfig& config, const VariantSpec& variant, TrafficLog log);

} // namespace hq
