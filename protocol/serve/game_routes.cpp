// SPDX-License-Identifier: GPL-3.0-or-later
// One game's routes: POST /api/sessions (a new game), and under /api/sessions/<id> its
// state, its PGN, the requests the page makes of it (a table: each request's fields checked,
// then one call on the session), closing it and deleting it.
#include "engine/text.h"
#include "new_game.h"
#include "request_json.h"
#include "routes.h"

#include <fmt/format.h>

namespace hq::serve {

namespace {

// ---- The requests on a game: POST /api/sessions/<id>/<name> with a JSON body --------------

Reply move(Session& s, const Json& b) {
    Fields f(b);
    const std::string bad = "\"move\" must be the move's text, e.g. \"e2e4\"";
    auto text = f.text("move", bad);
    f.require(text, bad);
    auto ply = f.whole("ply");
    f.require(ply, "missing \"ply\": the number of moves the page has seen");
    if (f.refusal) return *f.refusal;
    return s.move(*text, *ply);
}

Reply undo(Session& s, const Json& b) {
    Fields f(b);
    auto ply = f.whole("ply");
    if (f.refusal) return *f.refusal;
    return s.undo(ply);
}

Reply resign(Session& s, const Json& b) {
    std::optional<Color> side;
    if (b.contains("side")) {
        if (b["side"] == "white") side = WHITE;
        else if (b["side"] == "black") side = BLACK;
        else return Refusal {400, "\"side\" must be \"white\" or \"black\""};
    }
    return s.resign(side);
}

Reply analyse(Session& s, const Json& b) {
    Fields f(b);
    auto on = f.flag("on", "\"on\" must be true or false");
    auto ply = f.whole("ply");
    if (f.refusal) return *f.refusal;
    return s.analyse(on.value_or(true), ply);
}

// A request whose one field is the whole number `name`, required (`missing` says what it
// is for), and then handed to `call`.
template <class Call>
Reply with_whole(const Json& b, const char* name, const char* missing, Call&& call) {
    Fields f(b);
    auto n = f.whole(name);
    f.require(n, missing);
    if (f.refusal) return *f.refusal;
    return call(*n);
}

Reply view(Session& s, const Json& b) {
    return with_whole(
        b, "ply", "missing \"ply\": the position to show", [&](int ply) { return s.view(ply); });
}

Reply show_line(Session& s, const Json& b) {
    return with_whole(b, "node", "missing \"node\": a move of the tree (0: the start)",
        [&](int node) { return s.show_line(node); });
}

Reply cut(Session& s, const Json& b) {
    return with_whole(b, "node", "missing \"node\": the variation's move to delete",
        [&](int node) { return s.cut(node); });
}

Reply load(Session& s, const Json& b) {
    Fields f(b);
    auto fen = f.text("fen");
    auto pgn = f.text("pgn");
    auto index = f.whole("index");
    if (f.refusal) return *f.refusal;
    return s.load({fen.value_or(""), pgn ? &*pgn : nullptr, index.value_or(0), -1});
}

struct Request {
    const char* name;
    Reply (*run)(Session&, const Json&);
};

const Request Requests[] = {
    {"move", move},
    {"settings", [](Session& s, const Json& b) { return s.settings(b); }},
    {"go", [](Session& s, const Json&) { return s.go(); }},
    {"stop", [](Session& s, const Json&) { return s.stop(); }},
    {"undo", undo},
    {"resign", resign},
    {"draw", [](Session& s, const Json&) { return s.offer_draw(); }},
    {"analyse", analyse},
    {"view", view},
    {"line", show_line},
    {"cut", cut},
    {"load", load},
};

// ---- The routes -------------------------------------------------------------------------

void create(Server& games, const httplib::Request& req, httplib::Response& res) {
    auto body = body_json(req);
    if (auto* no = std::get_if<Refusal>(&body)) return send_error(res, *no);
    auto asked = parse_new_game(std::get<Json>(body));
    if (auto* no = std::get_if<Refusal>(&asked)) return send_error(res, *no);
    const NewGame& g = std::get<NewGame>(asked);
    auto made = games.create(g.game, g.start(), g.settings ? &*g.settings : nullptr);
    if (auto* no = std::get_if<Refusal>(&made)) return send_error(res, *no);
    send_json(res, 201, std::get<Server::Created>(made).state);
}

void state(Server& games, const httplib::Request& req, httplib::Response& res) {
    auto s = game_of(games, req, res);
    if (!s) return;
    std::optional<int> ply;
    if (req.has_param("ply")) {
        ply = parse_number<int>(req.get_param_value("ply"));
        if (!ply) return send_error(res, {400, "ply must be a whole number"});
    }
    send_reply(res, s->state(ply));
}

void pgn(Server& games, const httplib::Request& req, httplib::Response& res) {
    if (auto s = game_of(games, req, res)) res.set_content(s->pgn(), "application/x-chess-pgn");
}

void run_request(
    Server& games, const Request& r, const httplib::Request& req, httplib::Response& res) {
    auto s = game_of(games, req, res);
    if (!s) return;
    auto body = body_json(req);
    if (auto* no = std::get_if<Refusal>(&body)) return send_error(res, *no);
    send_reply(res, r.run(*s, std::get<Json>(body)));
}

// Closing a page: its game is forgotten (and stays stored).
void close(Server& games, const httplib::Request& req, httplib::Response& res) {
    auto s = games.find(req.matches[1]);
    if (!s) return send_error(res, {404, "no such game"});
    games.forget(s->id());
    send_json(res, 200, {{"closed", true}});
}

// Deletes a game: from the database and from memory.
void erase(Server& games, const httplib::Request& req, httplib::Response& res) {
    const std::string id = req.matches[1];
    if (!games.erase(id)) return send_error(res, {404, "no such game"});
    send_json(res, 200, {{"deleted", id}});
}

} // namespace

std::shared_ptr<Session> game_of(
    Server& games, const httplib::Request& req, httplib::Response& res) {
    auto found = games.reopen(req.matches[1]);
    if (auto* no = std::get_if<Refusal>(&found)) {
        send_error(res,
            {no->status,
                no->status == 404 ? "no such game (it may have been forgotten after its page was "
                                    "closed, or deleted)"
                                  : no->message});
        return nullptr;
    }
    auto s = std::get<std::shared_ptr<Session>>(found);
    s->touch();
    return s;
}

void add_game_routes(GuardedRoutes& routes, Server& games) {
    using Handler = void (*)(Server&, const httplib::Request&, httplib::Response&);
    auto with = [&games](Handler h) {
        return [&games, h](
                   const httplib::Request& req, httplib::Response& res) { h(games, req, res); };
    };
    const std::string game = GamePath;
    routes.post("/api/sessions", with(create));
    routes.get(game, with(state));
    routes.get(game + "/pgn", with(pgn));
    for (const Request& r : Requests)
        routes.post(
            game + "/" + r.name, [&games, &r](const httplib::Request& req, httplib::Response& res) {
                run_request(games, r, req, res);
            });
    routes.post(game + "/close", with(close));
    routes.del(game, with(erase));
}

} // namespace hq::serve
