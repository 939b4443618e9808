// The XBoard (CECP v2) front-end: the translation layer (notation, emulated null moves) as
// unit tests, and the protocol through the real binary over pipes.
#include "engine/referee.h"
#include "process.h"
#include "protocol/xboard_game.h"
#include "protocol/xboard_variants.h"
#include "variants/registry.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdio>
#include <thread>

using namespace hq;
using namespace hq::test;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

namespace {

// ---- Unit tests' helpers ----------------------------------------------------------------

// A game whose turns are two single moves long, with any coordinate move legal: enough to
// exercise the null-move emulation without a real game of several moves a turn.
class TwoMovesATurn : public Referee {
public:
    const VariantSpec& spec() const override { return variant; }
    std::optional<std::string> set_position(std::string_view fen) override {
        if (fen == "bad") return std::string("bad FEN");
        played = 0;
        return std::nullopt;
    }
    std::optional<std::string> play(std::string_view move) override {
        bool coordinate = move.size() == 4 && move[0] >= 'a' && move[0] <= 'h' && move[1] >= '1'
            && move[1] <= '8' && move[2] >= 'a' && move[2] <= 'h' && move[3] >= '1'
            && move[3] <= '8';
        if (!coordinate) return std::string("illegal");
        ++played;
        return std::nullopt;
    }
    std::string fen() const override {
        return side_to_move() == WHITE ? "8/8/8/8/8/8/8/8 w - - 0 1" : "8/8/8/8/8/8/8/8 b - - 0 1";
    }
    Color side_to_move() const override { return (played / 2) % 2 == 0 ? WHITE : BLACK; }
    std::vector<std::string> legal_moves() const override { return {}; }
    Outcome outcome() const override { return {}; }
    void set_chess960(bool) override { }

private:
    VariantSpec variant {"twomoves", "8/8/8/8/8/8/8/8 w - - 0 1", 8, 8, false};
    int played = 0;
};

XBoardGame real_game(const std::string& variant, const std::string& fen = {}) {
    XBoardGame g(make_referee(variant));
    REQUIRE_FALSE(g.reset(fen).has_value());
    return g;
}

// ---- Protocol helpers -------------------------------------------------------------------

Process start_engine() { return Process({HARLEQUIN_BINARY}); }

// `xboard` and `protover 2`, up to `feature done=1`; the lines seen.
std::vector<std::string> handshake(Process& p) {
    p.send("xboard");
    p.send("protover 2");
    std::vector<std::string> seen;
    REQUIRE(p.wait_for("feature done=1", 2s, &seen));
    return seen;
}

// Sends `ping N` and returns every line before `pong N` (which must come within `timeout`).
std::vector<std::string> sync(Process& p, int n, std::chrono::milliseconds timeout = 2s) {
    p.send("ping " + std::to_string(n));
    std::vector<std::string> seen;
    auto pong = p.wait_for("pong " + std::to_string(n), timeout, &seen);
    REQUIRE(pong);
    CHECK(*pong == "pong " + std::to_string(n));
    seen.pop_back();
    return seen;
}

// Waits for the engine's move; returns its text (without "move ").
std::string engine_move(
    Process& p, std::chrono::milliseconds timeout = 5s, std::vector<std::string>* seen = nullptr) {
    auto line = p.wait_for("move ", timeout, seen);
    REQUIRE(line);
    return line->substr(5);
}

bool has_prefix(const std::vector<std::string>& lines, const std::string& prefix) {
    for (const auto& l : lines)
        if (l.rfind(prefix, 0) == 0) return true;
    return false;
}

} // namespace

// ---- The translation layer --------------------------------------------------------------

