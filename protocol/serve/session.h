// SPDX-License-Identifier: GPL-3.0-or-later
// One game of `harlequin serve` (a browser tab's game): its record (game_record.h: the moves,
// the clocks, the result, the line shown), its conductor (conductor.h: who plays, the
// engines), its message to the person, and its place in the database. Every request about
// the game is one call here, which answers with the game's whole state as the page draws it
// (state_codec.h) or a refusal; the routes (routes.h) only read requests and write answers.
//
// Threads: HTTP handlers, the job queue (what the engines report, freed search slots) and the
// server's reaper all call in. The session locks itself in every public call; no caller ever
// holds its lock. The engines never call in directly: their reports go through the job queue.
#pragma once

#include "conductor.h"
#include "game_record.h"
#include "game_services.h"
#include "json_words.h"
#include "refusal.h"
#include "search_slots.h"
#include "settings.h"
#include "store.h"
#include "stored_codec.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <variant>

namespace hq::serve {

// The game's state after a request (the page's JSON), or why the request was refused (and
// nothing changed).
using Reply = std::variant<Json, Refusal>;

// A new game's start: from the game's start, a FEN, or game `index` of a PGN.
struct GameStart {
    std::string fen;
    const std::string* pgn = nullptr;
    int index = 0;
    int start960 = -1; // the Chess960 start the FEN is (-1: none given)
};

class Session : public SlotWaiter, public std::enable_shared_from_this<Session> {
public:
    Session(GameServices& services, std::string id, std::string variant);
    ~Session() override;

    // ---- Beginnings -------------------------------------------------------------------
    // A new game with the page's settings (null: the defaults); not stored yet.
    std::optional<Refusal> open(const GameStart& start, const Json* settings);
    // The new game stored, and its first state.
    Json store_new();
    // A stored game brought back (its engine thinks again when it was its turn).
    std::optional<Refusal> restore(const StoredSession& stored);

    // ---- Requests: each answers with the state after it ------------------------------
    // The state for `ply` moves into the line shown (the shown position when absent).
    Reply state(std::optional<int> ply);
    std::string pgn();
    // A move from `ply` moves into the line shown: at the game's end a game move, elsewhere a
    // variation (or the existing move followed).
    Reply move(const std::string& text, int ply);
    Reply settings(const Json& body);
    Reply go();
    Reply stop();
    Reply undo(std::optional<int> ply);
    Reply resign(std::optional<Color> side);
    Reply offer_draw();
    Reply analyse(bool on, std::optional<int> ply);
    // Shows the position `ply` moves into the line (and analyses it while analysis is on).
    Reply view(int ply);
    // The move tree: shows the line through `node`; deletes a variation's node and subtree.
    Reply show_line(int node);
    Reply cut(int node);
    Reply load(const GameStart& start);

    // ---- The server's calls -----------------------------------------------------------
    // The reaper's tick: a clock that ran out ends the game.
    void tick();
    // Stops everything the game runs (before it is forgotten).
    void close();
    // A search slot may be free (search_slots.h).
    void slot_free() override;

    const std::string& id() const { return sessionId; }

    // Presence, for the reaper: pages listening to the events, and the last request.
    void touch();
    void listen();
    void unlisten();
    // No page listens and none asked for `idleMs`.
    bool abandoned(std::int64_t idleMs) const;

    // Version of the state: bumped by every change; the event stream waits for it.
    std::uint64_t version() const { return stateVersion.load(); }
    // Waits until the version differs from `seen` or `timeout` passes; returns the version.
    std::uint64_t wait_change(std::uint64_t seen, std::chrono::milliseconds timeout);

private:
    // Runs a request under the lock: a refusal, or the game stored (whole) and its state.
    template <class F> Reply answer(F&& request);
    Json state_locked(std::optional<int> ply);
    Settings current_settings() const;
    void changed();
    // An engine is to move: it starts, or waits in line for a search slot.
    void next_turn();
    std::optional<Refusal> load_locked(const GameStart& start);
    std::optional<Refusal> apply_settings(const Json& body);
    std::optional<Refusal> game_move(const std::string& text);
    std::optional<Refusal> undo_locked(std::optional<int> ply);
    std::optional<Refusal> analyse_locked(std::optional<int> ply);
    void on_report(const EngineReport& r);
    void engine_moved(const std::string& best, std::int64_t ms);
    void post_report(EngineReport r);

    // Storage (store.h): the whole game, or the one move `node` (appended) when that is all
    // that changed since the game was last stored.
    StoredGame summary() const;
    void persist();
    void persist_move(int node);

    GameServices& services;
    const std::string sessionId;
    std::mutex mutex;
    GameRecord record;
    std::string message; // the last thing the page should tell the person
    Conductor conductor;
    Settings saved; // the settings the stored game has

    std::atomic<int> listeners {0};
    std::atomic<std::int64_t> lastSeenMs {0};
    std::atomic<std::uint64_t> stateVersion {1};
    std::mutex versionMutex;
    std::condition_variable versionCv;
};

} // namespace hq::serve
