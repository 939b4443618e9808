// SPDX-License-Identifier: GPL-3.0-or-later
// Engines as a client of their protocol sees them (the match runner, `harlequin serve`'s
// external engine): a child process spoken to in UCI or XBoard
// (CECP v2), asked for one move at a time. The runner keeps the clocks; a driver only
// passes them on, measures how long the engine took and notices when it is late, silent
// or gone. The driver knows no game rules: moves are text, checked by the Referee.
#pragma once

#include "engine/types.h"
#include "engine/variant_spec.h"
#include "engine_config.h"
#include "process.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hq {

// The last search report an engine gave for the move it played, from its own view.
struct EngineThinking {
    bool hasScore = false;
    bool mate = false;
    int score = 0; // centipawns, or moves to mate (negative: being mated)
    int depth = 0;

    // The score in centipawns for adjudication: mates count as +-100000.
    int centipawns() const { return !mate ? score : score > 0 ? 100000 : -100000; }
    // "+0.35/12", "-M3/20", "/12" without a score, empty without anything.
    std::string text() const;
};

// Everything an engine is told when asked to move.
struct MoveRequest {
    const std::string* startFen = nullptr; // the game's start (after any FEN opening)
    bool startpos = false;                 // the start FEN is the variant's start position
    // Every single move since the start position: as the referee writes it and as SAN.
    const std::vector<std::string>* moves = nullptr;
    const std::vector<std::string>* sans = nullptr;
    Color side = WHITE;                     // the colour the engine plays now
    std::int64_t timeLeftMs[COLOR_NB] = {}; // clocks, for sides with a clock
    std::int64_t incrementMs[COLOR_NB] = {};
    bool timed[COLOR_NB] = {};
    int movesToGo = 0; // turns left in this period, 0 for all the game
    // How long the engine may take, counted from the moment `go` is written (so protocol
    // round trips before it, isready or ping, cost the engine nothing).
    std::chrono::milliseconds timeLimit {0};
};

struct EngineReply {
    enum Kind {
        MOVE,    // `move` holds it
        RESIGN,  // the engine resigned
        CLAIM,   // it claimed a result instead of moving (`move` holds the claim)
        REJECT,  // it rejected a move it was sent (`move` holds that move)
        TIMEOUT, // no move within the time limit
        STALL,   // no answer to isready/ping before `go` (`detail` says which)
        CRASH,   // the process ended or closed its output (`detail` says how)
        NO_MOVE  // it answered with no move ("bestmove (none)")
    } kind
        = MOVE;
    std::string move, detail;
    EngineThinking info;
    double seconds = 0; // from the request to the answer
};

// A log line sink for engine traffic (-debug), or empty.
using TrafficLog = std::function<void(const std::string& line)>;

class EngineDriver {
public:
    EngineDriver(EngineConfig cfg, VariantSpec variant, TrafficLog log)
        : config(std::move(cfg))
        , variant(std::move(variant))
        , log(std::move(log)) { }
    virtual ~EngineDriver() { stop_process(); }

    // Starts the process and completes the protocol handshake, selecting the variant. On
    // failure the message (the engine cannot be used).
    virtual std::optional<std::string> start() = 0;
    // Prepares a new game from `startFen` (the variant start when `startpos`), with this
    // engine's time control. On failure the message: the engine loses the game.
    virtual std::optional<std::string> new_game(const std::string& startFen, bool startpos) = 0;
    // Asks for one move. Returns when the engine moves, when its time limit is over, or when
    // it dies.
    virtual EngineReply go(const MoveRequest& request) = 0;
    // Tells the engine the game is over (the runner is the arbiter; this is a courtesy that
    // UCI has no words for).
    virtual void game_over(const std::string& /*result*/, const std::string& /*reason*/) { }
    // Asks the engine to quit (`quit`, in both protocols), waits a little, then kills it.
    void stop_process();

    // The name for PGN and standings: one given by set_name, else the configured one, else
    // the engine's own (UCI id name, XBoard myname), else its command.
    const std::string& name() const {
        return !displayName.empty() ? displayName
            : !config.name.empty()  ? config.name
            : !engineName.empty()   ? engineName
                                    : config.cmd;
    }
    void set_name(std::string n) { displayName = std::move(n); }
    const EngineConfig& settings() const { return config; }
    // False once the process is gone or is known to be stuck (it must be restarted).
    bool usable() { return !broken && process.running(); }
    bool crashed() { return !process.running(); }
    std::string exit_status() const { return process.exit_status(); }

protected:
    using Clock = std::chrono::steady_clock;
    // Writes a line to the engine (and the log); false if the engine is gone.
    bool send(const std::string& line);
    // Reads a line before the deadline (logged).
    ChildProcess::Read receive(std::string& line, Clock::time_point deadline);
    // Starts the process (command, arguments, dir).
    std::optional<std::string> launch();
    // Sends `question` and reads lines until one `answers` it (true); false when the engine
    // is gone, or silent for ReadyTimeout (then it is marked broken).
    bool ask(const std::string& question, const std::function<bool(const std::string&)>& answers);
    // The message for an engine that ended during start-up.
    std::string exited_during_start();

    // Waiting for the answer to `go`, which began at `start`.
    struct MoveWait {
        Clock::time_point start, deadline;
        bool late = false;   // the time limit passed and the engine was told to move now
        std::string line;    // the line just read
        EngineThinking info; // the engine's last search report
    };
    // Sends the command that starts the search (`go`), with `limit` to answer in; nothing
    // (and `reply` a CRASH) if the engine is gone.
    std::optional<MoveWait> send_go(
        const std::string& go, std::chrono::milliseconds limit, EngineReply& reply);
    // Reads the next line of the answer into `wait.line`. When the time limit passes, the
    // engine is told `moveNow` (`stop`, `?`) once and given StopGrace more, and
    // `reply.seconds` says when the limit passed. False when there is no line: the engine
    // closed its output or stayed silent past the grace (see unanswered).
    bool next_line(MoveWait& wait, const char* moveNow, EngineReply& reply);
    // The reply when no move came: a CRASH if the engine closed its output, else a TIMEOUT
    // (one silent past the grace is stuck: marked broken).
    EngineReply& unanswered(EngineReply& reply, const MoveWait& wait);
    // Makes `reply` a CRASH: the exit status when the process ended, else `what`.
    EngineReply& crash(EngineReply& reply, const std::string& what);
    static double seconds_since(Clock::time_point t0) {
        return std::chrono::duration<double>(Clock::now() - t0).count();
    }

    EngineConfig config;
    VariantSpec variant;
    TrafficLog log;
    ChildProcess process;
    std::string displayName, engineName;
    bool broken = false; // unresponsive: kill and restart before the next game
};

// How long an engine may take to start, to answer isready/ping, and to move after being
// told to stop (cutechess-cli allows 35 s, 15 s and 15 s; a tester's scripts are quicker).
constexpr auto StartTimeout = std::chrono::seconds(10);
constexpr auto ReadyTimeout = std::chrono::seconds(10);
constexpr auto StopGrace = std::chrono::milliseconds(1000);
constexpr auto QuitGrace = std::chrono::milliseconds(1000);

} // namespace hq
