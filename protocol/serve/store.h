// SPDX-License-Identifier: GPL-3.0-or-later
// The stored games of `harlequin serve`: one SQLite database (Debian's libsqlite3), one row a
// game. A row holds what the list of games shows (game, players, result, dates) and the
// whole game as the codec's JSON (stored_codec.h): start position, move tree, settings,
// clocks. The moves played since the row was last written are rows of their own (table
// `moves`, in order), so that a move appends a small row rather than rewriting the game;
// the next whole save folds them in (and deletes them). A game is its row's JSON with its
// moves applied in order.
//
// The schema is versioned by SQLite's `PRAGMA user_version`; opening a database of an older
// version runs the migrations from its version up, one version at a time, each in its own
// transaction. The database runs in WAL mode (a writer does not block readers) with a busy
// timeout, and every save is one committed transaction: a game's change is on disk when
// save() returns, so a server killed with SIGKILL loses nothing already answered.
//
// Thread-safe: one connection, used under a mutex.
#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

struct sqlite3;

namespace hq::serve {

// What the list of stored games shows of one game.
struct StoredGame {
    std::string id, game, white, black;
    std::string result = "*"; // "1-0", "0-1", "1/2-1/2" or "*"
    std::string reason;
    int plies = 0;
    std::string created, updated; // ISO 8601 UTC, to the millisecond
    bool ongoing = true;
};

class Store {
public:
    // 1: the games; 2: their moves since the last whole save.
    static constexpr int SchemaVersion = 2;

    // Opens (or creates, with its directories) the database at `path` and brings its schema
    // to SchemaVersion. On failure: nullptr and `error` says why in words a person can act on
    // (not a database, read-only, locked by another program, made by a newer Harlequin...).
    static std::unique_ptr<Store> open(const std::string& path, std::string& error);
    ~Store();
    Store(const Store&) = delete;
    Store& operator=(const Store&) = delete;

    const std::string& path() const { return dbPath; }

    // Inserts or replaces a game (its `created` is kept when the row exists), its appended
    // moves folded into `data`; an error message when the write failed.
    std::optional<std::string> save(const StoredGame& meta, const std::string& data);
    // A move of a stored game: `move` appended to its moves and the list's columns updated;
    // an error when the write failed or the game has no row (save it whole instead).
    std::optional<std::string> append(const StoredGame& meta, const std::string& move);
    // A game's row JSON and its moves since, nullopt when unknown.
    struct Record {
        std::string data;
        std::vector<std::string> moves;
    };
    std::optional<Record> read(const std::string& id);
    // The row's JSON of a game alone (without the moves appended since), nullopt when unknown.
    std::optional<std::string> load(const std::string& id);
    // The games, most recently updated first.
    std::vector<StoredGame> list(int limit);
    // True when a game was deleted.
    bool remove(const std::string& id);

    // The user's default database: $XDG_DATA_HOME/harlequin/games.db, else
    // ~/.local/share/harlequin/games.db; empty when neither variable is set.
    static std::string default_path();
    // Now, as ISO 8601 UTC ("2026-12-04T12:42:14.250Z").
    static std::string now_iso();

private:
    Store(sqlite3* db, std::string path);
    std::optional<std::string> exec(const char* sql);
    std::optional<std::string> migrate();
    // The row JSON of game `id`, nullopt when unknown; the caller holds the mutex.
    std::optional<std::string> row_data(const std::string& id);
    // Runs `body` in one transaction (rolled back when it fails); its error.
    template <class F> std::optional<std::string> transaction(F&& body);

    sqlite3* db;
    std::string dbPath;
    std::mutex mutex;
};

} // namespace hq::serve
