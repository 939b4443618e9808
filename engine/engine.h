// SPDX-License-Identifier: GPL-3.0-or-later
// The Engine facade: what the protocol front-ends talk to. One Engine is built per game
// (by the variant registry) behind this small virtual interface; everything below it is
// compiled for that game. The facade knows nothing about UCI or XBoard text: it reports
// through the callbacks the front-end registers.
//
// Long work (perft, search) runs as a job on the engine's own worker thread, so the
// front-end's input thread stays free to answer `isready`/`ping` and to call stop().
// Every call that changes what a job reads (the position, the castling notation, the
// options, a new job) first stops the running job and waits for it: a search that would
// never end by itself (`go infinite`, `go ponder`) cannot make such a call block.
#pragma once

#include "history.h"
#include "limits.h"
#include "skill.h"
#include "tt.h"
#include "types.h"
#include "variant_spec.h"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace hq {

class Engine {
public:
    using DivideFn = std::function<void(const std::string& move, std::uint64_t nodes)>;
    using DoneFn = std::function<void(std::uint64_t nodes, double seconds)>;

    explicit Engine(VariantSpec spec)
        : variantSpec(std::move(spec)) { }
    virtual ~Engine();
    Engine(const Engine&) = delete;
    Engine& operator=(const Engine&) = delete;

    const VariantSpec& spec() const { return variantSpec; }

    // Sets the position to a FEN (empty: the start position) followed by moves in UCI
    // text. On any error returns the message and keeps the previous position. Stops a
    // running job first.
    virtual std::optional<std::string> set_position(
        std::string_view fen, std::span<const std::string> moves)
        = 0;
    [[nodiscard]] virtual std::string fen() const = 0;
    [[nodiscard]] virtual std::string picture() const = 0;
    [[nodiscard]] virtual std::vector<std::string> legal_moves() const = 0;
    // Castling notation: king-takes-rook when on (the variant's own setting also counts).
    virtual void set_chess960(bool on) = 0;

    // Perft on the worker thread (after stopping a running job); `divide` (may be empty)
    // gets each root move's count, `done` the total. stop() aborts it; `done` then is not
    // called.
    void go_perft(int depth, DivideFn divide, DoneFn done);

    // A search on the worker thread (after stopping a running job); exactly one
    // `bestmove` callback per call, also after stop(), and in ponder or infinite mode only
    // after stop() or ponderhit().
    void go(const SearchLimits& limits, SearchCallbacks callbacks);
    // The pondered move was played: the running search now keeps to its time plan.
    void ponderhit() { ponderFlag = false; }

    // Signals the running job to stop and returns at once.
    void stop() { stopFlag = true; }
    // datagen -leaves (engine/leaf_sampler.h): the next searches offer their evaluations
    // to `s` (null: they stop). Not while a job runs.
    void sample_leaves(LeafSampler* s) { leafSampler = s; }

    // Blocks until no job runs. Only for a job that ends by itself (a depth- or
    // node-limited search, a perft): see halt().
    void wait();
    // Stops the running job and waits for it.
    void halt() {
        stop();
        wait();
    }
    [[nodiscard]] bool busy() const { return running; }

    // Search settings. Hash is allocated and written at once, by as many threads as
    // `threads` (a 4 GB table in about a second on one core), so that set_options returns
    // with the table resident.
    struct Options {
        std::size_t hashMb = 16;
        int threads = 1;
        int multiPv = 1;
        std::int64_t moveOverhead = 50;
        bool ponder = false; // the GUI may send `go ponder`; nothing here depends on it
        bool useNnue = true; // the games with a network: its evaluation, not the tuned one
        // The network file of the game being played (EvalFile); empty: the built-in one.
        std::string evalFile;
        // Strength (engine/skill.h): `Skill Level`, or UCI_Elo when limitStrength is on;
        // analysis (UCI_AnalyseMode) is always at full strength.
        int skillLevel = int(Skill::Full);
        bool limitStrength = false;
        int elo = Skill::MinElo;
        // The seed of the weaker levels' choices; 0: a new one each game (clear_hash).
        std::uint64_t skillSeed = 0;
        bool analyseMode = false;
        // Endgame tables (the games that have them; chess: Syzygy): their folders, and
        // how the search uses them (engine/limits.h TableSettings).
        std::string syzygyPath;
        int syzygyProbeDepth = 1;
        bool syzygy50MoveRule = true;
        int syzygyProbeLimit = 7;
        bool showWdl = false; // UCI_ShowWDL

        bool operator==(const Options&) const = default;
    };
    // Returns the hash size in MB actually in use: less than asked when the machine
    // cannot give that much memory.
    std::size_t set_options(const Options& o) {
        halt();
        opts = o;
        return tt.resize(opts.hashMb, opts.threads);
    }
    const Options& options() const { return opts; }
    // The strength the next search plays at, from the options.
    [[nodiscard]] Skill skill() const;
    // Forget everything learnt (the TT and the histories): at once when no job runs, so
    // that the next search does not pay for it (`ucinewgame` and `Clear Hash` come before
    // the GUI's `isready`); during a search, when the next one starts.
    void clear_hash();

protected:
    virtual std::uint64_t run_perft(int depth, const DivideFn& divide) = 0;
    virtual void run_search(SharedSearch& shared, const SearchCallbacks& callbacks) = 0;
    [[nodiscard]] virtual int moves_per_turn() const { return 1; }

public:
    // What load_network made of a file: taken (both empty), kept for another game (a
    // network of other inputs, or a game without a network: `notice` says so, and this
    // game uses its built-in network meanwhile), or refused (`error`: the reason; the
    // network in use stays). load_tables only ever has a notice (what it found, what it
    // left out). A notice may have several lines.
    struct FileLoad {
        std::string error, notice;
    };
    // Loads `path` as this game's network (empty or "<built-in>": the built-in one), for
    // the searches once options().evalFile names it.
    [[nodiscard]] virtual FileLoad load_network(const std::string& path);
    static constexpr std::string_view BuiltInNetwork = "<built-in>";
    // Loads the endgame tables of `paths` (':'-separated folders; empty or "<empty>": none)
    // for the games that have them; the others keep the paths for those games.
    [[nodiscard]] virtual FileLoad load_tables(const std::string& paths);
    static constexpr std::string_view NoTables = "<empty>";

protected:
    [[nodiscard]] virtual Color side_to_move() const = 0;

    // Runs `job` on the worker thread after the previous job has finished.
    void start_job(std::function<void()> job);
    // Below full strength: the search's node budget, root width and draw (engine/skill.h).
    static void limit_strength(SharedSearch& shared, const Skill& s);

    std::atomic<bool> stopFlag {false};
    std::atomic<bool> ponderFlag {false};

private:
    Options opts;
    TranspositionTable tt;
    SearchMemory memory;
    std::atomic<bool> clearPending {false};
    LeafSampler* leafSampler = nullptr;
    std::uint64_t gameSeed = 0; // Skill's seed while opts.skillSeed is 0: new each game
    VariantSpec variantSpec;
    // One worker thread for the engine's life, started by the first job: a thread per
    // search cost datagen (a search every millisecond or so, two generators side by side)
    // about a quarter of its CPU time in the kernel, releasing each thread's stack.
    void worker_loop();
    std::thread worker;
    std::mutex jobMutex;
    std::condition_variable jobChanged;
    std::function<void()> nextJob; // guarded by jobMutex
    bool jobActive = false;        // guarded by jobMutex: a job is queued or running
    bool quitting = false;         // guarded by jobMutex
    std::atomic<bool> running {false};
};

} // namespace hq
