// SPDX-License-Identifier: GPL-3.0-or-later
// What both GUI front-ends (uci.cpp, xboard.cpp) do when the GUI switches games: UCI's
// UCI_Variant, XBoard's `variant`.
#pragma once

#include "engine/engine.h"
#include "variants/registry.h"

#include <memory>
#include <string>

namespace hq {

// A new game's engine and what loading the front-end's files for it said, for the
// front-end to tell in its own words.
struct GameSwitch {
    std::unique_ptr<Engine> engine;
    std::string networkError;  // EvalFile does not load here: options.evalFile was cleared
    std::string networkNotice; // EvalFile is kept for another game, or another notice
    std::string tablesNotice;  // what loading SyzygyPath's tables found
};

// The engine of `game` at its start position, in king-takes-rook castling notation when
// `chess960`, with the options set so far (Hash, Threads, MultiPV...). A network file of
// another game does not fit the new one: it uses its built-in network, and an EvalFile that
// does not load at all is cleared from `options`.
[[nodiscard]] GameSwitch switch_game(
    const RegisteredGame& game, Engine::Options& options, bool chess960);

} // namespace hq
