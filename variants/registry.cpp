// SPDX-License-Identifier: GPL-3.0-or-later
#include "registry.h"

#include "chess/engines.h"
#include "control/engines.h"
#include "martian/engines.h"
#include "mschess/engines.h"
#include "multimove/engines.h"

#include "engine/text.h"

#include <algorithm>
#include <cctype>
#include <functional>

namespace hq {

namespace {

struct Entry {
    VariantSpec spec;
    std::vector<std::string_view> aliases;
    std::function<std::unique_ptr<Engine>(const VariantSpec&)> make;
    std::function<std::unique_ptr<Referee>(const VariantSpec&)> referee;
    std::function<std::unique_ptr<GameProbe>(const VariantSpec&)> probe;
};

// The factories of one game type: its engine, its referee and its probe.
template <SearchGame G> Entry entry(VariantSpec spec, std::vector<std::string_view> aliases) {
    return {std::move(spec), std::move(aliases),
        [](const VariantSpec& s) -> std::unique_ptr<Engine> {
            return std::make_unique<GameEngine<G>>(s);
        },
        [](const VariantSpec& s) -> std::unique_ptr<Referee> {
            return std::make_unique<GameReferee<G>>(s);
        },
        [](const VariantSpec& s) -> std::unique_ptr<GameProbe> {
            return std::make_unique<GameProbeOf<G>>(s);
        }};
}

// A spec whose game's rules do not bound its length, with the moves a side after which
// `harlequin match` draws a game when no -maxmoves is given.
VariantSpec bounded(VariantSpec spec, int matchMaxMoves) {
    spec.matchMaxMoves = matchMaxMoves;
    return spec;
}

// A spec with its bench positions and perft reference file.
VariantSpec with(VariantSpec spec, std::vector<BenchPosition> bench, std::string perftFile,
    std::string xboardName = {}) {
    spec.bench = std::move(bench);
    spec.perftFile = std::move(perftFile);
    spec.xboardName = std::move(xboardName);
    return spec;
}

const std::vector<Entry>& entries() {
    static const std::vector<Entry> all = {
        entry<chess::Chess>(
            with({"chess", std::string(chess::Position::StartFen), 8, 8, false},
                {{""},
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
                "chess", "normal"),
            {"standard", "normal"}),
        entry<chess::Chess>(
            with({"chess960", std::string(chess::Position::StartFen), 8, 8, true},
                {{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"}}, "chess960",
                "fischerandom"),
            {"fischerandom", "fischerrandom"}),
        // Ms. Chess: the woman (enhanced army) plays White or Black; field 7 of the start
        // FEN says which, and a FEN without field 7 takes it from here.
        entry<mschess::MsChess>(
            with(
                {"mschess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kq - 0 1 w", 8, 8, false,
                    mschess::MsChess::betza_pieces(true), mschess::MsChess::xboard_pieces(true)},
                {{""}, {"rnbqkb1r/pp2pppp/3p1n2/2p5/4P3/2N2N2/PPPP1PPP/R1BQKB1R w kq - 0 4 w"}},
                "mschess"),
            {}),
        entry<mschess::MsChess>(
            with({"mschess-black", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1 b", 8, 8,
                     false, mschess::MsChess::betza_pieces(false),
                     mschess::MsChess::xboard_pieces(false)},
                {{""}}, "mschess"),
            {}),
        entry<multimove::MultiMove>(
            with({"multimove", std::string(multimove::Position::StartFen), 8, 8, false},
                {{"", -4},
                    {"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 0/3", -4}},
                "multimove"),
            {}),
        entry<multimove::MultiMove>(
            with({"multimove2", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 0/2", 8,
                     8, false},
                {{"", -3}}, "multimove"),
            {}),
        // Control Chess: six colours, two players; field 7 of the FEN is the pool.
        entry<control::ControlChess>(
            with({"control", std::string(control::Position::StartFen), 8, 8, false, {}, {},
                     control::ControlChess::XBoardUnplayable},
                {{"", -1},
                    {"pRpNbQ1bKuBuNuR/pPpP1bPbPuPuPuP/8/8/3wP4/4wP3/rPrPrPwQ1yPyPyP/"
                     "rRrNrB1wKyByNyR b KQkq - 0 3 pB",
                        -2}},
                "control"),
            {}),
        // Martian Chess: a 4x8 board; pieces belong to whoever's zone they stand in.
        entry<martian::Martian>(
            bounded(
                with({"martian", std::string(martian::Position::StartFen), 4, 8, false, {}, {},
                         martian::Martian::XBoardUnplayable},
                    {{""}, {"qqd1/qdp1/d1pp/1d2/2P1/2P1/1PDQ/D1QQ w - - 6 4 0+0 - -"}}, "martian"),
                martian::Martian::MatchMaxMoves),
            {}),
    };
    return all;
}

const Entry* find(std::string_view name) {
    std::string key = to_lower(name);
    for (const Entry& e : entries()) {
        if (e.spec.name == key) return &e;
        for (auto alias : e.aliases)
            if (alias == key) return &e;
    }
    return nullptr;
}

} // namespace

const std::vector<VariantSpec>& registered_variants() {
    static const std::vector<VariantSpec> specs = [] {
        std::vector<VariantSpec> v;
        for (const Entry& e : entries()) v.push_back(e.spec);
        return v;
    }();
    return specs;
}

const std::string& default_variant() { return registered_variants().front().name; }

std::optional<std::string> canonical_variant(std::string_view name) {
    const Entry* e = find(name);
    if (!e) return std::nullopt;
    return e->spec.name;
}

std::unique_ptr<Engine> make_engine(std::string_view name) {
    const Entry* e = find(name);
    return e ? e->make(e->spec) : nullptr;
}

std::unique_ptr<Referee> make_referee(std::string_view name) {
    const Entry* e = find(name);
    return e ? e->referee(e->spec) : nullptr;
}

std::unique_ptr<GameProbe> make_probe(std::string_view name) {
    const Entry* e = find(name);
    return e ? e->probe(e->spec) : nullptr;
}

} // namespace hq
