// Shared helpers for the tests: reading perft EPD files and running an engine's perft
// synchronously through the facade, for any registered game.
#pragma once

#include "engine/engine.h"
#include "protocol/text.h"
#include "variants/registry.h"

#include <cstdint>
#include <fstream>
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

inline std::uint64_t run_perft(Engine& e, int depth) {
    std::uint64_t result = 0;
    e.go_perft(depth, {}, [&](std::uint64_t n, double) { result = n; });
    e.wait();
    return result;
}

} // namespace hq::test
