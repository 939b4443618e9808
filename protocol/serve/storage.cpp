// SPDX-License-Identifier: GPL-3.0-or-later
#include "storage.h"

namespace hq::serve {

Storage::Storage(std::unique_ptr<Store> store, std::string path, std::string message)
    : db(std::move(store))
    , path(std::move(path))
    , message(std::move(message)) { }

StorageStatus Storage::status() {
    std::lock_guard lock(mutex);
    return {db != nullptr, path, message};
}

std::optional<std::string> Storage::noted(std::optional<std::string> error) {
    if (error) {
        std::lock_guard lock(mutex);
        message = "a game could not be stored: " + *error;
    }
    return error;
}

std::optional<std::string> Storage::save(const StoredGame& meta, const std::string& data) {
    if (!db) return std::nullopt;
    return noted(db->save(meta, data));
}

std::optional<std::string> Storage::append(const StoredGame& meta, const std::string& move) {
    if (!db) return std::nullopt;
    return db->append(meta, move); // a failed append is saved whole: not yet a failure
}

} // namespace hq::serve
