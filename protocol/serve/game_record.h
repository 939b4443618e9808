// SPDX-License-Identifier: GPL-3.0-or-later
// The record of one game of `harlequin serve`: where it started, its move tree (the game's
// moves and the variations), the result a person or the clocks gave it (resigned, agreed,
// lost on time), the clocks, and the line and position the page shows. It checks every move
// against the game's rules (a Referee at the game's end) and knows nothing of engines,
// players, threads or HTTP: the session (session.h) drives it, the codecs write it as JSON.
#pragma once

#include "clocks.h"
#include "engine/referee.h"
#include "move_tree.h"
#include "refusal.h"

#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace hq::serve {

// A position of the line shown, for the page: its referee and whether it is the game's end.
struct Shown {
    int ply = 0;
    std::unique_ptr<Referee> owned;
    const Referee* referee = nullptr;
    bool gameEnd = false; // the end of the mainline (the game's own outcome applies)
    Outcome outcome;
};

// The record as stored (stored_codec.h): everything to resume it.
struct RecordData {
    std::string game, startFen, created;
    int start960 = -1;
    std::vector<TreeNode> nodes;
    std::vector<int> mainline;
    int lineEnd = 0;
    std::int64_t baseMs = 0, incMs = 0;
    std::int64_t clockMs[COLOR_NB] = {0, 0};
    Outcome manualEnd;
};

// What one move changed of the stored record: stored as a row of its own (store.h), so
// that a move does not rewrite the whole game.
struct RecordMove {
    TreeNode node;
    bool mainline = false;
    int lineEnd = 0;
    std::int64_t clockMs[COLOR_NB] = {0, 0};
    Outcome manualEnd;
};

class GameRecord {
public:
    // A game of `variant` at its start position, with no move; `created` as Store::now_iso.
    GameRecord(std::string variant, std::string created);
    GameRecord(GameRecord&&) noexcept = default;
    GameRecord& operator=(GameRecord&&) noexcept = default;

    // A stored record brought back; why not when it no longer replays.
    static std::variant<GameRecord, std::string> from(const RecordData& d);
    // The record to store, its clocks as they stand now.
    RecordData data() const;
    // What the move `node` changed of the record, to store after it.
    RecordMove move_data(int node) const;

    // A new game in this record: from `fen` (empty: the game's start) with `moves` (texts or
    // SAN), ended by `end` where the rules have not ended it, as Chess960 start `start960`
    // (-1: the one the FEN is, if any). On a refusal the record is as it was.
    std::optional<Refusal> restart(const std::string& fen, const std::vector<std::string>& moves,
        const Outcome& end, int start960);

    // ---- Moves ------------------------------------------------------------------------
    // Whether a move from `ply` moves into the line shown continues the game (true) or makes
    // a variation (false); a refusal for a ply the line does not have (a stale page).
    std::variant<bool, Refusal> continues_game(int ply) const;
    // The game's next move, which took `ms`: checked, played, timed. The page's line follows
    // it when it showed the game's end, or when `follow` (the page played it).
    std::optional<Refusal> play(const std::string& text, std::int64_t ms, bool follow = false);
    // A move from a position before the game's end (`ply` moves into the line shown): a
    // variation, shown. No clock runs for it. Its node id.
    std::variant<int, Refusal> play_variation(const std::string& text, int ply);
    // Takes the game back to its first `ply` moves (their variations go with the rest).
    std::optional<Refusal> take_back(int ply);
    // Results the rules do not give: `side` resigns; both sides agree to a draw.
    void resign(Color side);
    void agree_draw();
    // The clock of the side to move ran out: the game ends on time. False when it has not.
    bool flag_fall();

    // ---- The line shown ---------------------------------------------------------------
    std::optional<Refusal> show_line(int node);
    std::optional<Refusal> view(int ply);
    // Deletes a variation's node and its subtree; the game's own moves are refused.
    std::optional<Refusal> cut(int node);
    std::vector<int> line() const { return tree.line_through(lineEnd); }
    int shown_ply() const;
    // The position `ply` moves into the line shown (the shown one when absent).
    Shown shown(std::optional<int> ply) const;
    // The node `ply` moves into the line shown (0: the start).
    int line_node(int ply) const;

    // ---- The game ---------------------------------------------------------------------
    const std::string& variant() const { return variantName; }
    const std::string& created() const { return createdAt; }
    std::string start_fen() const;                            // never empty
    const std::string& given_fen() const { return startFen; } // empty: the game's start
    int start960() const { return start960Number; }
    const MoveTree& moves() const { return tree; }
    const Referee& referee() const { return *game; }
    Outcome outcome() const;
    bool over() const { return outcome().over(); }
    // A result given by a person or the clocks (not by the rules).
    bool ended_by_hand() const { return manualEnd.over(); }
    Color to_move() const { return game->side_to_move(); }
    std::vector<std::string> mainline_texts() const;
    // The position after `node` (0: the start) and its moves' texts from the start.
    std::unique_ptr<Referee> position_at(int node) const;
    std::vector<std::string> texts_to(int node) const;
    // A search line's moves in notation, from the position after `node`, as far as legal.
    std::vector<std::string> san_line(int node, const std::vector<std::string>& pv) const;

    // ---- Clocks -----------------------------------------------------------------------
    std::int64_t clock_left(Color c) const;
    const Clocks& clock() const { return clocks; }
    void set_clocks(std::int64_t base, std::int64_t inc) { clocks.set(base, inc); }
    void start_turn() { clocks.start_turn(); }

private:
    std::unique_ptr<Referee> referee_at(const std::vector<int>& ids, int ply) const;
    void drop_gone_cursor();

    std::string variantName, createdAt;
    std::string startFen; // empty: the variant's start
    int start960Number = -1;
    MoveTree tree;
    std::unique_ptr<Referee> game; // the position at the mainline's end
    Outcome manualEnd;             // resignation, agreed draw, time, a PGN's stated result
    Clocks clocks;
    int lineEnd = 0;             // the line shown runs through this node
    std::optional<int> shownPly; // the position shown in it (its end when absent)
};

} // namespace hq::serve
