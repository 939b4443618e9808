// SPDX-License-Identifier: GPL-3.0-or-later
// How a registered game name is played: its start position, board shape and the flags a
// game reads. Built by the variant registry; a game's Position may read it through an
// optional `set_variant(const VariantSpec&)` hook (see configure_position in game.h).
#pragma once

#include <string>
#include <vector>

namespace hq {

// A position `harlequin bench` searches (empty FEN: the start position).
struct BenchPosition {
    std::string fen;
    int depthOffset = 0; // games with long turns search shallower for the same effort
};

struct VariantSpec {
    std::string name;         // the UCI_Variant value, lowercase
    std::string startFen;     // what `position startpos` means
    int files = 8, ranks = 8; // board shape, for GUIs
    bool chess960 = false;    // king-takes-rook castling notation and Shredder FEN
    // Pieces that move unlike their chess namesakes, as "LETTER BETZA" (`K KnDnA`), for
    // GUIs that accept engine-defined games (XBoard's `piece` command). Given by the game.
    std::vector<std::string> pieceBetza = {};
    // XBoard's piece-to-char table for a game whose letters are not chess's (one letter
    // per XBoard piece type, `.` for unused, White's half then Black's); empty: chess's.
    std::string xboardPieces = {};
    // Why XBoard cannot play this game, as the game sees it (empty: it can). XBoard draws
    // two armies whose pieces belong to one side for good; a game whose pieces change
    // owner is not offered to it. Given by the game.
    std::string xboardUnplayable = {};
    // XBoard's own name for the game when XBoard knows its rules (`normal`,
    // `fischerandom`); empty: offered as an engine-defined variant under `name`.
    std::string xboardName = {};
    // The game's share of `harlequin bench` (every registered game must have some).
    std::vector<BenchPosition> bench = {};
    // Its reference perft file, tests/data/<perftFile>.epd (games of one rule set share
    // one: its FENs carry the fields that tell them apart). Every game must have one.
    std::string perftFile = {};
    // For a game whose rules end a game only when a player chooses to (no fifty-move
    // rule): the moves of each side after which `harlequin match` adjudicates a draw when
    // no -maxmoves is given; 0 for a game whose rules bound its length. Given by the game
    // through its registry entry (Martian Chess: `Martian::MatchMaxMoves`).
    int matchMaxMoves = 0;
};

} // namespace hq
