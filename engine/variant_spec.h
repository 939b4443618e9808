// SPDX-License-Identifier: GPL-3.0-or-later
// How a registered game name is played: its start position, board shape and the flags a
// game reads. Built by the variant registry; a game's Position may read it through an
// optional `set_variant(const VariantSpec&)` hook (see configure_position in game.h).
// What the front-ends know of a game besides its rules the registry keeps beside the spec
// (variants/registry.h), not in it.
#pragma once

#include <string>

namespace hq {

struct VariantSpec {
    std::string name;         // the UCI_Variant value, lowercase
    std::string startFen;     // what `position startpos` means
    int files = 8, ranks = 8; // board shape, for GUIs
    bool chess960 = false;    // king-takes-rook castling notation and Shredder FEN
};

} // namespace hq
