// SPDX-License-Identifier: GPL-3.0-or-later
// What a game of `harlequin serve` is set to: who plays each side, Harlequin's strength and
// the clocks. Plain data: the page's JSON of it is read in settings_codec.h; the conductor
// (conductor.h) plays by the players and the strength, the game record (game_record.h)
// keeps the clocks.
#pragma once

#include "engine/skill.h"
#include "engine/types.h"

#include <cstdint>
#include <optional>
#include <string>

namespace hq::serve {

enum class Player { HUMAN, HARLEQUIN, EXTERNAL };
const char* player_name(Player p);
std::optional<Player> parse_player(const std::string& s);

// The levels a player picks Harlequin's strength from (the page's levels 1 to 8): level k
// is `Skill Level` ladder[k - 1], the game's ladder (variants/registry.h's level_ladder:
// engine/skill.h's Skill::Ladder unless the game's measurement chose other steps).
constexpr int MaxLevel = int(Skill::Ladder.size());
// The `Skill Level` of level 1..MaxLevel on `ladder`; of 0, full strength.
constexpr int skill_level(int level, const Skill::LadderLevels& ladder) {
    return level ? ladder[std::size_t(level - 1)] : int(Skill::Full);
}
// With a level, a move's search ends at the level's node budget (level 8: a few hundredths
// of a second); this time limit only makes sure it ends.
constexpr int LevelMoveTimeMs = 5000;

// Harlequin's strength on its moves: a level 1..MaxLevel, or 0: full strength with a time
// per move or a depth.
struct Strength {
    int level = 0;
    int moveTimeMs = 1000;
    int depth = 0; // when > 0, no time limit
    int multiPv = 1;
};

// The whole of a game's settings, as the page sends and reads them.
struct Settings {
    Player players[COLOR_NB] = {Player::HUMAN, Player::HARLEQUIN};
    Strength strength;
    // Clocks: off when baseMs is 0.
    std::int64_t baseMs = 0, incMs = 0;
    bool clockGiven = false; // the clock was (re)set: both sides start from baseMs
};

} // namespace hq::serve
