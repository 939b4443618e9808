// SPDX-License-Identifier: GPL-3.0-or-later
// Perft for any game: the number of legal move sequences of a given length. The last ply
// is counted in bulk by the game's `count_legal`. A stop flag lets the protocol abort a
// long run; the result is then meaningless and the caller discards it.
#pragma once

#include "game.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

namespace hq {

template <Game G>
std::uint64_t perft(typename G::Position& pos, int depth, const std::atomic<bool>* stop = nullptr) {
    if (depth <= 0) return 1;
    if (depth == 1) return G::count_legal(pos);
    typename G::MoveList list;
    G::generate_legal(pos, list);
    std::uint64_t nodes = 0;
    for (auto m : list) {
        if (stop && stop->load(std::memory_order_relaxed)) break;
        pos.do_move(m);
        nodes += perft<G>(pos, depth - 1, stop);
        pos.undo_move(m);
    }
    return nodes;
}

// Perft with the count under each first move reported through `divide` (move text, count).
template <Game G>
std::uint64_t perft_divide(typename G::Position& pos, int depth,
    const std::function<void(const std::string&, std::uint64_t)>& divide,
    const std::atomic<bool>* stop = nullptr) {
    if (depth <= 0) return 1;
    typename G::MoveList list;
    G::generate_legal(pos, list);
    std::uint64_t total = 0;
    for (auto m : list) {
        if (stop && stop->load(std::memory_order_relaxed)) break;
        std::string text = pos.move_text(m);
        pos.do_move(m);
        std::uint64_t n = perft<G>(pos, depth - 1, stop);
        pos.undo_move(m);
        total += n;
        divide(text, n);
    }
    return total;
}

// A perft walk that checks, after every move, that the incremental key equals the key
// recomputed from scratch and that undo restores the FEN. Returns the first failure as
// text, or an empty string. Slow: for tests.
template <Game G> std::string perft_consistency(typename G::Position& pos, int depth) {
    if (depth <= 0) return {};
    typename G::MoveList list;
    G::generate_legal(pos, list);
    for (auto m : list) {
        std::string before = pos.fen();
        std::string text = pos.move_text(m);
        pos.do_move(m);
        if (pos.key() != pos.compute_key()) return "key mismatch after " + text + " from " + before;
        std::string err = perft_consistency<G>(pos, depth - 1);
        pos.undo_move(m);
        if (!err.empty()) return err;
        if (pos.fen() != before) return "undo of " + text + " did not restore " + before;
    }
    return {};
}

} // namespace hq
