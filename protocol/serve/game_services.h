// SPDX-License-Identifier: GPL-3.0-or-later
// What every game of `harlequin serve` shares, handed to it by the server (server.h): the
// bounds fixed at start, the job thread, the search slots and the stored games. A game
// reaches nothing else of the server.
#pragma once

#include <string>

namespace hq::serve {

class JobQueue;
class SearchSlots;
class Storage;

// What the server is asked to bound and to offer, fixed at start.
struct ServerLimits {
    int maxGames = 32;
    int maxSearches = 8;
    int idleSeconds = 60;       // a game with no open page for this long is forgotten
    std::string externalEngine; // --engine: a UCI engine the page may choose as a player
};

struct GameServices {
    const ServerLimits& limits;
    JobQueue& jobs;
    SearchSlots& slots;
    Storage& storage;
};

} // namespace hq::serve
