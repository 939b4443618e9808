// SPDX-License-Identifier: GPL-3.0-or-later
// One game of `harlequin serve`: a browser tab's game, its referee (the rules: legal moves,
// the end of the game), its own Harlequin engine and optionally an external UCI engine,
// the players, the strength, the clocks and the live search report. The HTTP layer
// (serve.cpp) only translates requests into these calls and the results into JSON.
//
// Threads: HTTP handlers, the server's conductor (which runs what the engines report) and
// the reaper all lock a session's `mutex` before touching it. Engine callbacks never
// lock it: they post to the conductor, so stopping and waiting for a search while holding
// the lock cannot deadlock.
#pragma once

#include "engine/engine.h"
#include "engine/referee.h"
#include "protocol/client/engine_driver.h"

#include <nlohmann/json.hpp>

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace hq::serve {

using Json = nlohmann::json;

// A request the session refuses: an HTTP status and a message for the person.
struct Refusal {
    int status = 400;
    std::string message;
};

enum class Player { HUMAN, HARLEQUIN, EXTERNAL };
const char* player_name(Player p);
std::optional<Player> parse_player(const std::string& s);

struct PlayedMove {
    std::string text, san; // as the referee writes it, and as PGN reads it
    Color side = WHITE;
    int turn = 0;        // turns counted from 0: a new turn starts when the mover changes
    std::int64_t ms = 0; // how long the mover took
};

// What the server is asked to bound and to offer, fixed at start.
struct ServerLimits {
    int maxGames = 32;
    int maxSearches = 8;
    int idleSeconds = 60;       // a game with no open page for this long is forgotten
    std::string externalEngine; // --engine: a UCI engine the page may choose as a player
};

class Server;

class Session : public std::enable_shared_from_this<Session> {
public:
    Session(Server& server, std::string id, std::string variant);
    ~Session();

    // Sets up a new game: from the start (empty FEN), a FEN, or a PGN's game `index`.
    std::optional<Refusal> load(const std::string& fen, const std::string* pgn, int index);

    // The whole state the page draws, for `ply` moves into the game (the last when absent:
    // only that one has legal moves).
    Json state(std::optional<int> ply = std::nullopt);
    std::string pgn() const;

    std::optional<Refusal> move(const std::string& text, int ply);
    std::optional<Refusal> settings(const Json& body);
    std::optional<Refusal> go();
    std::optional<Refusal> stop();
    std::optional<Refusal> undo(std::optional<int> ply);
    std::optional<Refusal> resign(std::optional<Color> side);
    std::optional<Refusal> offer_draw();
    std::optional<Refusal> analyse(bool on);
    // Stops everything the session runs (before it is forgotten).
    void close();

    // Called by the conductor with what the engines report.
    void on_info(std::uint64_t gen, const SearchInfo& info);
    void on_bestmove(std::uint64_t gen, const std::string& move);
    // A search slot became free: start the search this session waits for, if it still does.
    void start_waiting_search();
    // The reaper's tick: a clock that ran out ends the game.
    void tick();

    const std::string& id() const { return sessionId; }
    const std::string& variant() const { return variantName; }

    // Presence, for the reaper: pages listening to the events, and the last request.
    std::atomic<int> listeners {0};
    std::atomic<std::int64_t> lastSeenMs {0};
    void touch();

    // Version of the state: bumped by every change; the event stream waits for it.
    std::uint64_t version() const { return stateVersion.load(); }
    // Waits until the version differs from `seen` or `timeout` passes; returns the version.
    std::uint64_t wait_change(std::uint64_t seen, std::chrono::milliseconds timeout);

    std::mutex mutex;

private:
    enum class Activity { IDLE, WAITING, THINKING, ANALYSING };

    void changed();
    Outcome outcome() const;
    bool over() const { return outcome().over(); }
    Color to_move() const { return referee->side_to_move(); }
    std::optional<Refusal> apply(const std::string& text, std::int64_t ms);
    std::optional<Refusal> replay(const std::vector<std::string>& texts);
    void maybe_engine_turn();
    bool start_search(bool analysis);
    void stop_search();
    void finish_search();
    SearchLimits limits_for(Color side) const;
    void external_move();
    std::int64_t clock_left(Color c) const;

    Server& server;
    std::string sessionId, variantName;
    std::unique_ptr<Referee> referee;
    std::unique_ptr<Engine> engine;
    std::unique_ptr<EngineDriver> external;
    std::thread externalThread;
    std::string startFen; // empty: the variant's start
    std::vector<PlayedMove> moves;
    Outcome manualEnd; // resignation, agreed draw, time

    Player players[COLOR_NB] = {Player::HUMAN, Player::HARLEQUIN};
    int moveTimeMs = 1000; // strength: time per move, or
    int depth = 0;         // depth (when > 0, no time limit)
    int multiPv = 1;
    // Clocks: off when baseMs is 0; otherwise each side's time left, counting during its turns.
    std::int64_t baseMs = 0, incMs = 0;
    std::int64_t clockMs[COLOR_NB] = {0, 0};
    TimePoint turnStart = now();

    Activity activity = Activity::IDLE;
    bool holdsSlot = false;
    std::uint64_t searchGen = 0;
    TimePoint searchStart = now();
    std::vector<SearchInfo> lines;    // by MultiPV index, the latest report of each
    std::string message;              // the last thing the page should tell the person
    int lastScore[COLOR_NB] = {0, 0}; // Harlequin's last score for each side it played
    bool hasScore[COLOR_NB] = {false, false};

    std::atomic<std::uint64_t> stateVersion {1};
    std::mutex versionMutex;
    std::condition_variable versionCv;
};

} // namespace hq::serve
