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
#include "engine/skill.h"
#include "protocol/client/engine_driver.h"
#include "refusal.h"

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
#include <unordered_map>
#include <vector>

namespace hq::serve {

using Json = nlohmann::json;

enum class Player { HUMAN, HARLEQUIN, EXTERNAL };
const char* player_name(Player p);
std::optional<Player> parse_player(const std::string& s);

struct PlayedMove {
    std::string text, san; // as the referee writes it, and as PGN reads it
    Color side = WHITE;
    int turn = 0;        // turns counted from 0: a new turn starts when the mover changes
    std::int64_t ms = 0; // how long the mover took
};

// A move of the move tree: the game's moves (the mainline) and the variations played from
// its positions. Node 0 is the start position (no move); ids only grow.
struct TreeNode {
    int id = 0, parent = 0;
    PlayedMove move;
};

// The levels a player picks Harlequin's strength from (the page's levels 1 to 8): level k
// is `Skill Level` Skill::Ladder[k - 1] (engine/skill.h).
constexpr int MaxLevel = int(Skill::Ladder.size());
// The `Skill Level` of level 1..MaxLevel; of 0, full strength.
constexpr int skill_level(int level) {
    return level ? Skill::Ladder[std::size_t(level - 1)] : int(Skill::Full);
}
// With a level, a move's search ends at the level's node budget (level 8: a few hundredths
// of a second); this time limit only makes sure it ends.
constexpr int LevelMoveTimeMs = 5000;

// What the players and the engines are set to; codec.h reads it from the page's JSON.
struct Settings {
    Player players[COLOR_NB] = {Player::HUMAN, Player::HARLEQUIN};
    // Harlequin's strength on its moves: a level 1..MaxLevel, or 0: full strength with
    int level = 0;
    int moveTimeMs = 1000; // a time per move, or
    int depth = 0;         // a depth (when > 0, no time limit)
    int multiPv = 1;
    // Clocks: off when baseMs is 0.
    std::int64_t baseMs = 0, incMs = 0;
    bool clockGiven = false; // the clock was (re)set: both sides start from baseMs
};

// A position of a line, for the page: its referee and whether it is the game's last.
struct Shown {
    int ply = 0;
    std::unique_ptr<Referee> owned;
    const Referee* referee = nullptr;
    bool gameEnd = false; // the end of the mainline (the game's own outcome applies)
    Outcome outcome;
};

// What the server is asked to bound and to offer, fixed at start.
struct ServerLimits {
    int maxGames = 32;
    int maxSearches = 8;
    int idleSeconds = 60;       // a game with no open page for this long is forgotten
    std::string externalEngine; // --engine: a UCI engine the page may choose as a player
};

class Server;
class Store;

class Session : public std::enable_shared_from_this<Session> {
public:
    Session(Server& server, std::string id, std::string variant);
    ~Session();

    // Sets up a new game: from the start (empty FEN), a FEN, or a PGN's game `index`;
    // `start960` names the Chess960 start the FEN is (-1: none).
    std::optional<Refusal> load(
        const std::string& fen, const std::string* pgn, int index, int start960 = -1);

    // The whole state the page draws (codec.h), for `ply` moves into the line shown (the
    // session's shown position when absent).
    Json state(std::optional<int> ply = std::nullopt);
    std::string pgn() const;

    // A move from `ply` moves into the line shown: at the game's end a game move, elsewhere a
    // variation (or the existing move followed).
    std::optional<Refusal> move(const std::string& text, int ply);
    std::optional<Refusal> settings(const Json& body);
    std::optional<Refusal> apply_settings(const Settings& s);
    // The move tree: show the line through `node`; delete a variation's node and its subtree.
    std::optional<Refusal> show_line(int node);
    std::optional<Refusal> cut(int node);
    // Shows (and analyses, while analysis is on) the position `ply` moves into the line.
    std::optional<Refusal> view(int ply);
    std::optional<Refusal> analyse(bool on, std::optional<int> ply);

