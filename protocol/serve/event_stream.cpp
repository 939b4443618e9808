// SPDX-License-Identifier: GPL-3.0-or-later
// A game's server-sent events (GET /api/sessions/<id>/events): `state` with the whole state
// at once and after every change, and a comment every 10 s so that a closed page is noticed.
#include "http_server.h"
#include "request_json.h"
#include "routes.h"

namespace hq::serve {

namespace {

// The next chunk for a page that has seen state version `seen`: the state once it changed,
// else (after 10 s, in slices of half a second so that a gone client or a stopping server
// ends the stream soon) a comment. Nothing when the stream should end.
std::optional<std::string> next_chunk(Session& s, std::uint64_t& seen,
    const std::function<bool()>& alive, const std::atomic<bool>& stopping) {
    std::uint64_t v = seen;
    for (int slice = 0; slice < 20 && v == seen && !stopping && alive(); ++slice)
        v = s.wait_change(seen, std::chrono::milliseconds(500));
    if (stopping || !alive()) return std::nullopt;
    if (v == seen) return ": still here\n\n";
    Json state = std::get<Json>(s.state(std::nullopt));
    seen = state["version"].get<std::uint64_t>();
    return "event: state\ndata: " + state.dump() + "\n\n";
}

} // namespace

void add_event_route(GuardedRoutes& routes, Server& games, const std::atomic<bool>& stopping) {
    routes.get(std::string(GamePath) + "/events",
        [&games, &stopping](const httplib::Request& req, httplib::Response& res) {
            auto s = game_of(games, req, res);
            if (!s) return;
            res.set_header("Cache-Control", "no-cache");
            s->listen();
            auto seen = std::make_shared<std::uint64_t>(0);
            std::weak_ptr<Session> weak = s;
            res.set_chunked_content_provider(
                "text/event-stream",
                [weak, seen, alive = connection_alive(), &stopping](
                    std::size_t, httplib::DataSink& sink) {
                    auto s = weak.lock();
                    if (!s) return false;
                    auto chunk = next_chunk(*s, *seen, alive, stopping);
                    if (!chunk) return false;
                    s->touch();
                    return sink.write(chunk->data(), chunk->size());
                },
                [weak](bool) {
                    if (auto s = weak.lock()) s->unlisten();
                });
        });
}

} // namespace hq::serve
