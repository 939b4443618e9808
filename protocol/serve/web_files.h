// SPDX-License-Identifier: GPL-3.0-or-later
// The page `harlequin serve` serves (protocol/serve/web/), compiled into the binary by
// protocol/serve/embed.cmake.
#pragma once

#include <string_view>
#include <vector>

namespace hq {

struct WebFile {
    std::string_view name; // "index.html", "app.js", ...
    std::string_view bytes;
};

const std::vector<WebFile>& web_files();

} // namespace hq
