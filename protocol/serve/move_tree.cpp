// SPDX-License-Identifier: GPL-3.0-or-later
#include "move_tree.h"

#include <algorithm>
#include <set>

namespace hq::serve {

std::optional<MoveTree> MoveTree::from(std::vector<TreeNode> nodes, std::vector<int> mainline) {
    MoveTree t;
    t.all = std::move(nodes);
    t.main = std::move(mainline);
    t.reindex();
    for (int id : t.main)
        if (!t.node(id)) return std::nullopt;
    for (const auto& n : t.all) t.nextId = std::max(t.nextId, n.id + 1);
    return t;
}

void MoveTree::reindex() {
    nodeIndex.clear();
    for (std::size_t i = 0; i < all.size(); ++i) nodeIndex[all[i].id] = i;
    mainIndex.clear();
    for (std::size_t i = 0; i < main.size(); ++i) mainIndex[main[i]] = i;
}

const TreeNode* MoveTree::node(int id) const {
    auto it = nodeIndex.find(id);
    return it == nodeIndex.end() ? nullptr : &all[it->second];
}

std::vector<int> MoveTree::path(int id) const {
    std::vector<int> out;
    for (const TreeNode* n = node(id); n; n = node(n->parent)) out.push_back(n->id);
    std::reverse(out.begin(), out.end());
    return out;
}

int MoveTree::preferred_child(int id) const {
    if (id == 0 && !main.empty()) return main[0];
    if (auto it = mainIndex.find(id); it != mainIndex.end() && it->second + 1 < main.size())
        return main[it->second + 1];
    for (const auto& n : all)
        if (n.parent == id) return n.id;
    return 0;
}

std::vector<int> MoveTree::line_through(int id) const {
    std::vector<int> out = path(id);
    for (int c = preferred_child(id); c; c = preferred_child(c)) out.push_back(c);
    return out;
}

std::vector<int> MoveTree::children(int parent) const {
    std::vector<int> out;
    for (const auto& n : all)
        if (n.parent == parent) out.push_back(n.id);
    return out;
}

int MoveTree::child(int parent, const std::string& text) const {
    for (const auto& n : all)
        if (n.parent == parent && n.move.text == text) return n.id;
    return 0;
}

int MoveTree::add(int parent, const PlayedMove& m) {
    const int id = nextId++;
    nodeIndex[id] = all.size();
    all.push_back({id, parent, m});
    return id;
}

int MoveTree::extend_mainline(const PlayedMove& m) {
    const int parent = main_end();
    int id = child(parent, m.text);
    if (id) all[nodeIndex[id]].move = m;
    else id = add(parent, m);
    mainIndex[id] = main.size();
    main.push_back(id);
    return id;
}

void MoveTree::sync_mainline(const std::vector<PlayedMove>& moves) {
    std::size_t keep = 0;
    while (keep < main.size() && keep < moves.size()
        && node(main[keep])->move.text == moves[keep].text)
        ++keep;
    if (keep < main.size()) erase(main[keep]); // the later mainline moves are below it
    for (std::size_t i = keep; i < moves.size(); ++i) extend_mainline(moves[i]);
}

void MoveTree::erase(int id) {
    std::set<int> gone {id};
    for (const auto& n : all) // children are made after their parents
        if (gone.count(n.parent)) gone.insert(n.id);
    std::erase_if(all, [&](const TreeNode& n) { return gone.count(n.id) > 0; });
    auto cut = std::find_if(main.begin(), main.end(), [&](int m) { return gone.count(m) > 0; });
    main.erase(cut, main.end());
    reindex();
}

} // namespace hq::serve
