// SPDX-License-Identifier: GPL-3.0-or-later
// The moves of a game of `harlequin serve` as a tree: the game's own moves (the mainline)
// and the variations played from its positions. Node 0 is the start position (no move);
// ids only grow, so that a page that saw a node never sees its id reused for another move.
// Pure data: no rules (game_record.h checks the moves), no threads.
#pragma once

#include "engine/types.h"

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace hq::serve {

struct PlayedMove {
    std::string text, san; // as the referee writes it, and as PGN reads it
    Color side = WHITE;
    int turn = 0;        // turns counted from 0: a new turn starts when the mover changes
    std::int64_t ms = 0; // how long the mover took
};

struct TreeNode {
    int id = 0, parent = 0;
    PlayedMove move;
};

class MoveTree {
public:
    // An empty tree whose first move gets `firstId`.
    explicit MoveTree(int firstId = 1)
        : nextId(firstId) { }
    // A tree as stored; nothing when a mainline id is not one of its nodes.
    static std::optional<MoveTree> from(std::vector<TreeNode> nodes, std::vector<int> mainline);

    // Every move, in the order made (a parent before its children).
    const std::vector<TreeNode>& nodes() const { return all; }
    const std::vector<int>& mainline() const { return main; }
    // The mainline's last node, 0 when the game has no move.
    int main_end() const { return main.empty() ? 0 : main.back(); }
    int next_id() const { return nextId; }

    const TreeNode* node(int id) const; // nullptr for 0 or unknown
    bool on_mainline(int id) const { return mainIndex.count(id) > 0; }
    // Node ids from the start to `id` (empty for 0).
    std::vector<int> path(int id) const;
    // The line through `id`: its path, continued by preferred children to the end.
    std::vector<int> line_through(int id) const;
    std::vector<int> children(int parent) const;
    // The child of `parent` that is the move `text`, 0 when there is none.
    int child(int parent, const std::string& text) const;

    // A new move after `parent`, off the mainline; its id.
    int add(int parent, const PlayedMove& m);
    // The mainline's next move: a variation that already has the move becomes the
    // mainline's (its move as given now); its id.
    int extend_mainline(const PlayedMove& m);
    // Makes the mainline these moves: the longest prefix that agrees is kept, the moves
    // after it go with their variations, new moves get nodes.
    void sync_mainline(const std::vector<PlayedMove>& moves);
    // Deletes a node with everything below it (the mainline ends before it).
    void erase(int id);

private:
    // The child a line continues with: the mainline's when there is one, else the first made.
    int preferred_child(int id) const;
    void reindex();

    std::vector<TreeNode> all;
    std::vector<int> main;
    std::unordered_map<int, std::size_t> nodeIndex, mainIndex; // id -> index in all, main
    int nextId = 1;
};

} // namespace hq::serve
