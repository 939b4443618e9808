// SPDX-License-Identifier: GPL-3.0-or-later
// Shared helpers for the tests: reading perft EPD files and running an engine's perft
// synchronously through the facade, for any registered game.
#pragma once

#include "engine/engine.h"
#include "engine/game.h"
#include "engine/text.h"
#include "variants/registry.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <fstream>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <vector>

namespace hq::test {

struct PerftCase {
    std::string fen;
    std::vector<std::pair<int, std::uint64_t>> counts; // (depth, nodes)
};

// Lines `FEN ;D1 n ;D2 n ...`.
inline std::vector<PerftCase> read_epd(const std::string& file) {
    std::ifstream in(std::string(HARLEQUIN_TEST_DATA) + "/" + file);
    if (!in) throw std::runtime_error("cannot open test data " + file);
    std::vector<PerftCase> cases;
    std::string line;
    while (std::getline(in, line)) {
        auto semi = line.find(';');
        if (semi == std::string::npos) continue;
        PerftCase c;
        c.fen = join_words(split_words(line.substr(0, semi)), 0, 99);
        std::size_t pos = semi;
        while (pos != std::string::npos) {
            std::size_t next = line.find(';', pos + 1);
            auto words = split_words(line.substr(pos + 1, next - pos - 1));
            if (words.size() == 2 && words[0].size() >= 2 && words[0][0] == 'D')
                c.counts.emplace_back(std::stoi(words[0].substr(1)), std::stoull(words[1]));
            pos = next;
        }
        cases.push_back(c);
    }
    return cases;
}

// A game's position from FEN; the test fails (with the message) if the FEN is refused.
template <Game G> typename G::Position position_from_fen(const std::string& fen) {
    typename G::Position p;
    auto err = p.set_fen(fen);
    INFO(fen << ": " << err.value_or(""));
    REQUIRE_FALSE(err.has_value());
    return p;
}

// The texts of every legal move, sorted.
template <Game G> std::vector<std::string> legal_move_texts(const typename G::Position& p) {
    typename G::MoveList list;
    G::generate_legal(p, list);
    std::vector<std::string> out;
    for (auto m : list) out.push_back(p.move_text(m));
    std::sort(out.begin(), out.end());
    return out;
}

// Whether `text` is the text of a legal move here.
template <Game G> bool is_legal_text(const typename G::Position& p, const std::string& text) {
    auto all = legal_move_texts<G>(p);
    return std::find(all.begin(), all.end(), text) != all.end();
}

// Plays moves given as text; the test fails on the first one that is not legal.
template <Game G>
void play_moves(typename G::Position& p, std::initializer_list<const char*> moves) {
    for (const char* t : moves) {
        auto m = p.parse_move(t);
        INFO(t << " in " << p.fen());
        REQUIRE(m.has_value());
        p.do_move(*m);
    }
}

inline std::uint64_t run_perft(Engine& e, int depth) {
    std::uint64_t result = 0;
    e.go_perft(depth, {}, [&](std::uint64_t n, double) { result = n; });
    e.wait();
    return result;
}

} // namespace hq::test
