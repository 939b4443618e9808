// SPDX-License-Identifier: GPL-3.0-or-later
// The stored games as `harlequin serve` uses them: the database (store.h) when there is one,
// where it is, and the last thing to tell the person about it (every page shows it: a
// database that could not be opened, a game that could not be written).
#pragma once

#include "store.h"

#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace hq::serve {

struct StorageStatus {
    bool enabled = false;
    std::string path, message;
};

class Storage {
public:
    // `store`: nullptr when nothing is stored (then `message` says why).
    Storage(std::unique_ptr<Store> store, std::string path, std::string message);

    // nullptr when nothing is stored.
    Store* store() const { return db.get(); }
    StorageStatus status();

    // A whole game and one move of it (store.h); an error is also kept for the status.
    std::optional<std::string> save(const StoredGame& meta, const std::string& data);
    std::optional<std::string> append(const StoredGame& meta, const std::string& move);

private:
    std::optional<std::string> noted(std::optional<std::string> error);

    std::unique_ptr<Store> db;
    std::mutex mutex; // the path and message (the store locks itself)
    std::string path, message;
};

} // namespace hq::serve
