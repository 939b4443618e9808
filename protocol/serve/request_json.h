// SPDX-License-Identifier: GPL-3.0-or-later
// The JSON of `harlequin serve`'s requests and answers: a request's body read as an object,
// its fields checked one by one (the first bad field is the refusal), and answers written
// as JSON ({"error": message} for a refusal).
#pragma once

#include "json_words.h"
#include "refusal.h"

#include <httplib.h>

#include <optional>
#include <string>
#include <variant>

namespace hq::serve {

void send_json(httplib::Response& res, int status, const Json& j);
void send_error(httplib::Response& res, const Refusal& r);
// A game's state (200, or `status`) or a refusal.
void send_reply(httplib::Response& res, const std::variant<Json, Refusal>& reply, int status = 200);

// The request's JSON body; an empty body is an empty object.
std::variant<Json, Refusal> body_json(const httplib::Request& req);

// The fields of a body. Each read gives nothing when the field is absent; a field of the
// wrong type is refused with `bad` (by default: "\"name\" must be a string" or "... a whole
// number"). After the first refusal every read gives nothing, so that a handler reads all
// its fields and then answers the first problem.
class Fields {
public:
    explicit Fields(const Json& body)
        : body(body) { }

    bool has(const char* name) const { return !refusal && body.contains(name); }
    std::optional<std::string> text(const char* name, const std::string& bad = {});
    std::optional<int> whole(const char* name, const std::string& bad = {});
    std::optional<bool> flag(const char* name, const std::string& bad);
    // A field that must be there: `missing` says what it is for.
    template <class T> void require(const std::optional<T>& v, const std::string& missing) {
        if (!v) refuse(missing);
    }
    void refuse(const std::string& message) {
        if (!refusal) refusal = Refusal {400, message};
    }

    std::optional<Refusal> refusal;

private:
    const Json& body;
};

} // namespace hq::serve
