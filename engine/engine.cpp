// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine.h"

#include "nnue.h"

#include <algorithm>
#include <chrono>
#include <fmt/format.h>
#include <random>

namespace hq {

Engine::~Engine() {
    halt();
    {
        std::lock_guard lock(jobMutex);
        quitting = true;
    }
    jobChanged.notify_all();
    if (worker.joinable()) worker.join();
}

Engine::FileLoad Engine::load_network(const std::string& path) {
    if (path.empty() || path == BuiltInNetwork) return {};
    auto inputs = nnue::file_inputs(path);
    if (auto* err = std::get_if<std::string>(&inputs)) return {*err, {}};
    return {{},
        fmt::format("{} has no network: {} ({} inputs) is kept for the game it fits", spec().name,
            path, std::get<int>(inputs))};
}

Engine::FileLoad Engine::load_tables(const std::string& paths) {
    if (paths.empty() || paths == NoTables) return {};
    return {{},
        fmt::format("{} has no endgame tables: the path is kept for the games that have them",
            spec().name)};
}

void Engine::wait() {
    std::unique_lock lock(jobMutex);
    jobChanged.wait(lock, [this] { return !jobActive; });
}

void Engine::worker_loop() {
    std::unique_lock lock(jobMutex);
    for (;;) {
        jobChanged.wait(lock, [this] { return nextJob || quitting; });
        if (!nextJob) return; // quitting, nothing left to run
        std::function<void()> job = std::move(nextJob);
        nextJob = nullptr;
        lock.unlock();
        job();
        job = nullptr; // its captures (the callbacks) go before wait() returns, unlocked
        lock.lock();
        running = false;
        jobActive = false;
        jobChanged.notify_all();
    }
}

void Engine::clear_hash() {
    gameSeed = std::random_device {}() | 1;
    if (busy()) {
        clearPending = true;
        return;
    }
    clearPending = false;
    tt.clear(opts.threads);
    memory = SearchMemory();
}

Skill Engine::skill() const {
    Skill s;
    if (opts.analyseMode) return s;
    s.level = opts.limitStrength ? Skill::level_for_elo(opts.elo) : double(opts.skillLevel);
    s.seed = opts.skillSeed ? opts.skillSeed : gameSeed;
    return s;
}

void Engine::start_job(std::function<void()> job) {
    halt();
    stopFlag = false;
    running = true;
    {
        std::lock_guard lock(jobMutex);
        if (!worker.joinable()) worker = std::thread([this] { worker_loop(); });
        nextJob = std::move(job);
        jobActive = true;
    }
    jobChanged.notify_all();
}

void Engine::go(const SearchLimits& limits, SearchCallbacks callbacks) {
    halt();
    ponderFlag = limits.ponder;
    if (!gameSeed) gameSeed = std::random_device {}() | 1;
    // The strength is read here, not in the job: clear_hash (ucinewgame, Clear Hash) may
    // draw a new game seed while the search runs.
    const Skill strength = skill();
    start_job([this, limits, strength, callbacks = std::move(callbacks)] {
        if (tt.requested_mb() != opts.hashMb) tt.resize(opts.hashMb, opts.threads);
        if (clearPending.exchange(false)) {
            tt.clear(opts.threads);
            memory = SearchMemory();
        }
        SharedSearch shared;
        shared.tt = &tt;
        shared.stop = &stopFlag;
        shared.ponder = &ponderFlag;
        shared.memory = &memory;
        shared.limits = limits;
        shared.options
            = {opts.threads, opts.multiPv, opts.moveOverhead, moves_per_turn(), opts.showWdl};
        shared.plan = TimePlan::make(limits, side_to_move(), opts.moveOverhead, moves_per_turn());
        shared.tables = {0, opts.syzygyProbeDepth, opts.syzygy50MoveRule};
        shared.leaves = leafSampler;
        if (strength.limited()) limit_strength(shared, strength);
        run_search(shared, callbacks);
    });
}

void Engine::limit_strength(SharedSearch& shared, const Skill& s) {
    shared.skill = s;
    const std::uint64_t budget = s.node_budget();
    if (!shared.limits.nodes || shared.limits.nodes > budget) shared.limits.nodes = budget;
    shared.options.multiPv = std::max(shared.options.multiPv, s.width());
    shared.minDepth = 1;       // every move gets a value before the draw
    shared.nodeCheckMask = 15; // the smallest budgets are a few dozen nodes
}

void Engine::go_perft(int depth, DivideFn divide, DoneFn done) {
    start_job([this, depth, divide = std::move(divide), done = std::move(done)] {
        auto start = std::chrono::steady_clock::now();
        std::uint64_t nodes = run_perft(depth, divide);
        std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
        if (!stopFlag && done) done(nodes, elapsed.count());
    });
}

} // namespace hq
