// SPDX-License-Identifier: GPL-3.0-or-later
// What the registry builds for a game type G: its engine facade and its rules (the referee
// and the probe). Declared here for every G, defined only where HARLEQUIN_GAME(G) compiles
// them (the game's folder: variants/game_instance.h), so that the registry names a game's
// type without compiling its search.
#pragma once

#include "engine/engine.h"
#include "engine/game_probe.h"
#include "engine/variant_spec.h"

#include <memory>

namespace hq {

struct GameFactories {
    // The engine and the rules of a registered name, at its start position, in
    // king-takes-rook castling notation when the flag (or the spec) says so.
    std::unique_ptr<Engine> (*engine)(const VariantSpec&, bool chess960) = nullptr;
    std::unique_ptr<GameProbe> (*rules)(const VariantSpec&, bool chess960) = nullptr;
};

template <typename G> GameFactories game_factories();

} // namespace hq
