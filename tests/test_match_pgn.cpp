// SPDX-License-Identifier: GPL-3.0-or-later
// PGN writing and reading for the match runner, the referee's SAN, and openings files.
#include "bench/openings.h"
#include "bench/pgn_check.h"
#include "engine/text.h"
#include "protocol/pgn.h"
#include "variants/registry.h"

#include <catch2/catch.hpp>
#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>
#include <unistd.h>

using namespace hq;

namespace {

PgnGame sample_game() {
    PgnGame g;
    g.set_tag("Event", "Test");
    g.set_tag("White", "A");
    g.set_tag("Black", "B");
    g.set_tag("Variant", "chess");
    g.set_tag("TimeControl", "2+0.05");
    g.set_tag("Termination", "normal");
    g.moves = {{WHITE, "f3", "+0.10/5 0.20s"}, {BLACK, "e5", "-0.12/6 0.31s"},
        {WHITE, "g4", "-3.00/7 0.11s"}, {BLACK, "Qh4#", "+M1/9 0.05s"}};
    g.finalComment = "Black mates";
    g.result = Result::BLACK_WINS;
    return g;
}

std::string temp_file(const std::string& text) {
    char name[] = "/tmp/hq_test_XXXXXX";
    int fd = mkstemp(name);
    REQUIRE(fd >= 0);
    close(fd);
    std::ofstream(name) << text;
    return name;
}

} // namespace

TEST_CASE(
    "PGN export: seven tag roster first, then the other tags, SAN with comments", "[match][pgn]") {
    CHECK(pgn_text(sample_game())
        == "[Event \"Test\"]\n"
           "[Site \"?\"]\n"
           "[Date \"?\"]\n"
           "[Round \"?\"]\n"
           "[White \"A\"]\n"
           "[Black \"B\"]\n"
           "[Result \"0-1\"]\n"
           "[Variant \"chess\"]\n"
           "[TimeControl \"2+0.05\"]\n"
           "[Termination \"normal\"]\n"
           "\n"
           "1. f3 {+0.10/5 0.20s} 1... e5 {-0.12/6 0.31s} 2. g4 {-3.00/7 0.11s} 2... Qh4#\n"
           "{+M1/9 0.05s} {Black mates} 0-1\n"
           "\n");
}

TEST_CASE(
    "PGN export numbers a game that starts with Black from the FEN's move number", "[match][pgn]") {
    PgnGame g;
    g.fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 12";
    g.moves = {{BLACK, "e5", ""}, {WHITE, "Nf3", ""}, {BLACK, "Nc6", ""}};
    g.result = Result::DRAW;
    std::string text = pgn_text(g);
    CHECK(text.substr(text.find("\n\n") + 2) == "12... e5 13. Nf3 Nc6 1/2-1/2\n\n");
}

TEST_CASE(
    "PGN export writes the single moves of a turn in order under one number", "[match][pgn]") {
    // Multiple Move Chess: White moves twice, then Black twice; the move number is the
    // FEN's sixth field, before the turn counter.
    PgnGame g;
    g.fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 7 0/2";
    g.moves = {{WHITE, "d4", ""}, {WHITE, "e4", ""}, {BLACK, "d5", ""}, {BLACK, "e5", ""},
        {WHITE, "Nf3", ""}};
    g.result = Result::NONE;
    std::string text = pgn_text(g);
    CHECK(text.substr(text.find("\n\n") + 2) == "7. d4 e4 7... d5 e5 8. Nf3 *\n\n");
}

TEST_CASE("PGN export keeps lines within 79 columns and escapes tag values", "[match][pgn]") {
    PgnGame g;
    g.set_tag("White", "say \"hi\"\\");
    for (int i = 0; i < 60; ++i)
        g.moves.push_back({i % 2 ? BLACK : WHITE, i % 2 ? "Nf6" : "Nf3", "+0.01/10 0.10s"});
    g.result = Result::DRAW;
    std::string text = pgn_text(g);
    CHECK(text.find("[White \"say \\\"hi\\\"\\\\\"]") != std::string::npos);
    std::size_t start = 0, longest = 0;
    while (start < text.size()) {
        std::size_t nl = text.find('\n', start);
        longest = std::max(longest, nl - start);
        start = nl + 1;
    }
    CHECK(longest <= 79);
}

TEST_CASE("read_pgn reads back the tags, moves and comments that pgn_text writes", "[match][pgn]") {
    std::string two = pgn_text(sample_game()) + pgn_text(sample_game());
    auto r = read_pgn(two);
    REQUIRE(r.error.empty());
    REQUIRE(r.games.size() == 2);
    const PgnRecord& g = r.games[1];
    CHECK(g.tags.at("White") == "A");
    CHECK(g.tags.at("Result") == "0-1");
    CHECK(g.moves == std::vector<std::string> {"f3", "e5", "g4", "Qh4#"});
    CHECK(g.comments.back() == "Black mates");
    CHECK(g.resultToken == "0-1");
}

