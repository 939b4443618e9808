// SPDX-License-Identifier: GPL-3.0-or-later
#include "store.h"

#include <sqlite3.h>

#include <chrono>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fmt/format.h>
#include <system_error>

namespace hq::serve {

namespace {

// A prepared statement, finalized when it goes out of scope.
class Statement {
public:
    Statement(sqlite3* db, const char* sql) { rc = sqlite3_prepare_v2(db, sql, -1, &st, nullptr); }
    ~Statement() { sqlite3_finalize(st); }
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;
    bool ok() const { return rc == SQLITE_OK; }
    void bind(int i, const std::string& s) {
        sqlite3_bind_text(st, i, s.data(), int(s.size()), SQLITE_TRANSIENT);
    }
    void bind(int i, int v) { sqlite3_bind_int(st, i, v); }
    // The list's columns of a game, as ?1 to ?10.
    void bind(const StoredGame& m) {
        bind(1, m.id);
        bind(2, m.game);
        bind(3, m.white);
        bind(4, m.black);
        bind(5, m.result);
        bind(6, m.reason);
        bind(7, m.plies);
        bind(8, m.created.empty() ? Store::now_iso() : m.created);
        bind(9, Store::now_iso());
        bind(10, m.ongoing ? 1 : 0);
    }
    int step() { return sqlite3_step(st); }
    std::string text(int col) const {
        auto* p = sqlite3_column_text(st, col);
        return p ? std::string(reinterpret_cast<const char*>(p)) : std::string();
    }
    int integer(int col) const { return sqlite3_column_int(st, col); }

private:
    sqlite3_stmt* st = nullptr;
    int rc = SQLITE_ERROR;
};

// What a failed call means for the person who gave the path.
std::string explain(sqlite3* db, int rc) {
    std::string what = db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
    switch (rc & 0xff) {
    case SQLITE_NOTADB:
    case SQLITE_CORRUPT:
        return fmt::format("the file is not a Harlequin database or is damaged ({}); move it "
                           "away or give another --db",
            what);
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
        return fmt::format(
            "the database is locked by another program ({}); stop it or give another --db", what);
    case SQLITE_READONLY:
        return fmt::format(
            "the database cannot be written ({}); check its permissions or give another --db",
            what);
    case SQLITE_CANTOPEN:
        return fmt::format("the database cannot be opened ({}); check that its folder exists "
                           "and can be written, or give another --db",
            what);
    default: return what;
    }
}

// Migrations: migration[N] brings a database at version N to N + 1.
const char* const Migrations[] = {
    // 0 -> 1: the games.
    "CREATE TABLE games ("
    "  id TEXT PRIMARY KEY,"
    "  game TEXT NOT NULL,"
    "  white TEXT NOT NULL DEFAULT '',"
    "  black TEXT NOT NULL DEFAULT '',"
    "  result TEXT NOT NULL DEFAULT '*',"
    "  reason TEXT NOT NULL DEFAULT '',"
    "  plies INTEGER NOT NULL DEFAULT 0,"
    "  created TEXT NOT NULL,"
    "  updated TEXT NOT NULL,"
    "  ongoing INTEGER NOT NULL DEFAULT 1,"
    "  data TEXT NOT NULL);"
    "CREATE INDEX games_by_update ON games(updated);",
    // 1 -> 2: each game's moves since its row was last written, in order (`seq` from 1).
    // The games' rows are as they were: a game of version 1 has no such moves.
    "CREATE TABLE moves ("
    "  game TEXT NOT NULL,"
    "  seq INTEGER NOT NULL,"
    "  data TEXT NOT NULL,"
    "  PRIMARY KEY (game, seq));",
};
static_assert(std::size(Migrations) == Store::SchemaVersion);

} // namespace

Store::Store(sqlite3* d, std::string p)
    : db(d)
    , dbPath(std::move(p)) { }

Store::~Store() { sqlite3_close(db); }

std::string Store::default_path() {
    const char* xdg = std::getenv("XDG_DATA_HOME");
    if (xdg && *xdg) return std::string(xdg) + "/harlequin/games.db";
    const char* home = std::getenv("HOME");
    if (home && *home) return std::string(home) + "/.local/share/harlequin/games.db";
    return {};
}

std::string Store::now_iso() {
    const auto now = std::chrono::system_clock::now();
    std::time_t t = std::chrono::system_clock::to_time_t(now);
    const auto ms
        = std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count()
        % 1000;
    std::tm tm {};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S", &tm);
    return fmt::format("{}.{:03}Z", buf, ms);
}

std::optional<std::string> Store::exec(const char* sql) {
    char* err = nullptr;
    int rc = sqlite3_exec(db, sql, nullptr, nullptr, &err);
    if (rc == SQLITE_OK) return std::nullopt;
    std::string msg = err ? err : sqlite3_errstr(rc);
    sqlite3_free(err);
    (void)msg;
    return explain(db, sqlite3_extended_errcode(db));
}

std::optional<std::string> Store::migrate() {
    int version = 0;
    {
        Statement st(db, "PRAGMA user_version");
        if (!st.ok()) return explain(db, sqlite3_extended_errcode(db));
        int rc = st.step();
        if (rc != SQLITE_ROW) return explain(db, rc);
        version = st.integer(0);
    }
    if (version > SchemaVersion)
        return fmt::format("the database has schema version {}, made by a newer Harlequin "
                           "(this one knows up to {}); give another --db",
            version, SchemaVersion);
    for (; version < SchemaVersion; ++version) {
        if (auto e = exec("BEGIN IMMEDIATE")) return e;
        auto e = exec(Migrations[version]);
        if (!e) e = exec(fmt::format("PRAGMA user_version = {}", version + 1).c_str());
        if (!e) e = exec("COMMIT");
        if (e) {
            exec("ROLLBACK");
            return fmt::format("migrating the database from version {}: {}", version, *e);
        }
    }
    return std::nullopt;
}

std::unique_ptr<Store> Store::open(const std::string& path, std::string& error) {
    if (path.empty()) {
        error = "no place for the database (neither XDG_DATA_HOME nor HOME is set): give --db";
        return nullptr;
    }
    std::filesystem::path p(path);
    if (p.has_parent_path()) {
        std::error_code ec;
        std::filesystem::create_directories(p.parent_path(), ec);
        if (ec) {
            error = fmt::format(
                "cannot create the folder {}: {}", p.parent_path().string(), ec.message());
            return nullptr;
        }
    }
    sqlite3* db = nullptr;
    int rc = sqlite3_open_v2(path.c_str(), &db,
        SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, nullptr);
    if (rc != SQLITE_OK) {
        error = explain(db, rc);
        sqlite3_close(db);
        return nullptr;
    }
    std::unique_ptr<Store> s(new Store(db, path));
    sqlite3_busy_timeout(db, 2000);
    if (sqlite3_db_readonly(db, "main") == 1) {
        error = explain(db, SQLITE_READONLY);
        return nullptr;
    }
    // Reading the schema first finds a file that is not a database (SQLITE_NOTADB).
    if (auto e = s->exec("SELECT count(*) FROM sqlite_master")) {
        error = *e;
        return nullptr;
    }
    {
        Statement st(db, "PRAGMA journal_mode = WAL");
        rc = st.ok() ? st.step() : sqlite3_extended_errcode(db);
        if (rc != SQLITE_ROW || st.text(0) != "wal") {
            error = rc == SQLITE_ROW ? "the database cannot use WAL mode"
                                     : explain(db, sqlite3_extended_errcode(db));
            return nullptr;
        }
    }
    // WAL with synchronous NORMAL: a commit survives the process being killed (the OS has
    // the data); FULL would also survive a power cut at the cost of an fsync a move.
    if (auto e = s->exec("PRAGMA synchronous = NORMAL")) {
        error = *e;
        return nullptr;
    }
    if (auto e = s->migrate()) {
        error = *e;
        return nullptr;
    }
    // A write now finds a read-only file or a lock held by another program at start-up
    // rather than at the first move.
    if (auto e = s->exec("BEGIN IMMEDIATE; COMMIT")) {
        error = *e;
        s->exec("ROLLBACK");
        return nullptr;
    }
    return s;
}

template <class F> std::optional<std::string> Store::transaction(F&& body) {
    if (auto e = exec("BEGIN IMMEDIATE")) return e;
    auto e = body();
    if (!e) e = exec("COMMIT");
    if (e) exec("ROLLBACK");
    return e;
}

std::optional<std::string> Store::save(const StoredGame& m, const std::string& data) {
    std::lock_guard lock(mutex);
    return transaction([&]() -> std::optional<std::string> {
        Statement st(db,
            "INSERT INTO games (id, game, white, black, result, reason, plies, created, updated, "
            "ongoing, data) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11) "
            "ON CONFLICT(id) DO UPDATE SET game = ?2, white = ?3, black = ?4, result = ?5, "
            "reason = ?6, plies = ?7, updated = ?9, ongoing = ?10, data = ?11");
        if (!st.ok()) return explain(db, sqlite3_extended_errcode(db));
        st.bind(m);
        st.bind(11, data);
        if (st.step() != SQLITE_DONE) return explain(db, sqlite3_extended_errcode(db));
        Statement folded(db, "DELETE FROM moves WHERE game = ?1");
        if (!folded.ok()) return explain(db, sqlite3_extended_errcode(db));
        folded.bind(1, m.id);
        if (folded.step() != SQLITE_DONE) return explain(db, sqlite3_extended_errcode(db));
        return std::nullopt;
    });
}

std::optional<std::string> Store::append(const StoredGame& m, const std::string& move) {
    std::lock_guard lock(mutex);
    return transaction([&]() -> std::optional<std::string> {
        // ?8 (created) is bound but not used: the row keeps its own.
        Statement row(db,
            "UPDATE games SET game = ?2, white = ?3, black = ?4, result = ?5, reason = ?6, "
            "plies = ?7, updated = ?9, ongoing = ?10 WHERE id = ?1");
        if (!row.ok()) return explain(db, sqlite3_extended_errcode(db));
        row.bind(m);
        if (row.step() != SQLITE_DONE) return explain(db, sqlite3_extended_errcode(db));
        if (sqlite3_changes(db) == 0) return std::string("the game has no stored row");
        Statement st(db,
            "INSERT INTO moves (game, seq, data) VALUES (?1, "
            "(SELECT coalesce(max(seq), 0) + 1 FROM moves WHERE game = ?1), ?2)");
        if (!st.ok()) return explain(db, sqlite3_extended_errcode(db));
        st.bind(1, m.id);
        st.bind(2, move);
        if (st.step() != SQLITE_DONE) return explain(db, sqlite3_extended_errcode(db));
        return std::nullopt;
    });
}

std::optional<std::string> Store::row_data(const std::string& id) {
    Statement row(db, "SELECT data FROM games WHERE id = ?1");
    if (!row.ok()) return std::nullopt;
    row.bind(1, id);
    if (row.step() != SQLITE_ROW) return std::nullopt;
    return row.text(0);
}

std::optional<Store::Record> Store::read(const std::string& id) {
    std::lock_guard lock(mutex);
    auto data = row_data(id);
    if (!data) return std::nullopt;
    Record r {*data, {}};
    Statement moves(db, "SELECT data FROM moves WHERE game = ?1 ORDER BY seq");
    if (!moves.ok()) return std::nullopt;
    moves.bind(1, id);
    while (moves.step() == SQLITE_ROW) r.moves.push_back(moves.text(0));
    return r;
}

std::optional<std::string> Store::load(const std::string& id) {
    std::lock_guard lock(mutex);
    return row_data(id);
}

std::vector<StoredGame> Store::list(int limit) {
    std::lock_guard lock(mutex);
    std::vector<StoredGame> out;
    Statement st(db,
        "SELECT id, game, white, black, result, reason, plies, created, updated, ongoing "
        "FROM games ORDER BY updated DESC, rowid DESC LIMIT ?1");
    if (!st.ok()) return out;
    st.bind(1, limit);
    while (st.step() == SQLITE_ROW)
        out.push_back({st.text(0), st.text(1), st.text(2), st.text(3), st.text(4), st.text(5),
            st.integer(6), st.text(7), st.text(8), st.integer(9) != 0});
    return out;
}

bool Store::remove(const std::string& id) {
    std::lock_guard lock(mutex);
    bool removed = false;
    auto e = transaction([&]() -> std::optional<std::string> {
        Statement moves(db, "DELETE FROM moves WHERE game = ?1");
        Statement row(db, "DELETE FROM games WHERE id = ?1");
        if (!moves.ok() || !row.ok()) return explain(db, sqlite3_extended_errcode(db));
        moves.bind(1, id);
        row.bind(1, id);
        if (moves.step() != SQLITE_DONE || row.step() != SQLITE_DONE)
            return explain(db, sqlite3_extended_errcode(db));
        removed = sqlite3_changes(db) > 0;
        return std::nullopt;
    });
    return !e && removed;
}

} // namespace hq::serve
