// SPDX-License-Identifier: GPL-3.0-or-later
// Time limits of the protocol tests ("isready is answered within 50 ms"), scaled so that
// they measure the engine and not the machine: by a build factor (sanitizer builds run
// several times slower; tests/CMakeLists.txt sets HARLEQUIN_TEST_TIME_SCALE for them) and
// by the machine's load (with a load of 8 on 2 cores a process gets a quarter of a core, and
// waits that much longer to be scheduled). HARLEQUIN_TEST_TIME_SCALE in the environment
// replaces both. Only upper limits are scaled: "thinks at least 200 ms" stays as it is.
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <thread>

#ifndef HARLEQUIN_TEST_TIME_SCALE
#define HARLEQUIN_TEST_TIME_SCALE 1
#endif

namespace hq::test {

inline double time_scale() {
    static const double scale = [] {
        if (const char* env = std::getenv("HARLEQUIN_TEST_TIME_SCALE"))
            if (double v = std::atof(env); v > 0) return v;
        double load[1] = {0};
        double cores = std::max(1u, std::thread::hardware_concurrency());
        double busy = getloadavg(load, 1) == 1 ? std::max(1.0, load[0] / cores) : 1.0;
        return double(HARLEQUIN_TEST_TIME_SCALE) * busy;
    }();
    return scale;
}

// An upper time limit of a test, scaled.
inline std::chrono::milliseconds within(std::chrono::milliseconds limit) {
    return std::chrono::milliseconds(std::llround(double(limit.count()) * time_scale()));
}

} // namespace hq::test
