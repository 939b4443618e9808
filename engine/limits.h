// SPDX-License-Identifier: GPL-3.0-or-later
// What a `go` asks for, and the time plan made from it.
#pragma once

#include "score.h"
#include "skill.h"
#include "types.h"
#include "wdl.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace hq {

class TranspositionTable;
struct SearchMemory;
struct LeafSampler;

using TimePoint = std::chrono::steady_clock::time_point;
inline TimePoint now() { return std::chrono::steady_clock::now(); }
inline std::int64_t elapsed_ms(TimePoint since) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(now() - since).count();
}

struct SearchLimits {
    std::optional<std::int64_t> time[COLOR_NB]; // remaining clock, ms (may be negative)
    std::int64_t inc[COLOR_NB] = {0, 0};
    int movesToGo = 0;
    std::int64_t moveTime = 0; // ms, 0 = not given
    int depth = 0;             // 0 = no limit
    std::uint64_t nodes = 0;   // 0 = no limit
    int mate = 0;              // find a mate in this many moves
    bool infinite = false;
    bool ponder = false;
    std::vector<std::string> searchMoves;
    TimePoint start = now();

    [[nodiscard]] bool uses_clock() const { return time[WHITE] || time[BLACK]; }
};

// The time plan for one search: stop starting new iterations after `optimum` ms, stop
// outright after `maximum` ms. Both are 0 when the search has no time limit.
struct TimePlan {
    std::int64_t optimum = 0;
    std::int64_t maximum = 0;

    // `movesPerTurn` is the number of single moves a turn takes (Multiple Move Chess): a
    // turn's clock time is shared by them.
    static TimePlan make(
        const SearchLimits& limits, Color us, std::int64_t moveOverhead, int movesPerTurn = 1);
};

// One line of search output.
struct SearchInfo {
    int depth = 0;
    int selDepth = 0;
    int multiPv = 1;
    Value value = VALUE_ZERO;
    Bound bound = BOUND_EXACT;
    std::uint64_t nodes = 0;
    std::int64_t timeMs = 0;
    int hashfull = 0;
    std::uint64_t tbHits = 0;      // endgame table probes that answered
    std::optional<WdlChances> wdl; // the value's win/draw/loss chances (UCI_ShowWDL)
    std::vector<std::string> pv;
};

struct SearchCallbacks {
    std::function<void(const SearchInfo&)> info;
    // The chosen move and the expected reply ("" when there is none); "(none)" best move
    // when the side to move has no legal move.
    std::function<void(const std::string& best, const std::string& ponder)> bestmove;
};

// Endgame tables in the search (the games that have them: GameHooks::tables). Positions
// of at most `cardinality` pieces are probed (0: none), those of exactly `cardinality`
// only from `probeDepth` on; `rule50`: a win the fifty-move rule spoils counts as a draw.
struct TableSettings {
    int cardinality = 0;
    int probeDepth = 1;
    bool rule50 = true;
};

struct SearchOptions {
    int threads = 1;
    int multiPv = 1;
    std::int64_t moveOverhead = 50;
    int movesPerTurn = 1; // single moves a turn, for time management
    bool showWdl = false; // info lines carry win/draw/loss chances (games with a model)
};

// Everything one search shares between its threads.
struct SharedSearch {
    TranspositionTable* tt = nullptr;
    std::atomic<bool>* stop = nullptr;   // set by `stop`, the time limit or the node limit
    std::atomic<bool>* ponder = nullptr; // true while pondering (no time limit yet)
    SearchMemory* memory = nullptr;      // kept between searches; the main worker updates it
    SearchLimits limits;
    TimePlan plan;
    SearchOptions options;
    // Below full strength (engine/skill.h): the move is drawn from the best few, the node
    // budget counts only once `minDepth` iterations are complete, and is checked every
    // `nodeCheckMask + 1` nodes (a budget of a few dozen nodes must stop near it).
    Skill skill;
    TableSettings tables;
    int minDepth = 0;
    std::uint64_t nodeCheckMask = 1023;
    // datagen -leaves: the main thread's evaluations are offered to it (null: none).
    LeafSampler* leaves = nullptr;
};

} // namespace hq
