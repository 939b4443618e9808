// SPDX-License-Identifier: GPL-3.0-or-later
// PGN for the match runner and `harlequin serve`: writing a played game, reading games back
// (openings in PGN, checking a match's output). Writing follows the PGN export format: the seven
// tag roster first, SAN moves (or the game's own move text where it has no SAN), move numbers,
// lines of at most 79 characters.
//
// Games with several single moves a turn (Multiple Move Chess) are written turn by turn:
// a turn's single moves follow each other in order after the turn's number ("3. d4 e4"
// is White's whole third turn when White moves twice), and the next turn's number
// ("3... Nf6") says when the other side moves.
#pragma once

#include "engine/referee.h"
#include "engine/score.h"
#include "engine/types.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hq {

struct PgnMove {
    Color side = WHITE; // who played it
    std::string san;    // as the PGN shows it
    std::string comment;
};

// A variation (PGN's RAV, written in parentheses): moves played instead of the move `at` of
// the line it belongs to, and the variations inside it.
struct PgnVariation {
    std::size_t at = 0;
    std::vector<PgnMove> moves;
    std::vector<PgnVariation> variations;
};

struct PgnGame {
    // Tags in the order they are written; the seven tag roster is always written first
    // (Event, Site, Date, Round, White, Black, Result) and filled with "?" when missing.
    std::vector<std::pair<std::string, std::string>> tags;
    std::string fen; // the start position's FEN, to number the moves; empty: "1." first
    std::vector<PgnMove> moves;
    std::vector<PgnVariation> variations; // of the mainline, in the order written
    std::string finalComment;             // after the last move: how the game ended
    Result result = Result::NONE;

    void set_tag(const std::string& name, const std::string& value);
    std::optional<std::string> tag(const std::string& name) const;
};

// The full move number of a FEN, for numbering moves: its last all-digit field after the
// placement (chess's sixth field, also when a game adds fields after it, as Multiple Move
// Chess's "0/3"); 1 when it has none.
int fen_fullmove(const std::string& fen);

// The whole game as PGN text, ending with an empty line.
std::string pgn_text(const PgnGame& game);

// What a PGN reader finds in one game: its tags and its movetext's move tokens in order
// (move numbers, comments, variations, NAGs and the result token left out).
struct PgnRecord {
    std::map<std::string, std::string> tags;
    std::vector<std::string> moves;
    std::vector<std::string> comments; // every brace comment, in order, spaces normalized
    // The brace comments after each move (empty: none), one entry a move of `moves`: where
    // engine-vs-engine PGN keeps the mover's score ("+0.35/12 0.213s", "book").
    std::vector<std::string> moveComments;
    std::string resultToken; // "1-0", "0-1", "1/2-1/2", "*" or empty
};
// Reads every game in a text; on a syntax error the message (with its line).
struct PgnReadResult {
    std::vector<PgnRecord> games;
    std::string error;
};
PgnReadResult read_pgn(const std::string& text);

// A move as an engine or a PGN writes it: the referee's text, another text the referee
// accepts, or the SAN of a legal move (with or without +/#, !/? or "0-0" for "O-O").
std::optional<Referee::MoveNames> resolve_move(const Referee& referee, std::string_view token);

} // namespace hq
