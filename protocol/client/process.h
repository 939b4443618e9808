// SPDX-License-Identifier: GPL-3.0-or-later
// A child process driven over pipes: the match runner's engines. Lines go in on the
// child's stdin and come out of its stdout, read with a deadline so that a silent engine
// cannot hang a game. Every pipe is close-on-exec, so engines started by concurrent games
// never inherit each other's pipes (a crashed engine's pipe then really reaches EOF).
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace hq {

class ChildProcess {
public:
    using Clock = std::chrono::steady_clock;

    // What read_line found.
    enum class Read { LINE, TIMEOUT, CLOSED };

    ChildProcess() = default;
    ~ChildProcess() { kill(); }
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    // Starts `argv[0]` (searched in PATH when it has no '/') with the other words as its
    // arguments, in `dir` when not empty, in a process group of its own. stderr goes to
    // /dev/null unless `keepStderr`. On failure returns the message.
    std::optional<std::string> start(
        const std::vector<std::string>& argv, const std::string& dir, bool keepStderr);

    // Writes one line (a newline is added); false when the child no longer reads.
    bool write_line(const std::string& line);
    // The next line (without its '\n' or "\r\n") into `line`, waiting until `deadline`.
    Read read_line(std::string& line, Clock::time_point deadline);

    bool running();
    // Waits until `deadline` for the child to exit by itself; true if it did.
    bool wait_exit(Clock::time_point deadline);
    // Kills the child's process group (SIGKILL) and reaps it. Safe to call twice.
    void kill();
    // How the child ended: "exit code N" or "signal N"; empty while it runs.
    std::string exit_status() const { return exitText; }

private:
    int pid = -1;
    int toChild = -1, fromChild = -1;
    bool eof = false;
    std::string buffer, exitText;
};

} // namespace hq
