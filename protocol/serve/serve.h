// SPDX-License-Identifier: GPL-3.0-or-later
// `harlequin serve [--host 127.0.0.1] [--port 8080] [--engine PATH] ...` (the options:
// `harlequin serve --help`, bench/help.cpp): an HTTP server with a page that plays, watches
// and analyses every registered game (protocol/serve/web/), closed to other sites' pages
// (request_guard.h).
#pragma once

#include <string>
#include <vector>

namespace hq {

int serve_command(const std::vector<std::string>& args);

} // namespace hq
