// SPDX-License-Identifier: GPL-3.0-or-later
// The request guard of `harlequin serve` (protocol/serve/request_guard.h): what a page of
// another site can send through the visitor's browser is refused before any route runs.
// tests/serve_http.py sends the same requests to the real server.
#include "request_guard.h"

#include <catch2/catch.hpp>

#include <string>
#include <utility>
#include <vector>

using hq::serve::RequestGuard;

namespace {

httplib::Request guard_request(std::string method, std::string path,
    std::vector<std::pair<std::string, std::string>> headers, std::string body = "") {
    httplib::Request r;
    r.method = std::move(method);
    r.path = std::move(path);
    for (auto& [k, v] : headers) r.headers.emplace(k, v);
    r.body = std::move(body);
    return r;
}

int guard_status(const RequestGuard& g, const httplib::Request& r) {
    auto refusal = g.check(r);
    return refusal ? refusal->status : 200;
}

const std::pair<std::string, std::string> GuardJson = {"Content-Type", "application/json"};

} // namespace

TEST_CASE("a request sent to a name the server does not serve is refused (DNS rebinding)",
    "[serve][guard]") {
    RequestGuard g("127.0.0.1", 8080, "");
    for (std::string host :
        {"127.0.0.1", "127.0.0.1:8080", "localhost", "LOCALHOST:8080", "[::1]", "[::1]:8080"}) {
        INFO(host);
        CHECK(guard_status(g, guard_request("GET", "/api/stored", {{"Host", host}})) == 200);
    }
    for (std::string host : {"evil.example", "evil.example:8080", "127.0.0.1:8081",
             "localhost.evil.example", "127.0.0.1.evil.example:8080", "::1", "[::1", "",
             "0.0.0.0:8080", "localhost:", "localhost:99999"}) {
        INFO(host);
        auto refusal = g.check(guard_request("GET", "/", {{"Host", host}}));
        REQUIRE(refusal);
        CHECK(refusal->status == 403);
        CHECK(refusal->message.find("Host") != std::string::npos);
    }
    CHECK(guard_status(g, guard_request("GET", "/", {})) == 403);
    CHECK(
        guard_status(g, guard_request("GET", "/", {{"Host", "127.0.0.1"}, {"Host", "x"}})) == 403);
}

TEST_CASE("the address --host names is served as well as the loopback names", "[serve][guard]") {
    RequestGuard g("192.168.1.5", 9000, "t0ken");
    auto with = [](std::string host) {
        return guard_request("GET", "/api/games", {{"Host", host}, {"X-Harlequin-Token", "t0ken"}});
    };
    CHECK(guard_status(g, with("192.168.1.5:9000")) == 200);
    CHECK(guard_status(g, with("localhost:9000")) == 200);
    CHECK(guard_status(g, with("mybox.lan:9000")) == 403);
    RequestGuard six("::1", 9000, "");
    CHECK(guard_status(six, guard_request("GET", "/", {{"Host", "[::1]:9000"}})) == 200);
    // Listening on every address: any name (the token guards instead).
    RequestGuard all("0.0.0.0", 9000, "t0ken");
    CHECK(guard_status(all, with("mybox.lan:9000")) == 200);
    CHECK(guard_status(all, with("mybox.lan:9001")) == 403);
}

TEST_CASE("a request from a page of another site is refused, in every method", "[serve][guard]") {
    RequestGuard g("127.0.0.1", 8080, "");
    const std::pair<std::string, std::string> host = {"Host", "127.0.0.1:8080"};
    for (std::string method : {"GET", "POST", "DELETE", "OPTIONS"})
        for (std::string origin : {"http://evil.example", "null", "https://127.0.0.1:8080",
                 "http://localhost:8080", "http://127.0.0.1:8081", "http://127.0.0.1"}) {
            INFO(method << " " << origin);
            CHECK(guard_status(g,
                      guard_request(method, "/api/sessions", {host, GuardJson, {"Origin", origin}}))
                == 403);
        }
    CHECK(guard_status(g,
              guard_request(
                  "POST", "/api/sessions", {host, GuardJson, {"Origin", "http://127.0.0.1:8080"}}))
        == 200);
    CHECK(guard_status(g,
              guard_request("GET", "/", {{"Host", "localhost"}, {"Origin", "http://LOCALHOST:80"}}))
        == 200);
}

