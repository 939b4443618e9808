// SPDX-License-Identifier: GPL-3.0-or-later
#include "http_server.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <malloc.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

namespace hq::serve {

namespace {

using Clock = std::chrono::steady_clock;

constexpr std::size_t MaxHeaderBytes = 64 * 1024; // more is handed on (httplib refuses it)
constexpr std::size_t MaxConnections = 8192;

thread_local int currentFd = -1; // the connection the calling worker is answering

// A connection: its socket and what was read from it and not yet used.
struct Conn {
    int fd = -1;
    std::string buf;
    std::size_t pos = 0;
    Clock::time_point deadline;
    bool idle = false; // between requests (the keep-alive wait), nothing read yet
    std::size_t served = 0;

    ~Conn() {
        if (fd >= 0) {
            ::shutdown(fd, SHUT_RDWR);
            ::close(fd);
        }
    }
    bool has_headers() const {
        std::string_view rest(buf.data() + pos, buf.size() - pos);
        return rest.find("\r\n\r\n") != std::string_view::npos
            || rest.find("\n\n") != std::string_view::npos;
    }
    void compact() {
        buf.erase(0, pos);
        pos = 0;
    }
};

int millis_until(Clock::time_point t) {
    auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(t - Clock::now()).count();
    return int(std::clamp<long long>(ms, 0, 1 << 30));
}

// httplib's view of a connection during one request: reads come from what the poller read
// first, then from the socket until the request's deadline; writes wait at most writeSeconds.
class ConnStream final : public httplib::Stream {
public:
    ConnStream(Conn& c, Clock::time_point deadline, int writeMs)
        : conn(c)
        , readDeadline(deadline)
        , writeMs(writeMs) { }

    bool is_readable() const override {
        if (conn.pos < conn.buf.size()) return true;
        return wait(POLLIN, millis_until(readDeadline));
    }
    bool is_writable() const override { return wait(POLLOUT, writeMs); }

    ssize_t read(char* ptr, std::size_t size) override {
        if (conn.pos >= conn.buf.size()) {
            conn.buf.clear();
            conn.pos = 0;
            char tmp[4096];
            for (;;) {
                ssize_t n = ::recv(conn.fd, tmp, sizeof tmp, 0);
                if (n > 0) {
                    conn.buf.assign(tmp, std::size_t(n));
                    break;
                }
                if (n == 0) return 0;
                if (errno == EINTR) continue;
                if (errno != EAGAIN && errno != EWOULDBLOCK) return -1;
                if (!wait(POLLIN, millis_until(readDeadline))) return -1;
            }
        }
        std::size_t n = std::min(size, conn.buf.size() - conn.pos);
        std::memcpy(ptr, conn.buf.data() + conn.pos, n);
        conn.pos += n;
        return ssize_t(n);
    }

    ssize_t write(const char* ptr, std::size_t size) override {
        for (;;) {
            ssize_t n = ::send(conn.fd, ptr, size, MSG_NOSIGNAL);
            if (n >= 0) return n;
            if (errno == EINTR) continue;
            if (errno != EAGAIN && errno != EWOULDBLOCK) return -1;
            if (!wait(POLLOUT, writeMs)) return -1;
        }
    }

    void get_remote_ip_and_port(std::string& ip, int& port) const override {
        address(::getpeername, ip, port);
    }
    void get_local_ip_and_port(std::string& ip, int& port) const override {
        address(::getsockname, ip, port);
    }
    socket_t socket() const override { return conn.fd; }

private:
    bool wait(short what, int ms) const {
        pollfd p {conn.fd, what, 0};
        for (;;) {
            int r = ::poll(&p, 1, ms);
            if (r < 0 && errno == EINTR) continue;
            return r > 0 && (p.revents & what);
        }
    }
    void address(int (*get)(int, sockaddr*, socklen_t*), std::string& ip, int& port) const {
        sockaddr_storage a {};
        socklen_t len = sizeof a;
        ip.clear();
        port = 0;
        if (get(conn.fd, reinterpret_cast<sockaddr*>(&a), &len) != 0) return;
        char text[INET6_ADDRSTRLEN] = {};
        if (a.ss_family == AF_INET) {
            auto* in = reinterpret_cast<sockaddr_in*>(&a);
            ::inet_ntop(AF_INET, &in->sin_addr, text, sizeof text);
            port = ntohs(in->sin_port);
        } else if (a.ss_family == AF_INET6) {
            auto* in = reinterpret_cast<sockaddr_in6*>(&a);
            ::inet_ntop(AF_INET6, &in->sin6_addr, text, sizeof text);
            port = ntohs(in->sin6_port);
        }
        ip = text;
    }

    Conn& conn;
    Clock::time_point readDeadline;
    int writeMs;
};

} // namespace

// The poller and the workers. `serve_request` is httplib's handling of one request on a
// stream (the server's protected process_request).
struct HttpServer::Engine {
    using ServeOne = std::function<bool(httplib::Stream&, bool closeAfter, bool& closed)>;

