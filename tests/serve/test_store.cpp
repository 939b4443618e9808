// SPDX-License-Identifier: GPL-3.0-or-later
// The stored games of `harlequin serve` (protocol/serve/store.h): the schema's version and
// its migration, saving and reading back, and databases that cannot be used.
#include "store.h"

#include <catch2/catch.hpp>
#include <sqlite3.h>

#include <filesystem>
#include <fstream>
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
    std::string error;
    {
        auto s = Store::open(path, error);
        REQUIRE(s);
        StoredGame a {"aa", "chess", "human", "harlequin", "*", "", 2, "", "", true};
        REQUIRE_FALSE(s->save(a, "{\"moves\": 2}"));
        StoredGame b {"bb", "martian", "human", "human", "1-0", "North wins", 40, "", "", false};
        REQUIRE_FALSE(s->save(b, "{}"));
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
        a.plies = 3;
        REQUIRE_FALSE(s->save(a, "{\"moves\": 3}")); // an update keeps the row
    }
    auto s = Store::open(path, error);
    REQUIRE(s);
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
    std::string error;
    auto s = Store::open(old, error);
    REQUIRE(s);
    CHECK(user_version(old) == Store::SchemaVersion);
    REQUIRE_FALSE(s->save({"aa", "chess", "", "", "*", "", 0, "", "", true}, "{}"));
    s.reset();

    const std::string newer = f.file("newer.db");
    run_sql(newer, "PRAGMA user_version = 99");
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
