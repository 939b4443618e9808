// SPDX-License-Identifier: GPL-3.0-or-later
#include "request_guard.h"

#include <sys/random.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cctype>
#include <fmt/format.h>
#include <random>

namespace hq::serve {

namespace {

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// An address as --host gives it, the way a Host header writes it: lower case, an IPv6
// address in brackets.
std::string host_name(std::string_view host) {
    std::string h = lower(host);
    if (h.find(':') != std::string::npos && !h.starts_with('[')) h = "[" + h + "]";
    return h;
}

// The name and port of a Host header or of an origin after its "http://": "localhost",
// "127.0.0.1:8080", "[::1]:8080". Port -1: none written.
struct Authority {
    std::string name;
    int port = -1;
};

std::optional<int> port_number(std::string_view digits) {
    if (digits.empty() || digits.size() > 5) return std::nullopt;
    int n = 0;
    for (char c : digits) {
        if (c < '0' || c > '9') return std::nullopt;
        n = n * 10 + (c - '0');
    }
    if (n > 65535) return std::nullopt;
    return n;
}

std::optional<Authority> parse_authority(std::string_view text) {
    std::size_t end = 0;
    if (text.starts_with('[')) {
        end = text.find(']');
        if (end == std::string_view::npos) return std::nullopt;
        ++end;
    } else {
        std::size_t colon = text.find(':');
        if (colon != std::string_view::npos && text.find(':', colon + 1) != std::string_view::npos)
            return std::nullopt; // a bare IPv6 address: not a Host
        end = colon == std::string_view::npos ? text.size() : colon;
    }
    Authority a {lower(text.substr(0, end)), -1};
    if (a.name.empty() || a.name == "[]") return std::nullopt;
    for (char c : a.name)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '['
                || c == ']' || c == ':'))
            return std::nullopt;
    std::string_view rest = text.substr(end);
    if (rest.empty()) return a;
    if (rest[0] != ':') return std::nullopt;
    auto port = port_number(rest.substr(1));
    if (!port) return std::nullopt;
    a.port = *port;
    return a;
}

bool changes_state(const std::string& method) {
    return method == "POST" || method == "PUT" || method == "PATCH" || method == "DELETE";
}

// Whether the request's Content-Type is application/json (parameters such as charset
// allowed).
bool is_json(const httplib::Request& req) {
    std::string type = req.get_header_value("Content-Type");
    type = type.substr(0, type.find(';'));
    auto blank = [](char c) { return c == ' ' || c == '\t'; };
    while (!type.empty() && blank(type.back())) type.pop_back();
    std::size_t start = 0;
    while (start < type.size() && blank(type[start])) ++start;
    return lower(std::string_view(type).substr(start)) == "application/json";
}

// The page's script, style and image files: /NAME.js, .css or .svg. The same for everyone
// (the project's source), they need no token; the page itself does.
bool is_page_asset(const httplib::Request& req) {
    if (req.method != "GET" && req.method != "HEAD") return false;
    const std::string& p = req.path;
    if (!p.starts_with('/') || p.find('/', 1) != std::string::npos) return false;
    if (!(p.ends_with(".js") || p.ends_with(".css") || p.ends_with(".svg"))) return false;
    return std::all_of(p.begin() + 1, p.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.';
    });
}

// Compares in a time that does not depend on where the two first differ.
bool same_secret(std::string_view a, std::string_view b) {
    unsigned diff = a.size() == b.size() ? 0 : 1;
    for (std::size_t i = 0; i < a.size(); ++i)
        diff |= unsigned(static_cast<unsigned char>(a[i]))
            ^ unsigned(static_cast<unsigned char>(i < b.size() ? b[i] : 0));
    return diff == 0;
}

// The token the request carries, where the page puts it; empty when none.
std::string carried_token(const httplib::Request& req) {
    if (req.has_header("X-Harlequin-Token")) return req.get_header_value("X-Harlequin-Token");
    std::string auth = req.get_header_value("Authorization");
    if (lower(auth.substr(0, 7)) == "bearer ") return auth.substr(7);
    if (req.has_param("token")) return req.get_param_value("token");
    return "";
}

} // namespace

bool is_loopback(std::string_view host) {
    std::string h = host_name(host);
    return h == "127.0.0.1" || h == "localhost" || h == "[::1]";
}