TEST_CASE("several moves a turn: XBoard sees the other side play null moves between them",
    "[xboard][unit]") {
    XBoardGame g(std::make_unique<TwoMovesATurn>());
    REQUIRE_FALSE(g.reset({}).has_value());
    CHECK(g.side_to_move() == WHITE);
    CHECK_FALSE(g.null_owed());

    // White's first single move leaves White to move: XBoard must see Black pass.
    CHECK(g.play_engine("e2e4") == std::vector<std::string> {"e2e4"});
    CHECK(g.null_owed());
    CHECK(g.side_to_move() == BLACK);
    // While Black owes the null, nothing else from Black is legal.
    CHECK(g.play_xboard("e7e5").has_value());
    CHECK(g.play_xboard("@@@@") == std::nullopt);
    CHECK(g.side_to_move() == WHITE);
    CHECK_FALSE(g.null_owed());
    // White's second single move ends the turn: no null.
    CHECK(g.play_engine("d2d4") == std::vector<std::string> {"d2d4"});
    CHECK_FALSE(g.null_owed());
    CHECK(g.side_to_move() == BLACK);
    // A null that is not owed is the engine's pass (`0000`), illegal in this game.
    CHECK(g.play_xboard("@@@@").has_value());
    CHECK(g.to_engine("@@@@") == std::string("0000"));

    // Black's first move from XBoard: now the engine (White) owes the null.
    CHECK(g.play_xboard("e7e5") == std::nullopt);
    CHECK(g.null_owed());
    CHECK(g.side_to_move() == WHITE);
    CHECK(g.play_engine("g1f3").empty()); // a real move is not what is owed
    CHECK(g.play_engine("@@@@") == std::vector<std::string> {"@@@@"});
    CHECK(g.play_xboard("d7d5") == std::nullopt);
    CHECK(g.side_to_move() == WHITE);
    CHECK_FALSE(g.null_owed());

    // The Engine facade gets single moves only; XBoard counts every ply, nulls included.
    CHECK(g.engine_moves() == std::vector<std::string> {"e2e4", "d2d4", "e7e5", "d7d5"});
    CHECK(g.ply_count() == 6);
    CHECK(g.plies_by(WHITE) == 3);
    CHECK(g.plies_by(BLACK) == 3);

    // Undo takes back XBoard plies (e2e4 @@@@ d2d4 e7e5 @@@@ d7d5): a null owed comes back
    // with the single move before it.
    REQUIRE(g.undo(1));
    CHECK_FALSE(g.null_owed());
    CHECK(g.side_to_move() == BLACK);
    REQUIRE(g.undo(1));
    CHECK(g.null_owed());
    CHECK(g.side_to_move() == WHITE);
    REQUIRE(g.undo(2));
    CHECK_FALSE(g.null_owed());
    CHECK(g.side_to_move() == WHITE);
    CHECK(g.engine_moves() == std::vector<std::string> {"e2e4"});
    CHECK_FALSE(g.undo(5));
    CHECK(g.ply_count() == 2);
    REQUIRE(g.undo(1));
    CHECK(g.null_owed());
    CHECK(g.side_to_move() == BLACK);
}

TEST_CASE(
    "a null move XBoard relays as setboard is recognised as the owed null", "[xboard][unit]") {
    XBoardGame g(std::make_unique<TwoMovesATurn>());
    REQUIRE_FALSE(g.reset({}).has_value());
    // No null owed: a setboard is a setboard.
    CHECK_FALSE(g.is_relayed_null("8/8/8/8/8/8/8/8 w - - 0 1"));
    g.play_engine("e2e4");
    REQUIRE(g.null_owed());
    // XBoard sends the position after Black's null: White (the game's side) to move.
    CHECK(g.is_relayed_null("8/8/8/8/8/8/8/8 w - - 0 2"));
    CHECK(g.is_relayed_null("8/8/8/8/8/8/8/8 w KQkq - 0 1"));
    CHECK_FALSE(g.is_relayed_null("8/8/8/8/8/8/8/8 b - - 0 1"));
    CHECK_FALSE(g.is_relayed_null("8/8/8/8/8/8/8/7K w - - 0 1"));
    CHECK_FALSE(g.is_relayed_null(""));
}

TEST_CASE("the emulation keeps the game on a bad FEN", "[xboard][unit]") {
    XBoardGame g(std::make_unique<TwoMovesATurn>());
    REQUIRE_FALSE(g.reset({}).has_value());
    g.play_engine("e2e4");
    CHECK(g.reset("bad").has_value());
    CHECK(g.null_owed());
    CHECK(g.ply_count() == 1);
}

