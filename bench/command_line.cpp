// SPDX-License-Identifier: GPL-3.0-or-later
#include "command_line.h"

#include "engine/io.h"

#include <cmath>
#include <cstdlib>

namespace hq {

std::optional<double> parse_real(const std::string& text) {
    if (text.empty()) return std::nullopt;
    char* end = nullptr;
    double v = std::strtod(text.c_str(), &end);
    if (end != text.c_str() + text.size() || !std::isfinite(v)) return std::nullopt;
    return v;
}

int usage_error(std::string_view why, std::string_view usage) {
    println("error: {}", why);
    println("usage: {}", usage);
    return 2;
}

} // namespace hq