TEST_CASE(
    "read_pgn skips variations and NAGs and reports syntax errors with the line", "[match][pgn]") {
    auto r = read_pgn("[Event \"x\"]\n\n1. e4 $1 (1. d4 d5 (1... Nf6)) 1... c5 2.Nf3 *\n");
    REQUIRE(r.error.empty());
    REQUIRE(r.games.size() == 1);
    CHECK(r.games[0].moves == std::vector<std::string> {"e4", "c5", "Nf3"});
    auto bad = read_pgn("[Event \"x\"]\n\n1. e4 {never closed\n");
    CHECK(bad.error == "line 3: unterminated comment");
    auto badTag = read_pgn("[Event \"x]\n");
    CHECK(badTag.error.rfind("line 1:", 0) == 0);
}

TEST_CASE("the chess referee names moves in SAN: pieces, disambiguation, castling, "
          "promotion, check and mate",
    "[match][pgn][san]") {
    auto ref = make_referee("chess");
    auto san = [&](const char* move) {
        auto names = ref->describe(move);
        REQUIRE(names);
        return names->san;
    };
    REQUIRE(!ref->set_position({}));
    CHECK(san("e2e4") == "e4");
    CHECK(san("g1f3") == "Nf3");
    CHECK(!ref->describe("e2e5"));
    // Knights on c3 and e3 both reach d5: the file tells them apart.
    REQUIRE(!ref->set_position("4k3/8/8/8/8/2N1N3/8/R3K2R w KQ - 0 1"));
    CHECK(san("c3d5") == "Ncd5");
    CHECK(san("e1g1") == "O-O");
    CHECK(san("e1c1") == "O-O-O");
    CHECK(san("a1a8") == "Ra8+");
    // Knights on a1 and a5 both reach b3: the rank does.
    REQUIRE(!ref->set_position("4k3/8/8/N7/8/8/8/N3K3 w - - 0 1"));
    CHECK(san("a1b3") == "N1b3");
    REQUIRE(!ref->set_position("7k/1P6/8/8/8/8/8/K7 w - - 0 1"));
    CHECK(san("b7b8q") == "b8=Q+");
    CHECK(san("b7b8n") == "b8=N");
    REQUIRE(!ref->set_position("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2"));
    CHECK(san("d8h4") == "Qh4#");
    // Chess960 castling is king-takes-rook in text, O-O in SAN.
    auto c960 = make_referee("chess960");
    REQUIRE(!c960->set_position("rk5r/p7/8/8/8/8/P7/RK5R w HAha - 0 1"));
    auto names = c960->describe("b1h1");
    REQUIRE(names);
    CHECK(names->text == "b1h1");
    CHECK(names->san == "O-O");
}

TEST_CASE(
    "resolve_move accepts the referee's text, SAN, and SAN with annotations", "[match][pgn][san]") {
    auto ref = make_referee("chess");
    REQUIRE(!ref->set_position({}));
    CHECK(resolve_move(*ref, "e2e4")->text == "e2e4");
    CHECK(resolve_move(*ref, "Nf3")->text == "g1f3");
    CHECK(resolve_move(*ref, "e4!?")->text == "e2e4");
    CHECK(!resolve_move(*ref, "Ke2"));
    CHECK(!resolve_move(*ref, "e2e5"));
}

