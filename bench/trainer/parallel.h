// SPDX-License-Identifier: GPL-3.0-or-later
// The trainer's one form of parallel work: `threads` calls of f(t, threads), t = 0 on the
// calling thread, all finished when it returns; and the slice [begin, end) of n items that
// call t takes.
#pragma once

#include <cstddef>
#include <thread>
#include <utility>
#include <vector>

namespace hq::trainer {

template <class F> void parallel(int threads, F&& f) {
    std::vector<std::thread> workers;
    for (int t = 1; t < threads; ++t) workers.emplace_back([&f, t, threads] { f(t, threads); });
    f(0, threads);
    for (auto& w : workers) w.join();
}

inline std::pair<std::size_t, std::size_t> slice(std::size_t n, int t, int threads) {
    return {
        n * std::size_t(t) / std::size_t(threads), n * std::size_t(t + 1) / std::size_t(threads)};
}

} // namespace hq::trainer
