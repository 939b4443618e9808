// SPDX-License-Identifier: GPL-3.0-or-later
// What the commands in bench/commands.h share in reading their arguments: decimal numbers,
// and the error and usage lines a bad argument gets.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace hq {

// A whole-string finite decimal number ("0.5", "1e3", "-2"), or nothing.
[[nodiscard]] std::optional<double> parse_real(const std::string& text);

// Prints "error: WHY" and "usage: USAGE" and returns 2, the exit code of a bad argument.
int usage_error(std::string_view why, std::string_view usage);

} // namespace hq
