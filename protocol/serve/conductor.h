// SPDX-License-Identifier: GPL-3.0-or-later
// Who plays a game of `harlequin serve` and the engines that play it: the players of each
// side (a person, Harlequin, the --engine engine), Harlequin's strength, the game's own
// Harlequin engine, the external engine's driver, the search slot a search holds and the
// analysis. It reads the game record (game_record.h) to know the position and never changes
// it: a move an engine found comes back as a report that the session (session.h) plays.
//
// Threads: every call is made under the session's lock. The engines report from their own
// threads through `report`, which must only hand the report on (the session posts it to the
// job queue, job_queue.h) so that stopping and waiting for a search here cannot deadlock.
#pragma once

#include "engine/engine.h"
#include "game_record.h"
#include "protocol/client/engine_driver.h"
#include "search_report.h"
#include "settings.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace hq::serve {

class SearchSlots;

// A report of an engine: a search line, or the search's end with its move.
struct EngineReport {
    std::uint64_t gen = 0; // the search it is from: a stopped search's reports are dropped
    bool done = false;
    SearchInfo info;  // a search line (not done)
    std::string best; // the move found (done); "(none)" or empty: none
};

class Conductor {
public:
    using Report = std::function<void(EngineReport)>;

    // `message`: the game's message to the person, where the engines' failures are told.
    Conductor(const std::string& variant, SearchSlots& slots, std::string externalEngine,
        std::string& message, Report report);
    ~Conductor() { close(); }

    Player player(Color c) const { return players[c]; }
    const Strength& strength() const { return power; }
    const std::string& external_engine() const { return externalCmd; }
    // New players and strength: a move search of the old ones stops, the external engine
    // starts again on a new time or depth.
    void set(const Player (&p)[COLOR_NB], const Strength& s);
    // As stored: nothing runs yet.
    void restore(const Player (&p)[COLOR_NB], const Strength& s);
    // The page's `go`: Harlequin takes over the side to move from a person.
    void take_over(Color toMove);
    // After a take-back: a person who took moves back plays on from there, the engine takes
    // the other side (engines wait for `go`).
    void hand_back(Color toMove);
    // Whether Harlequin accepts a draw: its last score for every side it plays is not above
    // zero (an external engine never accepts).
    bool accepts_draw() const;

    // An engine's move is being searched or waits for a slot.
    bool moving() const { return activity == Activity::THINKING || activity == Activity::WAITING; }
    bool analysing() const { return activity == Activity::ANALYSING; }
    int analysis_node() const { return analysisNode; }
    void set_analysis_node(int node) { analysisNode = node; }
    // The game moved on: the search lines were about the position before.
    void clear_lines() { lines.clear(); }

    // When an engine is to move in the record's game, it starts. True when it must wait for
    // a search slot (the session puts itself in line).
    bool play_turn(const GameRecord& r);
    // A slot may be free: a waiting move search starts. True when it must wait again.
    bool resume(const GameRecord& r);
    // Analyses the position after `node`; false when no search slot is free.
    bool analyse(const GameRecord& r, int node);
    // While analysing: the analysis starts again (new settings, a cut tree)...
    void restart_analysis(const GameRecord& r);
    // ...or moves to the position after `node` (not started where the game is over there).
    void move_analysis(const GameRecord& r, int node, bool overThere);
    // Stops the search that runs or waits; what it reports from now on is dropped.
    void stop_search();
    // The page's stop: the analysis ends, Harlequin thinking on its move moves now, a move
    // waiting for a slot no longer waits. True when something changed at once.
    bool stop(Color toMove);
    // Stops everything, for good (before the game is forgotten).
    void close();

    // A search line; false when it is from a stopped search.
    bool take_info(const EngineReport& r);
    // A search's end: nothing when it is from a stopped search; else whether it was the
    // analysis and, for a move search, how long it took (the move is the report's best).
    struct Ended {
        bool analysis = false;
        std::int64_t ms = 0;
    };
    std::optional<Ended> take_end(const EngineReport& r, Color toMove);

    SearchReport report(const GameRecord& r) const;

private:
    enum class Activity { IDLE, WAITING, THINKING, ANALYSING };

    bool start_search(const GameRecord& r, bool analysis);
    void finish_search();
    void set_engine_options(bool analysis);
    SearchLimits limits_for(const GameRecord& r) const;
    void external_move(const GameRecord& r);
    bool start_external(const GameRecord& r);
    void end_external();

    SearchSlots& slots;
    std::string externalCmd;
    std::string& message;
    Report report_;
    Player players[COLOR_NB] = {Player::HUMAN, Player::HARLEQUIN};
    Strength power;

    std::unique_ptr<Engine> engine;
    Skill::LadderLevels ladder; // the game's levels (variants/registry.h)
    std::unique_ptr<EngineDriver> external;
    std::thread externalThread;
    Activity activity = Activity::IDLE;
    bool holdsSlot = false;
    std::uint64_t searchGen = 0;
    TimePoint searchStart = now();
    std::vector<SearchInfo> lines;    // by MultiPV index, the latest report of each
    int analysisNode = 0;             // the position analysed
    Color analysedSide = WHITE;       // the side to move where the search lines are from
    int lastScore[COLOR_NB] = {0, 0}; // Harlequin's last score for each side it played
    bool hasScore[COLOR_NB] = {false, false};
};

} // namespace hq::serve
