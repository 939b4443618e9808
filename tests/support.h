// SPDX-License-Identifier: GPL-3.0-or-later
// Shared helpers for the tests: reading perft EPD files, positions and their move texts,
// and running an engine's perft or search synchronously through the facade, for any
// registered game.
#pragma once

#include "engine/engine.h"
#include "engine/game.h"
#include "engine/perft.h"
#include "engine/referee.h"
#include "engine/text.h"
#include "protocol/xboard_board.h"
#include "variants/registry.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cctype>
#include <cstdint>
#include <fstream>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>
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

// The game whose rules a Position follows, for the helpers below that take a position: a
// rule-test file states it once, e.g.
// `template <> struct hq::test::GameOf<mschess::Position> : std::type_identity<MsChess> {};`
template <typename P> struct GameOf;

using Texts = std::vector<std::string>;

// A game's position from FEN; the test fails (with the message) if the FEN is refused. A
// rule-test file names it for its game: `constexpr auto from_fen = position_from_fen<G>;`.
template <Game G> typename G::Position position_from_fen(const std::string& fen) {
    typename G::Position p;
    auto err = p.set_fen(fen);
    INFO(fen << ": " << err.value_or(""));
    REQUIRE_FALSE(err.has_value());
    return p;
}

// A rank as FEN writes it, from its squares in file order, '.' for an empty one: "..k.P..."
// gives "2k1P3".
inline std::string fen_rank(std::string_view squares) {
    std::string out;
    int empty = 0;
    for (char c : squares) {
        if (c == '.') ++empty;
        else {
            if (empty) out += char('0' + empty);
            empty = 0;
            out += c;
        }
    }
    if (empty) out += char('0' + empty);
    return out;
}

// `v` in order (expected move lists are written in the order that reads best).
inline Texts sorted(Texts v) {
    std::sort(v.begin(), v.end());
    return v;
}

// The texts of every legal move, sorted.
template <typename P> Texts legal_texts(const P& p) {
    using G = typename GameOf<P>::type;
    typename G::MoveList list;
    G::generate_legal(p, list);
    Texts out;
    for (auto m : list) out.push_back(p.move_text(m));
    return sorted(out);
}

// Whether `text` is the text of a legal move here.
template <typename P> bool is_legal_text(const P& p, const std::string& text) {
    auto all = legal_texts(p);
    return std::find(all.begin(), all.end(), text) != all.end();
}

// The legal moves whose text starts with the square `from` (those of the piece there),
// sorted.
template <typename P> Texts moves_from(const P& p, const std::string& from) {
    Texts out;
    for (const auto& t : legal_texts(p))
        if (t.compare(0, from.size(), from) == 0) out.push_back(t);
    return out;
}

// The destination squares of the piece on `from`, sorted: the last two letters of its plain
// moves (four letters: no promotion, no second leg).
template <typename P> Texts targets_of(const P& p, const std::string& from) {
    Texts out;
    for (const auto& t : moves_from(p, from))
        if (t.size() == 4) out.push_back(t.substr(2));
    return out;
}

// Sets each FEN in turn: every one is refused with a message and leaves `p` as it was.
template <typename P> void check_refused(P& p, const std::vector<std::string>& fens) {
    const std::string before = p.fen();
    for (const std::string& fen : fens) {
        INFO(fen);
        auto err = p.set_fen(fen);
        REQUIRE(err.has_value());
        CHECK(!err->empty());
        CHECK(p.fen() == before);
    }
}

// The text `p` writes for the move it reads from `input`; the test fails if it reads none.
template <typename P> std::string written_as(const P& p, const std::string& input) {
    auto m = p.parse_move(input);
    INFO(input << " in " << p.fen());
    REQUIRE(m.has_value());
    return p.move_text(*m);
}

// Plays moves given as text; the test fails on the first one that is not legal.
template <typename P> void play(P& p, std::initializer_list<const char*> moves) {
    for (const char* t : moves) {
        auto m = p.parse_move(t);
        INFO(t << " in " << p.fen());
        REQUIRE(m.has_value());
        p.do_move(*m);
    }
}

// Walks every line to `depth` from each FEN, checking after every move that the incremental
// key equals the key recomputed from scratch and that undo restores the FEN
// (perft_consistency); a failure names the FEN it started from.
template <Game G> void check_consistency(const std::vector<std::string>& fens, int depth) {
    for (const std::string& fen : fens) {
        INFO(fen);
        auto p = position_from_fen<G>(fen);
        CHECK(perft_consistency<G>(p, depth) == "");
    }
}

// What one search reported: its last info, its best move and how many best moves it gave.
struct SearchResult {
    SearchInfo last;
    std::string best;
    int bestmoves = 0;
};

// Searches `fen` (the game's start position if empty) with `engine` to `limits`, waiting
// for the end; the test fails if the FEN is refused.
inline SearchResult search(Engine& engine, const std::string& fen, SearchLimits limits) {
    REQUIRE_FALSE(engine.set_position(fen, {}).has_value());
    SearchResult r;
    limits.start = now();
    engine.go(limits,
        {[&](const SearchInfo& i) { r.last = i; },
            [&](const std::string& b, const std::string&) {
                r.best = b;
                ++r.bestmoves;
            }});
    engine.wait();
    return r;
}

// The same with a new engine for the registered game `variant`.
inline SearchResult search(
    const std::string& variant, const std::string& fen, SearchLimits limits) {
    auto engine = make_engine(variant);
    REQUIRE(engine);
    return search(*engine, fen, limits);
}

inline std::uint64_t run_perft(Engine& e, int depth) {
    std::uint64_t result = 0;
    e.go_perft(depth, {}, [&](std::uint64_t n, double) { result = n; });
    e.wait();
    return result;
}

// The same orthodox position with colours swapped and the board flipped top to bottom
// (castling rights and the en passant square with them, the other side to move).
inline std::string chess_mirror_fen(const std::string& fen) {
    auto f = split_words(fen);
    std::vector<std::string> ranks;
    std::string cur;
    for (char c : f[0]) {
        if (c == '/') {
            ranks.push_back(cur);
            cur.clear();
        } else
            cur += std::isalpha(static_cast<unsigned char>(c))
                ? char(std::isupper(c) ? std::tolower(c) : std::toupper(c))
                : c;
    }
    ranks.push_back(cur);
    std::string board;
    for (auto it = ranks.rbegin(); it != ranks.rend(); ++it)
        board += (board.empty() ? "" : "/") + *it;
    std::string castling;
    for (char c : f[2])
        castling += c == '-' ? c : char(std::isupper(c) ? std::tolower(c) : std::toupper(c));
    std::sort(castling.begin(), castling.end(), [](char a, char b) {
        return std::isupper(a) != std::isupper(b) ? std::isupper(a) != 0 : a < b;
    });
    std::string ep = f[3] == "-" ? "-" : std::string {f[3][0], char('1' + '8' - f[3][1])};
    return board + (f[1] == "w" ? " b " : " w ") + castling + " " + ep + " " + f[4] + " " + f[5];
}

// The piece letter a referee shows on a square (`e5`), '\0' for none.
inline char letter_on(const Referee& r, const char* square) {
    int i = xboard::square_index(r, square);
    return i < 0 ? '\0' : xboard::piece_letters(r)[std::size_t(i)];
}

} // namespace hq::test
