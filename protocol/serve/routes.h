// SPDX-License-Identifier: GPL-3.0-or-later
// `harlequin serve`'s HTTP routes, each behind the request guard (request_guard.h: the Host,
// the Origin, JSON for a change, the token). A route reads its request (its checks are in
// the route's table entry), makes one call on the server or on a game, and writes the
// answer as JSON; a malformed request gets a 4xx answer with a message ({"error": "..."})
// and changes nothing. Live updates are server-sent events: each change of a game's state
// sends the whole state the page draws.
#pragma once

#include "request_guard.h"
#include "server.h"

#include <atomic>

namespace hq::serve {

// The page's files (protocol/serve/web/).
void add_page_routes(GuardedRoutes& routes);
// The games the server plays and the stored games (/api/games, /api/stored).
void add_list_routes(GuardedRoutes& routes, Server& games);
// One game: new games, their state, PGN, requests, closing and deleting (/api/sessions...).
void add_game_routes(GuardedRoutes& routes, Server& games);
// A game's events; the streams end once `stopping` is set.
void add_event_route(GuardedRoutes& routes, Server& games, const std::atomic<bool>& stopping);

// The game of /api/sessions/<id>/..., brought back from the database when it is only there;
// nothing (and the refusal sent) when there is none.
std::shared_ptr<Session> game_of(
    Server& games, const httplib::Request& req, httplib::Response& res);

// Every route, then a JSON 404 for anything else.
void add_routes(GuardedRoutes& routes, Server& games, const std::atomic<bool>& stopping);

// The path of a game's routes: /api/sessions/<id> (the id is the first match).
inline const char* const GamePath = "/api/sessions/([0-9a-f]{1,64})";

} // namespace hq::serve
