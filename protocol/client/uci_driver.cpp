// SPDX-License-Identifier: GPL-3.0-or-later
#include "uci_driver.h"

#include "engine/text.h"
#include "variants/registry.h"

#include <cmath>
#include <fmt/format.h>

namespace hq {

namespace {

using Clock = std::chrono::steady_clock;

// "option name Move Overhead type spin default 10 min 0 max 5000" -> name, type, vars.
bool parse_option(const std::vector<std::string>& w, std::string& name, std::string& type,
    std::vector<std::string>& vars) {
    std::size_t i = 1;
    if (i >= w.size() || w[i] != "name") return false;
    std::size_t start = ++i;
    while (i < w.size() && w[i] != "type") ++i;
    name = to_lower(join_words(w, start, i));
    if (i + 1 >= w.size()) return false;
    type = w[i + 1];
    for (i += 2; i < w.size(); ++i)
        if (w[i] == "var" && i + 1 < w.size()) vars.push_back(w[++i]);
    return !name.empty();
}

} // namespace

bool parse_uci_info(const std::string& line, EngineThinking& info) {
    auto w = split_words(line);
    if (w.empty() || w[0] != "info") return false;
    EngineThinking found;
    for (std::size_t i = 1; i + 1 < w.size(); ++i) {
        if (w[i] == "string" || w[i] == "pv") break; // the rest is free text or moves
        if (w[i] == "depth") {
            if (auto d = parse_number<int>(w[i + 1])) found.depth = *d;
        } else if (w[i] == "score" && i + 2 < w.size()) {
            auto v = parse_number<int>(w[i + 2]);
            if (!v || (w[i + 1] != "cp" && w[i + 1] != "mate")) continue;
            found.hasScore = true;
            found.mate = w[i + 1] == "mate";
            found.score = *v;
        }
    }
    if (!found.hasScore) return false;
    info = found;
    return true;
}

std::optional<std::string> UciDriver::start() {
    if (auto err = launch()) return err;
    declared.clear();
    send("uci");
    auto deadline = Clock::now() + StartTimeout;
    std::string line, idName;
    for (;;) {
        auto r = receive(line, deadline);
        if (r == ChildProcess::Read::CLOSED) return exited_during_start();
        if (r == ChildProcess::Read::TIMEOUT)
            return fmt::format("engine '{}' did not answer uci with uciok", config.cmd);
        auto w = split_words(line);
        if (w.empty()) continue;
        if (w[0] == "uciok") break;
        if (w[0] == "id" && w.size() > 2 && w[1] == "name") idName = join_words(w, 2, w.size());
        std::string name, type;
        std::vector<std::string> vars;
        if (w[0] == "option" && parse_option(w, name, type, vars))
            declared[name] = OptionInfo {type, vars};
    }
    engineName = idName;

    for (const auto& [name, value] : config.options)
        send(fmt::format("setoption name {} value {}", name, value));

    // The variant, as Cute Chess selects it: nothing for the default game (standard chess,
    // what a UCI engine plays unless told otherwise); UCI_Variant when the engine lists the
    // game; UCI_Chess960 for Fischer random castling.
    if (variant.name != default_variant()) {
        auto v = declared.find("uci_variant");
        bool listed = false;
        if (v != declared.end())
            for (const auto& var : v->second.vars) listed |= var == variant.name;
        bool chess960 = variant.chess960 && declared.count("uci_chess960");
        if (!listed && !chess960)
            return fmt::format("engine '{}' does not play {} (not in its UCI_Variant option)",
                name(), variant.name);
        if (listed) send("setoption name UCI_Variant value " + variant.name);
        if (chess960) send("setoption name UCI_Chess960 value true");
    }
    if (!sync()) return fmt::format("engine '{}' did not answer isready", name());
    return std::nullopt;
}

bool UciDriver::sync() {
    return ask("isready", [](const std::string& line) {
        return line == "readyok" || line.rfind("readyok ", 0) == 0;
    });
}

std::optional<std::string> UciDriver::new_game(const std::string&, bool) {
    send("ucinewgame");
    if (!sync()) return "does not answer isready";
    return std::nullopt;
}

EngineReply UciDriver::go(const MoveRequest& req) {
    EngineReply reply;
    if (!sync()) {
        if (!process.running()) return crash(reply, "closed its output");
        reply.kind = EngineReply::STALL;
        reply.detail = "no readyok after isready";
        return reply;
    }

    std::string pos = req.startpos ? "position startpos" : "position fen " + *req.startFen;
    if (!req.moves->empty()) pos += " moves " + join_words(*req.moves, 0, req.moves->size());
    send(pos);

    std::string cmd = "go";
    if (req.timed[WHITE] || req.timed[BLACK]) {
        // Clocks of both sides, as far as they have one; never negative.
        for (Color c : {WHITE, BLACK})
            if (req.timed[c])
                cmd += fmt::format(" {} {}", c == WHITE ? "wtime" : "btime",
                    std::max<std::int64_t>(0, req.timeLeftMs[c]));
        for (Color c : {WHITE, BLACK})
            if (req.timed[c] && req.incrementMs[c] > 0)
                cmd += fmt::format(" {} {}", c == WHITE ? "winc" : "binc", req.incrementMs[c]);
        if (req.movesToGo > 0) cmd += fmt::format(" movestogo {}", req.movesToGo);
    }
    if (config.moveTime > 0) cmd += fmt::format(" movetime {}", clamped_ms(config.moveTime));
    if (config.depth > 0) cmd += fmt::format(" depth {}", config.depth);
    if (config.nodes > 0) cmd += fmt::format(" nodes {}", config.nodes);
    auto wait = send_go(cmd, req.timeLimit, reply);
    if (!wait) return reply;
    while (next_line(*wait, "stop", reply)) {
        if (wait->line.rfind("info", 0) == 0) {
            parse_uci_info(wait->line, wait->info);
            continue;
        }
        auto w = split_words(wait->line);
        if (w.empty() || w[0] != "bestmove") continue;
        if (wait->late) break;
        reply.seconds = seconds_since(wait->start);
        reply.info = wait->info;
        // `0000` is a move like any other here: the referee judges it (a pass where the
        // game has one, as in Martian Chess; an illegal move elsewhere).
        if (w.size() < 2 || w[1] == "(none)" || w[1] == "none") {
            reply.kind = EngineReply::NO_MOVE;
            reply.move = w.size() < 2 ? "" : w[1];
        } else {
            reply.kind = EngineReply::MOVE;
            reply.move = w[1];
        }
        return reply;
    }
    return unanswered(reply, *wait);
}

} // namespace hq
