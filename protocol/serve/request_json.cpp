// SPDX-License-Identifier: GPL-3.0-or-later
#include "request_json.h"

#include <fmt/format.h>

namespace hq::serve {

void send_json(httplib::Response& res, int status, const Json& j) {
    res.status = status;
    res.set_content(j.dump(), "application/json");
}

void send_error(httplib::Response& res, const Refusal& r) {
    send_json(res, r.status, {{"error", r.message}});
}

void send_reply(httplib::Response& res, const std::variant<Json, Refusal>& reply, int status) {
    if (auto* no = std::get_if<Refusal>(&reply)) return send_error(res, *no);
    send_json(res, status, std::get<Json>(reply));
}

std::variant<Json, Refusal> body_json(const httplib::Request& req) {
    if (req.body.empty()) return Json::object();
    Json j = Json::parse(req.body, nullptr, false);
    if (j.is_discarded()) return Refusal {400, "the body is not valid JSON"};
    if (!j.is_object()) return Refusal {400, "the body must be a JSON object"};
    return j;
}

std::optional<std::string> Fields::text(const char* name, const std::string& bad) {
    if (!has(name)) return std::nullopt;
    if (!body[name].is_string()) {
        refuse(bad.empty() ? fmt::format("\"{}\" must be a string", name) : bad);
        return std::nullopt;
    }
    return body[name].get<std::string>();
}

std::optional<int> Fields::whole(const char* name, const std::string& bad) {
    if (!has(name)) return std::nullopt;
    if (!body[name].is_number_integer()) {
        refuse(bad.empty() ? fmt::format("\"{}\" must be a whole number", name) : bad);
        return std::nullopt;
    }
    return body[name].get<int>();
}

std::optional<bool> Fields::flag(const char* name, const std::string& bad) {
    if (!has(name)) return std::nullopt;
    if (!body[name].is_boolean()) {
        refuse(bad);
        return std::nullopt;
    }
    return body[name].get<bool>();
}

} // namespace hq::serve
