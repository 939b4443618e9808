// SPDX-License-Identifier: GPL-3.0-or-later
// The XBoard (CECP v2) front-end: the translation layer (notation, emulated null moves) as
// unit tests, and the protocol through the real binary over pipes.
#include "engine/referee.h"
#include "protocol/xboard_game.h"
#include "protocol/xboard_variants.h"
#include "session.h"
#include "support.h"
#include "variants/registry.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdio>
#include <thread>

using namespace hq;
using namespace hq::test;
using namespace std::chrono_literals;

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

// Whose move XBoard sees, and whether that side owes the null move of a turn that goes on.
struct Turn {
    Color side;
    bool nullOwed;
    bool operator==(const Turn&) const = default;
};

Turn turn(const XBoardGame& g) { return {g.side_to_move(), g.null_owed()}; }

std::ostream& operator<<(std::ostream& out, const Turn& t) {
    return out << (t.side == WHITE ? "White" : "Black")
               << (t.nullOwed ? " owes a null" : " to move");
}

XBoardGame real_game(const std::string& variant, const std::string& fen = {}) {
    XBoardGame g(make_referee(variant));
    REQUIRE_FALSE(g.reset(fen).has_value());
    return g;
}

// ---- Protocol helpers -------------------------------------------------------------------

// `xboard` and `protover 2`, up to `feature done=1`; the lines seen.
std::vector<std::string> handshake(Process& p) {
    send_all(p, {"xboard", "protover 2"});
    std::vector<std::string> seen;
    REQUIRE(p.wait_for("feature done=1", 2s, &seen));
    return seen;
}