TEST_CASE("EPD openings are read with the referee, skipping EPD operations", "[match][pgn]") {
    auto file
        = temp_file("# comment\n"
                    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - bm e5; id \"a\";\n"
                    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n");
    OpeningsConfig cfg;
    cfg.file = file;
    auto load = load_openings(cfg, "chess");
    REQUIRE(load.error.empty());
    REQUIRE(load.openings.size() == 2);
    CHECK(load.openings[0].fen == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    CHECK(!load.openings[0].startpos);
    CHECK(load.openings[1].startpos);
    std::remove(file.c_str());

    auto bad = temp_file("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1\n");
    cfg.file = bad;
    CHECK(!load_openings(cfg, "chess").error.empty());
    std::remove(bad.c_str());
}

TEST_CASE("PGN openings are replayed in SAN and cut at plies=", "[match][pgn]") {
    auto file = temp_file("[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n\n"
                          "[Event \"b\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 *\n");
    OpeningsConfig cfg;
    cfg.file = file;
    cfg.format = "pgn";
    cfg.plies = 4;
    auto load = load_openings(cfg, "chess");
    REQUIRE(load.error.empty());
    REQUIRE(load.openings.size() == 2);
    CHECK(load.openings[0].moves == std::vector<std::string> {"e2e4", "e7e5", "g1f3", "b8c6"});
    CHECK(load.openings[0].sans == std::vector<std::string> {"e4", "e5", "Nf3", "Nc6"});
    CHECK(load.openings[1].fen == "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    std::remove(file.c_str());

    auto bad = temp_file("1. e4 e4 *\n");
    cfg.file = bad;
    auto err = load_openings(cfg, "chess").error;
    CHECK(err.find("illegal move 'e4'") != std::string::npos);
    std::remove(bad.c_str());
}

TEST_CASE("the shipped opening files load for their games", "[match][pgn]") {
    for (const char* game : {"chess", "chess960"}) {
        OpeningsConfig cfg;
        cfg.file = std::string(HARLEQUIN_TEST_DATA) + "/../../bench/openings/" + game + ".epd";
        auto load = load_openings(cfg, game);
        INFO(game);
        CHECK(load.error.empty());
        CHECK(load.openings.size() == 100);
    }
}

TEST_CASE(
    "the PGN check replays games and finds results the moves do not imply", "[match][pgn][check]") {
    auto check = [](const std::string& pgn) {
        auto read = read_pgn(pgn);
        REQUIRE(read.error.empty());
        return check_games(read.games);
    };
    const std::string mate = "1. f3 e5 2. g4 Qh4# ";
    CHECK(check("[Result \"0-1\"]\n[Termination \"normal\"]\n\n" + mate + "{Black mates} 0-1\n")
              .empty());
    CHECK(check("[Result \"1-0\"]\n\n" + mate + "1-0\n")
        == std::vector<std::string> {"game 1: result 1-0 but the moves give 0-1 (Black mates)"});
    CHECK(check("[Result \"0-1\"]\n\n" + mate + "3. Kf2 0-1\n")
        == std::vector<std::string> {
            "game 1: move 'Kf2' at ply 5 after the game ended (Black mates)"});
    CHECK(check("[Result \"0-1\"]\n\n1. e4 e5 2. Ke3 0-1\n")
        == std::vector<std::string> {"game 1: illegal move 'Ke3' at ply 3"});
    CHECK(check("[Result \"0-1\"]\n[Termination \"time forfeit\"]\n\n1. e4 {White loses on "
                "time} 0-1\n")
              .empty());
    CHECK(check("[Result \"1-0\"]\n[Termination \"time forfeit\"]\n\n1. e4 {White loses on "
                "time} 1-0\n")
        == std::vector<std::string> {"game 1: result 1-0 but 'White loses on time' means 0-1"});
    CHECK(check("[Result \"1/2-1/2\"]\n[Termination \"normal\"]\n\n1. e4 1/2-1/2\n").size() == 1);
    CHECK(check("[Result \"0-1\"]\n[PlyCount \"3\"]\n\n" + mate + "0-1\n")
        == std::vector<std::string> {"game 1: PlyCount 3 for 4 moves"});
    // Martian Chess names its sides South (White) and North (Black).
    const std::string martian = "[Variant \"martian\"]\n[Termination \"time forfeit\"]\n";
    CHECK(check("[Result \"1-0\"]\n" + martian + "\n1. c3b4 {North loses on time} 1-0\n").empty());
    CHECK(check("[Result \"0-1\"]\n" + martian + "\n1. c3b4 {North loses on time} 0-1\n")
        == std::vector<std::string> {"game 1: result 0-1 but 'North loses on time' means 1-0"});
    CHECK(check("[Result \"0-1\"]\n" + martian + "\n1. c3b4 {South resigns} 0-1\n").empty());
}

TEST_CASE("the openings generator writes distinct positions the referee accepts, the same "
          "for the same seed",
    "[match][pgn][openings]") {
    auto generate = [](const char* seed) {
        auto file = temp_file("");
        REQUIRE(openings_command({"-variant", "chess", "-count", "20", "-plies", "6", "-seed", seed,
                    "-out", file})
            == 0);
        std::ifstream in(file);
        std::stringstream text;
        text << in.rdbuf();
        OpeningsConfig cfg;
        cfg.file = file;
        auto load = load_openings(cfg, "chess");
        std::remove(file.c_str());
        REQUIRE(load.error.empty());
        REQUIRE(load.openings.size() == 20);
        std::set<std::string> fens;
        for (const auto& o : load.openings) {
            fens.insert(o.fen);
            CHECK(split_words(o.fen)[5] == "4"); // six plies played: move 4, White to move
        }
        CHECK(fens.size() == 20);
        return text.str();
    };
    std::string a = generate("5"), b = generate("5"), c = generate("6");
    CHECK(a == b);
    CHECK(a != c);
}
