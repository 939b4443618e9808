// SPDX-License-Identifier: GPL-3.0-or-later
// The page's files, compiled in (web_files.h).
#include "request_json.h"
#include "routes.h"
#include "web_files.h"

namespace hq::serve {

namespace {

const char* content_type(std::string_view name) {
    if (name.ends_with(".html")) return "text/html; charset=utf-8";
    if (name.ends_with(".js")) return "text/javascript; charset=utf-8";
    if (name.ends_with(".css")) return "text/css; charset=utf-8";
    if (name.ends_with(".svg")) return "image/svg+xml";
    return "application/octet-stream";
}

void send_page_file(const std::string& name, httplib::Response& res) {
    for (const auto& f : web_files())
        if (f.name == name) {
            res.set_content(std::string(f.bytes), content_type(f.name));
            res.set_header("Cache-Control", "no-cache");
            // The address may hold the token: no other site is told it, or may frame the page.
            res.set_header("Referrer-Policy", "no-referrer");
            res.set_header("Content-Security-Policy", "frame-ancestors 'none'");
            res.set_header("X-Frame-Options", "DENY");
            return;
        }
    send_error(res, {404, "no such file: " + name});
}

} // namespace

void add_page_routes(GuardedRoutes& routes) {
    routes.get("/",
        [](const httplib::Request&, httplib::Response& res) { send_page_file("index.html", res); });
    routes.get(R"(/([A-Za-z0-9_-]+\.(html|js|css|svg)))",
        [](const httplib::Request& req, httplib::Response& res) {
            send_page_file(req.matches[1], res);
        });
}

void add_routes(GuardedRoutes& routes, Server& games, const std::atomic<bool>& stopping) {
    add_page_routes(routes);
    add_list_routes(routes, games);
    add_game_routes(routes, games);
    add_event_route(routes, games, stopping);
    // Anything else, in any method, is an unknown route (a JSON 404, not a page).
    routes.rest();
}

} // namespace hq::serve
