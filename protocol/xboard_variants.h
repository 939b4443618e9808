// SPDX-License-Identifier: GPL-3.0-or-later
// How the registered games are named and described to XBoard.
//
// XBoard knows some games by names of its own (XBoardProfile::name, given by the
// registry: protocol/xboard_profile.h); every other registered game is offered under its registry
// name, which XBoard 4.8+ treats as an engine-defined variant: on `variant NAME` the engine answers
// with a `setup` line (the piece letters, the board size, the parent variant `fairy` and the start
// position) and one `piece` line per piece that moves differently from its chess namesake, in Betza
// notation. What Betza cannot say (Ms. Chess's capture in passing, Male Backlash, the
// enhanced king's ban on passing over attacked squares; Multiple Move Chess's turns) XBoard
// cannot check: such games need XBoard's legality testing off, and Harlequin judges the
// moves (an illegal one is answered `Illegal move`).
#pragma once

#include "engine/variant_spec.h"
#include "variants/registry.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hq {

// The game XBoard's `new` sets up: its name for standard chess (CECP's `variant` command).
inline constexpr std::string_view XBOARD_NEW_GAME_VARIANT = "normal";

// XBoard's name for a registered game (XBoardProfile::name, else the registry name).
std::string xboard_variant_name(const VariantSpec& spec);

// The registered game for a name XBoard sends (a game's XBoard name, a registry name or
// alias, case-insensitive); nothing if unknown.
[[nodiscard]] const RegisteredGame* game_from_xboard(std::string_view name);

// Whether XBoard knows the game's rules itself (no `setup` needed).
bool xboard_knows(const VariantSpec& spec);

// Whether the game is offered to XBoard (`feature variants`, `variant NAME`): not when the
// game says XBoard cannot play it (XBoardProfile::unplayable: pieces that change
// owner, as in Control Chess and Martian Chess).
bool xboard_offers(const VariantSpec& spec);

// Whether XBoard writes the castling field of its FENs for this game as a list of unmoved
// pieces (file letters, `w E - 0 1`) instead of castling rights: XBoard 4.9.1 does so when
// White's king is described with an initial-move atom (`i`) and no castling (`O`), as
// Ms. Chess's enhanced king is when the woman plays White.
bool xboard_fen_lists_unmoved(const VariantSpec& spec);

// The `setup` and `piece` lines that define an engine-defined game for XBoard (without
// the command words' trailing newline); empty for the games XBoard knows, for games not
// offered to XBoard, and for games whose pieces XBoard's standard letters cannot show and
// that name no table of their own (XBoardProfile::pieces).
std::vector<std::string> xboard_setup_lines(const VariantSpec& spec);

} // namespace hq
