// SPDX-License-Identifier: GPL-3.0-or-later
#include "xboard_driver.h"

#include "engine/text.h"
#include "protocol/xboard_variants.h"

#include <cmath>
#include <fmt/format.h>

namespace hq {

namespace {

using Clock = std::chrono::steady_clock;

// The features of one `feature` line: key=value, values bare or in double quotes.
std::vector<std::pair<std::string, std::string>> parse_features(const std::string& line) {
    std::vector<std::pair<std::string, std::string>> out;
    std::size_t i = line.find("feature");
    if (i == std::string::npos) return out;
    i += 7;
    while (i < line.size()) {
        while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
        std::size_t eq = line.find('=', i);
        if (eq == std::string::npos) break;
        std::string key = line.substr(i, eq - i);
        std::string value;
        i = eq + 1;
        if (i < line.size() && line[i] == '"') {
            std::size_t end = line.find('"', i + 1);
            if (end == std::string::npos) end = line.size();
            value = line.substr(i + 1, end - i - 1);
            i = end + 1;
        } else {
            std::size_t end = i;
            while (end < line.size() && !std::isspace(static_cast<unsigned char>(line[end]))) ++end;
            value = line.substr(i, end - i);
            i = end;
        }
        out.emplace_back(key, value);
    }
    return out;
}

// The base time of `level`: whole minutes, or minutes:seconds.
std::string level_base(double seconds) {
    long s = std::lround(seconds);
    if (s % 60 == 0) return std::to_string(s / 60);
    return fmt::format("{}:{:02}", s / 60, s % 60);
}

// A number of seconds as short as exact ("5", "0.5", "1000000"; never in exponent form).
std::string short_seconds(double s) { return fmt::format("{:.10g}", s); }

} // namespace

bool parse_xboard_thinking(const std::string& line, EngineThinking& info) {
    auto w = split_words(line);
    if (w.size() < 4) return false;
    auto ply = parse_number<int>(w[0]);
    std::string scoreWord = w[1];
    auto score = parse_number<int>(scoreWord);
    if (!ply || !score || !parse_number<long long>(w[2])) return false;
    EngineThinking found;
    found.depth = *ply;
    found.hasScore = true;
    // CECP: mate in N is reported as 100000 + N, being mated as -100000 - N.
    if (std::abs(*score) >= 100000) {
        found.mate = true;
        found.score = *score > 0 ? *score - 100000 : *score + 100000;
        if (found.score == 0) found.score = *score > 0 ? 1 : -1;
    } else found.score = *score;
    info = found;
    return true;
}

std::optional<std::string> XboardDriver::start() {
    if (auto err = launch()) return err;
    send("xboard");
    send("protover 2");
    // An engine without features (protocol 1) is given two seconds, as the spec says;
    // one that sent done=0 may take the whole start-up time.
    auto deadline = Clock::now() + std::chrono::seconds(2);
    std::string line, myname;
    bool anyFeature = false;
    for (;;) {
        auto r = receive(line, deadline);
        if (r == ChildProcess::Read::CLOSED) return exited_during_start();
        if (r == ChildProcess::Read::TIMEOUT) {
            if (anyFeature) break; // features without done=1: go on, as XBoard does
            return fmt::format("engine '{}' sent no features after protover 2", config.cmd);
        }
        if (line.rfind("feature", 0) != 0) continue;
        anyFeature = true;
        bool done = false;
        for (const auto& [key, value] : parse_features(line)) {
            bool on = value == "1";
            bool known = true;
            if (key == "ping") featurePing = on;
            else if (key == "setboard") featureSetboard = on;
            else if (key == "usermove") featureUsermove = on;
            else if (key == "san") featureSan = on;
            else if (key == "time") featureTime = on;
            else if (key == "myname") myname = value;
            else if (key == "variants") {
                variants.clear();
                for (const auto& v : split_words(std::string(value.begin(), value.end()))) {
                    std::size_t s = 0;
                    while (s <= v.size()) {
                        std::size_t e = v.find(',', s);
                        if (e == std::string::npos) e = v.size();
                        if (e > s) variants.push_back(to_lower(v.substr(s, e - s)));
                        s = e + 1;
                    }
                }
            } else if (key == "done") {
                done = on;
                if (value == "0") deadline = Clock::now() + StartTimeout;
            } else if (key == "playother" || key == "draw" || key == "sigint" || key == "sigterm"
                || key == "reuse" || key == "analyze" || key == "colors" || key == "ics"
                || key == "name" || key == "pause" || key == "debug" || key == "memory"
                || key == "smp" || key == "option" || key == "nps" || key == "exclude"
                || key == "setscore" || key == "highlight" || key == "egt")
                known = true;
            else known = false;
            send(fmt::format("{} {}", known ? "accepted" : "rejected", key));
        }
        if (done) break;
    }
    engineName = myname;

    std::string v = xboard_variant_name(variant);
    if (v != XBOARD_NEW_GAME_VARIANT) {
        bool listed = false;
        for (const auto& name : variants) listed |= name == v;
        if (!listed)
            return fmt::format(
                "engine '{}' does not play {} (not in its variants feature)", name(), v);
    }
    if (config.nodes > 0)
        return fmt::format("engine '{}': a node limit is not supported over XBoard", name());
    for (const auto& [name, value] : config.options) send(fmt::format("option {}={}", name, value));
    if (!sync()) return fmt::format("engine '{}' did not answer ping", name());
    return std::nullopt;
}

bool XboardDriver::sync() {
    if (!featurePing) return process.running();
    int n = ++pingCounter;
    std::string want = fmt::format("pong {}", n);
    return ask(fmt::format("ping {}", n),
        [&](const std::string& line) { return join_words(split_words(line), 0, 2) == want; });
}

std::optional<std::string> XboardDriver::new_game(const std::string& startFen, bool startpos) {
    send("new");
    std::string v = xboard_variant_name(variant);
    if (v != XBOARD_NEW_GAME_VARIANT) send("variant " + v);
    send("force");
    if (!config.tc.infinite)
        send(fmt::format("level {} {} {}", config.tc.moves, level_base(config.tc.base),
            short_seconds(config.tc.increment)));
    if (config.moveTime > 0) send("st " + short_seconds(config.moveTime));
    if (config.depth > 0) send(fmt::format("sd {}", config.depth));
    send("post");
    send("easy");
    if (!startpos) {
        if (!featureSetboard) return "cannot set up a position (no setboard feature)";
        send("setboard " + startFen);
    }
    movesSent = 0;
    if (!sync()) return "does not answer ping";
    return std::nullopt;
}

EngineReply XboardDriver::go(const MoveRequest& req) {
    EngineReply reply;
    // The moves it has not seen yet, in force mode.
    std::vector<std::string> sentNow;
    for (; movesSent < req.moves->size(); ++movesSent) {
        const std::string& san = (*req.sans)[movesSent];
        std::string m = (*req.moves)[movesSent];
        if (featureSan || (variant.chess960 && san.rfind("O-O", 0) == 0)) {
            m = san;
            while (!m.empty() && (m.back() == '+' || m.back() == '#')) m.pop_back();
        }
        if (m == "0000") m = "@@@@"; // a pass (Martian Chess) is CECP's null move
        sentNow.push_back(m);
        if (!send(featureUsermove ? "usermove " + m : m)) return crash(reply, "closed its input");
    }
    if (featureTime && req.timed[req.side]) {
        Color them = ~req.side;
        auto cs = [](std::int64_t ms) { return std::max<std::int64_t>(0, ms / 10); };
        send(fmt::format("time {}", cs(req.timeLeftMs[req.side])));
        send(fmt::format(
            "otim {}", cs(req.timed[them] ? req.timeLeftMs[them] : req.timeLeftMs[req.side])));
    }
    auto wait = send_go("go", req.timeLimit, reply);
    if (!wait) return reply;
    while (next_line(*wait, "?", reply)) {
        const std::string& line = wait->line;
        auto w = split_words(line);
        if (w.empty()) continue;
        std::string move;
        if (w[0] == "move" && w.size() > 1) move = w[1];
        else if (w.size() > 3 && w[0] == "My" && w[1] == "move" && w[2] == "is:") move = w[3];
        if (move == "@@@@") move = "0000"; // CECP's null move: the game's pass
        if (!move.empty()) {
            send("force");
            ++movesSent; // it knows its own move
            if (wait->late) break;
            reply.seconds = seconds_since(wait->start);
            reply.kind = EngineReply::MOVE;
            reply.move = move;
            reply.info = wait->info;
            return reply;
        }
        if (parse_xboard_thinking(line, wait->info)) continue;
        if (wait->late) continue;
        if (w[0] == "resign") {
            reply.seconds = seconds_since(wait->start);
            reply.kind = EngineReply::RESIGN;
            reply.info = wait->info;
            send("force");
            return reply;
        }
        if (w[0] == "1-0" || w[0] == "0-1" || w[0] == "1/2-1/2") {
            reply.seconds = seconds_since(wait->start);
            reply.kind = EngineReply::CLAIM;
            reply.move = line;
            reply.info = wait->info;
            send("force");
            return reply;
        }
        // "Illegal move: e2e4" about a move just sent (other complaints, about commands it
        // does not know, are no reason to end the game).
        bool rejected = false;
        for (const auto& m : sentNow) rejected |= w.back() == m;
        if (line.rfind("Illegal move", 0) == 0 && rejected) {
            reply.seconds = seconds_since(wait->start);
            reply.kind = EngineReply::REJECT;
            reply.move = w.back();
            reply.detail = line;
            send("force");
            return reply;
        }
    }
    return unanswered(reply, *wait);
}

void XboardDriver::game_over(const std::string& result, const std::string& reason) {
    send(fmt::format("result {} {{{}}}", result, reason));
    send("force");
}

} // namespace hq
