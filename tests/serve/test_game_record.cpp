// SPDX-License-Identifier: GPL-3.0-or-later
// The record of a `harlequin serve` game (protocol/serve/game_record.h) and its move tree,
// without a server: moves and variations, take-backs, cuts, the line shown, the clocks and
// the results a person gives; the record as stored (stored_codec.h: a row and the moves
// appended after it) and as PGN (game_pgn.h). tests/serve_http.py plays the same games
// through the real server.
#include "game_pgn.h"
#include "game_record.h"
#include "move_tree.h"
#include "stored_codec.h"
#include "variants/chess/chess960.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using hq::Color;
using hq::Result;
using hq::serve::GameRecord;
using hq::serve::MoveTree;
using hq::serve::PlayedMove;
using hq::serve::RecordData;
using hq::serve::Settings;

namespace {

GameRecord record_of(const std::vector<std::string>& moves, const std::string& game = "chess") {
    GameRecord r(game, "2026-12-04T12:42:14.250Z");
    REQUIRE_FALSE(r.restart("", moves, {}, -1));
    return r;
}

std::vector<std::string> record_line_texts(const GameRecord& r) {
    std::vector<std::string> out;
    for (int id : r.line()) out.push_back(r.moves().node(id)->move.text);
    return out;
}

PlayedMove record_move(const char* text) { return {text, text, hq::WHITE, 0, 0}; }

} // namespace

TEST_CASE("serve record: the move tree keeps a mainline and its variations", "[serve][record]") {
    MoveTree t;
    const int e4 = t.extend_mainline(record_move("e2e4"));
    const int d4 = t.add(0, record_move("d2d4"));
    const int e5 = t.extend_mainline(record_move("e7e5"));
    CHECK(t.mainline() == std::vector<int> {e4, e5});
    CHECK(t.main_end() == e5);
    CHECK(t.children(0) == std::vector<int> {e4, d4});
    CHECK(t.line_through(d4) == std::vector<int> {d4});
    CHECK(t.line_through(0) == std::vector<int> {e4, e5}); // the mainline is preferred
    CHECK(t.path(e5) == std::vector<int> {e4, e5});

    // A mainline move a variation already has is that variation's node.
    t.sync_mainline({record_move("d2d4")});
    CHECK(t.mainline() == std::vector<int> {d4});
    CHECK_FALSE(t.node(e4)); // the old mainline went, with its moves
    CHECK_FALSE(t.node(e5));
    CHECK(t.next_id() == 4); // ids are never reused

    CHECK_FALSE(MoveTree::from({}, {7})); // a mainline of unknown nodes
}

TEST_CASE("serve record: game moves are checked, timed and shown", "[serve][record]") {
    GameRecord r = record_of({});
    CHECK(r.start_fen() == r.referee().spec().startFen);
    auto continues = r.continues_game(0);
    REQUIRE(std::get<bool>(continues));
    CHECK(std::get<hq::serve::Refusal>(r.continues_game(1)).status == 409); // a stale page
    REQUIRE_FALSE(r.play("e2e4", 1500));
    REQUIRE_FALSE(r.play("e7e5", 20));
    auto bad = r.play("e1e3", 0);
    REQUIRE(bad);
    CHECK(bad->status == 400);
    CHECK(bad->message.find("illegal move 'e1e3'") == 0);
    CHECK(record_line_texts(r) == std::vector<std::string> {"e2e4", "e7e5"});
    const auto& t = r.moves();
    CHECK(t.node(t.mainline()[0])->move.san == "e4");
    CHECK(t.node(t.mainline()[0])->move.ms == 1500);
    CHECK(t.node(t.mainline()[1])->move.turn == 1);
    CHECK(r.to_move() == hq::WHITE);
    CHECK(r.shown(std::nullopt).gameEnd);
    CHECK(r.shown(1).referee->side_to_move() == hq::BLACK);
    CHECK_FALSE(r.shown(1).gameEnd);
}

TEST_CASE("serve record: variations, the line shown, cuts and take-backs", "[serve][record]") {
    GameRecord r = record_of({"e2e4", "e7e5", "g1f3"});
    // From the position after 1. e4: a variation 1... c5.
    REQUIRE_FALSE(std::get<bool>(r.continues_game(1)));
    const int c5 = std::get<int>(r.play_variation("c7c5", 1));
    CHECK(record_line_texts(r) == std::vector<std::string> {"e2e4", "c7c5"});
    CHECK(r.shown_ply() == 2);
    // The same move again follows the node made.
    REQUIRE_FALSE(r.show_line(0));
    CHECK(std::get<int>(r.play_variation("c7c5", 1)) == c5);
    // The game goes on while a variation is shown: the page stays there.
    REQUIRE_FALSE(r.play("b8c6", 0));
    CHECK(record_line_texts(r) == std::vector<std::string> {"e2e4", "c7c5"});
    REQUIRE_FALSE(r.view(1));
    CHECK(r.shown_ply() == 1);
    CHECK(r.view(5)->status == 400);

    CHECK(r.cut(r.moves().mainline()[0])->status == 409); // the game's own moves are kept
    REQUIRE_FALSE(r.cut(c5));
    CHECK_FALSE(r.moves().node(c5));
    CHECK(r.line() == r.moves().mainline()); // the line went back to where the cut was

    // Taking back: the moves after go, with their variations; the times of the rest stay.
    const int nf3 = r.moves().mainline()[2];
    REQUIRE_FALSE(std::get<bool>(r.continues_game(2)));
    const int d4 = std::get<int>(r.play_variation("d2d4", 2));
    REQUIRE_FALSE(r.take_back(2));
    CHECK_FALSE(r.moves().node(nf3));
    CHECK(r.moves().node(d4)); // a variation of the position kept stays
    CHECK(r.moves().mainline().size() == 2);
    CHECK(r.take_back(3)->status == 400);
}

