// SPDX-License-Identifier: GPL-3.0-or-later
// A child process driven over pipes, for protocol tests of the real binary: write lines,
// read lines with a deadline.
#pragma once

#include "timing.h"

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace hq::test {

class Process {
public:
    explicit Process(const std::vector<std::string>& argv);
    ~Process();
    Process(const Process&) = delete;
    Process& operator=(const Process&) = delete;
    // Takes over the child; the moved-from object no longer owns one.
    Process(Process&& other) noexcept;

    void send(const std::string& line);
    // The next output line, or nothing if none arrives within the timeout.
    std::optional<std::string> read_line(std::chrono::milliseconds timeout);
    // Reads lines until one starts with `prefix`; every line read is appended to `seen`.
    std::optional<std::string> wait_for(const std::string& prefix,
        std::chrono::milliseconds timeout, std::vector<std::string>* seen = nullptr);
    // Waits up to `timeout` for the exit (first closing stdin if asked); the exit code, or
    // nothing if it is still running.
    std::optional<int> wait_exit(std::chrono::milliseconds timeout, bool closeInput);
    bool running();

private:
    int pid = -1;
    int toChild = -1, fromChild = -1;
    std::string buffer;
    std::optional<int> exitCode;
};

} // namespace hq::test
