// SPDX-License-Identifier: GPL-3.0-or-later
// Output helpers. fmt 9.1 has no fmt::println; this is the one line printer used for every
// protocol line: formatted, written whole under a lock and flushed, so lines from the
// search thread and the input thread never interleave and GUIs see them at once.
#pragma once

#include <cstdio>
#include <fmt/format.h>
#include <mutex>
#include <string_view>

namespace hq {

std::mutex& output_mutex();

inline void print_line(std::string_view line) {
    std::lock_guard lock(output_mutex());
    std::fwrite(line.data(), 1, line.size(), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
}

template <typename... Args> void println(fmt::format_string<Args...> f, Args&&... args) {
    print_line(fmt::format(f, std::forward<Args>(args)...));
}

} // namespace hq