TEST_CASE("serve record: clocks, time losses and results given by hand", "[serve][record]") {
    GameRecord r = record_of({});
    r.set_clocks(1000, 100);
    CHECK(r.clock().on());
    REQUIRE_FALSE(r.play("e2e4", 300));
    CHECK(r.clock_left(hq::WHITE) == 800); // 1000 - 300 + 100
    REQUIRE_FALSE(r.play("e7e5", 5000));   // past Black's time
    CHECK(r.over());
    CHECK(r.outcome().result == Result::WHITE_WINS);
    CHECK(r.outcome().reason == "Black loses on time");
    CHECK(r.ended_by_hand());

    GameRecord s = record_of({"e2e4"});
    s.resign(hq::BLACK);
    CHECK(s.outcome().reason == "Black resigns");
    REQUIRE_FALSE(s.take_back(0)); // a take-back takes the result back too
    CHECK_FALSE(s.over());
    s.agree_draw();
    CHECK(s.outcome().result == Result::DRAW);
}

TEST_CASE(
    "serve record: a new game from a FEN or a PGN, refused without change", "[serve][record]") {
    GameRecord r = record_of({"e2e4"});
    const int before = r.moves().next_id();
    CHECK(r.restart("not a fen", {}, {}, -1)->message.find("bad FEN") == 0);
    CHECK(r.restart("", {"e2e4", "e2e4"}, {}, -1)->message.find("illegal move 'e2e4'") == 0);
    CHECK(r.moves().mainline().size() == 1); // as it was

    auto read = hq::serve::read_pgn_game(
        "[Event \"x\"]\n[Result \"0-1\"]\n\n1. e4 e5 {White resigns} 0-1\n", 0, "chess");
    auto& game = std::get<hq::serve::PgnStart>(read);
    REQUIRE_FALSE(r.restart(game.fen, game.moves, game.end, -1));
    CHECK(r.moves().mainline().size() == 2);
    CHECK(r.moves().mainline()[0] >= before); // ids only grow, across new games too
    CHECK(r.outcome().reason == "White resigns");
    CHECK(std::get<hq::serve::Refusal>(hq::serve::read_pgn_game("1. e4 *", 0, "martian")).message
        == "the PGN is a game of chess");

    GameRecord c("chess960", "");
    REQUIRE_FALSE(c.restart(hq::chess::chess960_start_fen(518), {}, {}, -1));
    CHECK(c.start960() == 518); // the numbered start it is
}

TEST_CASE(
    "serve record: stored as a row and moves appended, read back the same", "[serve][record]") {
    GameRecord r = record_of({"e2e4", "e7e5"});
    r.set_clocks(60000, 0);
    std::get<int>(r.play_variation("c7c5", 1));
    Settings set;
    set.strength.level = 3;
    const std::string row = hq::serve::stored_json(r.data(), set).dump();
    // Two moves after the row was written: a game move and a variation.
    REQUIRE_FALSE(r.play("g1f3", 10));
    std::vector<std::string> moves {
        hq::serve::stored_move_json(r.move_data(r.moves().main_end())).dump()};
    REQUIRE_FALSE(r.show_line(0));
    const int d4 = std::get<int>(r.play_variation("d2d4", 0));
    moves.push_back(hq::serve::stored_move_json(r.move_data(d4)).dump());

    auto parsed = hq::serve::parse_stored(row, moves);
    auto& stored = std::get<hq::serve::StoredSession>(parsed);
    CHECK(stored.settings.strength.level == 3);
    const RecordData now = r.data();
    CHECK(stored.record.mainline == now.mainline);
    CHECK(stored.record.nodes.size() == now.nodes.size());
    CHECK(stored.record.lineEnd == d4);
    auto back = GameRecord::from(stored.record);
    auto& b = std::get<GameRecord>(back);
    CHECK(b.mainline_texts() == r.mainline_texts());
    CHECK(b.line() == r.line());
    CHECK(b.clock().base() == 60000);
    CHECK(b.moves().next_id() == r.moves().next_id());

    CHECK(std::holds_alternative<std::string>(hq::serve::parse_stored("{\"format\": 1}", {})));
    CHECK(std::holds_alternative<std::string>(hq::serve::parse_stored(row, {"{}"})));
}

TEST_CASE("serve record: written as PGN with its variations", "[serve][record]") {
    GameRecord r = record_of({"e2e4", "e7e5"});
    std::get<int>(r.play_variation("c7c5", 1));
    r.resign(hq::WHITE);
    const std::string pgn = hq::serve::record_pgn(r, "Human", "Harlequin (level 2)");
    CHECK(pgn.find("[White \"Human\"]") != std::string::npos);
    CHECK(pgn.find("[Black \"Harlequin (level 2)\"]") != std::string::npos);
    CHECK(pgn.find("[Date \"2026.12.04\"]") != std::string::npos);
    INFO(pgn);
    CHECK(pgn.find("1. e4 e5 ( 1... c5 ) {White resigns} 0-1") != std::string::npos);
    CHECK(pgn.find("[Termination \"normal\"]") != std::string::npos);
}
