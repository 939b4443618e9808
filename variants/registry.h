// SPDX-License-Identifier: GPL-3.0-or-later
// The variant registry: every game name Harlequin answers to, and the factories that build
// its Engine, Referee and GameProbe. This is the one place where the runtime choice of game
// is made (docs/adding-a-game.md).
#pragma once

#include "engine/engine.h"
#include "engine/game_probe.h"
#include "engine/referee.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hq {

// The registered games in the order they are advertised (UCI_Variant combo entries,
// XBoard's feature variants). Names are lowercase.
const std::vector<VariantSpec>& registered_variants();

// The game a front-end starts with (the first registered one: standard chess).
const std::string& default_variant();

// The registered name for a user-supplied name or alias, case-insensitive
// ("Standard" -> "chess", "fischerandom" -> "chess960"); nothing if unknown.
[[nodiscard]] std::optional<std::string> canonical_variant(std::string_view name);

// Builds an engine for a registered name (after canonical_variant); null if unknown.
[[nodiscard]] std::unique_ptr<Engine> make_engine(std::string_view name);

// Builds a referee (the rules as an arbiter sees them) for a registered name or alias.
[[nodiscard]] std::unique_ptr<Referee> make_referee(std::string_view name);

// Builds a probe (datagen's and the tuning export's view of a position) for a registered
// name or alias; null if unknown.
[[nodiscard]] std::unique_ptr<GameProbe> make_probe(std::string_view name);

} // namespace hq