    Engine(HttpLimits l, ServeOne serve, std::function<std::size_t()> keepAliveMax)
        : limits(l)
        , serveOne(std::move(serve))
        , keepAliveMax(std::move(keepAliveMax)) {
        epollFd = ::epoll_create1(EPOLL_CLOEXEC);
        wakeFd = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
        epoll_event ev {};
        ev.events = EPOLLIN;
        ev.data.fd = wakeFd;
        ::epoll_ctl(epollFd, EPOLL_CTL_ADD, wakeFd, &ev);
        poller = std::thread([this] { poll_loop(); });
    }

    ~Engine() {
        stop();
        ::close(epollFd);
        ::close(wakeFd);
    }

    // Ends the poller (closing the connections it holds) and the workers (once their
    // requests are answered).
    void stop() {
        {
            std::lock_guard lock(mutex);
            if (stopped) return;
            stopped = true;
        }
        wake();
        workCv.notify_all();
        if (poller.joinable()) poller.join();
        std::vector<std::thread> all;
        {
            std::lock_guard lock(mutex);
            all.swap(workers);
        }
        for (auto& t : all) t.join();
        std::lock_guard lock(mutex);
        ready.clear();
        incoming.clear();
    }

    // A new or kept-alive connection for the poller.
    void give(std::unique_ptr<Conn> c) {
        {
            std::lock_guard lock(mutex);
            if (stopped) return;
            incoming.push_back(std::move(c));
        }
        wake();
    }

    void wake() {
        std::uint64_t one = 1;
        [[maybe_unused]] auto n = ::write(wakeFd, &one, sizeof one);
    }

    // Hands a connection whose headers are in to a worker, starting one when none is free.
    void dispatch(std::unique_ptr<Conn> c) {
        std::lock_guard lock(mutex);
        if (stopped) return;
        ready.push_back(std::move(c));
        if (ready.size() > idleWorkers && workers.size() < std::size_t(limits.maxThreads))
            workers.emplace_back([this] { work(); });
        workCv.notify_one();
    }

    void poll_loop() {
        std::unordered_map<int, std::unique_ptr<Conn>> conns;
        std::vector<epoll_event> events(256);
        auto drop = [&](int fd) {
            ::epoll_ctl(epollFd, EPOLL_CTL_DEL, fd, nullptr);
            conns.erase(fd);
        };
        auto hand_on = [&](int fd) {
            auto it = conns.find(fd);
            std::unique_ptr<Conn> c = std::move(it->second);
            ::epoll_ctl(epollFd, EPOLL_CTL_DEL, fd, nullptr);
            conns.erase(it);
            dispatch(std::move(c));
        };
        auto nextSweep = Clock::now();
        for (;;) {
            int n = ::epoll_wait(epollFd, events.data(), int(events.size()), 200);
            {
                std::lock_guard lock(mutex);
                if (stopped) break;
            }
            for (int i = 0; i < n; ++i) {
                int fd = events[std::size_t(i)].data.fd;
                if (fd == wakeFd) {
                    std::uint64_t v;
                    [[maybe_unused]] auto r = ::read(wakeFd, &v, sizeof v);
                    std::deque<std::unique_ptr<Conn>> got;
                    {
                        std::lock_guard lock(mutex);
                        got.swap(incoming);
                    }
                    for (auto& c : got) {
                        if (c->has_headers()) {
                            dispatch(std::move(c));
                            continue;
                        }
                        if (conns.size() >= MaxConnections) continue; // closes it
                        epoll_event ev {};
                        ev.events = EPOLLIN | EPOLLRDHUP;
                        ev.data.fd = c->fd;
                        if (::epoll_ctl(epollFd, EPOLL_CTL_ADD, c->fd, &ev) != 0) continue;
                        int cfd = c->fd;
                        conns[cfd] = std::move(c);
                    }
                    continue;
                }
                auto it = conns.find(fd);
                if (it == conns.end()) continue;
                Conn& c = *it->second;
                bool closed = false;
                char tmp[4096];
                for (;;) {
                    ssize_t r = ::recv(fd, tmp, sizeof tmp, 0);
                    if (r > 0) {
                        if (c.idle) {
                            c.idle = false;
                            c.deadline = Clock::now() + std::chrono::seconds(limits.headerSeconds);
                        }
                        c.buf.append(tmp, std::size_t(r));
                        if (c.buf.size() - c.pos >= MaxHeaderBytes) break;
                        continue;
                    }
                    if (r < 0 && errno == EINTR) continue;
                    if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
                    closed = true; // the client closed it, or an error
                    break;
                }
                if (c.has_headers() || c.buf.size() - c.pos >= MaxHeaderBytes) hand_on(fd);
                else if (closed) drop(fd);
            }
            auto now = Clock::now();
            if (now >= nextSweep) {
                std::vector<int> late;
                for (auto& [fd, c] : conns)
                    if (now >= c->deadline) late.push_back(fd);
                for (int fd : late) drop(fd);
                nextSweep = now + std::chrono::milliseconds(250);
            }
        }
        for (auto& [fd, c] : conns) ::epoll_ctl(epollFd, EPOLL_CTL_DEL, fd, nullptr);
    }