TEST_CASE("a request that changes something must be JSON, but a DELETE with no body need not",
    "[serve][guard]") {
    RequestGuard g("127.0.0.1", 8080, "");
    const std::pair<std::string, std::string> host = {"Host", "127.0.0.1:8080"};
    for (std::string method : {"POST", "PUT", "PATCH"})
        for (std::string type :
            {"text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded",
                "multipart/form-data; boundary=x", "application/jsonx", ""}) {
            INFO(method << " '" << type << "'");
            auto r = guard_request(method, "/api/sessions", {host}, "{}");
            if (!type.empty()) r.headers.emplace("Content-Type", type);
            auto refusal = g.check(r);
            REQUIRE(refusal);
            CHECK(refusal->status == 415);
            CHECK(refusal->message.find("application/json") != std::string::npos);
        }
    for (std::string type : {"application/json", "Application/JSON; charset=utf-8"})
        CHECK(
            guard_status(g, guard_request("POST", "/api/sessions", {host, {"Content-Type", type}}))
            == 200);
    CHECK(guard_status(g, guard_request("DELETE", "/api/sessions/ab", {host})) == 200);
    CHECK(guard_status(g, guard_request("DELETE", "/api/sessions/ab", {host}, "x")) == 415);
    CHECK(guard_status(g,
              guard_request("DELETE", "/api/sessions/ab", {host, {"Content-Type", "text/plain"}}))
        == 415);
    CHECK(
        guard_status(g, guard_request("GET", "/api/games", {host, {"Content-Type", "text/plain"}}))
        == 200);
}

TEST_CASE("with a token, every request but the page's files must carry it", "[serve][guard]") {
    RequestGuard g("127.0.0.2", 8080, "0123abcd");
    const std::pair<std::string, std::string> host = {"Host", "127.0.0.2:8080"};
    CHECK(guard_status(g, guard_request("GET", "/api/games", {host})) == 403);
    CHECK(guard_status(g, guard_request("GET", "/", {host})) == 403);
    CHECK(guard_status(g, guard_request("GET", "/index.html", {host})) == 403);
    CHECK(guard_status(g, guard_request("POST", "/api/sessions", {host, GuardJson})) == 403);
    CHECK(guard_status(
              g, guard_request("GET", "/api/games", {host, {"X-Harlequin-Token", "0123abcde"}}))
        == 403);
    CHECK(guard_status(
              g, guard_request("GET", "/api/games", {host, {"X-Harlequin-Token", "0123abcd"}}))
        == 200);
    CHECK(guard_status(
              g, guard_request("GET", "/api/games", {host, {"Authorization", "Bearer 0123abcd"}}))
        == 200);
    auto query = guard_request("GET", "/api/sessions/ab/events", {host});
    query.params.emplace("token", "0123abcd");
    CHECK(guard_status(g, query) == 200);
    for (std::string file : {"/app.js", "/style.css", "/x.svg"})
        CHECK(guard_status(g, guard_request("GET", file, {host})) == 200);
    CHECK(guard_status(g, guard_request("POST", "/app.js", {host, GuardJson})) == 403);
    // Loopback needs none.
    RequestGuard local("localhost", 8080, "");
    CHECK(guard_status(local, guard_request("GET", "/api/games", {{"Host", "localhost:8080"}}))
        == 200);
}

TEST_CASE("a new token is 128 random bits in hex, and any --host but loopback needs one",
    "[serve][guard]") {
    std::string a = hq::serve::new_token(), b = hq::serve::new_token();
    CHECK(a.size() == 32);
    CHECK(a.find_first_not_of("0123456789abcdef") == std::string::npos);
    CHECK(a != b);
    CHECK(hq::serve::valid_token(a));
    CHECK_FALSE(hq::serve::valid_token(""));
    CHECK_FALSE(hq::serve::valid_token("a b"));
    CHECK_FALSE(hq::serve::valid_token("a&b"));
    for (std::string h : {"127.0.0.1", "localhost", "::1", "[::1]", "LocalHost"})
        CHECK(hq::serve::is_loopback(h));
    for (std::string h : {"0.0.0.0", "::", "127.0.0.2", "192.168.1.5", "example.org"})
        CHECK_FALSE(hq::serve::is_loopback(h));
}