// The real binary after the handshake, given `commands`.
Process xboard_engine(std::initializer_list<std::string> commands = {}) {
    Process p = start_engine();
    handshake(p);
    send_all(p, commands);
    return p;
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
    CHECK(turn(g) == Turn {WHITE, false});

    // White's first single move leaves White to move: XBoard must see Black pass.
    CHECK(g.play_engine("e2e4") == std::vector<std::string> {"e2e4"});
    CHECK(turn(g) == Turn {BLACK, true});
    // While Black owes the null, nothing else from Black is legal.
    CHECK(g.play_xboard("e7e5").has_value());
    CHECK(g.play_xboard("@@@@") == std::nullopt);
    CHECK(turn(g) == Turn {WHITE, false});
    // White's second single move ends the turn: no null.
    CHECK(g.play_engine("d2d4") == std::vector<std::string> {"d2d4"});
    CHECK(turn(g) == Turn {BLACK, false});
    // A null that is not owed is the engine's pass (`0000`), illegal in this game.
    CHECK(g.play_xboard("@@@@").has_value());
    CHECK(g.to_engine("@@@@") == std::string("0000"));

    // Black's first move from XBoard: now the engine (White) owes the null.
    CHECK(g.play_xboard("e7e5") == std::nullopt);
    CHECK(turn(g) == Turn {WHITE, true});
    CHECK(g.play_engine("g1f3").empty()); // a real move is not what is owed
    CHECK(g.play_engine("@@@@") == std::vector<std::string> {"@@@@"});
    CHECK(g.play_xboard("d7d5") == std::nullopt);
    CHECK(turn(g) == Turn {WHITE, false});

    // The Engine facade gets single moves only; XBoard counts every ply, nulls included.
    CHECK(g.engine_moves() == std::vector<std::string> {"e2e4", "d2d4", "e7e5", "d7d5"});
    CHECK(g.ply_count() == 6);
    CHECK(g.plies_by(WHITE) == 3);
    CHECK(g.plies_by(BLACK) == 3);

    // Undo takes back XBoard plies (e2e4 @@@@ d2d4 e7e5 @@@@ d7d5): a null owed comes back
    // with the single move before it.
    REQUIRE(g.undo(1));
    CHECK(turn(g) == Turn {BLACK, false});
    REQUIRE(g.undo(1));
    CHECK(turn(g) == Turn {WHITE, true});
    REQUIRE(g.undo(2));
    CHECK(turn(g) == Turn {WHITE, false});
    CHECK(g.engine_moves() == std::vector<std::string> {"e2e4"});
    CHECK_FALSE(g.undo(5));
    CHECK(g.ply_count() == 2);
    REQUIRE(g.undo(1));
    CHECK(turn(g) == Turn {BLACK, true});
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

TEST_CASE("standard castling stays e1g1, O-O is read too", "[xboard][unit]") {
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

TEST_CASE("XBoard's variant names and engine-defined variant setup", "[xboard][unit]") {
    std::vector<std::string> names;
    for (const VariantSpec& s : registered_variants()) names.push_back(xboard_variant_name(s));
    CHECK(names[0] == "normal");
    CHECK(names[1] == "fischerandom");
    CHECK(std::find(names.begin(), names.end(), "mschess") != names.end());
    CHECK(game_from_xboard("normal")->spec.name == "chess");
    CHECK(game_from_xboard("fischerandom")->spec.name == "chess960");
    CHECK_FALSE(game_from_xboard("shogi"));

    auto spec = [](const std::string& name) {
        for (const VariantSpec& s : registered_variants())
            if (s.name == name) return s;
        FAIL("no variant " << name);
        return VariantSpec {};
    };
    CHECK(xboard_setup_lines(spec("chess")).empty());
    CHECK(xboard_setup_lines(spec("chess960")).empty());
    // Ms. Chess with the woman on either side: the piece table (her pawn in the ferz's slot,
    // not in XBoard's pawn slot) and the start position, then her pieces' moves.
    using Setup = std::vector<std::string>;
    for (const auto& [name, expected] : std::vector<std::pair<std::string, Setup>> {
             {"mschess",
                 {"setup (.NBRQP...............Kpnbrq................k) 8x8+0_fairy "
                  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kq - 0 1",
                     "piece K KnDnAiK", "piece Q QN", "piece R RN", "piece B BN", "piece N NC",
                     "piece P fmWfcFifmnD"}},
             {"mschess-black",
                 {"setup (PNBRQ................K.nbrqp...............k) 8x8+0_fairy "
                  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
                     "piece k KnDnAiK", "piece q QN", "piece r RN", "piece b BN", "piece n NC",
                     "piece p fmWfcFifmnD"}},
         }) {
        INFO(name);
        CHECK(xboard_setup_lines(spec(name)) == expected);
    }
    // Games whose pieces change owner are not offered, so they have no setup either.
    CHECK(xboard_setup_lines(spec("control")).empty());
    CHECK(xboard_setup_lines(spec("martian")).empty());
}

TEST_CASE("the woman's pawn is not XBoard's pawn: XBoard must not promote it",
    "[xboard][unit][mschess]") {
    // XBoard promotes (and appends `q` to) any move of its own pawn type onto the last
    // rank: the woman's pawn stands in another slot of the table, the man's in the pawn's.
    for (const char* name : {"mschess", "mschess-black"}) {
        INFO(name);
        VariantSpec s;
        for (const VariantSpec& v : registered_variants())
            if (v.name == name) s = v;
        bool womanWhite = s.name == "mschess";
        const std::string& table = xboard_profile(s.name).pieces;
        REQUIRE(table.size() == 44);
        std::string whiteHalf = table.substr(0, 22), blackHalf = table.substr(22);
        const std::string& woman = womanWhite ? whiteHalf : blackHalf;
        const std::string& man = womanWhite ? blackHalf : whiteHalf;
        char womanPawn = womanWhite ? 'P' : 'p', manPawn = womanWhite ? 'p' : 'P';
        CHECK(woman[0] == '.');            // XBoard's pawn slot: empty
        CHECK(woman.find(womanPawn) == 5); // the ferz's slot
        CHECK(woman.find(womanPawn) != std::string::npos);
        CHECK(man[0] == manPawn); // his pawn promotes
        CHECK(woman.substr(1, 4) == (womanWhite ? "NBRQ" : "nbrq"));
        CHECK(woman.back() == (womanWhite ? 'K' : 'k'));
        CHECK(man.back() == (womanWhite ? 'k' : 'K'));
    }
}

TEST_CASE("Ms. Chess: XBoard's castling field of unmoved pieces is read from the board",
    "[xboard][unit][mschess]") {
    // With her king described `KnDnAiK` (so that XBoard does not castle it), XBoard 4.9.1
    // sent the second engine `setboard ... w E - 0 1`: the unmoved pieces, not the rights.
    XBoardGame g(make_referee("mschess"));
    REQUIRE(g.reset("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w E - 0 1") == std::nullopt);
    CHECK(g.referee().fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kq - 0 1 w");
    CHECK(g.start_fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kq - 0 1");
    REQUIRE(g.reset("r3k3/8/8/8/8/8/8/4K2R b E - 0 1") == std::nullopt);
    CHECK(g.referee().fen() == "r3k3/8/8/8/8/8/8/4K2R b q - 0 1 w");
    // `-` (also XBoard's list once her king has moved) is the standard field: no rights.
    REQUIRE(g.reset("r3k3/8/8/8/8/8/8/4K2R b - - 0 1") == std::nullopt);
    CHECK(g.referee().fen() == "r3k3/8/8/8/8/8/8/4K2R b - - 0 1 w");
    CHECK(g.reset("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w E - 0 1").has_value());
    // A list XBoard would not write for this board is read as castling rights (refused).
    CHECK(g.lists_unmoved_pieces("r3k3/8/8/8/8/8/8/4K2R b E - 0 1"));
    CHECK_FALSE(g.lists_unmoved_pieces("r3k3/8/8/8/8/8/8/3K3R b E - 0 1"));
    CHECK_FALSE(g.lists_unmoved_pieces("r3k3/8/8/8/8/8/8/4K2R b EH - 0 1"));
    CHECK_FALSE(g.lists_unmoved_pieces("r3k3/8/8/8/8/8/8/4K2R b I - 0 1"));
    CHECK_FALSE(g.lists_unmoved_pieces("r3k3/8/8/8/8/8/8/4K2R b E - 0 1 w"));
    CHECK(g.reset("r3k3/8/8/8/8/8/8/3K3R b E - 0 1")
        == std::optional<std::string>("castling right 'E' for White, whose army is enhanced"));
    // Where XBoard writes rights (she plays Black: White's king is the man's), no guess.
    XBoardGame b(make_referee("mschess-black"));
    CHECK(b.reset("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w e - 0 1").has_value());
    CHECK(xboard_fen_lists_unmoved(g.spec()));
    CHECK_FALSE(xboard_fen_lists_unmoved(b.spec()));
}

TEST_CASE("Control Chess and Martian Chess are not offered to XBoard", "[xboard][unit]") {
    for (const VariantSpec& s : registered_variants()) {
        INFO(s.name);
        bool changesOwner = s.name == "control" || s.name == "martian";
        CHECK(xboard_offers(s) == !changesOwner);
    }
}

TEST_CASE("an en passant capture XBoard cannot see goes out in two legs and comes back whole",
    "[xboard][unit][multimove]") {
    // The turn from the XBoard 4.9.1 game that froze: Black's e7e5 ended its turn; White
    // takes en passant as its third single move, after two emulated nulls.
    XBoardGame g = real_game("multimove");
    for (const char* ply : {"e2e4", "@@@@", "d2d4", "@@@@", "b1c3", "d7d6", "@@@@", "g8f6", "@@@@",
             "a7a6", "c1e3", "@@@@", "d4d5", "@@@@", "g1f3", "c8g4", "@@@@", "b7b6", "@@@@", "e7e5",
             "f3d4", "@@@@", "f2f3", "@@@@"}) {
        INFO(ply);
        REQUIRE(g.play_xboard(ply) == std::nullopt);
    }
    REQUIRE(g.side_to_move() == WHITE);
    CHECK(g.to_xboard("d5e6") == std::vector<std::string> {"d5e5,", "e5e6"});
    CHECK(g.to_engine("d5e5,e5e6") == std::string("d5e6"));
    CHECK(g.to_xboard("d5d6") == std::vector<std::string> {"d5d6"}); // no capture elsewhere
    REQUIRE(g.play_xboard("d5e5,e5e6") == std::nullopt);
    CHECK(letter_on(g.referee(), "e5") == '\0');
    CHECK(letter_on(g.referee(), "e6") == 'P');
    // Standard chess keeps XBoard's own en passant: one leg.
    XBoardGame c = real_game("chess", "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 2");
    CHECK(c.to_xboard("d5e6") == std::vector<std::string> {"d5e6"});
    // Ms. Chess: the man's en passant capture of the woman's double step goes in two legs.
    XBoardGame m = real_game("mschess", "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1 w");
    REQUIRE(m.play_xboard("e2e4") == std::nullopt);
    CHECK(m.to_xboard("d4e3") == std::vector<std::string> {"d4e4,", "e4e3"});
    CHECK(m.to_engine("d4e4,e4e3") == std::string("d4e3"));
    // The woman's capture in passing is her own two-leg move, kept as it is.
    XBoardGame w = real_game("mschess", "4k3/8/8/8/8/3n4/4P3/4K3 w - - 0 1 w");
    CHECK(w.to_engine("e2d3,d3e3") == std::string("e2d3,d3e3"));
}

TEST_CASE("a relayed null whose board differs from the game's names the squares",
    "[xboard][unit][multimove]") {
    XBoardGame g = real_game("multimove");
    REQUIRE(g.play_engine("e2e4") == std::vector<std::string> {"e2e4"});
    REQUIRE(g.null_owed());
    // XBoard's board, as the game's, after Black's null.
    auto same
        = g.relayed_null_differences("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    REQUIRE(same);
    CHECK(same->empty());
    // A board with a Black pawn XBoard failed to remove.
    auto wrong = g.relayed_null_differences(
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    REQUIRE(wrong);
    CHECK(*wrong == std::vector<std::string> {"e5", "e7"});
    // Not a relayed null: the other side to move, or not a position.
    CHECK_FALSE(
        g.relayed_null_differences("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2"));
    CHECK_FALSE(g.relayed_null_differences("8/8/8/8/8/8/8/8 w - - 0 1"));
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
             "option=\"Move Overhead -spin 50 0 5000\"", "option=\"MultiPV -spin 1 1 256\"",
             "option=\"Use NNUE -check 1\""}) {
        INFO(f);
        CHECK(features.find(f) != std::string::npos);
    }
    // done=1 is the last thing said: the next line answers the next command.
    CHECK(sync(p, 1).empty());
    CHECK(quit(p, 2s) == 0);
}

TEST_CASE("xboard: moves in force mode, then go plays a legal move and keeps playing", "[xboard]") {
    Process p = xboard_engine({"new", "force"});
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
    Process p = xboard_engine({"new", "force"});
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
    Process p = xboard_engine({"new"});
    p.send("level 0 60 0"); // an hour: only ? ends this search early
    send_all(p, {"time 360000", "otim 360000", "go"});
    std::this_thread::sleep_for(200ms);
    auto t0 = Clock::now();
    send_all(p, {"?", "ping 7"});
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
    Process p = xboard_engine({"new", "force", "setboard 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"});
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
    Process p = xboard_engine({"new"});
    // One move per session with 1 s on the clock (time is in centiseconds): the engine may
    // spend a good part of the second, but must not take the opponent's 60 s as its own.
    send_all(p, {"level 1 0:30 0", "time 100", "otim 6000"});
    auto t0 = Clock::now();
    p.send("usermove e2e4");
    engine_move(p, 3s);
    auto spent = Clock::now() - t0;
    CHECK(spent > 200ms);
    CHECK(spent < within(1000ms));
    // Sudden death with 0.5 s left and 40 moves assumed to go: a quick move.
    send_all(p, {"level 0 1 0", "time 50", "otim 6000"});
    t0 = Clock::now();
    p.send("usermove d2d4");
    engine_move(p, 3s);
    CHECK(Clock::now() - t0 < within(300ms));
}

TEST_CASE("xboard: st and sd limit the search", "[xboard]") {
    Process p = xboard_engine({"new", "st 1"});
    auto t0 = Clock::now();
    p.send("go");
    engine_move(p, 3s);
    auto spent = Clock::now() - t0;
    CHECK(spent > 500ms); // the second is used
    CHECK(spent < within(1300ms));
    send_all(p, {"new", "level 0 60 0", "sd 3", "post", "go"});
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

TEST_CASE("xboard: result stops the engine, new starts a fresh game", "[xboard]") {
    Process p = xboard_engine({"new", "sd 4", "usermove e2e4"});
    std::string first = engine_move(p);
    send_all(p, {"usermove d2d4", "result 1-0 {White resigns}"});
    // The reply to d2d4 may already be on its way; after result no further move comes.
    auto seen = sync(p, 1);
    CHECK(seen.size() <= 1);
    p.send("usermove a2a3");
    seen = sync(p, 2);
    CHECK(!has_prefix(seen, "move "));
    send_all(p, {"new", "sd 4"});
    p.send("usermove e2e4"); // the start position again, and the engine plays Black again
    auto referee = make_referee("chess");
    REQUIRE_FALSE(referee->play("e2e4").has_value());
    CHECK_FALSE(referee->play(engine_move(p)).has_value());
}

TEST_CASE("xboard: the engine claims mate after mating, and when it is mated", "[xboard]") {
    Process p = xboard_engine({"new", "force"});
    p.send("setboard 6rk/6pp/8/6N1/8/8/8/6KQ w - - 0 1"); // mate in one: Nf7#
    send_all(p, {"sd 4", "go"});
    std::string m = engine_move(p);
    CHECK(m == "g5f7");
    auto claim = p.read_line(2s);
    REQUIRE(claim);
    CHECK(*claim == "1-0 {White mates}");
    // Mated, with Black to move: the claim comes instead of a move.
    send_all(p, {"new", "force", "setboard 6rk/5Npp/8/8/8/8/8/6KQ b - - 0 1", "go"});
    std::vector<std::string> seen;
    REQUIRE(p.wait_for("1-0", 2s, &seen));
    CHECK(seen == std::vector<std::string> {"1-0 {White mates}"});
    // Stalemated.
    send_all(p, {"new", "force", "setboard 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "go"});
    seen.clear();
    REQUIRE(p.wait_for("1/2-1/2", 2s, &seen));
    CHECK(seen == std::vector<std::string> {"1/2-1/2 {Draw by stalemate}"});
}

TEST_CASE("xboard: fischerandom castling is O-O in and out", "[xboard]") {
    Process p = xboard_engine({"new", "variant fischerandom", "force"});
    p.send("setboard k4r2/8/8/8/8/7p/r6P/6KR w H - 0 1"); // castling is the only move
    send_all(p, {"sd 3", "go"});
    CHECK(engine_move(p) == "O-O");
    send_all(p,
        {"new", "variant fischerandom", "force", "setboard 4k3/8/8/8/8/8/8/4K2R w K - 0 1",
            "usermove O-O-O"});
    CHECK(sync(p, 1) == std::vector<std::string> {"Illegal move: O-O-O"});
    send_all(p, {"usermove O-O", "usermove e8d8"});
    p.send("usermove g1g2"); // the king stands on g1 now
    CHECK(sync(p, 2).empty());
}

TEST_CASE("xboard: variants: Ms. Chess is engine-defined, unknown ones are refused", "[xboard]") {
    Process p = xboard_engine({"new", "variant mschess"});
    std::vector<std::string> seen = sync(p, 1);
    REQUIRE(seen.size() == 7);
    CHECK(
        seen[0].rfind("setup (.NBRQP...............Kpnbrq................k) 8x8+0_fairy ", 0) == 0);
    CHECK(seen[1] == "piece K KnDnAiK");
    p.send("variant shogi");
    CHECK(sync(p, 2) == std::vector<std::string> {"Error (unknown variant): shogi"});
    // Still Ms. Chess: the woman's knight also leaps like a camel.
    send_all(p, {"force", "usermove b1c4"});
    CHECK(sync(p, 3).empty());
    // A capture in passing comes in as one two-leg move.
    send_all(p,
        {"setboard 4k3/8/8/8/8/3n4/4P3/4K3 w - - 0 1", "usermove e2d3,d3e3", "usermove e8e7",
            "usermove e3e4"});
    CHECK(sync(p, 4).empty());
    // new goes back to standard chess, where the camel leap is illegal.
    send_all(p, {"new", "force", "usermove b1c4"});
    CHECK(sync(p, 5) == std::vector<std::string> {"Illegal move: b1c4"});
}

TEST_CASE("xboard: Control Chess and Martian Chess are not offered, asked for, they are refused",
    "[xboard]") {
    Process p = start_engine();
    std::string features;
    for (const auto& l : handshake(p)) features += l + "\n";
    // The offered list is every registered game XBoard can play, under XBoard's names, in
    // the registry's order; Control and Martian Chess are not among them.
    std::string expected;
    for (const VariantSpec& spec : registered_variants()) {
        const XBoardProfile& x = xboard_profile(spec.name);
        if (x.unplayable.empty())
            expected += (expected.empty() ? "" : ",") + (x.name.empty() ? spec.name : x.name);
    }
    CHECK(features.find("variants=\"" + expected + "\"") != std::string::npos);
    CHECK(expected.find("normal") == 0);
    CHECK(expected.find("control") == std::string::npos);
    CHECK(expected.find("martian") == std::string::npos);
    // XBoard 4.9.1 sent `variant control` to the first engine only and `variant ` (empty)
    // to the second, which then played chess: now neither game is offered.
    send_all(p, {"new", "variant control", "variant martian", "variant "});
    auto seen = sync(p, 1);
    REQUIRE(seen.size() == 3);
    CHECK(seen[0].rfind("Error (not offered over XBoard: its pieces have six colours", 0) == 0);
    CHECK(seen[0].find("play it over UCI): variant control") != std::string::npos);
    CHECK(
        seen[1].rfind("Error (not offered over XBoard: a piece belongs to whoever's zone", 0) == 0);
    CHECK(seen[2] == "Error (bad or missing argument): variant ");
    // The game stays standard chess.
    send_all(p, {"force", "usermove e2e4", "usermove e7e5"});
    CHECK(sync(p, 2).empty());
}

TEST_CASE("xboard: undo and remove take moves back", "[xboard]") {
    Process p = xboard_engine({"new", "force", "usermove e2e4", "usermove e7e5", "undo",
        "usermove c7c5", "remove", "usermove d2d4"});
    CHECK(sync(p, 1).empty());
    p.send("remove"); // one move only
    CHECK(sync(p, 2) == std::vector<std::string> {"Error (command not legal now): remove"});
    p.send("undo");
    p.send("usermove e2e4"); // the start position again
    CHECK(sync(p, 3).empty());
    send_all(p, {"undo", "undo"});
    CHECK(sync(p, 4) == std::vector<std::string> {"Error (command not legal now): undo"});
}

TEST_CASE("xboard: analyze thinks until exit, . reports its status", "[xboard]") {
    Process p = xboard_engine({"new", "post", "analyze"});
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
    Process p = xboard_engine({"new", "hard", "level 0 1 0", "time 3000", "otim 3000"});
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
        send_all(p, {"time 3000", "otim 3000"});
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
    CHECK(quit(p, 2s) == 0);
}

TEST_CASE("xboard: memory, cores and option set the engine options", "[xboard]") {
    Process p = xboard_engine({"memory 32", "cores 2", "option MultiPV=2",
        "option Move Overhead=10", "option Clear Hash"});
    CHECK(sync(p, 1).empty());
    send_all(p, {"option MultiPV=0", "option Nonsense=3"});
    auto seen = sync(p, 2);
    REQUIRE(seen.size() == 2);
    CHECK(seen[0].rfind("Error (option MultiPV", 0) == 0);
    CHECK(seen[1] == "Error (unknown option): Nonsense");
    // MultiPV 2: two lines per depth in the thinking output.
    send_all(p, {"new", "post", "sd 4", "go"});
    std::vector<std::string> lines;
    engine_move(p, 5s, &lines);
    int depth4 = 0;
    for (const auto& l : lines) depth4 += l.rfind("4 ", 0) == 0;
    CHECK(depth4 >= 2);
}

TEST_CASE("xboard: quit exits at once, also mid-search", "[xboard]") {
    Process p = xboard_engine({"new", "level 0 60 0", "go"});
    std::this_thread::sleep_for(100ms);
    auto t0 = Clock::now();
    CHECK(quit(p, 2s) == 0);
    CHECK(Clock::now() - t0 < within(500ms));
}

TEST_CASE("xboard: absurd clocks and memory keep the engine playing", "[xboard]") {
    // Found by tests/fuzz_protocol.py: `time 9223372036854775807` overflowed (UBSan), and
    // `memory` past the machine's memory ended the program with std::bad_alloc. (The
    // table is written at once: the test keeps the cap small.)
    ::setenv("HARLEQUIN_HASH_LIMIT_MB", "300", 1);
    Process p = xboard_engine({"new", "level 0 1e300 1e300", "time 9223372036854775807",
        "otim -9223372036854775808", "memory 9223372036854775807", "sd 2", "usermove e2e4"});
    engine_move(p, 10s);
    send_all(p, {"st 1e300", "sd 2", "usermove d2d4"});
    engine_move(p, 10s);
    send_all(p, {"new", "memory 16", "st 0.0001", "go"});
    engine_move(p, 10s);
    sync(p, 1);
    CHECK(p.running());
}

// ---- XBoard 4.9.1 between two Harlequins -------------------------------------------------

namespace {

// XBoard's own board, kept as XBoard 4.9.1 keeps it when it relays moves between two
// engines with legality testing off (backend.c, ApplyMove): a piece moves from one square
// to another; a two-leg move `a,b` takes whatever stands on the middle square; its pawn
// type (the first letter of each half of the `setup` table) promotes to a queen when it
// reaches the last rank without a suffix (XBoard appends `q`), and takes en passant only
// right after the double step; any king move of two files along a rank castles with the
// nearest piece, unless its `piece` line has an initial-move atom (`i`) and no castling
// (`O`). A null move is relayed as `setboard` with this board.
class XBoardView {
public:
    XBoardView(const std::string& fen, std::string pawnLetters, std::string plainKings = {})
        : pawns(std::move(pawnLetters))
        , noCastling(std::move(plainKings)) {
        auto fields = split(fen, ' ');
        for (const std::string& row : split(fields[0], '/')) {
            std::string r;
            for (char c : row)
                r += std::isdigit(static_cast<unsigned char>(c))
                    ? std::string(std::size_t(c - '0'), '.')
                    : std::string(1, c);
            rows.insert(rows.begin(), r); // rows[0] is rank 1
        }
        whiteToMove = fields.size() < 2 || fields[1] == "w";
    }

    // Applies a move as XBoard relays it; returns the text XBoard sends to the other engine.
    std::string apply(const std::string& move) {
        std::string relayed = move;
        int ep = epFile;
        epFile = -1;
        if (move == "@@@@") {
            whiteToMove = !whiteToMove;
            return relayed;
        }
        if (move == "O-O" || move == "O-O-O") {
            int r = whiteToMove ? 0 : int(rows.size()) - 1;
            char king = whiteToMove ? 'K' : 'k', rook = whiteToMove ? 'R' : 'r';
            int kf = int(rows[std::size_t(r)].find(king));
            int dir = move == "O-O" ? 1 : -1, rf = kf + dir;
            while (rows[std::size_t(r)][std::size_t(rf)] != rook) rf += dir;
            rows[std::size_t(r)][std::size_t(kf)] = rows[std::size_t(r)][std::size_t(rf)] = '.';
            rows[std::size_t(r)][std::size_t(dir > 0 ? 6 : 2)] = king;
            rows[std::size_t(r)][std::size_t(dir > 0 ? 5 : 3)] = rook;
            whiteToMove = !whiteToMove;
            return relayed;
        }
        std::string legs = move;
        int kf = -1, kr = -1;
        if (auto comma = move.find(','); comma != std::string::npos) {
            kf = move[2] - 'a';
            kr = move[3] - '1';
            legs = move.substr(0, 2) + move.substr(comma + 3);
        }
        int ff = legs[0] - 'a', fr = legs[1] - '1', tf = legs[2] - 'a', tr = legs[3] - '1';
        char promo = legs.size() > 4 ? legs[4] : '\0';
        char piece = at(ff, fr);
        bool white = std::isupper(static_cast<unsigned char>(piece)) != 0;
        bool pawn = pawns.find(piece) != std::string::npos;
        if (kf >= 0) at(kf, kr) = '.';
        if (pawn && promo == '\0' && (tr == 0 || tr == int(rows.size()) - 1)) {
            promo = 'q';
            relayed = legs.substr(0, 4) + "q";
            if (kf >= 0) relayed = move + "q";
        }
        if ((piece == 'K' || piece == 'k') && noCastling.find(piece) == std::string::npos
            && tr == fr && std::abs(tf - ff) >= 2 && ff > 0 && ff < int(rows[0].size()) - 1) {
            int dir = tf > ff ? 1 : -1, rf = ff + dir;
            while (at(rf, fr) == '.' && rf > 0 && rf < int(rows[0].size()) - 1) rf += dir;
            at(tf - dir, fr) = at(rf, fr);
            at(rf, fr) = '.';
        } else if (pawn && tf != ff && at(tf, tr) == '.' && ep == tf) at(tf, fr) = '.';
        if (pawn && std::abs(tr - fr) == 2) epFile = ff;
        at(ff, fr) = '.';
        at(tf, tr) = promo ? (white ? char(std::toupper(promo)) : promo) : piece;
        whiteToMove = !whiteToMove;
        return relayed;
    }

    std::string fen() const {
        std::string board;
        for (std::size_t r = rows.size(); r-- > 0;) {
            int empty = 0;
            for (char c : rows[r]) {
                if (c == '.') {
                    ++empty;
                    continue;
                }
                if (empty) board += std::to_string(empty);
                empty = 0;
                board += c;
            }
            if (empty) board += std::to_string(empty);
            if (r) board += '/';
        }
        return board + (whiteToMove ? " w" : " b") + " - - 0 1";
    }

private:
    static std::vector<std::string> split(const std::string& s, char sep) {
        std::vector<std::string> out(1);
        for (char c : s)
            if (c == sep) out.emplace_back();
            else out.back() += c;
        return out;
    }
    char& at(int file, int rank) { return rows[std::size_t(rank)][std::size_t(file)]; }

    std::vector<std::string> rows;
    std::string pawns, noCastling;
    bool whiteToMove = true;
    int epFile = -1;
};

bool is_result(const std::string& l) {
    return l.rfind("1-0 {", 0) == 0 || l.rfind("0-1 {", 0) == 0 || l.rfind("1/2-1/2 {", 0) == 0;
}

// Lines an engine says besides moves and results: thinking output, hints, pongs.
bool is_chatter(const std::string& l) {
    return l.empty() || std::isdigit(static_cast<unsigned char>(l[0])) || l.rfind("Hint:", 0) == 0
        || l.rfind("pong ", 0) == 0;
}

// XBoard 4.9.1's TwoMachines mode (`-mode TwoMachines -searchDepth 3 -xponder`) between two
// Harlequins, with the commands its debug logs show; returns the result line that ends the
// game (nothing if none came within `maxPlies`), and fails on any complaint.
std::optional<std::string> two_machines(const std::string& xboardName, int maxPlies) {
    Process engines[2] = {Process({HARLEQUIN_BINARY}), Process({HARLEQUIN_BINARY})};
    std::string setup, plainKings;
    for (int i = 0; i < 2; ++i) {
        Process& p = engines[i];
        handshake(p);
        send_all(p, {"memory 68", "cores 1", "new", "random"});
        if (xboardName != "normal") p.send("variant " + xboardName);
        send_all(p, {"level 0 0:20 0.2", "sd 3", "post", "hard", "easy"});
        auto said = sync(p, 1);
        p.send("force");
        for (const auto& l : said) {
            INFO(l);
            CHECK(l.rfind("Error", 0) != 0);
            if (l.rfind("setup ", 0) == 0) setup = l;
            bool noCastle
                = l.find('i', 8) != std::string::npos && l.find('O', 8) == std::string::npos;
            if (i == 0 && (l.rfind("piece K ", 0) == 0 || l.rfind("piece k ", 0) == 0) && noCastle)
                plainKings += l[6];
        }
    }
    // The start position and XBoard's pawn letters, from the first engine's setup line.
    std::string fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                pawnLetters = "Pp";
    if (!setup.empty()) {
        auto open = setup.find('('), close = setup.find(')');
        std::string table = setup.substr(open + 1, close - open - 1);
        pawnLetters = std::string(1, table[0]) + table[table.size() / 2];
        auto start = setup.find(' ', setup.find("_fairy"));
        fen = setup.substr(start + 1);
        engines[1].send("setboard " + fen);
    }
    XBoardView view(fen, pawnLetters, plainKings);
    engines[0].send("time 2000");
    engines[0].send("otim 2000");
    engines[0].send("go");
    bool secondStarted = false;
    int mover = 0;
    for (int ply = 0; ply < maxPlies; ++ply) {
        std::string move;
        for (;;) {
            auto line = engines[mover].read_line(10s);
            REQUIRE(line);
            INFO(*line);
            if (is_result(*line)) return *line;
            if (is_chatter(*line)) continue;
            REQUIRE(line->rfind("move ", 0) == 0);
            move += line->substr(5);
            if (move.back() != ',') break;
        }
        std::string relayed = view.apply(move);
        Process& other = engines[1 - mover];
        other.send("time 2000");
        other.send("otim 2000");
        other.send(move == "@@@@" ? "setboard " + view.fen() : "usermove " + relayed);
        if (!secondStarted && mover == 0) {
            other.send("go");
            secondStarted = true;
        }
        mover = 1 - mover;
    }
    return std::nullopt;
}

} // namespace

TEST_CASE("xboard: every game offered to XBoard runs to its result between two Harlequins",
    "[xboard][xboard-games]") {
    for (const VariantSpec& s : registered_variants()) {
        if (!xboard_offers(s)) continue;
        std::string name = xboard_variant_name(s);
        INFO(name);
        auto result = two_machines(name, 3000);
        REQUIRE(result);
        CHECK(is_result(*result));
    }
}

TEST_CASE("xboard: Multiple Move Chess: XBoard's null after a late en passant no longer "
          "freezes the engine",
    "[xboard][multimove]") {
    // The second engine of /work/shared/xboard-4.9.1-logs/multimove.debug, playing Black.
    // Its own moves are given in force mode; the nulls White owed come as XBoard relayed
    // them, as setboard. White then took en passant (d5e6) as the last move of its turn;
    // Black replied f6h5, and XBoard relayed White's null with Black's e5 pawn still on
    // its board. Harlequin must say so and play on, not take it as a new game and wait.
    Process p = xboard_engine();
    send_all(p,
        {"memory 68", "cores 1", "new", "random", "variant multimove", "level 0 0:20 0.2", "post",
            "hard", "easy"});
    sync(p, 1);
    send_all(p, {"force", "setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"});
    const char* plies[] = {"usermove e2e4", "usermove @@@@", "usermove d2d4", "usermove @@@@",
        "usermove b1c3", "usermove d7d6",
        "setboard rnbqkbnr/ppp1pppp/3p4/8/3PP3/2N5/PPP2PPP/R1BQKBNR b KQkq - 0 4", "usermove g8f6",
        "setboard rnbqkb1r/ppp1pppp/3p1n2/8/3PP3/2N5/PPP2PPP/R1BQKBNR b KQkq - 0 5",
        "usermove a7a6", "usermove c1e3", "usermove @@@@", "usermove d4d5", "usermove @@@@",
        "usermove g1f3", "usermove c8g4",
        "setboard rn1qkb1r/1pp1pppp/p2p1n2/3P4/4P1b1/2N1BN2/PPP2PPP/R2QKB1R b KQkq - 0 9",
        "usermove b7b6",
        "setboard rn1qkb1r/2p1pppp/pp1p1n2/3P4/4P1b1/2N1BN2/PPP2PPP/R2QKB1R b KQkq - 0 10",
        "usermove e7e5", "usermove f3d4", "usermove @@@@", "usermove f2f3", "usermove @@@@",
        "usermove d5e6", "usermove f6h5"};
    for (const char* l : plies) p.send(l);
    CHECK(sync(p, 2).empty()); // every move and relayed null accepted
    // Harlequin plays Black from here, as it did in the game.
    send_all(p,
        {"playother", "time 1990", "otim 2053",
            "setboard rn1qkb1r/2p2ppp/pp1pP3/4p2n/3NP1b1/2N1BP2/PPP3PP/R2QKB1R b KQkq - 0 14"});
    std::vector<std::string> seen;
    std::string reply = engine_move(p, 5s, &seen);
    REQUIRE_FALSE(seen.empty());
    CHECK(seen[0].rfind("tellusererror XBoard's board differs from the game's on e5;", 0) == 0);
    // The reply is a legal single move of Black's turn in the game's position (no e5 pawn).
    auto referee = make_referee("multimove");
    for (const char* l : plies) {
        std::string text(l);
        if (text.rfind("usermove ", 0) == 0 && text != "usermove @@@@")
            REQUIRE_FALSE(referee->play(text.substr(9)).has_value());
    }
    CHECK(letter_on(*referee, "e5") == '\0');
    INFO(reply);
    CHECK_FALSE(referee->play(reply).has_value());
}

TEST_CASE(
    "xboard: no pondering on a reply that mates, no thinking line without moves", "[xboard]") {
    // Black's only move is Ka7; the expected reply Ra1 mates. Pondering on it would search
    // a finished position, whose thinking line (`0 -100000 0 0 `) has no moves.
    Process p = xboard_engine(
        {"new", "force", "setboard k7/2K5/8/8/8/8/8/1R6 b - - 0 1", "hard", "post", "sd 6", "go"});
    std::vector<std::string> seen;
    CHECK(engine_move(p, 5s, &seen) == "a8a7");
    std::this_thread::sleep_for(300ms);
    for (const auto& l : sync(p, 1)) seen.push_back(l);
    for (const auto& l : seen) {
        INFO(l);
        CHECK(l.rfind("Hint:", 0) != 0); // no ponder search started
        if (!l.empty() && std::isdigit(static_cast<unsigned char>(l[0]))) {
            std::vector<std::string> fields;
            std::size_t start = 0;
            for (;;) {
                auto space = l.find(' ', start);
                fields.push_back(l.substr(start, space - start));
                if (space == std::string::npos) break;
                start = space + 1;
            }
            while (!fields.empty() && fields.back().empty()) fields.pop_back();
            CHECK(fields.size() >= 5); // depth score time nodes and at least one move
        }
    }
}

TEST_CASE("xboard: Ms. Chess: the woman's pawn on the last rank, relayed as XBoard does",
    "[xboard][mschess]") {
    // The game of /work/shared/xboard-4.9.1-logs/mschess-legal.debug, relayed through
    // XBoard's board as this engine's setup line describes it: her d7e8 (no promotion in
    // Ms. Chess) became `d7e8q` when her pawn was XBoard's pawn, and was refused.
    Process p = xboard_engine({"new", "variant mschess"});
    auto said = sync(p, 1);
    REQUIRE(!said.empty());
    const std::string& setup = said[0];
    auto open = setup.find('('), close = setup.find(')');
    std::string table = setup.substr(open + 1, close - open - 1);
    XBoardView view("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kq - 0 1",
        std::string(1, table[0]) + table[table.size() / 2]);
    p.send("force");
    const char* game[] = {"b1a3", "c7c6", "g1f3", "g7g6", "f3e5", "d8a5", "f2f4", "a5c5", "c1b3",
        "c5e5", "f4e5", "f8g7", "e2e4", "g8h6", "d1f3", "b8a6", "f1c4", "d7d5", "e4d5", "e8g8",
        "a3d4", "f8e8", "d5c6", "e7e6", "c4d6", "a6c7", "d6c7", "c8d7", "c6d7", "h6f5", "d7e8"};
    std::string last;
    for (const char* m : game) {
        last = view.apply(m);
        p.send("usermove " + last);
    }
    CHECK(last == "d7e8");
    CHECK(sync(p, 2).empty()); // no `Illegal move`
    // The game goes on: Black (the man) has a reply.
    send_all(p, {"sd 4", "go"});
    auto referee = make_referee("mschess");
    for (const char* m : game) REQUIRE_FALSE(referee->play(m).has_value());
    CHECK_FALSE(referee->play(engine_move(p, 10s)).has_value());
}

TEST_CASE(
    "xboard: a setboard with an absurd run of empty squares is refused, no overflow", "[xboard]") {
    // The fuzzer found `setboard 4294967296 b k - 2 10 w` in Ms. Chess overflowing while the
    // castling field (XBoard's unmoved-pieces form) was read from the board.
    Process p = xboard_engine({"variant mschess", "force"});
    CHECK(sync(p, 1, 5s).size() >= 1); // the setup and piece lines
    for (const char* bad : {"setboard 4294967296 b k - 2 10 w", "setboard 99999999999 w - - 0 1"}) {
        INFO(bad);
        p.send(bad);
        auto seen = sync(p, 2);
        REQUIRE(seen.size() == 1);
        CHECK(seen[0].rfind("tellusererror Illegal position", 0) == 0);
    }
    p.send("usermove e2e4"); // the start position is kept
    CHECK(sync(p, 3).empty());
}