    void work() {
        for (;;) {
            std::unique_ptr<Conn> c;
            {
                std::unique_lock lock(mutex);
                ++idleWorkers;
                workCv.wait(lock, [&] { return stopped || !ready.empty(); });
                --idleWorkers;
                if (stopped) return;
                c = std::move(ready.front());
                ready.pop_front();
            }
            answer(std::move(c));
        }
    }

    // Answers the requests of a connection while they are already in; then gives it back to
    // the poller (kept alive) or closes it.
    void answer(std::unique_ptr<Conn> c) {
        currentFd = c->fd;
        for (;;) {
            bool stopping;
            {
                std::lock_guard lock(mutex);
                stopping = stopped;
            }
            bool closeAfter = stopping || c->served + 1 >= keepAliveMax();
            bool closed = false;
            ConnStream strm(*c, Clock::now() + std::chrono::seconds(limits.requestSeconds),
                limits.writeSeconds * 1000);
            bool ok = serveOne(strm, closeAfter, closed);
            ++c->served;
            if (!ok || closed || closeAfter) break;
            c->compact();
            if (c->has_headers()) continue; // a pipelined request
            c->idle = c->buf.empty();
            c->deadline = Clock::now()
                + std::chrono::seconds(c->idle ? limits.keepAliveSeconds : limits.headerSeconds);
            currentFd = -1;
            give(std::move(c));
            return;
        }
        currentFd = -1;
    }

    HttpLimits limits;
    ServeOne serveOne;
    std::function<std::size_t()> keepAliveMax;
    int epollFd = -1, wakeFd = -1;
    std::thread poller;

    std::mutex mutex;
    bool stopped = false;
    std::deque<std::unique_ptr<Conn>> incoming; // for the poller
    std::deque<std::unique_ptr<Conn>> ready;    // for the workers
    std::condition_variable workCv;
    std::vector<std::thread> workers;
    std::size_t idleWorkers = 0;
};

namespace {

// httplib hands each accepted socket to its task queue; ours passes it straight on to
// process_and_close_socket (below), which only gives it to the poller.
class HandOver final : public httplib::TaskQueue {
public:
    explicit HandOver(HttpServer::Engine& e)
        : engine(e) { }
    void enqueue(std::function<void()> fn) override { fn(); }
    void shutdown() override { engine.stop(); }

private:
    HttpServer::Engine& engine;
};

} // namespace

HttpServer::HttpServer(HttpLimits limits) {
    // Room for many connections: each waiting client holds a descriptor.
    rlimit r {};
    if (::getrlimit(RLIMIT_NOFILE, &r) == 0 && r.rlim_cur < r.rlim_max) {
        r.rlim_cur = std::min<rlim_t>(r.rlim_max, 65536);
        ::setrlimit(RLIMIT_NOFILE, &r);
    }
    set_tcp_nodelay(true);
    set_read_timeout(limits.requestSeconds);
    set_write_timeout(limits.writeSeconds);
    set_keep_alive_timeout(limits.keepAliveSeconds);
    engine = std::make_unique<Engine>(
        limits,
        [this](httplib::Stream& strm, bool closeAfter, bool& closed) {
            return process_request(strm, closeAfter, closed, [](httplib::Request&) {});
        },
        [this] { return keep_alive_max_count_; });
    new_task_queue = [this] { return new HandOver(*engine); };
}

HttpServer::~HttpServer() { engine->stop(); }

void HttpServer::widen_backlog(int connections) {
    socket_t s = svr_sock_;
    if (s != INVALID_SOCKET) ::listen(s, connections);
}

bool HttpServer::process_and_close_socket(socket_t sock) {
    int one = 1;
    ::setsockopt(sock, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    int flags = ::fcntl(sock, F_GETFL, 0);
    ::fcntl(sock, F_SETFL, flags | O_NONBLOCK);
    auto c = std::make_unique<Conn>();
    c->fd = sock;
    c->deadline = Clock::now() + std::chrono::seconds(engine->limits.headerSeconds);
    engine->give(std::move(c));
    return true;
}

std::function<bool()> connection_alive() {
    int fd = currentFd;
    return [fd] {
        if (fd < 0) return true;
        pollfd p {fd, POLLRDHUP, 0};
        if (::poll(&p, 1, 0) <= 0) return true;
        return (p.revents & (POLLRDHUP | POLLHUP | POLLERR | POLLNVAL)) == 0;
    };
}

void release_free_memory() { ::malloc_trim(0); }

} // namespace hq::serve