TEST_CASE("Chess960 castling is O-O / O-O-O both ways", "[xboard][unit]") {
    XBoardGame g = real_game("chess960", "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
    CHECK(g.to_xboard("e1h1") == std::vector<std::string> {"O-O"});
    CHECK(g.to_xboard("e1a1") == std::vector<std::string> {"O-O-O"});
    CHECK(g.to_xboard("e1f1") == std::vector<std::string> {"e1f1"});
    CHECK(g.to_engine("O-O") == std::string("e1h1"));
    CHECK(g.to_engine("O-O-O") == std::string("e1a1"));
    CHECK(g.to_engine("0-0") == std::string("e1h1"));
    REQUIRE(g.play_xboard("O-O") == std::nullopt);
    CHECK(g.referee().fen().rfind("r3k2r/8/8/8/8/8/8/R4RK1 b", 0) == 0);
    // The king on g1, its rook on h1: castling keeps the king where it is.
    XBoardGame h = real_game("chess960", "k4r2/8/8/8/8/7p/r6P/6KR w H - 0 1");
    CHECK(h.referee().legal_moves() == std::vector<std::string> {"g1h1"});
    CHECK(h.to_xboard("g1h1") == std::vector<std::string> {"O-O"});
    CHECK(h.to_engine("O-O") == std::string("g1h1"));
    CHECK_FALSE(h.to_engine("O-O-O").has_value());
}

TEST_CASE("standard castling stays e1g1; O-O is read too", "[xboard][unit]") {
    XBoardGame g = real_game("chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    CHECK(g.to_xboard("e1g1") == std::vector<std::string> {"e1g1"});
    CHECK(g.to_engine("O-O") == std::string("e1g1"));
    CHECK(g.to_engine("O-O-O") == std::string("e1c1"));
    XBoardGame none = real_game("chess", "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1");
    CHECK_FALSE(none.to_engine("O-O").has_value());
    CHECK(none.play_xboard("O-O").has_value());
}

TEST_CASE(
    "Ms. Chess's capture in passing goes out leg by leg and comes in whole", "[xboard][unit]") {
    XBoardGame g = real_game("mschess", "4k3/8/8/8/8/3n4/4P3/4K3 w - - 0 1 w");
    CHECK(g.to_xboard("e2d3,d3e3") == std::vector<std::string> {"e2d3,", "d3e3"});
    auto texts = g.play_engine("e2d3,d3e3");
    CHECK(texts == std::vector<std::string> {"e2d3,", "d3e3"});
    CHECK(g.referee().fen().rfind("4k3/8/8/8/8/4P3/8/4K3 b", 0) == 0);
    REQUIRE(g.undo(1));
    CHECK(g.play_xboard("e2f3,f3e3").has_value()); // nothing stands on f3
    CHECK(g.play_xboard("e2d3,d3e3") == std::nullopt);
    CHECK_FALSE(g.null_owed());
}

TEST_CASE(
    "Control Chess's two-letter pieces: castling stays e1g1, O-O is read too", "[xboard][unit]") {
    XBoardGame g = real_game("control", "4bK3/8/8/8/8/5wQ2/8/4wK2yR w K - 0 1 -");
    CHECK(g.to_xboard("e1g1") == std::vector<std::string> {"e1g1"});
    CHECK(g.to_engine("O-O") == std::string("e1g1"));
    CHECK_FALSE(g.to_engine("O-O-O").has_value());
    // Read one letter a square, this rank would show 'K' on b1 and 'R' on d1.
    XBoardGame h = real_game("control", "4bK3/8/8/8/8/8/8/wKyR6 w - - 0 1 -");
    CHECK(h.to_xboard("b1d1") == std::vector<std::string> {"b1d1"});
    CHECK(h.to_xboard("a7a8qr") == std::vector<std::string> {"a7a8qr"});
}

TEST_CASE("fen_piece_at reads a FEN's board", "[xboard][unit]") {
    const char* fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    CHECK(fen_piece_at(fen, "e1") == 'K');
    CHECK(fen_piece_at(fen, "a8") == 'r');
    CHECK(fen_piece_at(fen, "e4") == 'P');
    CHECK(fen_piece_at(fen, "e2") == '\0');
    CHECK(fen_piece_at(fen, "h1") == 'R');
    CHECK(fen_piece_at(fen, "d5") == '\0');
    CHECK(fen_piece_at(fen, "i1") == '\0');
    CHECK(fen_piece_at(fen, "a9") == '\0');
    CHECK(fen_piece_at("4k3/8/8/8/8/8/8/R6K w - - 0 1", "h1") == 'K');
}

TEST_CASE("XBoard's variant names and engine-defined variant setup", "[xboard][unit]") {
    std::vector<std::string> names;
    for (const VariantSpec& s : registered_variants()) names.push_back(xboard_variant_name(s));
    CHECK(names[0] == "normal");
    CHECK(names[1] == "fischerandom");
    CHECK(std::find(names.begin(), names.end(), "mschess") != names.end());
    CHECK(variant_from_xboard("normal") == std::string("chess"));
    CHECK(variant_from_xboard("fischerandom") == std::string("chess960"));
    CHECK_FALSE(variant_from_xboard("shogi").has_value());

    auto spec = [](const std::string& name) {
        for (const VariantSpec& s : registered_variants())
            if (s.name == name) return s;
        FAIL("no variant " << name);
        return VariantSpec {};
    };
    CHECK(xboard_setup_lines(spec("chess")).empty());
    CHECK(xboard_setup_lines(spec("chess960")).empty());
    auto white = xboard_setup_lines(spec("mschess"));
    REQUIRE(white.size() == 6);
    CHECK(white[0]
        == "setup (PNBRQKpnbrqk) 8x8+0_fairy rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kq - 0 "
           "1");
    CHECK(white[1] == "piece K KnDnA");
    CHECK(white[2] == "piece Q QN");
    CHECK(white[3] == "piece R RN");
    CHECK(white[4] == "piece B BN");
    CHECK(white[5] == "piece N NC");
    auto black = xboard_setup_lines(spec("mschess-black"));
    REQUIRE(black.size() == 6);
    CHECK(black[0].find(" w KQ - 0 1") != std::string::npos);
    CHECK(black[1] == "piece k KnDnA");
    CHECK(black[5] == "piece n NC");
}

// ---- The protocol through the binary ----------------------------------------------------

TEST_CASE("xboard: the feature handshake ends with done=1 and lists the variants", "[xboard]") {
    Process p = start_engine();
    auto t0 = Clock::now();
    auto seen = handshake(p);
    CHECK(Clock::now() - t0 < within(500ms));
    REQUIRE(!seen.empty());
    CHECK(seen.back() == "feature done=1");
    std::string features;
    for (const auto& l : seen) {
        CHECK(l.rfind("feature ", 0) == 0);
        features += l + " ";
    }
    for (const char* f : {"ping=1", "setboard=1", "usermove=1", "time=1", "colors=0", "sigint=0",
             "sigterm=0", "reuse=1", "analyze=1", "memory=1", "smp=1", "san=0",
             "myname=\"Harlequin ", "variants=\"normal,fischerandom,mschess,mschess-black",
             "option=\"Move Overhead -spin 50 0 5000\"", "option=\"MultiPV -spin 1 1 256\""}) {
        INFO(f);
        CHECK(features.find(f) != std::string::npos);
    }
    // done=1 is the last thing said: the next line answers the next command.
    CHECK(sync(p, 1).empty());
    p.send("quit");
    CHECK(p.wait_exit(2s, false) == 0);
}

TEST_CASE("xboard: moves in force mode, then go plays a legal move and keeps playing", "[xboard]") {
    Process p = start_engine();
    handshake(p);
    p.send("new");
    p.send("force");
    for (const char* m : {"e2e4", "e7e5", "g1f3"}) p.send(std::string("usermove ") + m);
    p.send("sd 5");
    CHECK(sync(p, 1).empty()); // legal moves are accepted silently; no move in force mode
    p.send("go");
    std::vector<std::string> seen;
    std::string reply = engine_move(p, 5s, &seen);
    CHECK(seen.size() == 1); // nopost: no thinking output
    auto referee = make_referee("chess");
    for (const char* m : {"e2e4", "e7e5", "g1f3"}) REQUIRE_FALSE(referee->play(m).has_value());
    REQUIRE_FALSE(referee->play(reply).has_value());
    // No claim after an ordinary move.
    CHECK(sync(p, 2).empty());
    // The engine now plays Black: a White move gets a reply.
    auto white = referee->legal_moves().front();
    REQUIRE_FALSE(referee->play(white).has_value());
    p.send("usermove " + white);
    CHECK_FALSE(referee->play(engine_move(p)).has_value());
}

TEST_CASE("xboard: an illegal move is answered Illegal move, a legal one is not", "[xboard]") {
    Process p = start_engine();
    handshake(p);
    p.send("new");
    p.send("force");
    for (const char* bad : {"e2e5", "e1g1", "O-O", "zz", "e7e5", "@@@@"}) {
        INFO(bad);
        p.send(std::string("usermove ") + bad);
        auto seen = sync(p, 1);
        CHECK(seen == std::vector<std::string> {std::string("Illegal move: ") + bad});
    }
    p.send("usermove e2e4");
    p.send("e7e5"); // a bare move, as XBoard without usermove=1 sends it
    CHECK(sync(p, 2).empty());
    p.send("usermove e7e6"); // Black has moved already
    CHECK(sync(p, 3) == std::vector<std::string> {"Illegal move: e7e6"});
    p.send("flibbertigibbet");
    CHECK(sync(p, 4) == std::vector<std::string> {"Error (unknown command): flibbertigibbet"});
}

TEST_CASE("xboard: ping is answered only after the move that ? forces", "[xboard]") {
    Process p = start_engine();
    handshake(p);
    p.send("new");
    p.send("level 0 60 0"); // an hour: only ? ends this search early
    p.send("time 360000");
    p.send("otim 360000");
    p.send("go");
    std::this_thread::sleep_for(200ms);
    auto t0 = Clock::now();
    p.send("?");
    p.send("ping 7");
    std::vector<std::string> seen;
    REQUIRE(p.wait_for("pong 7", 2s, &seen));
    CHECK(Clock::now() - t0 < within(300ms));
    REQUIRE(seen.size() == 2);
    CHECK(seen[0].rfind("move ", 0) == 0);
    auto referee = make_referee("chess");
    CHECK_FALSE(referee->play(seen[0].substr(5)).has_value());
    // With nothing running, ? does nothing and ping is answered at once.
    p.send("?");
    CHECK(sync(p, 8).empty());
}

TEST_CASE("xboard: setboard with a bad FEN keeps the position", "[xboard]") {
    Process p = start_engine();
    handshake(p);
    p.send("new");
    p.send("force");
    p.send("setboard 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    CHECK(sync(p, 1).empty());
    for (const char* bad :
        {"setboard rnbqkbnr/pppppppp/8 w", "setboard 8/8/8/8/8/8/8/8 w - - 0 1", "setboard"}) {
        INFO(bad);
        p.send(bad);
        auto seen = sync(p, 2);
        REQUIRE(seen.size() == 1);
        CHECK(seen[0].rfind("tellusererror Illegal position", 0) == 0);
    }
    p.send("usermove d2d4"); // the start position's move
    CHECK(sync(p, 3) == std::vector<std::string> {"Illegal move: d2d4"});
    p.send("usermove e2e4"); // the set-up position's move
    CHECK(sync(p, 4).empty());
}

TEST_CASE("xboard: level, time and otim: the engine moves within its clock", "[xboard]") {
    Process p = start_engine();
    handshake(p);
    p.send("new");
    // One move per session with 1 s on the clock (time is in centiseconds): the engine may
    // spend a good part of the second, but must not take the opponent's 60 s as its own.
    p.send("level 1 0:30 0");
    p.send("time 100");
    p.send("otim 6000");
    auto t0 = Clock::now();
    p.send("usermove e2e4");
    engine_move(p, 3s);
    auto spent = Clock::now() - t0;
    CHECK(spent > 200ms);
    CHECK(spent < within(1000ms));
    // Sudden death with 0.5 s left and 40 moves assumed to go: a quick move.
    p.send("level 0 1 0");
    p.send("time 50");
    p.send("otim 6000");
    t0 = Clock::now();
    p.send("usermove d2d4");
    engine_move(p, 3s);
    CHECK(Clock::now() - t0 < within(300ms));
}

TEST_CASE("xboard: st and sd limit the search", "[xboard]") {
    Process p = start_engine();
    handshake(p);
    p.send("new");
    p.send("st 1");
    auto t0 = Clock::now();
    p.send("go");
    engine_move(p, 3s);
    auto spent = Clock::now() - t0;
    CHECK(spent > 500ms); // the second is used
    CHECK(spent < within(1300ms));
    p.send("new");
    p.send("level 0 60 0");
    p.send("sd 3");
    p.send("post");
    p.send("go");
    std::vector<std::string> seen;
    engine_move(p, 3s, &seen);
    // Thinking lines `depth score time nodes pv`, never deeper than 3.
    REQUIRE(seen.size() >= 2);
    for (std::size_t i = 0; i + 1 < seen.size(); ++i) {
        INFO(seen[i]);
        int depth = 0, score = 0, time = 0;
        long long nodes = 0;
        char pv[16] = {};
        REQUIRE(
            std::sscanf(seen[i].c_str(), "%d %d %d %lld %15s", &depth, &score, &time, &nodes, pv)
            == 5);
        CHECK(depth >= 1);
        CHECK(depth <= 3);
        CHECK(nodes > 0);
    }
}

TEST_CASE("xboard: result stops the engine; new starts a fresh game", "[xboard]") {
    Process p = start_engine();
    handshake(p);
    p.send("new");
    p.send("sd 4");
    p.send("usermove e2e4");
    std::string first = engine_move(p);
    p.send("usermove d2d4");
    p.send("result 1-0 {White resigns}");
    // The reply to d2d4 may already be on its way; after result no further move comes.
    auto seen = sync(p, 1);
    CHECK(seen.size() <= 1);
    p.send("usermove a2a3");
    seen = sync(p, 2);
    CHECK(!has_prefix(seen, "move "));
    p.send("new");
    p.send("sd 4");
    p.send("usermove e2e4"); // the start position again, and the engine plays Black again
    auto referee = make_referee("chess");
    REQUIRE_FALSE(referee->play("e2e4").has_value());
    CHECK_FALSE(referee->play(engine_move(p)).has_value());
}

TEST_CASE("xboard: the engine claims mate after mating, and when it is mated", "[xboard]") {
    Process p = start_engine();
    handshake(p);
    p.send("new");
    p.send("force");
    p.send("setboard 6rk/6pp/8/6N1/8/8/8/6KQ w - - 0 1"); // mate in one: Nf7#
    p.send("sd 4");
    p.send("go");
    std::string m = engine_move(p);
    CHECK(m == "g5f7");
    auto claim = p.read_line(2s);
    REQUIRE(claim);
    CHECK(*claim == "1-0 {White mates}");
    // Mated, with Black to move: the claim comes instead of a move.
    p.send("new");
    p.send("force");
    p.send("setboard 6rk/5Npp/8/8/8/8/8/6KQ b - - 0 1");
    p.send("go");
    std::vector<std::string> seen;
    REQUIRE(p.wait_for("1-0", 2s, &seen));
    CHECK(seen == std::vector<std::string> {"1-0 {White mates}"});
    // Stalemated.
    p.send("new");
    p.send("force");
    p.send("setboard 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    p.send("go");
    seen.clear();
    REQUIRE(p.wait_for("1/2-1/2", 2s, &seen));
    CHECK(seen == std::vector<std::string> {"1/2-1/2 {Draw by stalemate}"});
}

TEST_CASE("xboard: fischerandom castling is O-O in and out", "[xboard]") {
    Process p = start_engine();
    handshake(p);
    p.send("new");
    p.send("variant fischerandom");
    p.send("force");
    p.send("setboard k4r2/8/8/8/8/7p/r6P/6KR w H - 0 1"); // castling is the only move
    p.send("sd 3");
    p.send("go");
    CHECK(engine_move(p) == "O-O");
    p.send("new");
    p.send("variant fischerandom");
    p.send("force");
    p.send("setboard 4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    p.send("usermove O-O-O");
    CHECK(sync(p, 1) == std::vector<std::string> {"Illegal move: O-O-O"});
    p.send("usermove O-O");
    p.send("usermove e8d8");
    p.send("usermove g1g2"); // the king stands on g1 now
    CHECK(sync(p, 2).empty());
}

TEST_CASE("xboard: variants: Ms. Chess is engine-defined, unknown ones are refused", "[xboard]") {
    Process p = start_engine();
    handshake(p);
    p.send("new");
    p.send("variant mschess");
    std::vector<std::string> seen = sync(p, 1);
    REQUIRE(seen.size() == 6);
    CHECK(seen[0].rfind("setup (PNBRQKpnbrqk) 8x8+0_fairy ", 0) == 0);
    CHECK(seen[1] == "piece K KnDnA");
    p.send("variant shogi");
    CHECK(sync(p, 2) == std::vector<std::string> {"Error (unknown variant): shogi"});
    // Still Ms. Chess: the woman's knight also leaps like a camel.
    p.send("force");
    p.send("usermove b1c4");
    CHECK(sync(p, 3).empty());
    // A capture in passing comes in as one two-leg move.
    p.send("setboard 4k3/8/8/8/8/3n4/4P3/4K3 w - - 0 1");
    p.send("usermove e2d3,d3e3");
    p.send("usermove e8e7");
    p.send("usermove e3e4");
    CHECK(sync(p, 4).empty());
    // new goes back to standard chess, where the camel leap is illegal.
    p.send("new");
    p.send("force");
    p.send("usermove b1c4");
    CHECK(sync(p, 5) == std::vector<std::string> {"Illegal move: b1c4"});
}

TEST_CASE("xboard: Control Chess is listed and played without a setup line", "[xboard]") {
    Process p = start_engine();
    handshake(p);
    p.send("new");
    p.send("variant control");
    CHECK(sync(p, 1).empty()); // XBoard cannot draw its pieces: no setup, no piece lines
    p.send("force");
    p.send("usermove e2e4");
    p.send("usermove d7d5");
    CHECK(sync(p, 2).empty());
    p.send("usermove a2a3"); // a neutral Red pawn
    CHECK(sync(p, 3) == std::vector<std::string> {"Illegal move: a2a3"});
    p.send("setboard 4bK3/8/8/8/8/5wQ2/8/4wK2yR w K - 0 1 -");
    p.send("usermove e1g1");
    CHECK(sync(p, 4).empty());
}

TEST_CASE("xboard: undo and remove take moves back", "[xboard]") {
    Process p = start_engine();
    handshake(p);
    p.send("new");
    p.send("force");
    p.send("usermove e2e4");
    p.send("usermove e7e5");
    p.send("undo");
    p.send("usermove c7c5");
    p.send("remove");
    p.send("usermove d2d4");
    CHECK(sync(p, 1).empty());
    p.send("remove"); // one move only
    CHECK(sync(p, 2) == std::vector<std::string> {"Error (command not legal now): remove"});
    p.send("undo");
    p.send("usermove e2e4"); // the start position again
    CHECK(sync(p, 3).empty());
    p.send("undo");
    p.send("undo");
    CHECK(sync(p, 4) == std::vector<std::string> {"Error (command not legal now): undo"});
}

TEST_CASE("xboard: analyze thinks until exit; . reports its status", "[xboard]") {
    Process p = start_engine();
    handshake(p);
    p.send("new");
    p.send("post");
    p.send("analyze");
    REQUIRE(p.wait_for("6 ", 5s));
    p.send(".");
    REQUIRE(p.wait_for("stat01: ", 2s));
    p.send("usermove e2e4"); // analysis goes on in the new position
    std::vector<std::string> seen;
    auto line = p.wait_for("5 ", 5s, &seen);
    REQUIRE(line);
    p.send("exit");
    sync(p, 1);
    // Nothing more once analysis is over; and no move was ever made.
    CHECK_FALSE(p.read_line(300ms));
    CHECK(!has_prefix(seen, "move "));
}

TEST_CASE(
    "xboard: pondering: ping answered at once, the predicted move is a ponderhit", "[xboard]") {
    Process p = start_engine();
    handshake(p);
    p.send("new");
    p.send("hard");
    p.send("level 0 1 0");
    p.send("time 3000");
    p.send("otim 3000");
    auto referee = make_referee("chess");
    for (int round = 0; round < 2; ++round) {
        std::string white = round == 0 ? "e2e4" : "";
        if (round == 1) {
            // Play the move the engine predicts (hint names it while pondering).
            p.send("hint");
            auto hint = p.wait_for("Hint: ", 2s);
            REQUIRE(hint);
            white = hint->substr(6);
        }
        REQUIRE_FALSE(referee->play(white).has_value());
        p.send("time 3000");
        p.send("otim 3000");
        p.send("usermove " + white);
        std::string reply = engine_move(p, 3s);
        REQUIRE_FALSE(referee->play(reply).has_value());
        // Now pondering: ping is answered at once.
        auto t0 = Clock::now();
        CHECK(sync(p, round).empty());
        CHECK(Clock::now() - t0 < within(100ms));
    }
    // A move the engine did not predict stops the ponder search and gets a reply too.
    std::string other;
    p.send("hint");
    auto hint = p.wait_for("Hint: ", 2s);
    REQUIRE(hint);
    for (const auto& m : referee->legal_moves())
        if (m != hint->substr(6)) other = m;
    REQUIRE_FALSE(referee->play(other).has_value());
    p.send("usermove " + other);
    CHECK_FALSE(referee->play(engine_move(p, 3s)).has_value());
    p.send("easy");
    p.send("quit");
    CHECK(p.wait_exit(2s, false) == 0);
}

TEST_CASE("xboard: memory, cores and option set the engine options", "[xboard]") {
    Process p = start_engine();
    handshake(p);
    p.send("memory 32");
    p.send("cores 2");
    p.send("option MultiPV=2");
    p.send("option Move Overhead=10");
    p.send("option Clear Hash");
    CHECK(sync(p, 1).empty());
    p.send("option MultiPV=0");
    p.send("option Nonsense=3");
    auto seen = sync(p, 2);
    REQUIRE(seen.size() == 2);
    CHECK(seen[0].rfind("Error (option MultiPV", 0) == 0);
    CHECK(seen[1] == "Error (unknown option): Nonsense");
    // MultiPV 2: two lines per depth in the thinking output.
    p.send("new");
    p.send("post");
    p.send("sd 4");
    p.send("go");
    std::vector<std::string> lines;
    engine_move(p, 5s, &lines);
    int depth4 = 0;
    for (const auto& l : lines) depth4 += l.rfind("4 ", 0) == 0;
    CHECK(depth4 >= 2);
}

TEST_CASE("xboard: quit exits at once, also mid-search", "[xboard]") {
    Process p = start_engine();
    handshake(p);
    p.send("new");
    p.send("level 0 60 0");
    p.send("go");
    std::this_thread::sleep_for(100ms);
    auto t0 = Clock::now();
    p.send("quit");
    CHECK(p.wait_exit(2s, false) == 0);
    CHECK(Clock::now() - t0 < within(500ms));
}

TEST_CASE("xboard: absurd clocks and memory keep the engine playing", "[xboard]") {
    // Found by tests/fuzz_protocol.py: `time 9223372036854775807` overflowed (UBSan), and
    // `memory` past the machine's memory ended the program with std::bad_alloc.
    Process p = start_engine();
    handshake(p);
    p.send("new");
    p.send("level 0 1e300 1e300");
    p.send("time 9223372036854775807");
    p.send("otim -9223372036854775808");
    p.send("memory 9223372036854775807");
    p.send("sd 2");
    p.send("usermove e2e4");
    engine_move(p, 10s);
    p.send("st 1e300");
    p.send("sd 2");
    p.send("usermove d2d4");
    engine_move(p, 10s);
    p.send("new");
    p.send("memory 16");
    p.send("st 0.0001");
    p.send("go");
    engine_move(p, 10s);
    sync(p, 1);
    CHECK(p.running());
}
