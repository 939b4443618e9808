// SPDX-License-Identifier: GPL-3.0-or-later
// What the server plays (/api/games) and the stored games (/api/stored).
#include "request_json.h"
#include "routes.h"
#include "state_codec.h"
#include "variants/registry.h"

namespace hq::serve {

namespace {

Json games_json(Server& games) {
    Json list = Json::array();
    for (const auto& v : registered_variants())
        list.push_back({{"name", v.name}, {"files", v.files}, {"ranks", v.ranks},
            {"startFen", v.startFen}, {"chess960", v.chess960}});
    const ServerLimits& l = games.limits();
    return {{"games", list}, {"maxGames", l.maxGames}, {"maxSearches", l.maxSearches},
        {"externalEngine", l.externalEngine}, {"open", games.game_count()},
        {"searching", games.searches_running()},
        {"storage", storage_json(games.storage().status())}};
}

// Stored games, most recently changed first.
Json stored_list_json(Server& games) {
    Json list = Json::array();
    if (Store* store = games.storage().store())
        for (const auto& g : store->list(200))
            list.push_back({{"id", g.id}, {"game", g.game}, {"white", g.white}, {"black", g.black},
                {"result", g.result}, {"reason", g.reason}, {"plies", g.plies},
                {"created", g.created}, {"updated", g.updated}, {"ongoing", g.ongoing}});
    return {{"storage", storage_json(games.storage().status())}, {"games", list}};
}

} // namespace

void add_list_routes(GuardedRoutes& routes, Server& games) {
    routes.get("/api/games", [&games](const httplib::Request&, httplib::Response& res) {
        send_json(res, 200, games_json(games));
    });
    routes.get("/api/stored", [&games](const httplib::Request&, httplib::Response& res) {
        send_json(res, 200, stored_list_json(games));
    });
}

} // namespace hq::serve
