// SPDX-License-Identifier: GPL-3.0-or-later
#include "process.h"

#include <csignal>
#include <poll.h>
#include <stdexcept>
#include <sys/wait.h>
#include <unistd.h>
#include <utility>

namespace hq::test {

Process::Process(const std::vector<std::string>& argv) {
    int in[2], out[2];
    if (pipe(in) != 0 || pipe(out) != 0) throw std::runtime_error("pipe failed");
    pid = fork();
    if (pid < 0) throw std::runtime_error("fork failed");
    if (pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[1]);
        close(out[0]);
        std::vector<char*> args;
        for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
        args.push_back(nullptr);
        execv(args[0], args.data());
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    toChild = in[1];
    fromChild = out[0];
    signal(SIGPIPE, SIG_IGN);
}

Process::Process(Process&& other) noexcept
    : pid(std::exchange(other.pid, -1))
    , toChild(std::exchange(other.toChild, -1))
    , fromChild(std::exchange(other.fromChild, -1))
    , buffer(std::move(other.buffer))
    , exitCode(std::exchange(other.exitCode, 0)) { }

Process::~Process() {
    if (toChild >= 0) close(toChild);
    if (running()) {
        kill(pid, SIGKILL);
        waitpid(pid, nullptr, 0);
    }
    if (fromChild >= 0) close(fromChild);
}

void Process::send(const std::string& line) {
    std::string data = line + "\n";
    [[maybe_unused]] auto n = write(toChild, data.data(), data.size());
}

std::optional<std::string> Process::read_line(std::chrono::milliseconds timeout) {
    auto deadline = std::chrono::steady_clock::now() + timeout;
    for (;;) {
        auto nl = buffer.find('\n');
        if (nl != std::string::npos) {
            std::string line = buffer.substr(0, nl);
            buffer.erase(0, nl + 1);
            return line;
        }
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) return std::nullopt;
        pollfd pfd {fromChild, POLLIN, 0};
        if (poll(&pfd, 1, int(left.count())) <= 0) continue;
        char chunk[4096];
        ssize_t n = read(fromChild, chunk, sizeof chunk);
        if (n <= 0) return std::nullopt;
        buffer.append(chunk, std::size_t(n));
    }
}

std::optional<std::string> Process::wait_for(
    const std::string& prefix, std::chrono::milliseconds timeout, std::vector<std::string>* seen) {
    auto deadline = std::chrono::steady_clock::now() + timeout;
    for (;;) {
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) return std::nullopt;
        auto line = read_line(left);
        if (!line) return std::nullopt;
        if (seen) seen->push_back(*line);
        if (line->rfind(prefix, 0) == 0) return line;
    }
}

bool Process::running() {
    if (exitCode) return false;
    int status = 0;
    if (waitpid(pid, &status, WNOHANG) == pid) {
        exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        return false;
    }
    return true;
}

std::optional<int> Process::wait_exit(std::chrono::milliseconds timeout, bool closeInput) {
    if (closeInput && toChild >= 0) {
        close(toChild);
        toChild = -1;
    }
    auto deadline = std::chrono::steady_clock::now() + timeout;
    while (running()) {
        if (std::chrono::steady_clock::now() > deadline) return std::nullopt;
        usleep(2000);
    }
    return exitCode;
}

} // namespace hq::test
