// SPDX-License-Identifier: GPL-3.0-or-later
// `harlequin serve`: the command. It reads its options (listed in `harlequin serve --help`,
// bench/help.cpp), opens the stored games, builds the server and its routes (routes.h),
// says where it listens, and answers until SIGINT or SIGTERM.
#include "serve.h"

#include "engine/io.h"
#include "engine/text.h"
#include "http_server.h"
#include "request_guard.h"
#include "request_json.h"
#include "routes.h"
#include "server.h"
#include "store.h"

#include <atomic>
#include <csignal>
#include <fmt/format.h>

namespace hq {

namespace {

using namespace hq::serve;

struct Options {
    std::string host = "127.0.0.1";
    int port = 8080;
    ServerLimits limits;
    std::string db = Store::default_path(); // unused with noDb
    bool noDb = false;
    std::string token; // --token; otherwise made at start when --host is not loopback
};

// The arguments, read an option at a time; each read of a value gives the message when the
// value is missing or bad.
class Args {
public:
    explicit Args(const std::vector<std::string>& args)
        : args(args) { }
    bool done() const { return i >= args.size(); }
    const std::string& next() { return args[i++]; }
    std::optional<std::string> text(std::string& to, const char* bad, bool mayBeEmpty = true) {
        if (done() || (!mayBeEmpty && args[i].empty())) return bad;
        to = next();
        return std::nullopt;
    }
    std::optional<std::string> number(int& to, int lo, int hi, const char* bad) {
        if (done()) return bad;
        auto n = parse_number<int>(next());
        if (!n || *n < lo || *n > hi) return bad;
        to = *n;
        return std::nullopt;
    }

private:
    const std::vector<std::string>& args;
    std::size_t i = 0;
};

// The options of `args`; what is wrong with them.
std::optional<std::string> parse_args(const std::vector<std::string>& args, Options& o) {
    const char* const badToken = "--token needs 1 to 256 characters of A-Z a-z 0-9 . _ ~ -";
    Args in(args);
    while (!in.done()) {
        const std::string a = in.next();
        std::optional<std::string> bad;
        if (a == "--host") bad = in.text(o.host, "--host needs an address");
        else if (a == "--port")
            bad = in.number(o.port, 0, 65535, "--port needs a number from 0 to 65535");
        else if (a == "--engine")
            bad = in.text(o.limits.externalEngine, "--engine needs the path of a UCI engine");
        else if (a == "--max-games")
            bad = in.number(
                o.limits.maxGames, 1, 1000, "--max-games needs a number from 1 to 1000");
        else if (a == "--max-searches")
            bad = in.number(
                o.limits.maxSearches, 1, 256, "--max-searches needs a number from 1 to 256");
        else if (a == "--idle")
            bad = in.number(o.limits.idleSeconds, 1, 86400, "--idle needs seconds from 1 to 86400");
        else if (a == "--db") {
            bad = in.text(o.db, "--db needs the path of the games' database", false);
            o.noDb = false;
        } else if (a == "--no-db") o.noDb = true;
        else if (a == "--token") {
            bad = in.text(o.token, badToken);
            if (!bad && !valid_token(o.token)) bad = badToken;
        } else bad = fmt::format("unknown argument '{}'", a);
        if (bad) return bad;
    }
    return std::nullopt;
}

// The start-up lines: the address to open (with the token when one is needed) and who can
// reach it. The tests read the port from the first line.
void announce(const Options& o, int port) {
    std::string host = o.host.find(':') != std::string::npos ? "[" + o.host + "]" : o.host;
    std::string query = o.token.empty() ? "" : "?token=" + o.token;
    if (o.token.empty()) {
        println("Harlequin serves its games at http://{}:{}/ (this machine only, so no token "
                "is needed; Ctrl-C stops it)",
            host, port);
        return;
    }
    println("Harlequin serves its games at http://{}:{}/{} (Ctrl-C stops it)", host, port, query);
    if (host == "0.0.0.0" || host == "[::]")
        println("from this machine: http://127.0.0.1:{}/{}", port, query);
    println("every request needs the token in this address ({}); without it the server "
            "answers 403",
        is_loopback(o.host) ? "--token" : "--host is not 127.0.0.1, localhost or ::1");
    if (!is_loopback(o.host))
        println("warning: listening on {}: anyone who can reach this address and has the token "
                "can play and start searches on this machine; the connection is not encrypted",
            o.host);
}

HttpServer* running = nullptr;
std::atomic<bool> stopping {false}; // the server is shutting down: event streams end

// The stored games. A database that cannot be used is said at start-up (and in every page's
// storage message); the server then runs without storing.
struct OpenedStore {
    std::unique_ptr<Store> store;
    std::string path, message; // message: for the pages
    std::string note;          // the start-up line
};

OpenedStore open_store(const Options& o) {
    if (o.noDb)
        return {nullptr, "", "games are not stored (--no-db)", "games are not stored (--no-db)"};
    std::string error;
    auto store = Store::open(o.db, error);
    if (store) return {std::move(store), o.db, "", "games are stored in " + o.db};
    return {nullptr, o.db, "not stored: " + error,
        fmt::format("warning: games are NOT stored: cannot use the database {}: {}", o.db, error)};
}

// Connections wait for their requests without a thread; workers start on demand
// (http_server.h), so neither slow clients nor held event streams stall the others.
void configure(HttpServer& http) {
    http.set_payload_max_length(1 << 20);
    http.set_keep_alive_max_count(1000);
    http.set_exception_handler(
        [](const httplib::Request&, httplib::Response& res, std::exception_ptr ep) {
            std::string what = "internal error";
            try {
                if (ep) std::rethrow_exception(ep);
            } catch (const std::exception& e) { what = e.what(); } catch (...) {
            }
            send_error(res, {500, what});
        });
    http.set_error_handler([](const httplib::Request&, httplib::Response& res) {
        if (res.body.empty())
            send_error(res,
                {res.status,
                    res.status == 413 ? "the request body is too large (at most 1 MB)"
                                      : fmt::format("HTTP error {}", res.status)});
    });
}

// The port listened on (port 0: any free one; the tests use it and read the address
// printed); -1 when it cannot listen.
int bind(HttpServer& http, const Options& o) {
    int port = o.port;
    if (port == 0) port = http.bind_to_any_port(o.host);
    else if (!http.bind_to_port(o.host, port)) port = -1;
    if (port >= 0) http.widen_backlog();
    return port;
}

// Answers until SIGINT or SIGTERM.
void run(HttpServer& http) {
    running = &http;
    auto stop = [](int) {
        stopping = true;
        if (running) running->stop();
    };
    std::signal(SIGINT, stop);
    std::signal(SIGTERM, stop);
    std::signal(SIGPIPE, SIG_IGN);
    http.listen_after_bind();
    running = nullptr;
}

} // namespace

int serve_command(const std::vector<std::string>& args) {
    Options opts;
    if (auto err = parse_args(args, opts)) {
        // The options are listed once, in `harlequin serve --help` (bench/help.cpp).
        println("serve: {}; 'harlequin serve --help' lists the options", *err);
        return 2;
    }
    OpenedStore opened = open_store(opts);
    const bool stored = opened.store != nullptr;
    Server games(opts.limits, std::move(opened.store), opened.path, opened.message);
    HttpServer http;
    configure(http);
    const int port = bind(http, opts);
    if (port < 0) {
        println("serve: cannot listen on {}:{}", opts.host, opts.port);
        return 1;
    }
    // Every route is behind the guard (request_guard.h): other sites' pages are refused.
    if (opts.token.empty() && !is_loopback(opts.host)) opts.token = new_token();
    RequestGuard guard(opts.host, port, opts.token);
    GuardedRoutes routes(http, guard);
    add_routes(routes, games, stopping);
    announce(opts, port);
    println("{}", opened.note);
    if (!stored && !opts.noDb) std::fprintf(stderr, "serve: %s\n", opened.note.c_str());
    std::fflush(stdout);
    run(http);
    return 0;
}

} // namespace hq
