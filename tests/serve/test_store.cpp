// SPDX-License-Identifier: GPL-3.0-or-later
// The stored games of `harlequin serve` (protocol/serve/store.h): the schema's version and
// its migration, saving and reading back, and databases that cannot be used.
#include "store.h"

#include <catch2/catch.hpp>
#include <sqlite3.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <thread>
#include <unistd.h>

using hq::serve::Store;
using hq::serve::StoredGame;

namespace {

// A fresh folder for one test case, removed at its end.
struct Folder {
    std::filesystem::path path;
    Folder() {
        path = std::filesystem::temp_directory_path()
            / ("harlequin-store-" + std::to_string(::getpid()) + "-" + std::to_string(std::rand()));
        std::filesystem::create_directories(path);
    }
    ~Folder() { std::filesystem::remove_all(path); }
    std::string file(const char* name) const { return (path / name).string(); }
};

int user_version(const std::string& path) {
    sqlite3* db = nullptr;
    sqlite3_open(path.c_str(), &db);
    sqlite3_stmt* st = nullptr;
    sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &st, nullptr);
    int v = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int(st, 0) : -1;
    sqlite3_finalize(st);
    sqlite3_close(db);
    return v;
}

void run_sql(const std::string& path, const char* sql) {
    sqlite3* db = nullptr;
    sqlite3_open(path.c_str(), &db);
    REQUIRE(sqlite3_exec(db, sql, nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(db);
}

// The store at `path`, which must open.
std::unique_ptr<Store> open_store(const std::string& path) {
    std::string error;
    auto s = Store::open(path, error);
    INFO(error);
    REQUIRE(s);
    return s;
}

} // namespace

TEST_CASE("a new database is made at the schema's version, with its folders", "[store]") {
    Folder f;
    const std::string path = f.file("a/b/games.db");
    std::string error;
    auto s = Store::open(path, error);
    REQUIRE(s);
    CHECK(error.empty());
    s.reset();
    CHECK(user_version(path) == Store::SchemaVersion);
}

TEST_CASE("games are saved, listed newest first, read back after reopening, deleted", "[store]") {
    Folder f;
    const std::string path = f.file("games.db");
    {
        auto s = open_store(path);
        StoredGame a {"aa", "chess", "human", "harlequin", "*", "", 2, "", "", true};
        REQUIRE_FALSE(s->save(a, "{\"moves\": 2}"));
        StoredGame b {"bb", "martian", "human", "human", "1-0", "North wins", 40, "", "", false};
        REQUIRE_FALSE(s->save(b, "{}"));
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
        a.plies = 3;
        REQUIRE_FALSE(s->save(a, "{\"moves\": 3}")); // an update keeps the row
    }
    auto s = open_store(path);
    auto list = s->list(10);
    REQUIRE(list.size() == 2);
    CHECK(list[0].id == "aa"); // updated last
    CHECK(list[0].plies == 3);
    CHECK(list[1].result == "1-0");
    CHECK_FALSE(list[1].ongoing);
    CHECK(list[1].created.size() == 24); // 2026-12-04T12:42:14.250Z
    CHECK(s->load("aa") == std::optional<std::string>("{\"moves\": 3}"));
    CHECK_FALSE(s->load("cc"));
    CHECK(s->remove("aa"));
    CHECK_FALSE(s->remove("aa"));
    CHECK(s->list(10).size() == 1);
}

TEST_CASE("a database of version 0 is migrated, a newer version is refused", "[store]") {
    Folder f;
    const std::string old = f.file("old.db");
    run_sql(old, "CREATE TABLE notes (x TEXT); INSERT INTO notes VALUES ('kept')");
    auto s = open_store(old);
    CHECK(user_version(old) == Store::SchemaVersion);
    REQUIRE_FALSE(s->save({"aa", "chess", "", "", "*", "", 0, "", "", true}, "{}"));
    s.reset();

    const std::string newer = f.file("newer.db");
    run_sql(newer, "PRAGMA user_version = 99");
    std::string error;
    CHECK_FALSE(Store::open(newer, error));
    CHECK(error.find("newer Harlequin") != std::string::npos);
}

TEST_CASE("a file that is not a database is refused with a message and left alone", "[store]") {
    Folder f;
    const std::string path = f.file("junk.db");
    std::string junk(4096, '\x5a');
    std::ofstream(path, std::ios::binary) << junk;
    std::string error;
    CHECK_FALSE(Store::open(path, error));
    CHECK(error.find("not a Harlequin database") != std::string::npos);
    std::ifstream in(path, std::ios::binary);
    std::string back((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK(back == junk);
}

TEST_CASE(
    "a store of version 1 is migrated: its games are kept, their moves appended after", "[store]") {
    Folder f;
    const std::string path = f.file("v1.db");
    // The schema and a game as Harlequin wrote them before moves had a table of their own.
    run_sql(path,
        "CREATE TABLE games (id TEXT PRIMARY KEY, game TEXT NOT NULL, white TEXT NOT NULL "
        "DEFAULT '', black TEXT NOT NULL DEFAULT '', result TEXT NOT NULL DEFAULT '*', reason "
        "TEXT NOT NULL DEFAULT '', plies INTEGER NOT NULL DEFAULT 0, created TEXT NOT NULL, "
        "updated TEXT NOT NULL, ongoing INTEGER NOT NULL DEFAULT 1, data TEXT NOT NULL);"
        "CREATE INDEX games_by_update ON games(updated);"
        "INSERT INTO games VALUES ('aa', 'chess', 'human', 'harlequin', '*', '', 1, "
        "'2026-12-01T10:00:00.000Z', '2026-12-01T10:00:00.000Z', 1, '{\"row\": 1}');"
        "PRAGMA user_version = 1;");
    auto s = open_store(path);
    CHECK(user_version(path) == 2);
    auto old = s->read("aa");
    REQUIRE(old);
    CHECK(old->data == "{\"row\": 1}");
    CHECK(old->moves.empty());

    StoredGame a {"aa", "chess", "human", "harlequin", "*", "", 2, "", "", true};
    REQUIRE_FALSE(s->append(a, "{\"move\": 2}"));
    a.plies = 3;
    REQUIRE_FALSE(s->append(a, "{\"move\": 3}"));
    auto list = s->list(10);
    REQUIRE(list.size() == 1);
    CHECK(list[0].plies == 3);
    CHECK(list[0].created == "2026-12-01T10:00:00.000Z"); // kept
    CHECK(list[0].updated != "2026-12-01T10:00:00.000Z");
    auto now = s->read("aa");
    CHECK(now->data == "{\"row\": 1}");
    CHECK(now->moves == std::vector<std::string> {"{\"move\": 2}", "{\"move\": 3}"});
    CHECK(s->load("aa") == std::optional<std::string>("{\"row\": 1}")); // the row alone
}

TEST_CASE(
    "a store's whole save folds the moves appended, an unknown game takes no move", "[store]") {
    Folder f;
    auto s = open_store(f.file("games.db"));
    StoredGame a {"aa", "chess", "human", "human", "*", "", 0, "", "", true};
    CHECK(s->append(a, "{}")); // no row yet: the caller saves the game whole
    CHECK(s->read("aa") == std::nullopt);
    REQUIRE_FALSE(s->save(a, "{\"row\": 0}"));
    REQUIRE_FALSE(s->append(a, "{\"move\": 1}"));
    REQUIRE_FALSE(s->save(a, "{\"row\": 1}"));
    auto r = s->read("aa");
    REQUIRE(r);
    CHECK(r->data == "{\"row\": 1}");
    CHECK(r->moves.empty());
    REQUIRE_FALSE(s->append(a, "{\"move\": 2}"));
    CHECK(s->remove("aa"));
    REQUIRE_FALSE(s->save(a, "{\"row\": 2}")); // a game of that id again starts with no moves
    CHECK(s->read("aa")->moves.empty());
}
