// SPDX-License-Identifier: GPL-3.0-or-later
// One reading of a position in every front-end. UCI's `position fen` (the Engine facade) and
// XBoard's `setboard` (XBoardGame over a Referee) read a FEN with the same function of the
// game; XBoard only translates its own castling field of unmoved pieces first. So on every
// FEN both accept the same position (same FEN back, same legal moves) or both refuse it with
// the same reason. And no position a game accepts has two legal moves written alike, so a
// GUI can always say which move it means.
#include "protocol/xboard_game.h"
#include "session.h"
#include "support.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

using namespace hq;
using namespace hq::test;

namespace {

// Every position of the files with positions the project ships: the perft files
// (tests/data, the copies of the reference files that tests/test_perft.cpp runs) and, with
// `openings`, the opening suites (bench/openings). A FEN is a line's words up to the first
// EPD operation (`;`); comment lines are skipped.
std::vector<std::string> shipped_fens(bool openings) {
    std::vector<std::filesystem::path> dirs {HARLEQUIN_TEST_DATA};
    if (openings) dirs.emplace_back(std::string(HARLEQUIN_TEST_DATA) + "/../../bench/openings");
    std::vector<std::filesystem::path> files;
    for (const auto& dir : dirs)
        for (const auto& entry : std::filesystem::directory_iterator(dir))
            if (entry.path().extension() == ".epd") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    std::vector<std::string> fens;
    for (const auto& file : files) {
        std::ifstream in(file);
        std::string line;
        while (std::getline(in, line)) {
            auto fen = join_words(split_words(line.substr(0, line.find(';'))), 0, 99);
            if (!fen.empty() && fen[0] != '#') fens.push_back(fen);
        }
    }
    return fens;
}

// FENs that some game must refuse: castling rights of a king or rook off its start square,
// unknown or repeated castling letters, an enhanced side's rights in Ms. Chess, and other
// faults. Every game reads every one of them (as it reads every shipped FEN).
const std::vector<std::string> Malformed = {
    // The fuzzer's chess and Multiple Move Chess find: `ha` with Black's king on f8 was read
    // `kq`, and `f8g8` was both the king's step and a castling.
    "r3nk1r/p1bpp3/1npq1p2/1p2N1pp/P3P1PP/1b6/1PP2PKB/R1QB3R b ha - 1 12",
    "r3nk1r/p1bpp3/1npq1p2/1p2N1pp/P3P1PP/1b6/1PP2PKB/R1QB3R b kq - 1 12",
    "r3nk1r/p1bpp3/1npq1p2/1p2N1pp/P3P1PP/1b6/1PP2PKB/R1QB3R b ha - 1 12 0/3",
    "r3nk1r/p1bpp3/1npq1p2/1p2N1pp/P3P1PP/1b6/1PP2PKB/R1QB3R b kq - 1 12 w",
    // The fuzzer's Ms. Chess find: a castling right `I` for the enhanced side.
    "r1b1kbnr/p1p3p1/n1N1p2p/1p2qp2/N2p1PP1/6K1/PPPPP2P/R1BQ1B1R b I - 0 10 w",
    "r1b1kbnr/p1p3p1/n1N1p2p/1p2qp2/N2p1PP1/6K1/PPPPP2P/R1BQ1B1R b I - 0 10",
    "r1b1kbnr/p1p3p1/n1N1p2p/1p2qp2/N2p1PP1/6K1/PPPPP2P/R1BQ1B1R b E - 0 10 w",
    "r1b1kbnr/p1p3p1/n1N1p2p/1p2qp2/N2p1PP1/6K1/PPPPP2P/R1BQ1B1R b kqI - 0 10 w",
    // Kings and rooks off their start squares, with KQkq and with Shredder letters.
    "rnbq1kbr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1KBR w KQkq - 0 1",
    "rnbq1kbr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1KBR w HAha - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 b",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 w",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 wb",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1 w",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w E - 0 1 b",
    "4k3/8/8/8/8/8/8/4K1R1 w K - 0 1",
    "4k3/8/8/8/8/8/8/4K1RR w G - 0 1",
    "4k3/8/8/8/8/8/8/4K1RR w GH - 0 1",
    "4k3/8/8/8/8/8/8/R3K1R1 w KQ - 0 1",
    "4k3/8/8/8/8/8/8/1R2K2R w KQ - 0 1",
    "4k3/8/8/8/8/8/8/1R2K2R w KB - 0 1",
    "r3k2r/8/8/8/8/8/8/R2K3R w KQkq - 0 1",
    "r3k2r/8/8/8/8/8/8/R2K3R w kq - 0 1",
    "r2k3r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 b",
    "r3k2r/8/8/8/4K3/8/8/R6R w KQ - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w KK - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w KH - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w kqX - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w kqI - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w K- - 0 1",
    // Not castling: the side not to move in check, a bad en passant square, field 7.
    "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kq - 0 1 q",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 3/3",
};

// A FEN as one front-end reads it: the reason it is refused, or the position it gives.
struct Reading {
    std::optional<std::string> refused;
    std::string fen;
    std::vector<std::string> moves; // sorted
};

std::ostream& operator<<(std::ostream& out, const Reading& r) {
    if (r.refused) return out << "refused: " << *r.refused;
    return out << "accepted: " << r.fen << " (" << r.moves.size() << " moves)";
}

void check_same(const Reading& uci, const Reading& xboard) {
    INFO("UCI " << uci << "\nXBoard " << xboard);
    CHECK(uci.refused == xboard.refused);
    if (!uci.refused && !xboard.refused) {
        CHECK(uci.fen == xboard.fen);
        CHECK(uci.moves == xboard.moves);
    }
}

// `position fen`: the Engine reads it (Uci::cmd_position passes the FEN on and prints the
// error, `bad FEN: <reason>`).
Reading uci_reading(Engine& engine, const std::string& fen) {
    auto err = engine.set_position(fen, {});
    if (err) {
        const std::string prefix = "bad FEN: ";
        INFO(*err);
        CHECK(err->rfind(prefix, 0) == 0);
        return {err->substr(std::min(err->size(), prefix.size())), {}, {}};
    }
    return {std::nullopt, engine.fen(), sorted(engine.legal_moves())};
}

// `setboard`: the XBoard front-end's game reads it (XBoard::cmd_setboard prints the
// error as `tellusererror Illegal position: <reason>`); the engine that searches for XBoard
// is then given the game's start FEN, and must read the same position from it.
Reading xboard_reading(XBoardGame& game, Engine& searcher, const std::string& fen) {
    if (auto err = game.reset(fen)) return {err, {}, {}};
    Reading r {std::nullopt, game.referee().fen(), sorted(game.referee().legal_moves())};
    INFO("the start FEN " << game.start_fen());
    REQUIRE_FALSE(searcher.set_position(game.start_fen(), {}).has_value());
    CHECK(searcher.fen() == r.fen);
    return r;
}

// The games and their front-ends' readers.
struct Readers {
    std::string name;
    std::unique_ptr<Engine> uci, searcher;
    std::unique_ptr<XBoardGame> xboard;
};

std::vector<Readers> every_game() {
    std::vector<Readers> out;
    for (const VariantSpec& spec : registered_variants()) {
        Readers r {spec.name, make_engine(spec.name), make_engine(spec.name),
            std::make_unique<XBoardGame>(make_referee(spec.name))};
        REQUIRE(r.uci);
        REQUIRE(r.searcher);
        out.push_back(std::move(r));
    }
    return out;
}

} // namespace