std::string new_token() {
    std::array<unsigned char, 16> bytes {};
    if (::getrandom(bytes.data(), bytes.size(), 0) != ssize_t(bytes.size())) {
        std::random_device rd;
        for (std::size_t i = 0; i < bytes.size(); i += 4) {
            unsigned v = rd();
            for (std::size_t k = 0; k < 4; ++k)
                bytes[i + k] = static_cast<unsigned char>(v >> 8 * k);
        }
    }
    std::string hex;
    for (unsigned char b : bytes) hex += fmt::format("{:02x}", b);
    return hex;
}

bool valid_token(std::string_view token) {
    if (token.empty() || token.size() > 256) return false;
    return std::all_of(token.begin(), token.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '~'
            || c == '-';
    });
}

RequestGuard::RequestGuard(std::string_view host, int port, std::string token)
    : names {"127.0.0.1", "localhost", "[::1]"}
    , port(port)
    , token_(std::move(token)) {
    std::string h = host_name(host);
    anyName = h.empty() || h == "0.0.0.0" || h == "[::]";
    if (!anyName && std::find(names.begin(), names.end(), h) == names.end()) names.push_back(h);
}

std::optional<Refusal> RequestGuard::check(const httplib::Request& req) const {
    if (auto r = check_host(req)) return r;
    if (auto r = check_origin(req)) return r;
    if (changes_state(req.method) && !is_json(req)
        && (req.method != "DELETE" || req.has_header("Content-Type") || !req.body.empty()))
        return Refusal {415,
            fmt::format("refused: a {} must be sent with Content-Type: application/json (a page "
                        "of another site can send text/plain, a form or no type without the "
                        "browser asking this server first; never JSON)",
                req.method)};
    return check_token(req);
}

std::optional<Refusal> RequestGuard::check_host(const httplib::Request& req) const {
    if (req.get_header_value_count("Host") != 1)
        return Refusal {403,
            "refused: a request must name the address it is sent to in one "
            "Host header"};
    std::string host = req.get_header_value("Host");
    auto a = parse_authority(host);
    bool served = a && (a->port < 0 || a->port == port)
        && (anyName || std::find(names.begin(), names.end(), a->name) != names.end());
    if (served) return std::nullopt;
    return Refusal {403,
        fmt::format("refused: this server answers requests sent to {}, not to '{}' (a page of "
                    "another site that has its name point at this machine sends its own name "
                    "in the Host header)",
            served_names(), host)};
}

std::optional<Refusal> RequestGuard::check_origin(const httplib::Request& req) const {
    if (!req.has_header("Origin")) return std::nullopt;
    std::string origin = req.get_header_value("Origin");
    std::optional<Authority> from;
    if (lower(origin.substr(0, 7)) == "http://") from = parse_authority(origin.substr(7));
    auto host = parse_authority(req.get_header_value("Host"));
    auto port_of = [](const Authority& a) { return a.port < 0 ? 80 : a.port; };
    if (from && host && from->name == host->name && port_of(*from) == port_of(*host))
        return std::nullopt;
    return Refusal {403,
        fmt::format("refused: a request from a page of another site (Origin '{}'); only this "
                    "server's own page, http://{}, may send it",
            origin, req.get_header_value("Host"))};
}

std::optional<Refusal> RequestGuard::check_token(const httplib::Request& req) const {
    if (token_.empty() || is_page_asset(req)) return std::nullopt;
    if (same_secret(carried_token(req), token_)) return std::nullopt;
    return Refusal {403,
        "refused: this server needs its token: open the address with ?token= that "
        "`harlequin serve` printed when it started (or send the token in an "
        "X-Harlequin-Token header)"};
}

std::string RequestGuard::served_names() const {
    std::string list;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (i) list += i + 1 == names.size() ? " or " : ", ";
        list += fmt::format("{}:{}", names[i], port);
    }
    return list;
}

void GuardedRoutes::rest() {
    auto none = [](const httplib::Request& req, httplib::Response& res) {
        res.status = 404;
        std::string what = req.path.starts_with("/api/") ? "no such API route: " : "no such page: ";
        res.set_content(nlohmann::json {{"error", what + req.path}}.dump(), "application/json");
    };
    const std::string all = "/.*";
    http.Get(all, wrap(none));
    http.Post(all, wrap(none));
    http.Put(all, wrap(none));
    http.Patch(all, wrap(none));
    http.Delete(all, wrap(none));
    http.Options(all, wrap(none));
}

GuardedRoutes::Handler GuardedRoutes::wrap(Handler h) const {
    return [&g = guard, h = std::move(h)](const httplib::Request& req, httplib::Response& res) {
        if (auto r = g.check(req)) {
            res.status = r->status;
            res.set_content(nlohmann::json {{"error", r->message}}.dump(), "application/json");
            return;
        }
        h(req, res);
    };
}

} // namespace hq::serve
