// SPDX-License-Identifier: GPL-3.0-or-later
// The HTTP server under `harlequin serve`: cpp-httplib's request handling (routes, parsing,
// answers) with our own connection handling, so that slow or careless clients cannot stall
// everyone else:
// - one poller thread (epoll) owns every connection while it waits: for a request's headers
//   (all of them within `headerSeconds` of the first byte, or of the connection's opening),
//   and between the requests of a kept-alive connection (closed after `keepAliveSeconds`
//   idle). A client trickling its headers a byte at a time costs no thread and is cut off.
// - a connection goes to a worker thread only once its headers are complete; the worker reads
//   the body (the whole request within `requestSeconds`), runs the route and writes the answer
//   (each write within `writeSeconds`), then gives a kept-alive connection back to the poller.
// - workers are started on demand up to `maxThreads`, so that requests are not queued behind
//   event streams (which hold their worker while they last); a stream whose client has gone
//   notices within half a second (connection_alive()).
// - a listen backlog of 1024 (widen_backlog) and TCP_NODELAY on every connection (no Nagle +
// delayed-ACK wait on kept-alive connections).
#pragma once

#include <httplib.h>

#include <functional>
#include <memory>

namespace hq::serve {

struct HttpLimits {
    int headerSeconds = 5;    // a request's headers, from its first byte
    int requestSeconds = 10;  // a whole request (headers and body)
    int keepAliveSeconds = 5; // idle between the requests of a kept-alive connection
    int writeSeconds = 5;     // each write of an answer
    int maxThreads = 512;     // workers; requests beyond them wait in line
};

class HttpServer : public httplib::Server {
public:
    explicit HttpServer(HttpLimits limits = {});
    ~HttpServer() override;
    HttpServer(const HttpServer&) = delete;
    HttpServer& operator=(const HttpServer&) = delete;

    // After bind_to_port: a longer queue of connections waiting for accept than httplib's 5
    // (a burst of new connections would otherwise see handshakes dropped and retried a
    // second later).
    void widen_backlog(int connections = 1024);

    struct Engine; // the poller and the workers (http_server.cpp)

private:
    bool process_and_close_socket(socket_t sock) override;

    std::unique_ptr<Engine> engine;
};

// For a route answered on the calling thread: a test of whether the client of this request
// still holds its connection (false once it has closed it). Always true elsewhere.
std::function<bool()> connection_alive();

// Lets the allocator return freed memory to the system now (after games end).
void release_free_memory();

} // namespace hq::serve
