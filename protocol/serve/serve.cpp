// SPDX-License-Identifier: GPL-3.0-or-later
// `harlequin serve`: the HTTP routes. Every route is behind the request guard
// (request_guard.h: the Host, the Origin, JSON for a change, the token), then translates a
// request into one call on a Session (session.h) and its answer into JSON; a malformed
// request gets a 4xx answer with a message ({"error": "..."}) and changes nothing. Live
// updates are server-sent events: each change of a game's state sends the whole state the
// page draws.
#include "serve.h"

#include "engine/io.h"
#include "engine/text.h"
#include "http_server.h"
#include "request_guard.h"
#include "server.h"
#include "store.h"
#include "variants/chess/chess960.h"
#include "variants/registry.h"
#include "web_files.h"

#include <httplib.h>

#include <atomic>
#include <csignal>
#include <fmt/format.h>
#include <random>

namespace hq {

namespace {

using serve::Json;
using serve::Refusal;
using serve::Session;

void send_json(httplib::Response& res, int status, const Json& j) {
    res.status = status;
    res.set_content(j.dump(), "application/json");
}

void send_error(httplib::Response& res, int status, const std::string& message) {
    send_json(res, status, {{"error", message}});
}

// The request's JSON body; an empty body is an empty object.
std::optional<Json> body_json(const httplib::Request& req, httplib::Response& res) {
    if (req.body.empty()) return Json::object();
    Json j = Json::parse(req.body, nullptr, false);
    if (j.is_discarded()) {
        send_error(res, 400, "the body is not valid JSON");
        return std::nullopt;
    }
    if (!j.is_object()) {
        send_error(res, 400, "the body must be a JSON object");
        return std::nullopt;
    }
    return j;
}

std::optional<std::string> string_field(
    const Json& j, const char* name, httplib::Response& res, bool required) {
    if (!j.contains(name)) {
        if (required) send_error(res, 400, fmt::format("missing \"{}\"", name));
        return required ? std::nullopt : std::optional<std::string>(std::string());
    }
    if (!j[name].is_string()) {
        send_error(res, 400, fmt::format("\"{}\" must be a string", name));
        return std::nullopt;
    }
    return j[name].get<std::string>();
}

const char* content_type(std::string_view name) {
    if (name.ends_with(".html")) return "text/html; charset=utf-8";
    if (name.ends_with(".js")) return "text/javascript; charset=utf-8";
    if (name.ends_with(".css")) return "text/css; charset=utf-8";
    if (name.ends_with(".svg")) return "image/svg+xml";
    return "application/octet-stream";
}

struct Options {
    std::string host = "127.0.0.1";
    int port = 8080;
    serve::ServerLimits limits;
    std::string db = serve::Store::default_path(); // empty with noDb
    bool noDb = false;
    std::string token; // --token; otherwise made at start when --host is not loopback
};

std::optional<std::string> parse_args(const std::vector<std::string>& args, Options& o) {
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        auto value = [&]() -> std::optional<std::string> {
            if (i + 1 >= args.size()) return std::nullopt;
            return args[++i];
        };
        auto number = [&](int lo, int hi) -> std::optional<int> {
            auto v = value();
            if (!v) return std::nullopt;
            auto n = parse_number<int>(*v);
            if (!n || *n < lo || *n > hi) return std::nullopt;
            return n;
        };
        if (a == "--host") {
            auto v = value();
            if (!v) return "--host needs an address";
            o.host = *v;
        } else if (a == "--port") {
            auto n = number(0, 65535);
            if (!n) return "--port needs a number from 0 to 65535";
            o.port = *n;
        } else if (a == "--engine") {
            auto v = value();
            if (!v) return "--engine needs the path of a UCI engine";
            o.limits.externalEngine = *v;
        } else if (a == "--max-games") {
            auto n = number(1, 1000);
            if (!n) return "--max-games needs a number from 1 to 1000";
            o.limits.maxGames = *n;
        } else if (a == "--max-searches") {
            auto n = number(1, 256);
            if (!n) return "--max-searches needs a number from 1 to 256";
            o.limits.maxSearches = *n;
        } else if (a == "--idle") {
            auto n = number(1, 86400);
            if (!n) return "--idle needs seconds from 1 to 86400";
            o.limits.idleSeconds = *n;
        } else if (a == "--db") {
            auto v = value();
            if (!v || v->empty()) return "--db needs the path of the games' database";
            o.db = *v;
            o.noDb = false;
        } else if (a == "--no-db") {
            o.noDb = true;
        } else if (a == "--token") {
            auto v = value();
            if (!v || !serve::valid_token(*v))
                return "--token needs 1 to 256 characters of A-Z a-z 0-9 . _ ~ -";
            o.token = *v;
        } else return fmt::format("unknown argument '{}'", a);
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
        serve::is_loopback(o.host) ? "--token" : "--host is not 127.0.0.1, localhost or ::1");
    if (!serve::is_loopback(o.host))
        println("warning: listening on {}: anyone who can reach this address and has the token "
                "can play and start searches on this machine; the connection is not encrypted",
            o.host);
}

serve::HttpServer* running = nullptr;
std::atomic<bool> stopping {false}; // the server is shutting down: event streams end

} // namespace

