// SPDX-License-Identifier: GPL-3.0-or-later
#include "registry.h"

#include "chess/chess.h"
#include "chess/chess960.h"
#include "control/control.h"
#include "martian/martian.h"
#include "mschess/mschess.h"
#include "multimove/multimove.h"

#include "engine/text.h"

namespace hq {

namespace {

// Chess960's numbered arrays, for chess (with UCI_Chess960) and chess960.
constexpr NumberedStarts Chess960Arrays {chess::Chess960Starts,
    [](int white, int black) { return chess::chess960_start_fen(white, black); }};

// The browser board's levels 1-8 (as Skill Levels) in the games where Skill::Ladder's steps
// were too small (docs/levels.md, "The other games", 2026-12-07, 40 games a step): in
// Multiple Move Chess levels 0 and 4 both search one single move deep (4 beat 0 53.7%);
// in Control 8 beat 6 only 56.2%; Martian Chess is drawish at the top (16 beat 14 58.8%,
// full strength beat 16 71.3%), so its ladder ends lower and starts wider.
constexpr Skill::LadderLevels MultiMoveLadder = {0, 6, 9, 11, 12, 14, 15, 16};
constexpr Skill::LadderLevels ControlLadder = {0, 4, 7, 9, 11, 12, 14, 16};
constexpr Skill::LadderLevels MartianLadder = {0, 3, 4, 5, 7, 9, 11, 13};

const std::vector<RegisteredGame>& all_games() {
    static const std::vector<RegisteredGame> all = {
        {.spec = {"chess", std::string(chess::Position::StartFen), 8, 8, false},
            .aliases = {"standard", "normal"},
            .make = game_factories<chess::Chess>(),
            .xboard = {.name = "normal"},
            .bench
            = {{{""},
                   {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w "
                    "KQkq - 0 1"},
                   {"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w "
                    "KQkq - 4 4"},
                   {"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/"
                    "R4RK1 w - - 0 10"},
                   {"2r3k1/pp3ppp/2n1b3/3p4/3P4/2PB1N2/P4PPP/R5K1 w - - 0 20"},
                   {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"},
                   {"r1bq1rk1/pp2bppp/2n2n2/3p4/3P4/2NB1N2/PP3PPP/R1BQ1RK1 w - "
                    "- 2 10"},
                   {"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"}, {"8/8/4k3/8/2p5/8/B2K4/8 w - - 0 1"},
                   {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"},
                   {"r2q1rk1/1b2bppp/p2p1n2/1p1Pp3/4P3/1BN2N1P/PP3PP1/R2QR1K1 "
                    "b - - 0 15"},
                   {"8/5pk1/6p1/3P4/2p2P2/2P3P1/5K2/8 b - - 0 40"}},
                "chess"},
            .starts = Chess960Arrays},
        {.spec = {"chess960", std::string(chess::Position::StartFen), 8, 8, true},
            .aliases = {"fischerandom", "fischerrandom"},
            .make = game_factories<chess::Chess>(),
            .xboard = {.name = "fischerandom"},
            .bench
            = {{{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"}}, "chess960"},
            .starts = Chess960Arrays},
        // Ms. Chess: the woman (enhanced army) plays White or Black; field 7 of the start
        // FEN says which, and a FEN without field 7 takes it from here.
        {.spec
            = {"mschess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kq - 0 1 w", 8, 8, false},
            .aliases = {},
            .make = game_factories<mschess::MsChess>(),
            .xboard = {.pieceBetza = mschess::MsChess::betza_pieces(true),
                .pieces = mschess::MsChess::xboard_pieces(true)},
            .bench
            = {{{""}, {"rnbqkb1r/pp2pppp/3p1n2/2p5/4P3/2N2N2/PPPP1PPP/R1BQKB1R w kq - 0 4 w"}},
                "mschess"}},
        {.spec = {"mschess-black", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1 b", 8, 8,
             false},
            .aliases = {},
            .make = game_factories<mschess::MsChess>(),
            .xboard = {.pieceBetza = mschess::MsChess::betza_pieces(false),
                .pieces = mschess::MsChess::xboard_pieces(false)},
            .bench = {{{""}}, "mschess"}},
        {.spec = {"multimove", std::string(multimove::Position::StartFen), 8, 8, false},
            .aliases = {},
            .make = game_factories<multimove::MultiMove>(),
            .bench
            = {{{"", -4},
                   {"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 0/3", -4}},
                "multimove"},
            .ladder = MultiMoveLadder},
        {.spec = {"multimove2", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 0/2", 8,
             8, false},
            .aliases = {},
            .make = game_factories<multimove::MultiMove>(),
            .bench = {{{"", -3}}, "multimove"},
            .ladder = MultiMoveLadder},
        // Control Chess: six colours, two players; field 7 of the FEN is the pool.
        {.spec = {"control", std::string(control::Position::StartFen), 8, 8, false},
            .aliases = {},
            .make = game_factories<control::ControlChess>(),
            .xboard = {.unplayable = control::ControlChess::XBoardUnplayable},
            .bench = {{{"", -1},
                          {"pRpNbQ1bKuBuNuR/pPpP1bPbPuPuPuP/8/8/3wP4/4wP3/rPrPrPwQ1yPyPyP/"
                           "rRrNrB1wKyByNyR b KQkq - 0 3 pB",
                              -2}},
                "control"},
            .ladder = ControlLadder},
        // Martian Chess: a 4x8 board; pieces belong to whoever's zone they stand in.
        {.spec = {"martian", std::string(martian::Position::StartFen), 4, 8, false},
            .aliases = {},
            .make = game_factories<martian::Martian>(),
            .xboard = {.unplayable = martian::Martian::XBoardUnplayable},
            .bench = {{{""}, {"qqd1/qdp1/d1pp/1d2/2P1/2P1/1PDQ/D1QQ w - - 6 4 0+0 - -"}}, "martian",
                martian::Martian::MatchMaxMoves},
            .ladder = MartianLadder},
    };
    return all;
}

} // namespace

const std::vector<RegisteredGame>& registered_games() { return all_games(); }

const RegisteredGame* find_game(std::string_view name) {
    std::string key = to_lower(name);
    for (const RegisteredGame& e : all_games()) {
        if (e.spec.name == key) return &e;
        for (auto alias : e.aliases)
            if (alias == key) return &e;
    }
    return nullptr;
}

const std::vector<VariantSpec>& registered_variants() {
    static const std::vector<VariantSpec> specs = [] {
        std::vector<VariantSpec> v;
        for (const RegisteredGame& e : all_games()) v.push_back(e.spec);
        return v;
    }();
    return specs;
}

const std::string& default_variant() { return registered_variants().front().name; }

std::optional<std::string> canonical_variant(std::string_view name) {
    const RegisteredGame* e = find_game(name);
    if (!e) return std::nullopt;
    return e->spec.name;
}

std::unique_ptr<Engine> make_engine(std::string_view name, bool chess960) {
    const RegisteredGame* e = find_game(name);
    return e ? e->make.engine(e->spec, chess960) : nullptr;
}

std::unique_ptr<Referee> make_referee(std::string_view name) { return make_probe(name); }

std::unique_ptr<GameProbe> make_probe(std::string_view name) {
    const RegisteredGame* e = find_game(name);
    return e ? e->make.rules(e->spec, false) : nullptr;
}

const XBoardProfile& xboard_profile(std::string_view name) {
    static const XBoardProfile none;
    const RegisteredGame* e = find_game(name);
    return e ? e->xboard : none;
}

const BenchCatalog& bench_catalog(std::string_view name) {
    static const BenchCatalog none;
    const RegisteredGame* e = find_game(name);
    return e ? e->bench : none;
}

const NumberedStarts& numbered_starts(std::string_view name) {
    static const NumberedStarts none;
    const RegisteredGame* e = find_game(name);
    return e ? e->starts : none;
}

const Skill::LadderLevels& level_ladder(std::string_view name) {
    const RegisteredGame* e = find_game(name);
    return e ? e->ladder : Skill::Ladder;
}

} // namespace hq