TEST_CASE("UCI and XBoard read every shipped and every malformed FEN alike, in every game",
    "[fen][xboard][uci]") {
    auto fens = shipped_fens(true);
    REQUIRE(fens.size() > 1000);
    fens.insert(fens.end(), Malformed.begin(), Malformed.end());
    int accepted = 0, refused = 0;
    for (auto& game : every_game()) {
        for (const std::string& fen : fens) {
            INFO(game.name << ": " << fen);
            Reading uci = uci_reading(*game.uci, fen);
            check_same(uci, xboard_reading(*game.xboard, *game.searcher, fen));
            ++(uci.refused ? refused : accepted);
        }
    }
    // Both kinds are well represented (each game refuses the others' FENs).
    CHECK(accepted > 2000);
    CHECK(refused > 2000);
}

TEST_CASE("the malformed castling rights are refused by both front-ends with the reason",
    "[fen][xboard][uci]") {
    const struct {
        const char* game;
        const char* fen;
        const char* reason;
    } cases[] = {
        {"chess", "r3nk1r/p1bpp3/1npq1p2/1p2N1pp/P3P1PP/1b6/1PP2PKB/R1QB3R b ha - 1 12",
            "castling right 'h' but Black's king is not on e8"},
        {"chess", "r3nk1r/p1bpp3/1npq1p2/1p2N1pp/P3P1PP/1b6/1PP2PKB/R1QB3R b kq - 1 12",
            "castling right 'k' but Black's king is not on e8"},
        {"multimove", "r3nk1r/p1bpp3/1npq1p2/1p2N1pp/P3P1PP/1b6/1PP2PKB/R1QB3R b ha - 1 12",
            "castling right 'h' but Black's king is not on e8"},
        {"mschess", "r3nk1r/p1bpp3/1npq1p2/1p2N1pp/P3P1PP/1b6/1PP2PKB/R1QB3R b kq - 1 12 w",
            "castling right 'k' but Black's king is not on e8"},
        {"mschess", "r1b1kbnr/p1p3p1/n1N1p2p/1p2qp2/N2p1PP1/6K1/PPPPP2P/R1BQ1B1R b I - 0 10 w",
            "castling right 'I' for White, whose army is enhanced"},
        {"mschess", "r1b1kbnr/p1p3p1/n1N1p2p/1p2qp2/N2p1PP1/6K1/PPPPP2P/R1BQ1B1R b E - 0 10 w",
            "castling right 'E' for White, whose army is enhanced"},
        {"mschess-black", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "castling right 'k' for Black, whose army is enhanced"},
        {"mschess-black", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w E - 0 1 b",
            "castling right 'E' is for a rook on e1, but outside Chess960 only the rooks on a1 "
            "and h1 castle"},
        {"chess", "4k3/8/8/8/8/8/8/4K1R1 w K - 0 1",
            "castling right 'K' but White has no rook on h1"},
        {"chess", "4k3/8/8/8/8/8/8/4K1RR w G - 0 1",
            "castling right 'G' is for a rook on g1, but outside Chess960 only the rooks on a1 and "
            "h1 castle"},
        {"multimove2", "r2k3r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "castling right 'k' but Black's king is not on e8"},
        {"chess", "r3k2r/8/8/8/8/8/8/R3K2R w KH - 0 1", "castling right 'H' given twice"},
        {"chess", "r3k2r/8/8/8/8/8/8/R3K2R w kqI - 0 1", "bad castling letter 'I'"},
        {"control",
            "pRpNpB2uBuNuR/pPpPpPbQ1uPuPuP/8/3bPbPbK2/1wQ1wP4/4wP1yP1/rPrP5yP/rRrN2wKyByNyR b Kk - "
            "1 8 rB",
            "castling right 'k' without Black's king on e8"},
    };
    for (const auto& c : cases) {
        INFO(c.game << ": " << c.fen);
        auto engine = make_engine(c.game), searcher = make_engine(c.game);
        XBoardGame game(make_referee(c.game));
        Reading uci = uci_reading(*engine, c.fen);
        CHECK(uci.refused == std::optional<std::string>(c.reason));
        check_same(uci, xboard_reading(game, *searcher, c.fen));
    }
    // Chess960 reads the same rights: king and rooks anywhere on the first rank.
    auto engine = make_engine("chess960");
    for (const char* fen : {"r3nk1r/p1bpp3/1npq1p2/1p2N1pp/P3P1PP/1b6/1PP2PKB/R1QB3R b ha - 1 12",
             "4k3/8/8/8/8/8/8/4K1RR w G - 0 1"}) {
        INFO(fen);
        CHECK_FALSE(engine->set_position(fen, {}).has_value());
    }
}

TEST_CASE("XBoard's castling field of unmoved pieces is read as the rights it stands for, then "
          "judged as UCI judges those",
    "[fen][xboard][uci][mschess]") {
    // XBoard 4.9.1 writes, when the woman plays White (her king described with an initial
    // move), the files of the unmoved pieces that have one: her king's `E`. The man's
    // rights are then what his board allows; the position is the game's FEN with them.
    const struct {
        const char* xboardFen;
        const char* fen;
    } cases[] = {
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w E - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kq - 0 1"},
        {"r3k3/8/8/8/8/8/8/4K2R b E - 0 1", "r3k3/8/8/8/8/8/8/4K2R b q - 0 1"},
        {"4k2r/8/8/8/8/8/8/4K3 b E - 0 1", "4k2r/8/8/8/8/8/8/4K3 b k - 0 1"},
        // Refused for what else is wrong, with the reason UCI gives for the rights' FEN.
        {"4k3/4R3/8/8/8/8/8/4K3 w E - 0 1", "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1"},
        {"r3k2r/8/8/8/8/8/8/4K3 w E e6 0 1", "r3k2r/8/8/8/8/8/8/4K3 w kq e6 0 1"},
    };
    auto engine = make_engine("mschess"), searcher = make_engine("mschess");
    XBoardGame game(make_referee("mschess"));
    for (const auto& c : cases) {
        INFO(c.xboardFen << " as " << c.fen);
        check_same(uci_reading(*engine, c.fen), xboard_reading(game, *searcher, c.xboardFen));
    }
    // `-` is the standard FEN's: no rights (XBoard also writes it once her king has moved).
    Reading none = xboard_reading(game, *searcher, "r3k2r/8/8/8/8/8/8/4K3 b - - 0 1");
    CHECK(none.fen == "r3k2r/8/8/8/8/8/8/4K3 b - - 0 1 w");
    // Letters XBoard does not write there (no piece with an initial move on e1, a file
    // beyond the board, a Black piece, a game's own field 7) are castling rights, refused as
    // UCI refuses them.
    for (const char* fen : {"r3k2r/8/8/8/8/8/8/3K4 w E - 0 1", "r3k2r/8/8/8/8/8/8/4K3 w I - 0 1",
             "r3k2r/8/8/8/8/8/8/4K2R w H - 0 1", "r3k2r/8/8/8/8/8/8/4K3 w e - 0 1",
             "r3k2r/8/8/8/8/8/8/4K3 w EE - 0 1", "r3k2r/8/8/8/8/8/8/4K3 w E - 0 1 w",
             "r3k2r/8/8/8/8/8/8/4K3 w E - 0 1 wb", "r3k2r/8/8/8/8/8/8/4K3 w E - 0 1 b"}) {
        INFO(fen);
        Reading uci = uci_reading(*engine, fen);
        CHECK(uci.refused);
        check_same(uci, xboard_reading(game, *searcher, fen));
    }
}

TEST_CASE("the real binary gives the same reason over UCI and over XBoard", "[fen][xboard][uci]") {
    const struct {
        const char* variant;
        const char* fen;
    } cases[] = {
        {"mschess", "r1b1kbnr/p1p3p1/n1N1p2p/1p2qp2/N2p1PP1/6K1/PPPPP2P/R1BQ1B1R b I - 0 10 w"},
        {"chess", "r3nk1r/p1bpp3/1npq1p2/1p2N1pp/P3P1PP/1b6/1PP2PKB/R1QB3R b ha - 1 12"},
        {"multimove", "r3nk1r/p1bpp3/1npq1p2/1p2N1pp/P3P1PP/1b6/1PP2PKB/R1QB3R b ha - 1 12"},
    };
    for (const auto& c : cases) {
        INFO(c.variant << ": " << c.fen);
        Process uci = start_engine();
        uci_lines(uci);
        uci.send(std::string("setoption name UCI_Variant value ") + c.variant);
        auto uciError = ask(uci, std::string("position fen ") + c.fen, "info string error:");
        REQUIRE(uciError);
        const std::string uciPrefix = "info string error: bad FEN: ",
                          uciSuffix = "; position unchanged";
        REQUIRE(uciError->rfind(uciPrefix, 0) == 0);
        REQUIRE(uciError->size() > uciPrefix.size() + uciSuffix.size());
        REQUIRE(uciError->substr(uciError->size() - uciSuffix.size()) == uciSuffix);
        std::string uciReason = uciError->substr(
            uciPrefix.size(), uciError->size() - uciPrefix.size() - uciSuffix.size());

        Process xboard = start_engine();
        send_all(xboard, {"xboard", "protover 2", "force", std::string("variant ") + c.variant});
        auto xboardError = ask(
            xboard, std::string("setboard ") + c.fen, "tellusererror", std::chrono::seconds(5));
        REQUIRE(xboardError);
        CHECK(*xboardError == "tellusererror Illegal position: " + uciReason);
        // The game is the start position still: its first move is legal, the FEN's are not.
        std::vector<std::string> seen;
        xboard.send("usermove e2e4");
        xboard.send("ping 7");
        REQUIRE(xboard.wait_for("pong 7", std::chrono::seconds(5), &seen));
        for (const std::string& line : seen) CHECK(line.rfind("Illegal move", 0) != 0);
    }
}

TEST_CASE("no two legal moves share a text, in every game, on every perft and malformed "
          "position it accepts and on their children",
    "[fen][moves]") {
    auto fens = shipped_fens(false);
    fens.insert(fens.end(), Malformed.begin(), Malformed.end());
    int positions = 0;
    for (const VariantSpec& spec : registered_variants()) {
        auto engine = make_engine(spec.name);
        REQUIRE(engine);
        auto check_distinct = [&](const std::string& fen, const std::vector<std::string>& line) {
            auto moves = engine->legal_moves();
            std::set<std::string> texts(moves.begin(), moves.end());
            INFO(spec.name << ": " << fen << " moves " << join_words(line, 0, line.size()));
            if (texts.size() != moves.size()) {
                std::map<std::string, int> count;
                for (const auto& m : moves) ++count[m];
                for (const auto& [m, n] : count)
                    if (n > 1) FAIL_CHECK(m << " is the text of " << n << " legal moves");
            }
            ++positions;
            return moves;
        };
        for (const std::string& fen : fens) {
            if (engine->set_position(fen, {})) continue;
            for (const std::string& m : check_distinct(fen, {})) {
                std::vector<std::string> line {m};
                REQUIRE_FALSE(engine->set_position(fen, line).has_value());
                check_distinct(fen, line);
            }
        }
    }
    CHECK(positions > 10000);
}
