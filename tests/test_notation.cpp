// SPDX-License-Identifier: GPL-3.0-or-later
// Algebraic notation of the games with chess pieces besides chess (docs/rules.md,
// "Notation"): Ms. Chess, Multiple Move Chess and Control. Each legal move's notation is
// unlike its coordinate text for most moves of the start, distinct from the other moves'
// in the perft files' positions and one move after them, and read back by the project's
// PGN reading (resolve_move, which `-checkpgn`, openings in PGN and `harlequin serve` use)
// as the same move, also through a whole PGN written and read again.
#include "support.h"

#include "protocol/pgn.h"
#include "variants/registry.h"

#include <catch2/catch.hpp>
#include <map>
#include <set>

using namespace hq;

namespace {

struct NotationGame {
    const char* name;
    const char* epd;
};
constexpr NotationGame Games[]
    = {{"mschess", "mschess.epd"}, {"multimove", "multimove.epd"}, {"control", "control.epd"}};

std::string without_marks(std::string s) {
    while (!s.empty() && (s.back() == '+' || s.back() == '#')) s.pop_back();
    return s;
}

// Every legal move of the referee's position: its notation is distinct (check marks aside)
// and resolve_move reads it as the same move. Returns the notations.
std::vector<std::string> check_position(const Referee& ref, bool readBack) {
    std::map<std::string, std::string> seen; // notation -> move text
    std::vector<std::string> out;
    for (const auto& text : ref.legal_moves()) {
        auto names = ref.describe(text);
        REQUIRE(names);
        INFO(ref.fen() << " " << text << " " << names->san);
        CHECK(!names->san.empty());
        auto [it, fresh] = seen.emplace(without_marks(names->san), text);
        CHECK(fresh);
        if (readBack) {
            auto back = resolve_move(ref, names->san);
            REQUIRE(back);
            CHECK(back->text == names->text);
        }
        out.push_back(names->san);
    }
    return out;
}

} // namespace

TEST_CASE("most moves from the start are written unlike their coordinate text", "[notation]") {
    for (const auto& g : Games) {
        INFO(g.name);
        auto ref = make_referee(g.name);
        REQUIRE(ref);
        auto moves = ref->legal_moves();
        REQUIRE(!moves.empty());
        std::size_t unlike = 0;
        for (const auto& text : moves)
            if (ref->describe(text)->san != text) ++unlike;
        CHECK(2 * unlike >= moves.size());
    }
}

TEST_CASE("every move's notation is distinct and reads back as the move in the perft "
          "positions and one move after them",
    "[notation]") {
    for (const auto& g : Games) {
        auto cases = test::read_epd(g.epd);
        REQUIRE(!cases.empty());
        auto ref = make_referee(g.name);
        REQUIRE(ref);
        for (const auto& c : cases) {
            INFO(g.name << " " << c.fen);
            REQUIRE_FALSE(ref->set_position(c.fen).has_value());
            check_position(*ref, true);
            auto moves = ref->legal_moves();
            for (std::size_t i = 0; i < moves.size(); ++i) {
                REQUIRE_FALSE(ref->set_position(c.fen).has_value());
                REQUIRE_FALSE(ref->play(moves[i]).has_value());
                check_position(*ref, i % 4 == 0);
            }
        }
    }
}

TEST_CASE("a game written as PGN in the notation reads back move for move", "[notation][pgn]") {
    for (const auto& g : Games) {
        INFO(g.name);
        auto ref = make_referee(g.name);
        REQUIRE(ref);
        PgnGame game;
        std::vector<std::string> texts;
        std::uint64_t seed = 12345;
        for (int ply = 0; ply < 80 && ref->outcome().result == Result::NONE; ++ply) {
            auto moves = ref->legal_moves();
            if (moves.empty()) break;
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            const auto& text = moves[(seed >> 33) % moves.size()];
            auto names = ref->describe(text);
            REQUIRE(names);
            game.moves.push_back({ref->side_to_move(), names->san, {}});
            texts.push_back(names->text);
            REQUIRE_FALSE(ref->play(text).has_value());
        }
        REQUIRE(texts.size() >= 10);
        auto read = read_pgn(pgn_text(game));
        REQUIRE(read.error.empty());
        REQUIRE(read.games.size() == 1);
        const auto& tokens = read.games[0].moves;
        REQUIRE(tokens.size() == texts.size());
        auto again = make_referee(g.name);
        for (std::size_t i = 0; i < tokens.size(); ++i) {
            INFO("move " << i << " " << tokens[i]);
            auto names = resolve_move(*again, tokens[i]);
            REQUIRE(names);
            CHECK(names->text == texts[i]);
            REQUIRE_FALSE(again->play(names->text).has_value());
        }
    }
}

TEST_CASE("Multiple Move Chess marks a check only on the single move that ends the turn",
    "[notation][multimove]") {
    auto ref = make_referee("multimove");
    REQUIRE(ref);
    // Ra8 gives check as the first of two single moves: no mark; as a turn's only move: `+`.
    REQUIRE_FALSE(ref->set_position("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 0/2").has_value());
    CHECK(ref->describe("a1a8")->san == "Ra8");
    REQUIRE_FALSE(ref->set_position("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 0/1").has_value());
    CHECK(ref->describe("a1a8")->san == "Ra8+");
    // A mate at the end of the turn: the king on h8 boxed in by its own pawns.
    REQUIRE_FALSE(ref->set_position("7k/6pp/8/8/8/8/8/R3K3 w - - 0 1 0/1").has_value());
    CHECK(ref->describe("a1a8")->san == "Ra8#");
}
