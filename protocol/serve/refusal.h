// SPDX-License-Identifier: GPL-3.0-or-later
// A request `harlequin serve` refuses: the HTTP status and a message for the person, sent as
// {"error": message}. Sessions refuse moves and settings (session.h); the request guard
// refuses requests from other sites before any route runs (request_guard.h).
#pragma once

#include <string>

namespace hq::serve {

struct Refusal {
    int status = 400;
    std::string message;
};

} // namespace hq::serve
