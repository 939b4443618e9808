// SPDX-License-Identifier: GPL-3.0-or-later
// Standard chess and Chess960: one test case per rule of rules/chess.md, plus FEN and
// hashing checks.
#include "support.h"

#include "engine/history.h"
#include "engine/movepick.h"
#include "engine/perft.h"
#include "variants/chess/chess.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <map>
#include <memory>
#include <type_traits>

using namespace hq;
using namespace hq::test;
using chess::Chess;
using chess::Position;

template <> struct hq::test::GameOf<Position> : std::type_identity<Chess> { };

namespace {

// A position from FEN (with Chess960's castling notation if asked); the test fails if the
// FEN is refused.
Position from_fen(const std::string& fen, bool is960 = false) {
    Position p;
    auto err = p.set_fen(fen, is960);
    INFO(fen << ": " << err.value_or(""));
    REQUIRE_FALSE(err.has_value());
    return p;
}

} // namespace

TEST_CASE("FEN round trips for every reference position", "[chess][fen]") {
    for (auto [file, is960] : {std::pair {"chess.epd", false}, std::pair {"chess960.epd", true}}) {
        for (const auto& c : test::read_epd(file)) {
            Position p = from_fen(c.fen, is960);
            CHECK(p.fen() == c.fen);
        }
    }
}