int serve_command(const std::vector<std::string>& args) {
    Options opts;
    if (auto err = parse_args(args, opts)) {
        // The options are listed once, in `harlequin serve --help` (bench/help.cpp).
        println("serve: {}; 'harlequin serve --help' lists the options", *err);
        return 2;
    }
    serve::Server games(opts.limits);
    // Stored games: a database that cannot be used is said at start-up (and in every
    // page's storage message); the server then runs without storing.
    std::string storageNote;
    if (opts.noDb) {
        storageNote = "games are not stored (--no-db)";
        games.set_store(nullptr, "", storageNote);
    } else {
        std::string error;
        auto store = serve::Store::open(opts.db, error);
        if (store) {
            storageNote = "games are stored in " + opts.db;
            games.set_store(std::move(store), opts.db, "");
        } else {
            storageNote = fmt::format(
                "warning: games are NOT stored: cannot use the database {}: {}", opts.db, error);
            games.set_store(nullptr, opts.db, "not stored: " + error);
        }
    }
    // Connections wait for their requests without a thread; workers start on demand
    // (http_server.h), so neither slow clients nor held event streams stall the others.
    serve::HttpServer http;
    http.set_payload_max_length(1 << 20);
    http.set_keep_alive_max_count(1000);
    http.set_exception_handler(
        [](const httplib::Request&, httplib::Response& res, std::exception_ptr ep) {
            std::string what = "internal error";
            try {
                if (ep) std::rethrow_exception(ep);
            } catch (const std::exception& e) { what = e.what(); } catch (...) {
            }
            send_error(res, 500, what);
        });
    http.set_error_handler([](const httplib::Request&, httplib::Response& res) {
        if (res.body.empty())
            send_error(res, res.status,
                res.status == 413 ? "the request body is too large (at most 1 MB)"
                                  : fmt::format("HTTP error {}", res.status));
    });

    // Port 0: any free port (the tests use it and read the address printed).
    int port = opts.port;
    if (port == 0) port = http.bind_to_any_port(opts.host);
    else if (!http.bind_to_port(opts.host, port)) port = -1;
    if (port < 0) {
        println("serve: cannot listen on {}:{}", opts.host, opts.port);
        return 1;
    }
    http.widen_backlog();

    // Every route is behind the guard (request_guard.h): other sites' pages are refused.
    if (opts.token.empty() && !serve::is_loopback(opts.host)) opts.token = serve::new_token();
    serve::RequestGuard guard(opts.host, port, opts.token);
    serve::GuardedRoutes routes(http, guard);

    // ---- The page ---------------------------------------------------------------------
    auto page = [](const std::string& name, httplib::Response& res) {
        for (const auto& f : web_files())
            if (f.name == name) {
                res.set_content(std::string(f.bytes), content_type(f.name));
                res.set_header("Cache-Control", "no-cache");
                // The address may hold the token: no other site is told it, or may frame
                // the page.
                res.set_header("Referrer-Policy", "no-referrer");
                res.set_header("Content-Security-Policy", "frame-ancestors 'none'");
                res.set_header("X-Frame-Options", "DENY");
                return;
            }
        send_error(res, 404, "no such file: " + name);
    };
    routes.get(
        "/", [&](const httplib::Request&, httplib::Response& res) { page("index.html", res); });
    routes.get(R"(/([A-Za-z0-9_-]+\.(html|js|css|svg)))",
        [&](const httplib::Request& req, httplib::Response& res) { page(req.matches[1], res); });

    // ---- Games ------------------------------------------------------------------------
    routes.get("/api/games", [&](const httplib::Request&, httplib::Response& res) {
        Json list = Json::array();
        for (const auto& v : registered_variants())
            list.push_back({{"name", v.name}, {"files", v.files}, {"ranks", v.ranks},
                {"startFen", v.startFen}, {"chess960", v.chess960}});
        send_json(res, 200,
            {{"games", list}, {"maxGames", opts.limits.maxGames},
                {"maxSearches", opts.limits.maxSearches},
                {"externalEngine", opts.limits.externalEngine}, {"open", games.game_count()},
                {"searching", games.searches_running()}, {"storage", games.storage_json()}});
    });

    // Stored games, most recently changed first.
    routes.get("/api/stored", [&](const httplib::Request&, httplib::Response& res) {
        Json list = Json::array();
        if (auto* store = games.store())
            for (const auto& g : store->list(200))
                list.push_back(
                    {{"id", g.id}, {"game", g.game}, {"white", g.white}, {"black", g.black},
                        {"result", g.result}, {"reason", g.reason}, {"plies", g.plies},
                        {"created", g.created}, {"updated", g.updated}, {"ongoing", g.ongoing}});
        send_json(res, 200, {{"storage", games.storage_json()}, {"games", list}});
    });

    routes.post("/api/sessions", [&](const httplib::Request& req, httplib::Response& res) {
        auto body = body_json(req, res);
        if (!body) return;
        auto game = string_field(*body, "game", res, true);
        if (!game) return;
        auto fen = string_field(*body, "fen", res, false);
        if (!fen) return;
        std::optional<std::string> pgn;
        if (body->contains("pgn")) {
            pgn = string_field(*body, "pgn", res, true);
            if (!pgn) return;
        }
        int index = 0;
        if (body->contains("index")) {
            if (!(*body)["index"].is_number_integer())
                return send_error(res, 400, "\"index\" must be a whole number");
            index = (*body)["index"].get<int>();
        }
        // Chess960 from its start: a numbered start (given, or one of the 960 at random).
        int start960 = -1;
        if (body->contains("start960")) {
            const Json& n = (*body)["start960"];
            if (!n.is_number_integer() || n.get<int>() < 0 || n.get<int>() >= 960)
                return send_error(res, 400, "\"start960\" must be a whole number from 0 to 959");
            start960 = n.get<int>();
        }
        std::string startFen = *fen;
        if (canonical_variant(*game) == std::optional<std::string>("chess960") && fen->empty()
            && !pgn) {
            if (start960 < 0) {
                static std::mutex m;
                static std::mt19937 rng {std::random_device {}()};
                std::lock_guard lock(m);
                start960 = int(rng() % chess::Chess960Starts);
            }
            startFen = chess::chess960_start_fen(start960);
        } else if (start960 >= 0)
            return send_error(
                res, 400, "\"start960\" is for a new chess960 game without fen or pgn");
        auto made = games.create(*game, startFen, pgn ? &*pgn : nullptr, index, start960);
        if (auto* r = std::get_if<Refusal>(&made)) return send_error(res, r->status, r->message);
        auto s = std::get<std::shared_ptr<Session>>(made);
        if (body->contains("settings")) {
            std::optional<Refusal> err;
            {
                std::lock_guard lock(s->mutex);
                err = s->settings((*body)["settings"]);
            }
            if (err) {
                games.forget(s->id());
                return send_error(res, err->status, err->message);
            }
        }
        std::lock_guard lock(s->mutex);
        s->persist();
        send_json(res, 201, s->state());
    });

    // Finds the session of /api/sessions/<id>/...; answers 404 itself when there is none.
    auto session_of = [&](const httplib::Request& req, httplib::Response& res) {
        auto made = games.reopen(req.matches[1]);
        if (auto* r = std::get_if<Refusal>(&made)) {
            send_error(res, r->status,
                r->status == 404 ? std::string("no such game (it may have been forgotten after "
                                               "its page was closed, or deleted)")
                                 : r->message);
            return std::shared_ptr<Session>();
        }
        auto s = std::get<std::shared_ptr<Session>>(made);
        s->touch();
        return s;
    };
    const std::string idPattern = "/api/sessions/([0-9a-f]{1,64})";

    routes.get(idPattern, [&](const httplib::Request& req, httplib::Response& res) {
        auto s = session_of(req, res);
        if (!s) return;
        std::optional<int> ply;
        if (req.has_param("ply")) {
            auto n = parse_number<int>(req.get_param_value("ply"));
            if (!n) return send_error(res, 400, "ply must be a whole number");
            ply = *n;
        }
        std::lock_guard lock(s->mutex);
        Json st = s->state();
        if (ply && (*ply < 0 || *ply > int(st["ply"])))
            return send_error(res, 400, fmt::format("no position at move {}", *ply));
        send_json(res, 200, ply ? s->state(ply) : st);
    });

    routes.get(idPattern + "/pgn", [&](const httplib::Request& req, httplib::Response& res) {
        auto s = session_of(req, res);
        if (!s) return;
        std::lock_guard lock(s->mutex);
        res.set_content(s->pgn(), "application/x-chess-pgn");
    });

    // Server-sent events: `state` with the whole state at once and after every change, and
    // a comment every 10 s so that a closed page is noticed.
    routes.get(idPattern + "/events", [&](const httplib::Request& req, httplib::Response& res) {
        auto s = session_of(req, res);
        if (!s) return;
        res.set_header("Cache-Control", "no-cache");
        auto seen = std::make_shared<std::uint64_t>(0);
        ++s->listeners;
        std::weak_ptr<Session> weak = s;
        res.set_chunked_content_provider(
            "text/event-stream",
            [weak, seen, alive = serve::connection_alive()](std::size_t, httplib::DataSink& sink) {
                auto s = weak.lock();
                if (!s) return false;
                std::uint64_t v = *seen;
                for (int slice = 0; slice < 20 && v == *seen && !stopping && alive(); ++slice)
                    v = s->wait_change(*seen, std::chrono::milliseconds(500));
                if (stopping || !alive()) return false;
                std::string chunk;
                if (v == *seen) chunk = ": still here\n\n";
                else {
                    std::string data;
                    {
                        std::lock_guard lock(s->mutex);
                        data = s->state().dump();
                        *seen = s->version();
                    }
                    chunk = "event: state\ndata: " + data + "\n\n";
                }
                s->touch();
                return sink.write(chunk.data(), chunk.size());
            },
            [weak](bool) {
                if (auto s = weak.lock()) {
                    --s->listeners;
                    s->touch();
                }
            });
    });

    // POST /api/sessions/<id>/<action> with a JSON body.
    auto action = [&](const std::string& name,
                      std::function<std::optional<Refusal>(Session&, const Json&)> fn) {
        routes.post(
            idPattern + "/" + name, [&, fn](const httplib::Request& req, httplib::Response& res) {
                auto s = session_of(req, res);
                if (!s) return;
                auto body = body_json(req, res);
                if (!body) return;
                std::lock_guard lock(s->mutex);
                if (auto err = fn(*s, *body)) return send_error(res, err->status, err->message);
                s->persist(); // on disk before the answer
                send_json(res, 200, s->state());
            });
    };
    auto int_field
        = [](const Json& b, const char* name) -> std::variant<std::optional<int>, Refusal> {
        if (!b.contains(name)) return std::optional<int>();
        if (!b[name].is_number_integer())
            return Refusal {400, fmt::format("\"{}\" must be a whole number", name)};
        return std::optional<int>(b[name].get<int>());
    };
    action("move", [&](Session& s, const Json& b) -> std::optional<Refusal> {
        if (!b.contains("move") || !b["move"].is_string())
            return Refusal {400, "\"move\" must be the move's text, e.g. \"e2e4\""};
        auto ply = int_field(b, "ply");
        if (auto* r = std::get_if<Refusal>(&ply)) return *r;
        auto p = std::get<std::optional<int>>(ply);
        if (!p) return Refusal {400, "missing \"ply\": the number of moves the page has seen"};
        return s.move(b["move"].get<std::string>(), *p);
    });
    action("settings", [](Session& s, const Json& b) { return s.settings(b); });
    action("go", [](Session& s, const Json&) { return s.go(); });
    action("stop", [](Session& s, const Json&) { return s.stop(); });
    action("undo", [&](Session& s, const Json& b) -> std::optional<Refusal> {
        auto ply = int_field(b, "ply");
        if (auto* r = std::get_if<Refusal>(&ply)) return *r;
        return s.undo(std::get<std::optional<int>>(ply));
    });
    action("resign", [](Session& s, const Json& b) -> std::optional<Refusal> {
        std::optional<Color> side;
        if (b.contains("side")) {
            if (b["side"] == "white") side = WHITE;
            else if (b["side"] == "black") side = BLACK;
            else return Refusal {400, "\"side\" must be \"white\" or \"black\""};
        }
        return s.resign(side);
    });
    action("draw", [](Session& s, const Json&) { return s.offer_draw(); });
    action("analyse", [&](Session& s, const Json& b) -> std::optional<Refusal> {
        if (b.contains("on") && !b["on"].is_boolean())
            return Refusal {400, "\"on\" must be true or false"};
        auto ply = int_field(b, "ply");
        if (auto* r = std::get_if<Refusal>(&ply)) return *r;
        return s.analyse(b.value("on", true), std::get<std::optional<int>>(ply));
    });
    action("view", [&](Session& s, const Json& b) -> std::optional<Refusal> {
        auto ply = int_field(b, "ply");
        if (auto* r = std::get_if<Refusal>(&ply)) return *r;
        auto p = std::get<std::optional<int>>(ply);
        if (!p) return Refusal {400, "missing \"ply\": the position to show"};
        return s.view(*p);
    });
    action("line", [&](Session& s, const Json& b) -> std::optional<Refusal> {
        auto n = int_field(b, "node");
        if (auto* r = std::get_if<Refusal>(&n)) return *r;
        auto id = std::get<std::optional<int>>(n);
        if (!id) return Refusal {400, "missing \"node\": a move of the tree (0: the start)"};
        return s.show_line(*id);
    });
    action("cut", [&](Session& s, const Json& b) -> std::optional<Refusal> {
        auto n = int_field(b, "node");
        if (auto* r = std::get_if<Refusal>(&n)) return *r;
        auto id = std::get<std::optional<int>>(n);
        if (!id) return Refusal {400, "missing \"node\": the variation's move to delete"};
        return s.cut(*id);
    });
    action("load", [](Session& s, const Json& b) -> std::optional<Refusal> {
        std::string fen;
        if (b.contains("fen")) {
            if (!b["fen"].is_string()) return Refusal {400, "\"fen\" must be a string"};
            fen = b["fen"].get<std::string>();
        }
        std::optional<std::string> pgn;
        if (b.contains("pgn")) {
            if (!b["pgn"].is_string()) return Refusal {400, "\"pgn\" must be a string"};
            pgn = b["pgn"].get<std::string>();
        }
        int index = 0;
        if (b.contains("index")) {
            if (!b["index"].is_number_integer())
                return Refusal {400, "\"index\" must be a whole number"};
            index = b["index"].get<int>();
        }
        return s.load(fen, pgn ? &*pgn : nullptr, index);
    });
    routes.post(idPattern + "/close", [&](const httplib::Request& req, httplib::Response& res) {
        auto s = games.find(req.matches[1]);
        if (!s) return send_error(res, 404, "no such game");
        games.forget(s->id());
        send_json(res, 200, {{"closed", true}});
    });
    // Deletes a game: from the database and from memory.
    routes.del(idPattern, [&](const httplib::Request& req, httplib::Response& res) {
        const std::string id = req.matches[1];
        if (!games.erase(id)) return send_error(res, 404, "no such game");
        send_json(res, 200, {{"deleted", id}});
    });

    // Anything else, in any method, is an unknown route (a JSON 404, not a page).
    routes.rest();

    announce(opts, port);
    println("{}", storageNote);
    if (!games.store() && !opts.noDb) std::fprintf(stderr, "serve: %s\n", storageNote.c_str());
    std::fflush(stdout);
    running = &http;
    std::signal(SIGINT, [](int) {
        stopping = true;
        if (running) running->stop();
    });
    std::signal(SIGTERM, [](int) {
        stopping = true;
        if (running) running->stop();
    });
    std::signal(SIGPIPE, SIG_IGN);
    http.listen_after_bind();
    running = nullptr;
    return 0;
}

} // namespace hq
