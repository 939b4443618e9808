// SPDX-License-Identifier: GPL-3.0-or-later
// The variant registry: every game name Harlequin answers to, the factories that build
// its Engine, Referee and GameProbe, and what the front-ends know of it besides its rules
// (XBoard's profile, the bench catalog, numbered start positions). This is the one place
// where the runtime choice of game is made and games meet the front-ends
// (docs/adding-a-game.md).
#pragma once

#include "bench/bench_catalog.h"
#include "engine/engine.h"
#include "engine/game_probe.h"
#include "engine/referee.h"
#include "engine/skill.h"
#include "game_factories.h"
#include "protocol/xboard_profile.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hq {

// A game whose start may be one of a numbered set of arrays (Chess960's 960): start `n`
// of `count` for each side (the same number for both: the usual start).
struct NumberedStarts {
    int count = 0; // 0: the game has none
    std::string (*fen)(int white, int black) = nullptr;
};

// One registered game: its spec, aliases and factories, and the front-ends' data of it.
struct RegisteredGame {
    VariantSpec spec;
    std::vector<std::string_view> aliases;
    GameFactories make;
    XBoardProfile xboard = {};
    BenchCatalog bench = {};
    NumberedStarts starts = {};
    // The Skill Levels of the browser board's levels 1 to 8 in this game (docs/levels.md).
    Skill::LadderLevels ladder = Skill::Ladder;
};

// The registered game for a user-supplied name or alias, case-insensitive ("Standard" ->
// chess, "fischerandom" -> chess960); null if unknown. The one lookup a front-end needs.
[[nodiscard]] const RegisteredGame* find_game(std::string_view name);

// The registered games in the order they are advertised (UCI_Variant combo entries,
// XBoard's feature variants), whole and as their specs. Names are lowercase.
const std::vector<RegisteredGame>& registered_games();
const std::vector<VariantSpec>& registered_variants();

// The game a front-end starts with (the first registered one: standard chess).
const std::string& default_variant();

// The registered name for a user-supplied name or alias (find_game); nothing if unknown.
[[nodiscard]] std::optional<std::string> canonical_variant(std::string_view name);

// Builds an engine for a registered name or alias, at its start position, in
// king-takes-rook castling notation when `chess960`; null if unknown.
[[nodiscard]] std::unique_ptr<Engine> make_engine(std::string_view name, bool chess960 = false);

// Builds a referee (the rules as an arbiter sees them) for a registered name or alias.
[[nodiscard]] std::unique_ptr<Referee> make_referee(std::string_view name);

// Builds a probe (datagen's and the tuning export's view of a position) for a registered
// name or alias; null if unknown.
[[nodiscard]] std::unique_ptr<GameProbe> make_probe(std::string_view name);

// A registered game's XBoard profile, bench catalog and numbered starts (empty ones for an
// unknown name), and its ladder of levels (Skill::Ladder for an unknown name).
[[nodiscard]] const XBoardProfile& xboard_profile(std::string_view name);
[[nodiscard]] const BenchCatalog& bench_catalog(std::string_view name);
[[nodiscard]] const NumberedStarts& numbered_starts(std::string_view name);
[[nodiscard]] const Skill::LadderLevels& level_ladder(std::string_view name);

} // namespace hq
