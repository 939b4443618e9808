// SPDX-License-Identifier: GPL-3.0-or-later
#include "server.h"

#include "http_server.h"
#include "stored_codec.h"
#include "variants/registry.h"

#include <malloc.h>

#include <chrono>
#include <fmt/format.h>
#include <random>

namespace hq::serve {

namespace {

std::string new_id() {
    static std::mutex m;
    static std::random_device rd;
    std::lock_guard lock(m);
    return fmt::format("{:08x}{:08x}{:08x}{:08x}", rd(), rd(), rd(), rd());
}

} // namespace

Server::Server(ServerLimits l, std::unique_ptr<Store> store, std::string storagePath,
    std::string storageMessage)
    : serverLimits(std::move(l))
    , slots(serverLimits.maxSearches, jobs)
    , gameStorage(std::move(store), std::move(storagePath), std::move(storageMessage))
    , services {serverLimits, jobs, slots, gameStorage} {
    // A fixed threshold: blocks of a megabyte or more (the engines' hash tables) are mapped
    // on their own and unmapped when freed. (glibc's moving threshold would soon keep them
    // in the heap, where a freed table stays resident.)
    ::mallopt(M_MMAP_THRESHOLD, 1 << 20);
    reaper = std::thread([this] { reap(); });
}

Server::~Server() {
    {
        std::lock_guard lock(quitMutex);
        quitting = true;
    }
    quitCv.notify_all();
    reaper.join();
    std::map<std::string, std::shared_ptr<Session>> all;
    {
        std::lock_guard lock(mapMutex);
        all.swap(sessions);
    }
    for (auto& [id, s] : all) s->close();
    // The reports and hand-overs still queued run now, while the slots they touch exist.
    jobs.stop();
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

std::variant<std::shared_ptr<Session>, Refusal> Server::admit(
    std::shared_ptr<Session> s, bool isNew) {
    std::lock_guard lock(mapMutex);
    if (isNew && int(sessions.size()) >= serverLimits.maxGames)
        return Refusal {
            503, fmt::format("too many games open at once (at most {})", serverLimits.maxGames)};
    auto [it, added] = sessions.emplace(s->id(), s);
    return it->second; // a request that reopened it at the same time wins
}

std::variant<Server::Created, Refusal> Server::create(
    const std::string& game, const GameStart& start, const Json* settings) {
    auto name = canonical_variant(game);
    if (!name) {
        std::string known;
        for (auto& v : registered_variants()) known += (known.empty() ? "" : ", ") + v.name;
        return Refusal {400, fmt::format("unknown game '{}' (the games are {})", game, known)};
    }
    if (auto full = refuse_when_full()) return *full;
    auto s = std::make_shared<Session>(services, new_id(), *name);
    if (auto no = s->open(start, settings)) return *no;
    auto admitted = admit(s, true);
    if (auto* no = std::get_if<Refusal>(&admitted)) return *no;
    return Created {s, s->store_new()};
}

std::shared_ptr<Session> Server::find(const std::string& id) {
    std::lock_guard lock(mapMutex);
    auto it = sessions.find(id);
    return it == sessions.end() ? nullptr : it->second;
}

std::variant<std::shared_ptr<Session>, Refusal> Server::reopen(const std::string& id) {
    if (auto s = find(id)) return s;
    Store* store = gameStorage.store();
    auto row = store ? store->read(id) : std::nullopt;
    if (!row) return Refusal {404, "no such game"};
    auto parsed = parse_stored(row->data, row->moves);
    auto* stored = std::get_if<StoredSession>(&parsed);
    auto name = stored ? canonical_variant(stored->record.game) : std::nullopt;
    if (!name) return Refusal {500, "the stored game " + id + " is damaged"};
    if (auto full = refuse_when_full()) return *full;
    auto s = std::make_shared<Session>(services, id, *name);
    if (auto no = s->restore(*stored)) return *no;
    return admit(s, false);
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
    s->close();
    trimDue = true;
}

bool Server::erase(const std::string& id) {
    bool known = find(id) != nullptr;
    forget(id);
    if (Store* store = gameStorage.store()) known = store->remove(id) || known;
    return known;
}

int Server::game_count() {
    std::lock_guard lock(mapMutex);
    return int(sessions.size());
}

// Every 200 ms: clocks that ran out end their games; a game no page has listened to or
// asked about for idleSeconds is stopped and forgotten.
void Server::reap() {
    for (;;) {
        {
            std::unique_lock lock(quitMutex);
            if (quitCv.wait_for(lock, std::chrono::milliseconds(200), [&] { return quitting; }))
                return;
        }
        std::vector<std::shared_ptr<Session>> all;
        {
            std::lock_guard lock(mapMutex);
            for (auto& [id, s] : sessions) all.push_back(s);
        }
        for (auto& s : all) {
            if (s->abandoned(serverLimits.idleSeconds * 1000LL)) forget(s->id());
            else s->tick();
        }
        all.clear();
        // The memory of ended games back to the system (the reaper's next round, once the
        // last handler holding one has let it go).
        if (trimDue.exchange(false)) release_free_memory();
    }
}

} // namespace hq::serve
