// SPDX-License-Identifier: GPL-3.0-or-later
#include "server.h"

#include "http_server.h"

#include <malloc.h>

#include "variants/registry.h"

#include <chrono>
#include <fmt/format.h>
#include <random>

namespace hq::serve {

std::int64_t now_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
        std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

namespace {

std::string new_id() {
    static std::mutex m;
    static std::random_device rd;
    std::lock_guard lock(m);
    return fmt::format("{:08x}{:08x}{:08x}{:08x}", rd(), rd(), rd(), rd());
}

} // namespace

Server::Server(ServerLimits l)
    : serverLimits(std::move(l)) {
    // A fixed threshold: blocks of a megabyte or more (the engines' hash tables) are mapped
    // on their own and unmapped when freed. (glibc's moving threshold would soon keep them
    // in the heap, where a freed table stays resident.)
    ::mallopt(M_MMAP_THRESHOLD, 1 << 20);
    conductor = std::thread([this] { conduct(); });
    reaper = std::thread([this] { reap(); });
}

Server::~Server() {
    {
        std::lock_guard lock(jobMutex);
        quitting = true;
    }
    jobCv.notify_all();
    quitCv.notify_all();
    reaper.join();
    conductor.join();
    std::map<std::string, std::shared_ptr<Session>> all;
    {
        std::lock_guard lock(mapMutex);
        all.swap(sessions);
    }
    for (auto& [id, s] : all) {
        std::lock_guard lock(s->mutex);
        s->close();
    }
}

// The bound on open games (--max-games), for a new or a reopened game.
std::optional<Refusal> Server::refuse_when_full() {
    std::lock_guard lock(mapMutex);
    if (int(sessions.size()) < serverLimits.maxGames) return std::nullopt;
    return Refusal {503,
        fmt::format("too many games open at once (at most {}): close a tab, or wait {} s for a "
                    "closed tab's game to be forgotten",
            serverLimits.maxGames, serverLimits.idleSeconds)};
}

std::variant<std::shared_ptr<Session>, Refusal> Server::create(const std::string& game,
    const std::string& fen, const std::string* pgn, int index, int start960) {
    auto name = canonical_variant(game);
    if (!name) {
        std::string known;
        for (auto& v : registered_variants()) known += (known.empty() ? "" : ", ") + v.name;
        return Refusal {400, fmt::format("unknown game '{}' (the games are {})", game, known)};
    }
    if (auto full = refuse_when_full()) return *full;
    auto s = std::make_shared<Session>(*this, new_id(), *name);
    {
        std::lock_guard lock(s->mutex);
        if (auto err = s->load(fen, pgn, index, start960)) return *err;
    }
    std::lock_guard lock(mapMutex);
    if (int(sessions.size()) >= serverLimits.maxGames)
        return Refusal {
            503, fmt::format("too many games open at once (at most {})", serverLimits.maxGames)};
    sessions[s->id()] = s;
    return s;
}

std::shared_ptr<Session> Server::find(const std::string& id) {
    std::lock_guard lock(mapMutex);
    auto it = sessions.find(id);
    return it == sessions.end() ? nullptr : it->second;
}

void Server::forget(const std::string& id) {
    std::shared_ptr<Session> s;
    {
        std::lock_guard lock(mapMutex);
        auto it = sessions.find(id);
        if (it == sessions.end()) return;
        s = it->second;
        sessions.erase(it);
    }
    std::lock_guard lock(s->mutex);
    s->close();
    trimDue = true;
}

void Server::set_store(std::unique_ptr<Store> s, std::string path, std::string message) {
    gameStore = std::move(s);
    storagePath = std::move(path);
    storageMessage = std::move(message);
}

void Server::storage_failed(const std::string& error) {
    std::lock_guard lock(storageMutex);
    storageMessage = "a game could not be stored: " + error;
}

Json Server::storage_json() {
    std::lock_guard lock(storageMutex);
    return {{"enabled", gameStore != nullptr}, {"path", storagePath}, {"message", storageMessage}};
}

std::variant<std::shared_ptr<Session>, Refusal> Server::reopen(const std::string& id) {
    if (auto s = find(id)) return s;
    auto data = gameStore ? gameStore->load(id) : std::nullopt;
    if (!data) return Refusal {404, "no such game"};
    Json j = Json::parse(*data, nullptr, false);
    auto name = j.is_object() && j.contains("game") && j["game"].is_string()
        ? canonical_variant(j["game"].get<std::string>())
        : std::nullopt;
    if (!name) return Refusal {500, "the stored game " + id + " is damaged"};
    if (auto full = refuse_when_full()) return *full;
    auto s = std::make_shared<Session>(*this, id, *name);
    {
        std::lock_guard lock(s->mutex);
        if (auto err = s->restore(j)) return *err;
    }
    std::lock_guard lock(mapMutex);
    auto [it, added] = sessions.emplace(id, s);
    return it->second; // a request that reopened it at the same time wins
}

bool Server::erase(const std::string& id) {
    bool known = find(id) != nullptr;
    forget(id);
    if (gameStore) known = gameStore->remove(id) || known;
    return known;
}

int Server::game_count() {
    std::lock_guard lock(mapMutex);
    return int(sessions.size());
}

void Server::post(std::function<void()> job) {
    {
        std::lock_guard lock(jobMutex);
        jobs.push_back(std::move(job));
    }
    jobCv.notify_one();
}

void Server::conduct() {
    for (;;) {
        std::function<void()> job;
        {
            std::unique_lock lock(jobMutex);
            jobCv.wait(lock, [&] { return quitting || !jobs.empty(); });
            if (jobs.empty()) return;
            job = std::move(jobs.front());
            jobs.pop_front();
        }
        job();
    }
}

bool Server::try_acquire_slot() {
    std::lock_guard lock(slotMutex);
    if (slotsUsed >= serverLimits.maxSearches) return false;
    ++slotsUsed;
    return true;
}

void Server::release_slot() {
    {
        std::lock_guard lock(slotMutex);
        --slotsUsed;
    }
    // The caller holds its own session's lock: waiting sessions start on the conductor.
    post([this] { dispatch(); });
}

void Server::wait_for_slot(const std::shared_ptr<Session>& s) {
    {
        std::lock_guard lock(slotMutex);
        waiting.push_back(s);
    }
    post([this] { dispatch(); }); // a slot may have freed since the failed try
}

// Hands free slots to the sessions in line, first come first served (a session that no
// longer waits is skipped; one that lost a race for the slot queues again).
void Server::dispatch() {
    for (;;) {
        std::shared_ptr<Session> s;
        {
            std::lock_guard lock(slotMutex);
            if (slotsUsed >= serverLimits.maxSearches) return;
            while (!waiting.empty() && !s) {
                s = waiting.front().lock();
                waiting.pop_front();
            }
            if (!s) return;
        }
        s->start_waiting_search();
    }
}

int Server::searches_running() {
    std::lock_guard lock(slotMutex);
    return slotsUsed;
}

// Every 200 ms: clocks that ran out end their games; a game no page has listened to or
// asked about for idleSeconds is stopped and forgotten.
void Server::reap() {
    for (;;) {
        {
            std::unique_lock lock(jobMutex);
            if (quitCv.wait_for(lock, std::chrono::milliseconds(200), [&] { return quitting; }))
                return;
        }
        std::vector<std::shared_ptr<Session>> all;
        {
            std::lock_guard lock(mapMutex);
            for (auto& [id, s] : sessions) all.push_back(s);
        }
        const std::int64_t t = now_ms();
        for (auto& s : all) {
            if (s->listeners == 0 && t - s->lastSeenMs > serverLimits.idleSeconds * 1000LL)
                forget(s->id());
            else s->tick();
        }
        all.clear();
        // The memory of ended games back to the system (the reaper's next round, once the
        // last handler holding one has let it go).
        if (trimDue.exchange(false)) release_free_memory();
    }
}

} // namespace hq::serve
