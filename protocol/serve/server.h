// SPDX-License-Identifier: GPL-3.0-or-later
// `harlequin serve`: the games of every open page, the bounded number of games and of
// searches, the conductor thread that runs what the engines report, and the reaper that
// forgets the games of closed pages. The HTTP routes are in serve.cpp.
#pragma once

#include "session.h"
#include "store.h"

#include <atomic>
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <variant>

namespace hq::serve {

class Server {
public:
    explicit Server(ServerLimits limits);
    ~Server();

    const ServerLimits& limits() const { return serverLimits; }

    // A new game; a refusal when the game is unknown, the position bad or too many are open.
    std::variant<std::shared_ptr<Session>, Refusal> create(const std::string& game,
        const std::string& fen, const std::string* pgn, int index, int start960 = -1);
    std::shared_ptr<Session> find(const std::string& id);
    // Stored games (store.h; nullptr when nothing is stored): a stored game not in memory is
    // brought back by reopen(); forget() keeps it stored, erase() deletes it.
    void set_store(std::unique_ptr<Store> s, std::string path, std::string message);
    Store* store() const { return gameStore.get(); }
    std::variant<std::shared_ptr<Session>, Refusal> reopen(const std::string& id);
    bool erase(const std::string& id);
    void storage_failed(const std::string& error);
    Json storage_json();
    void forget(const std::string& id);
    int game_count();

    // Runs `job` on the conductor thread (engine reports; never called with a session lock
    // held by the caller's own thread needing the result).
    void post(std::function<void()> job);

    // Search slots: at most limits().maxSearches searches run at once. try_acquire takes one
    // if free; a session that wants one for its move waits in line (wait_for_slot) and is
    // called back (Session::start_waiting_search) when one frees.
    bool try_acquire_slot();
    void release_slot();
    void wait_for_slot(const std::shared_ptr<Session>& s);
    int searches_running();

private:
    std::optional<Refusal> refuse_when_full();
    void conduct();
    void dispatch();
    void reap();

    ServerLimits serverLimits;
    std::unique_ptr<Store> gameStore;
    std::mutex storageMutex;
    std::string storagePath, storageMessage;
    std::mutex mapMutex;
    std::map<std::string, std::shared_ptr<Session>> sessions;

    std::mutex slotMutex;
    int slotsUsed = 0;
    std::deque<std::weak_ptr<Session>> waiting;

    std::mutex jobMutex;
    std::condition_variable jobCv;  // the conductor waits for jobs on it
    std::condition_variable quitCv; // the reaper sleeps on it between rounds
    std::deque<std::function<void()>> jobs;
    bool quitting = false;
    std::atomic<bool> trimDue {false}; // a game was forgotten: return freed memory
    std::thread conductor, reaper;
};

std::int64_t now_ms();

} // namespace hq::serve