    // Storage (store.h): the game as the codec's JSON, restored from it; persist() saves it
    // when the server has a store, before the change is answered.
    Json stored() const;
    std::optional<Refusal> restore(const Json& j);
    void persist();

    // ---- Plain data, read by the codec -------------------------------------------------
    const Settings& current_settings() const { return set; }
    const std::vector<TreeNode>& tree() const { return nodes; }
    const std::vector<int>& mainline() const { return mainIds; }
    std::vector<int> line() const;         // node ids of the line shown
    std::vector<int> path(int node) const; // node ids from the start to `node`
    const TreeNode* node(int id) const;    // nullptr for 0 or unknown
    Shown shown(std::optional<int> ply) const;
    int shown_ply() const;
    std::string start_fen() const; // the start position's FEN, never empty
    bool custom_start() const { return !startFen.empty(); }
    int start960() const { return start960Number; }
    Outcome outcome() const;
    Color game_to_move() const { return referee->side_to_move(); }
    std::int64_t clock_left(Color c) const;
    const char* activity_name() const;
    std::int64_t search_elapsed_ms() const;
    const std::vector<SearchInfo>& search_lines() const { return lines; }
    // A search line's moves in notation, from the position searched (as far as they are legal).
    std::vector<std::string> pv_san(const std::vector<std::string>& pv) const;
    int analysis_node() const { return analysisNode; }
    Color analysed_side() const { return analysedSide; }
    const std::string& note() const { return message; }
    const std::string& created() const { return createdAt; }
    Server& owner() const { return server; }
    std::optional<Refusal> go();
    std::optional<Refusal> stop();
    std::optional<Refusal> undo(std::optional<int> ply);
    std::optional<Refusal> resign(std::optional<Color> side);
    std::optional<Refusal> offer_draw();
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
    bool over() const { return outcome().over(); }
    Color to_move() const { return referee->side_to_move(); }
    std::optional<Refusal> apply(const std::string& text, std::int64_t ms);
    std::optional<Refusal> replay(const std::vector<std::string>& texts);
    void sync_tree();
    void index_tree();
    void add_node(const TreeNode& n);
    std::optional<Refusal> variation(const std::string& text, int ply, const std::vector<int>& ids);
    void erase_subtree(int id);
    std::unique_ptr<Referee> referee_at(const std::vector<int>& ids, int ply) const;
    int preferred_child(int id) const;
    void maybe_engine_turn();
    bool start_search(bool analysis);
    void stop_search();
    void finish_search();
    SearchLimits limits_for(Color side) const;
    void external_move();

    Server& server;
    std::string sessionId, variantName;
    std::unique_ptr<Referee> referee;
    std::unique_ptr<Engine> engine;
    std::unique_ptr<EngineDriver> external;
    std::thread externalThread;
    std::string startFen; // empty: the variant's start
    int start960Number = -1;
    std::string createdAt;
    std::vector<PlayedMove> moves; // the mainline's moves
    std::vector<TreeNode> nodes;   // every move of the tree, in the order made
    std::vector<int> mainIds;      // the mainline's node ids, one per entry of `moves`
    std::unordered_map<int, std::size_t> nodeIndex, mainIndex; // id -> index in nodes, mainIds
    int nextNode = 1;
    int lineEnd = 0;                // the line shown runs through this node
    std::optional<int> shownPly;    // the position shown in it (its end when absent)
    int analysisNode = 0;           // the position analysed
    Color analysedSide = WHITE;     // the side to move where the search lines are from
    bool linesFromAnalysis = false; // they are (else from the game's last position)
    Outcome manualEnd;              // resignation, agreed draw, time

    Settings set;
    Player (&players)[COLOR_NB] = set.players;
    int& moveTimeMs = set.moveTimeMs;
    int& depth = set.depth;
    int& multiPv = set.multiPv;
    std::int64_t& baseMs = set.baseMs;
    std::int64_t& incMs = set.incMs;
    // Each side's time left, counting during its turns (when the clocks are on).
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
