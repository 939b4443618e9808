// SPDX-License-Identifier: GPL-3.0-or-later
// What `harlequin serve` checks of every request before a route runs, so that the pages of
// other sites, open in the same browser, can neither use the board nor read it
// (docs/serve.md, "Who may use the board"). In order:
// 1. Host: the name the request was sent to is one the server serves: 127.0.0.1, localhost,
//    [::1] or what --host names, with or without the port (any name when it listens on
//    every address, 0.0.0.0 or ::, where the token guards instead). A page that rebinds its
//    own name to 127.0.0.1 (DNS rebinding) reaches the server as the same origin as itself,
//    so the browser lets it read the answers; its Host header still names its own site.
// 2. Origin: when the request has one, it is the server's own (http:// and the Host). A
//    browser sends it with every request a page makes to another site, but the simple GETs.
// 3. Content-Type: a request that changes something (POST, PUT, PATCH, and a DELETE with a
//    body or a type) is application/json. Without asking the server first (a CORS
//    preflight, which no answer of this server ever approves: none carries a CORS header),
//    a page of another site can send text/plain, a form or no body; never JSON.
// 4. The token: when the server needs one (it listens beyond this machine, or --token gave
//    one), every request carries it, but those of the page's script, style and image files,
//    which are the same for everyone: an X-Harlequin-Token header, `Authorization: Bearer`,
//    or `?token=` (the event stream's way: EventSource sends no headers).
// A refused request gets 403 (415 for the type) with {"error": why} and reaches no route.
#pragma once

#include "refusal.h"

#include <httplib.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hq::serve {

// Whether `host` (as --host gives it) is this machine's loopback address: 127.0.0.1,
// localhost or ::1. Any other address needs a token.
bool is_loopback(std::string_view host);

// 128 bits from the system's secure random source (getrandom, else std::random_device),
// as 32 lower-case hex digits.
std::string new_token();

// Whether `token` can be given with --token: 1 to 256 characters of A-Z a-z 0-9 . _ ~ -
// (it travels in a URL unescaped).
bool valid_token(std::string_view token);

class RequestGuard {
public:
    // `host`: the address the server listens on (--host); `port`: its port; `token`: the
    // token every request must carry, empty when none is needed.
    RequestGuard(std::string_view host, int port, std::string token);

    // Why the request is refused, or nothing when it may go on to its route.
    [[nodiscard]] std::optional<Refusal> check(const httplib::Request& req) const;

    [[nodiscard]] const std::string& token() const { return token_; }

private:
    [[nodiscard]] std::optional<Refusal> check_host(const httplib::Request& req) const;
    [[nodiscard]] std::optional<Refusal> check_origin(const httplib::Request& req) const;
    [[nodiscard]] std::optional<Refusal> check_token(const httplib::Request& req) const;
    [[nodiscard]] std::string served_names() const;

    std::vector<std::string> names; // lower case, an IPv6 address in brackets
    bool anyName = false;           // listening on every address
    int port = 0;
    std::string token_;
};

// A server's routes, each behind the guard: a request the guard refuses gets the refusal
// and reaches no handler (its body has been read, so a kept-alive connection goes on).
// serve.cpp adds every route through it, and `rest` answers every other request after the
// guard too, so that nothing the server says escapes it.
class GuardedRoutes {
public:
    using Handler = httplib::Server::Handler;

    GuardedRoutes(httplib::Server& http, const RequestGuard& guard)
        : http(http)
        , guard(guard) { }

    void get(const std::string& pattern, Handler h) { http.Get(pattern, wrap(std::move(h))); }
    void post(const std::string& pattern, Handler h) { http.Post(pattern, wrap(std::move(h))); }
    void del(const std::string& pattern, Handler h) { http.Delete(pattern, wrap(std::move(h))); }
    // Last: every other path in every method, a JSON 404 (after the guard).
    void rest();

private:
    [[nodiscard]] Handler wrap(Handler h) const;

    httplib::Server& http;
    const RequestGuard& guard;
};

} // namespace hq::serve