TEST_CASE("castling letters: KQkq, X-FEN and Shredder forms", "[chess][fen]") {
    // Shredder letters for the outermost rooks read back as KQkq in standard chess.
    Position p = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
    CHECK(p.fen() == "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    // Chess960: an inner rook needs its file letter (X-FEN); the outer one keeps K.
    Position q = from_fen("4k3/8/8/8/8/8/8/4K1RR w G - 0 1", true);
    q.set_chess960(false);
    CHECK(q.fen() == "4k3/8/8/8/8/8/8/4K1RR w G - 0 1");
    // Two rights on one side of the king are refused.
    Position twice;
    CHECK(twice.set_fen("4k3/8/8/8/8/8/8/4K1RR w GH - 0 1", true).has_value());
    // Chess960 always writes file letters.
    Position r = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", true);
    CHECK(r.fen() == "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
}

TEST_CASE("outside Chess960 a castling right needs the king on e1/e8 and the corner rook",
    "[chess][fen]") {
    const std::pair<const char*, const char*> bad[] = {
        {"r3nk1r/p1bpp3/1npq1p2/1p2N1pp/P3P1PP/1b6/1PP2PKB/R1QB3R b ha - 1 12",
            "castling right 'h' but Black's king is not on e8"},
        {"r3nk1r/p1bpp3/1npq1p2/1p2N1pp/P3P1PP/1b6/1PP2PKB/R1QB3R b kq - 1 12",
            "castling right 'k' but Black's king is not on e8"},
        {"4k3/8/8/8/8/8/8/4K1R1 w K - 0 1", "castling right 'K' but White has no rook on h1"},
        {"4k3/8/8/8/8/8/8/1R2K3 w Q - 0 1", "castling right 'Q' but White has no rook on a1"},
        {"4k3/8/8/8/8/8/8/4K1RR w G - 0 1",
            "castling right 'G' is for a rook on g1, but outside Chess960 only the rooks on a1 "
            "and h1 castle"},
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkqb - 0 1",
            "castling right 'b' is for a rook on b8, but outside Chess960 only the rooks on a8 "
            "and h8 castle"},
        {"r3k2r/8/8/8/8/8/8/R3K2R w KH - 0 1", "castling right 'H' given twice"},
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkqI - 0 1", "bad castling letter 'I'"},
    };
    for (auto [fen, why] : bad) {
        INFO(fen);
        Position p;
        CHECK(p.set_fen(fen) == std::optional<std::string>(why));
        // Chess960 reads the rights of these kings and rooks where they stand.
        if (std::string(why).find("is not on") != std::string::npos
            || std::string(why).find("no rook on") != std::string::npos)
            CHECK_FALSE(p.set_fen(fen, true).has_value());
    }
    // The position's own setting decides when none is given: set_chess960 before set_fen
    // (as the engine and the referee configure a position), and a new position's is off.
    Position p;
    p.set_chess960(true);
    CHECK_FALSE(p.set_fen("r3nk1r/p1bpp3/1npq1p2/1p2N1pp/P3P1PP/1b6/1PP2PKB/R1QB3R b ha - 1 12")
                    .has_value());
    // Shredder letters of the corner rooks read as KQkq and are written so.
    CHECK(from_fen("r3k2r/8/8/8/8/8/8/R3K2R w Hq - 0 1").fen()
        == "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1");
}

TEST_CASE("the en passant field is written only when a capture is available", "[chess][fen]") {
    Position p;
    play(p, {"e2e4"});
    CHECK(p.fen() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    play(p, {"d7d5", "e4e5", "f7f5"});
    CHECK(p.fen() == "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    // Input accepts either habit.
    Position q = from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    CHECK(q.fen() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
}

TEST_CASE("bad FENs are refused with a message and leave the position unchanged", "[chess][fen]") {
    const std::vector<std::string> bad = {
        "",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",           // 7 ranks
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",  // 9 squares
        "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", // 9 pawns on a rank
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",  // side
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkX - 0 1",  // castling letter
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",  // K without a rook
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", // ep square
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", // ep without double step
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",  // clock
        "rnbqxbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",  // piece letter
        "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",    // no black king
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1",    // two white kings
        "Pnbqkbnr/pppppppp/8/8/8/8/1PPPPPPP/RNBQKBNR w KQkq - 0 1",  // pawn on rank 8
        "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1",                           // side not to move in check
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
        // Past 100000 (the fuzzer found 2147483647 overflowing the ply count, UBSan)
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2147483647",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2147483647 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 100001 1",
    };
    Position p = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    check_refused(p, bad);
}

TEST_CASE(
    "an army beyond one set (more than 8 pawns or 16 pieces a side) is refused", "[chess][fen]") {
    const std::pair<const char*, const char*> bad[] = {
        {"4k3/8/PPPPPPPP/PPPPPPPP/PPPPPPPP/8/8/4K3 w - - 0 1", "White has 24 pawns (at most 8)"},
        {"4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", "White has 9 pawns (at most 8)"},
        {"4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", "Black has 9 pawns (at most 8)"},
        {"k7/8/8/8/8/N7/NNNNNNNN/NNNNNNNK w - - 0 1", "White has 17 pieces (at most 16)"},
        {"knnnnnnn/nnnnnnnn/n7/8/8/8/8/7K b - - 0 1", "Black has 17 pieces (at most 16)"},
    };
    for (bool is960 : {false, true}) {
        Position p = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", is960);
        const std::string before = p.fen();
        for (auto [fen, why] : bad) {
            INFO(fen << (is960 ? " (Chess960)" : ""));
            CHECK(p.set_fen(fen, is960) == std::optional<std::string>(why));
            CHECK(p.fen() == before);
        }
    }
    // Through the engine, as `position fen` reaches it: refused, the position kept.
    for (const char* variant : {"chess", "chess960"}) {
        auto engine = make_engine(variant);
        REQUIRE(engine);
        const std::string start = engine->fen();
        auto err = engine->set_position(bad[0].first, {});
        REQUIRE(err);
        CHECK(err->find("White has 24 pawns (at most 8)") != std::string::npos);
        CHECK(engine->fen() == start);
    }
    // Full armies are accepted: 16 pieces a side, and 8 pawns with promoted pieces.
    from_fen("k7/8/8/8/8/8/NNNNNNNN/NNNNNNNK w - - 0 1");
    from_fen("nnnnnnnk/nnnnnnnn/8/8/8/8/8/K7 w - - 0 1");
    from_fen("1k6/8/pppppppp/8/8/PPPPPPPP/8/QQQQQQQK w - - 0 1");
}

TEST_CASE("illegal moves are refused and the engine keeps its position", "[chess][moves]") {
    auto engine = make_engine("chess");
    REQUIRE_FALSE(engine->set_position("", std::vector<std::string> {"e2e4"}).has_value());
    const std::string before = engine->fen();
    for (const char* bad : {"e2e4", "e7e5x", "e1g1", "a1a1", "zz", "e7e8q", "0000"}) {
        INFO(bad);
        auto err = engine->set_position("", std::vector<std::string> {"e2e4", bad});
        CHECK(err.has_value());
        CHECK(engine->fen() == before);
    }
}

TEST_CASE("the incremental key equals the key recomputed from scratch after every move",
    "[chess][hash]") {
    check_consistency<Chess>(
        {
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        },
        3);
    Position p960
        = from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true);
    CHECK(perft_consistency<Chess>(p960, 3) == "");
}

TEST_CASE("castling needs unmoved king and rook and empty squares between", "[chess][rules]") {
    Position p = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    CHECK(is_legal_text(p, "e1g1"));
    CHECK(is_legal_text(p, "e1c1"));
    Position blocked = from_fen("r3k2r/8/8/8/8/8/8/RN2K1NR w KQkq - 0 1");
    CHECK_FALSE(is_legal_text(blocked, "e1g1"));
    CHECK_FALSE(is_legal_text(blocked, "e1c1"));
    // Moving the rook away and back loses the right.
    play(p, {"h1h2", "a8a7", "h2h1", "a7a8"});
    CHECK_FALSE(is_legal_text(p, "e1g1"));
    CHECK(is_legal_text(p, "e1c1"));
    CHECK(p.fen() == "r3k2r/8/8/8/8/8/8/R3K2R w Qk - 4 3");
}

TEST_CASE("castling is illegal out of, through or into check", "[chess][rules]") {
    CHECK_FALSE(is_legal_text(from_fen("4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1"), "e1g1"));
    CHECK_FALSE(is_legal_text(from_fen("4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1"), "e1g1"));
    CHECK_FALSE(is_legal_text(from_fen("4k3/8/8/8/8/8/6r1/R3K2R w KQ - 0 1"), "e1g1"));
    // The queen side: b1 may be attacked (the king does not cross it), d1 may not.
    CHECK(is_legal_text(from_fen("4k3/8/8/8/8/8/1r6/R3K2R w KQ - 0 1"), "e1c1"));
    CHECK_FALSE(is_legal_text(from_fen("4k3/8/8/8/8/8/3r4/R3K2R w KQ - 0 1"), "e1c1"));
}

TEST_CASE("Chess960 castling is written king takes own rook", "[chess960][rules]") {
    // King b1, rooks a1 and h1: queen-side castling puts the king on c1, rook on d1.
    Position p = from_fen("r5kr/8/8/8/8/8/8/RK5R w HAha - 0 1", true);
    CHECK(is_legal_text(p, "b1a1"));
    CHECK(is_legal_text(p, "b1h1"));
    play(p, {"b1a1"});
    CHECK(p.fen() == "r5kr/8/8/8/8/8/8/2KR3R b ha - 1 1");
    // The same castling outside Chess960 notation is written with the king's target.
    CHECK(written_as(from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), "e1h1") == "e1g1");
}

TEST_CASE("Chess960 castling where the king does not move", "[chess960][rules]") {
    // King already on g1 with the rook on h1: castling only moves the rook to f1.
    Position p = from_fen("6kr/8/8/8/8/8/8/6KR w Hh - 0 1", true);
    CHECK(is_legal_text(p, "g1h1"));
    play(p, {"g1h1"});
    CHECK(p.fen() == "6kr/8/8/8/8/8/8/5RK1 b h - 1 1");
}

TEST_CASE(
    "Chess960 castling is illegal when the castling rook shields the king", "[chess960][rules]") {
    // King c1, castling rook b1, enemy queen a1 behind the rook: castling leaves the king
    // on c1 and takes the rook to d1, opening the queen's line to the king.
    Position p = from_fen("k7/8/8/8/8/8/8/qRK4R w HB - 0 1", true);
    CHECK_FALSE(is_legal_text(p, "c1b1"));
}

TEST_CASE("en passant is possible only on the move right after the double step", "[chess][rules]") {
    Position p = from_fen("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    play(p, {"d7d5"});
    CHECK(is_legal_text(p, "e5d6"));
    play(p, {"e1e2", "e8e7"});
    CHECK_FALSE(is_legal_text(p, "e5d6"));
}

TEST_CASE("en passant that exposes the king along the rank is illegal", "[chess][rules]") {
    Position p = from_fen("8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1");
    CHECK_FALSE(is_legal_text(p, "b5c6"));
}

TEST_CASE("a pawn promotes to queen, rook, bishop or knight", "[chess][rules]") {
    Position p = from_fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    for (const char* m : {"a7a8q", "a7a8r", "a7a8b", "a7a8n"}) CHECK(is_legal_text(p, m));
    CHECK_FALSE(is_legal_text(p, "a7a8"));
    CHECK_FALSE(is_legal_text(p, "a7a8k"));
}

TEST_CASE("checkmate and stalemate leave no legal move", "[chess][rules]") {
    Position mate = from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    CHECK(legal_texts(mate).empty());
    CHECK(mate.in_check());
    Position stale = from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    CHECK(legal_texts(stale).empty());
    CHECK_FALSE(stale.in_check());
}

TEST_CASE("draw by the fifty-move rule", "[chess][rules]") {
    Position p = from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    CHECK_FALSE(p.is_draw(0));
    play(p, {"a1a2"});
    CHECK(p.is_draw(0));
}

TEST_CASE("mate on the hundredth ply beats the fifty-move rule", "[chess][rules]") {
    Position p = from_fen("7k/8/6K1/8/8/8/8/R7 w - - 99 80");
    play(p, {"a1a8"});
    // The hundredth ply without a capture or pawn move mates: mate, not a draw.
    CHECK(p.in_check());
    CHECK(legal_texts(p).empty());
    CHECK_FALSE(p.is_draw(0));
    Outcome o = Chess::adjudicate(p);
    CHECK(o.result == Result::WHITE_WINS);
    CHECK(o.reason == "White mates");
}

TEST_CASE("draw by threefold repetition", "[chess][rules]") {
    Position p;
    play(p, {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"});
    CHECK_FALSE(p.is_draw(0));
    play(p, {"f6g8"});
    CHECK(p.is_draw(0));
}

TEST_CASE("draw by insufficient material", "[chess][rules]") {
    CHECK(from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").has_insufficient_material());
    CHECK(from_fen("4k3/8/8/8/8/8/8/4KN2 w - - 0 1").has_insufficient_material());
    CHECK(from_fen("4k3/8/8/8/8/8/8/4KB2 w - - 0 1").has_insufficient_material());
    CHECK(from_fen("2b1k3/8/8/8/8/8/8/4KB2 w - - 0 1").has_insufficient_material());
    CHECK_FALSE(from_fen("1b2k3/8/8/8/8/8/8/4KB2 w - - 0 1").has_insufficient_material());
    CHECK_FALSE(from_fen("4k3/8/8/8/8/8/8/3NKN2 w - - 0 1").has_insufficient_material());
    CHECK_FALSE(from_fen("4k3/8/8/8/8/8/7P/4K3 w - - 0 1").has_insufficient_material());
}

TEST_CASE(
    "the evaluation is the same for a position and its colour-flipped mirror", "[chess][eval]") {
    for (const auto& c : test::read_epd("chess.epd")) {
        Position p = from_fen(c.fen), q = from_fen(chess_mirror_fen(c.fen));
        INFO(c.fen << " / " << q.fen());
        CHECK(chess::evaluate(p) == chess::evaluate(q));
    }
}

TEST_CASE("a FEN written after counting past the largest move number reads back", "[chess][fen]") {
    // The fuzzer found `... 1 100000 moves ...` writing fullmove 100001, which set_fen then
    // refused. Counters are written capped at the largest number a FEN may give.
    for (const char* game : {"chess", "mschess", "multimove"}) {
        INFO(game);
        auto engine = make_engine(game);
        auto start = split_words(engine->spec().startFen);
        start[4] = "99999";
        start[5] = "100000";
        REQUIRE_FALSE(engine->set_position(join_words(start, 0, start.size()), {}).has_value());
        // Knight moves out and back keep the halfmove clock counting.
        std::vector<std::string> line = {"g1f3", "g8f6", "f3g1", "f6g8"};
        if (std::string(game) == "multimove")
            line = {"g1f3", "f3g1", "b1c3", "g8f6", "f6g8", "b8c6"};
        REQUIRE_FALSE(engine->set_position(join_words(start, 0, start.size()), line).has_value());
        std::string written = engine->fen();
        auto fields = split_words(written);
        CHECK(fields[4] == "100000");
        CHECK(fields[5] == "100000");
        CHECK_FALSE(engine->set_position(written, {}).has_value());
    }
}

TEST_CASE("the correction history's key is the pawns: the same pawns share it, a pawn move "
          "changes it",
    "[chess][search]") {
    const auto key = [](const char* fen) { return Chess::correction_key(from_fen(fen)); };
    const auto start = key("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    // Pieces moved, traded or the other side to move: the pawns, and the key, are the same.
    CHECK(key("r1bqkb1r/pppppppp/2n2n2/8/8/2N2N2/PPPPPPPP/R1BQKB1R b KQkq - 4 3") == start);
    CHECK(key("4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1") == start);
    // One pawn moved, or a pawn of the other colour on the same square: another key.
    CHECK(key("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1") != start);
    CHECK(key("4k3/8/8/8/8/8/P7/4K3 w - - 0 1") != key("4k3/8/8/8/8/8/p7/4K3 w - - 0 1"));
}

TEST_CASE("the correction history moves toward the searches' error, more for deeper "
          "searches, within its limit, per side to move",
    "[search]") {
    auto history = std::make_unique<CorrectionHistory>();
    constexpr std::uint64_t K = 12345;
    CHECK(history->get(WHITE, K) == 0);
    history->update(WHITE, K, 64, 0); // weight 1 of 256: a quarter of a centipawn
    CHECK(history->get(WHITE, K) == 0);
    history->update(WHITE, K, 256, 15); // weight 16: 16 centipawns
    CHECK(history->get(WHITE, K) == 16);
    CHECK(history->get(BLACK, K) == 0);
    for (int i = 0; i < 200; ++i) history->update(WHITE, K, 200, 20);
    CHECK(history->get(WHITE, K) == CorrectionHistory::LIMIT / CorrectionHistory::GRAIN);
    for (int i = 0; i < 200; ++i) history->update(BLACK, K, -30, 20);
    CHECK(history->get(BLACK, K) >= -30);
    CHECK(history->get(BLACK, K) <= -29);
}

TEST_CASE("the move picker hands out every quiet once, best first by the sum of its three "
          "histories, however many are taken",
    "[chess][search]") {
    // A quiet middlegame: many quiets (more than the few picked one by one), few captures.
    const Position pos
        = from_fen("r1bqk2r/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R1BQK2R w KQkq - 0 8");
    auto memory = std::make_unique<SearchMemory>();
    Chess::MoveList quiets;
    Chess::generate_quiet(pos, quiets);
    REQUIRE(quiets.size() > 20);
    // Scores spread over the three tables, with ties, in an order unrelated to generation.
    const Square previousTo = SQ_E5, earlierTo = SQ_C4;
    std::map<std::uint32_t, int> expected;
    for (std::size_t i = 0; i < quiets.size(); ++i) {
        const auto m = quiets[i];
        const int own = int((i * 7) % 5) * 300 - 600, cont = int((i * 3) % 4) * 200,
                  follow = int(i % 3 == 0) * 500;
        memory->history.table[WHITE][m.from()][m.to()] = std::int16_t(own);
        memory->continuation.table[previousTo][m.from()][m.to()] = std::int16_t(cont);
        memory->followUp.table[earlierTo][m.from()][m.to()] = std::int16_t(follow);
        expected[m.raw()] = own + cont + follow;
    }
    MovePicker<Chess> picker(pos, Chess::Move(), Chess::Move(), Chess::Move(), Chess::Move(),
        &memory->history, memory->continuation.row(previousTo), memory->followUp.row(earlierTo));
    std::vector<int> order;
    std::map<std::uint32_t, int> seen;
    for (auto m = picker.next(); m; m = picker.next()) {
        ++seen[m.raw()];
        if (expected.count(m.raw())) order.push_back(expected[m.raw()]);
    }
    CHECK(order.size() == quiets.size());
    for (const auto& [move, times] : seen) CHECK(times == 1);
    for (std::size_t i = 1; i < order.size(); ++i) {
        INFO("quiet " << i);
        CHECK(order[i - 1] >= order[i]);
    }
}

TEST_CASE("capture history reorders captures of the same victim, never a smaller victim "
          "ahead of a larger one",
    "[chess][search]") {
    // White can take the rook on a4 (knight) and the pawns on d5 (pawn or knight) and b5
    // (knight); nothing is defended, so every capture is good.
    const Position pos = from_fen("4k3/8/8/1p1p4/r3P3/2N5/8/4K3 w - - 0 1");
    auto order = [&](const HistoryTable* captures) {
        MovePicker<Chess> picker(pos, Chess::Move(), captures);
        std::vector<std::string> moves;
        for (auto m = picker.next(); m; m = picker.next()) moves.push_back(pos.move_text(m));
        return moves;
    };
    auto memory = std::make_unique<SearchMemory>();
    // Without history: the largest victim, then the least valuable attacker.
    const auto plain = order(&memory->captures);
    REQUIRE(plain.size() == 4);
    CHECK(plain[0] == "c3a4");
    CHECK(plain[1] == "e4d5");
    // Knight takes b5 has cut often: it goes ahead of the other pawn captures, but not
    // ahead of the rook.
    for (int i = 0; i < 50; ++i) memory->captures.update(WHITE, SQ_C3, SQ_B5, 1600);
    const auto learnt = order(&memory->captures);
    REQUIRE(learnt.size() == 4);
    CHECK(learnt[0] == "c3a4");
    CHECK(learnt[1] == "c3b5");
    // The history of the other side does not count.
    auto other = std::make_unique<SearchMemory>();
    for (int i = 0; i < 50; ++i) other->captures.update(BLACK, SQ_C3, SQ_B5, 1600);
    CHECK(order(&other->captures) == plain);
}

TEST_CASE("after skip_quiets the move picker hands out no quiet move, still the losing "
          "captures",
    "[chess][search]") {
    // Qd2xa5 wins a knight; Qd2xd5 loses the queen for a pawn (c6 defends); the rest is
    // quiet.
    const Position pos = from_fen("4k3/8/2p5/n2p4/8/8/3Q4/4K3 w - - 0 1");
    auto memory = std::make_unique<SearchMemory>();
    auto picker_for = [&] {
        return MovePicker<Chess>(pos, Chess::Move(), Chess::Move(), Chess::Move(), Chess::Move(),
            &memory->history, nullptr, nullptr, &memory->captures);
    };
    // Without skipping: the good capture, every quiet, then the losing capture.
    auto all = picker_for();
    std::vector<std::string> everything;
    for (auto m = all.next(); m; m = all.next()) everything.push_back(pos.move_text(m));
    REQUIRE(everything.size() > 3);
    CHECK(everything.front() == "d2a5");
    CHECK(everything.back() == "d2d5");
    // Skipping after the first quiet: only the losing capture is left.
    auto picker = picker_for();
    REQUIRE(pos.move_text(picker.next()) == "d2a5");
    const auto firstQuiet = picker.next();
    REQUIRE(firstQuiet);
    CHECK_FALSE(Chess::is_noisy(pos, firstQuiet));
    picker.skip_quiets();
    std::vector<std::string> rest;
    for (auto m = picker.next(); m; m = picker.next()) rest.push_back(pos.move_text(m));
    CHECK(rest == std::vector<std::string> {"d2d5"});
    // Skipping before the quiets are generated: straight from the good capture to the bad.
    auto early = picker_for();
    REQUIRE(pos.move_text(early.next()) == "d2a5");
    early.skip_quiets();
    const auto next = early.next();
    REQUIRE(next);
    CHECK(pos.move_text(next) == "d2d5");
    CHECK_FALSE(early.next());
}
