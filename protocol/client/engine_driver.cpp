// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine_driver.h"

#include <fmt/format.h>

namespace hq {

std::string EngineThinking::text() const {
    std::string out;
    if (hasScore) {
        if (mate) out = fmt::format("{}M{}", score > 0 ? "+" : "-", std::abs(score));
        else out = fmt::format("{:+.2f}", score / 100.0);
    }
    if (depth > 0) out += fmt::format("/{}", depth);
    return out;
}

bool EngineDriver::send(const std::string& line) {
    if (log) log(fmt::format("{} < {}", name(), line));
    return process.write_line(line);
}

ChildProcess::Read EngineDriver::receive(std::string& line, Clock::time_point deadline) {
    auto r = process.read_line(line, deadline);
    if (log && r == ChildProcess::Read::LINE) log(fmt::format("{} > {}", name(), line));
    return r;
}

std::optional<std::string> EngineDriver::launch() {
    broken = false;
    std::vector<std::string> argv {config.cmd};
    argv.insert(argv.end(), config.args.begin(), config.args.end());
    if (auto err = process.start(argv, config.dir, bool(log)))
        return fmt::format("cannot start engine '{}': {}", config.cmd, *err);
    return std::nullopt;
}

bool EngineDriver::ask(
    const std::string& question, const std::function<bool(const std::string&)>& answers) {
    if (!send(question)) return false;
    auto deadline = Clock::now() + ReadyTimeout;
    std::string line;
    for (;;) {
        auto r = receive(line, deadline);
        if (r != ChildProcess::Read::LINE) {
            if (r == ChildProcess::Read::TIMEOUT) broken = true;
            return false;
        }
        if (answers(line)) return true;
    }
}

std::string EngineDriver::exited_during_start() {
    process.wait_exit(Clock::now() + QuitGrace);
    return fmt::format("engine '{}' exited during start-up ({})", config.cmd,
        process.exit_status().empty() ? "closed its output" : process.exit_status());
}

std::optional<EngineDriver::MoveWait> EngineDriver::send_go(
    const std::string& go, std::chrono::milliseconds limit, EngineReply& reply) {
    MoveWait wait;
    wait.start = Clock::now();
    wait.deadline = wait.start + limit;
    if (!send(go)) {
        crash(reply, "closed its input");
        return std::nullopt;
    }
    return wait;
}

bool EngineDriver::next_line(MoveWait& wait, const char* moveNow, EngineReply& reply) {
    for (;;) {
        auto r = receive(wait.line, wait.deadline);
        if (r == ChildProcess::Read::CLOSED) {
            reply.seconds = seconds_since(wait.start);
            crash(reply, "closed its output");
        }
        if (r != ChildProcess::Read::TIMEOUT) return r == ChildProcess::Read::LINE;
        if (wait.late) { // not even moving now helped: it must be restarted
            broken = true;
            return false;
        }
        // Out of time: ask for the move anyway, so the engine is in step for the next game,
        // but the game is lost.
        wait.late = true;
        reply.seconds = seconds_since(wait.start);
        send(moveNow);
        wait.deadline = Clock::now() + StopGrace;
    }
}

EngineReply& EngineDriver::unanswered(EngineReply& reply, const MoveWait& wait) {
    if (reply.kind == EngineReply::CRASH) return reply;
    reply.kind = EngineReply::TIMEOUT;
    reply.info = wait.info;
    return reply;
}

EngineReply& EngineDriver::crash(EngineReply& reply, const std::string& what) {
    process.wait_exit(Clock::now() + std::chrono::milliseconds(200));
    reply.kind = EngineReply::CRASH;
    reply.detail = process.exit_status().empty() ? what : process.exit_status();
    return reply;
}

void EngineDriver::stop_process() {
    if (process.running()) {
        send("quit");
        process.wait_exit(Clock::now() + QuitGrace);
    }
    process.kill();
}

} // namespace hq
