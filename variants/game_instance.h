// SPDX-License-Identifier: GPL-3.0-or-later
// HARLEQUIN_GAME(G): the one line a game's folder needs to be built (its instance.cpp). It
// proves the game's stated hooks are the ones it has (check_hooks, engine/game.h) and
// compiles the game's engine facade and rules once, in that file, as the factories the
// registry calls (variants/game_factories.h). No other file includes this one.
#pragma once

#include "engine/game_engine.h"
#include "engine/game_rules.h"
#include "game_factories.h"

namespace hq {

template <typename G> GameFactories game_factories() {
    return {[](const VariantSpec& s, bool chess960) -> std::unique_ptr<Engine> {
                return std::make_unique<GameEngine<G>>(s, chess960);
            },
        [](const VariantSpec& s, bool chess960) -> std::unique_ptr<GameProbe> {
            return std::make_unique<GameRules<G>>(s, chess960);
        }};
}

} // namespace hq

// At namespace scope, with the game's type fully qualified (`hq::chess::Chess`).
#define HARLEQUIN_GAME(G)                                                                          \
    static_assert(::hq::check_hooks<G>(), "the stated hooks of " #G " are the ones it has");       \
    template ::hq::GameFactories hq::game_factories<G>();
