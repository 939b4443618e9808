// SPDX-License-Identifier: GPL-3.0-or-later
#include "process.h"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace hq {

namespace {

// The file execv should run: a name without '/' is looked up in PATH, as a shell would.
std::string resolve(const std::string& cmd) {
    if (cmd.find('/') != std::string::npos) return cmd;
    const char* path = std::getenv("PATH");
    std::string dirs = path ? path : "/usr/local/bin:/usr/bin:/bin";
    std::size_t i = 0;
    while (i <= dirs.size()) {
        std::size_t j = dirs.find(':', i);
        if (j == std::string::npos) j = dirs.size();
        std::string candidate = (j > i ? dirs.substr(i, j - i) : ".") + "/" + cmd;
        if (access(candidate.c_str(), X_OK) == 0) return candidate;
        i = j + 1;
    }
    return cmd;
}

} // namespace

std::optional<std::string> ChildProcess::start(
    const std::vector<std::string>& argv, const std::string& dir, bool keepStderr) {
    kill();
    if (argv.empty() || argv[0].empty()) return "no command";
    // A dead engine's pipe must not kill the runner; write() reports EPIPE instead.
    std::signal(SIGPIPE, SIG_IGN);
    std::string file = resolve(argv[0]);
    if (dir.empty() || file[0] == '/') {
        if (access(file.c_str(), X_OK) != 0)
            return "cannot execute '" + argv[0] + "': " + std::strerror(errno);
    }

    int in[2], out[2];
    if (pipe2(in, O_CLOEXEC) != 0) return std::string("pipe: ") + std::strerror(errno);
    if (pipe2(out, O_CLOEXEC) != 0) {
        close(in[0]);
        close(in[1]);
        return std::string("pipe: ") + std::strerror(errno);
    }
    // Everything the child needs is prepared before fork: after it, only async-signal-safe
    // calls (other threads may hold locks).
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args[0] = const_cast<char*>(file.c_str());
    args.push_back(nullptr);
    int devnull = keepStderr ? -1 : open("/dev/null", O_WRONLY | O_CLOEXEC);

    pid = fork();
    if (pid < 0) {
        for (int fd : {in[0], in[1], out[0], out[1], devnull})
            if (fd >= 0) close(fd);
        pid = -1;
        return std::string("fork: ") + std::strerror(errno);
    }
    if (pid == 0) {
        setpgid(0, 0);
        dup2(in[0], 0); // dup2 clears close-on-exec on the copies
        dup2(out[1], 1);
        if (devnull >= 0) dup2(devnull, 2);
        signal(SIGPIPE, SIG_DFL);
        if (!dir.empty() && chdir(dir.c_str()) != 0) _exit(127);
        execv(args[0], args.data());
        _exit(127);
    }
    setpgid(pid, pid); // also here, so kill() works even before the child ran
    close(in[0]);
    close(out[1]);
    if (devnull >= 0) close(devnull);
    toChild = in[1];
    fromChild = out[0];
    eof = false;
    buffer.clear();
    exitText.clear();
    return std::nullopt;
}

bool ChildProcess::write_line(const std::string& line) {
    if (toChild < 0) return false;
    std::string data = line + "\n";
    std::size_t done = 0;
    while (done < data.size()) {
        ssize_t n = write(toChild, data.data() + done, data.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += std::size_t(n);
    }
    return true;
}

ChildProcess::Read ChildProcess::read_line(std::string& line, Clock::time_point deadline) {
    for (;;) {
        auto nl = buffer.find('\n');
        if (nl != std::string::npos) {
            line.assign(buffer, 0, nl);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            buffer.erase(0, nl + 1);
            return Read::LINE;
        }
        if (eof || fromChild < 0) {
            if (!buffer.empty()) { // a last line without newline
                line = std::move(buffer);
                buffer.clear();
                return Read::LINE;
            }
            return Read::CLOSED;
        }
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
        if (left.count() < 0) return Read::TIMEOUT;
        pollfd pfd {fromChild, POLLIN, 0};
        int r = poll(&pfd, 1, int(std::min<long long>(left.count() + 1, 1 << 30)));
        if (r < 0 && errno != EINTR) return Read::CLOSED;
        if (r <= 0) continue;
        char chunk[4096];
        ssize_t n = read(fromChild, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) eof = true;
        else buffer.append(chunk, std::size_t(n));
    }
}

bool ChildProcess::running() {
    if (pid < 0) return false;
    int status = 0;
    pid_t r = waitpid(pid, &status, WNOHANG);
    if (r == pid) {
        exitText = WIFEXITED(status) ? "exit code " + std::to_string(WEXITSTATUS(status))
                                     : "signal " + std::to_string(WTERMSIG(status));
        ::kill(-pid, SIGKILL); // leftovers of its group, if any
        pid = -1;
        return false;
    }
    return r == 0;
}

bool ChildProcess::wait_exit(Clock::time_point deadline) {
    while (running()) {
        if (Clock::now() >= deadline) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    return true;
}

void ChildProcess::kill() {
    if (toChild >= 0) close(toChild);
    toChild = -1;
    if (pid > 0 && running()) {
        ::kill(-pid, SIGKILL);
        ::kill(pid, SIGKILL);
        int status = 0;
        waitpid(pid, &status, 0);
        if (exitText.empty()) exitText = "killed";
        pid = -1;
    }
    if (fromChild >= 0) close(fromChild);
    fromChild = -1;
}

} // namespace hq
