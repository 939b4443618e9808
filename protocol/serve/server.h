// SPDX-License-Identifier: GPL-3.0-or-later
// `harlequin serve`'s games: the games of every open page by id, at most so many at once,
// the stored games brought back on request, and the reaper that ends games on time and
// forgets the games of closed pages. It owns what the games share (game_services.h): the job
// queue, the search slots and the storage. The HTTP routes are in routes.h.
#pragma once

#include "game_services.h"
#include "job_queue.h"
#include "search_slots.h"
#include "session.h"
#include "storage.h"

#include <atomic>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <variant>

namespace hq::serve {

class Server {
public:
    // `store`: the stored games (nullptr: none; `storageMessage` says why), at `storagePath`.
    Server(ServerLimits limits, std::unique_ptr<Store> store, std::string storagePath,
        std::string storageMessage);
    ~Server();

    const ServerLimits& limits() const { return serverLimits; }
    Storage& storage() { return gameStorage; }
    int searches_running() { return slots.running(); }

    // A new game and its first state; a refusal when the game is unknown, the start or the
    // settings bad, or too many are open.
    struct Created {
        std::shared_ptr<Session> session;
        Json state;
    };
    std::variant<Created, Refusal> create(
        const std::string& game, const GameStart& start, const Json* settings);
    std::shared_ptr<Session> find(const std::string& id);
    // A game in memory, or a stored one brought back.
    std::variant<std::shared_ptr<Session>, Refusal> reopen(const std::string& id);
    // forget() keeps a game stored, erase() deletes it; erase is true when there was one.
    void forget(const std::string& id);
    bool erase(const std::string& id);
    int game_count();

private:
    std::optional<Refusal> refuse_when_full();
    // Adds a game (a new one unless the bound was reached meanwhile); the game with its id.
    std::variant<std::shared_ptr<Session>, Refusal> admit(std::shared_ptr<Session> s, bool isNew);
    void reap();

    ServerLimits serverLimits;
    JobQueue jobs;
    SearchSlots slots;
    Storage gameStorage;
    GameServices services;

    std::mutex mapMutex;
    std::map<std::string, std::shared_ptr<Session>> sessions;

    std::mutex quitMutex;
    std::condition_variable quitCv; // the reaper sleeps on it between rounds
    bool quitting = false;
    std::atomic<bool> trimDue {false}; // a game was forgotten: return freed memory
    std::thread reaper;
};

} // namespace hq::serve
