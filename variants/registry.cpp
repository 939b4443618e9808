#include "registry.h"

#include "chess/chess.h"
#include "control/control.h"
#include "engine/game_engine.h"
#include "engine/referee.h"
#include "martian/martian.h"
#include "mschess/mschess.h"
#include "multimove/multimove.h"

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
};

// The two factories of one game type.
template <SearchGame G> Entry entry(VariantSpec spec, std::vector<std::string_view> aliases) {
    return {std::move(spec), std::move(aliases),
        [](const VariantSpec& s) -> std::unique_ptr<Engine> {
            return std::make_unique<GameEngine<G>>(s);
        },
        [](const VariantSpec& s) -> std::unique_ptr<Referee> {
            return std::make_unique<GameReferee<G>>(s);
        }};
}

const std::vector<Entry>& entries() {
    static const std::vector<Entry> all = {
        entry<chess::Chess>(
            {"chess", std::string(chess::Position::StartFen), 8, 8, false}, {"standard", "normal"}),
        entry<chess::Chess>({"chess960", std::string(chess::Position::StartFen), 8, 8, true},
            {"fischerandom", "fischerrandom"}),
        // Ms. Chess: the woman (enhanced army) plays White or Black; field 7 of the start
        // FEN says which, and a FEN without field 7 takes it from here.
        entry<mschess::MsChess>(
            {"mschess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kq - 0 1 w", 8, 8, false,
                mschess::MsChess::betza_pieces(true)},
            {}),
        entry<mschess::MsChess>(
            {"mschess-black", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1 b", 8, 8,
                false, mschess::MsChess::betza_pieces(false)},
            {}),
        entry<multimove::MultiMove>(
            {"multimove", std::string(multimove::Position::StartFen), 8, 8, false}, {}),
        entry<multimove::MultiMove>(
            {"multimove2", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 0/2", 8, 8,
                false},
            {}),
        // Control Chess: six colours, two players; field 7 of the FEN is the pool.
        entry<control::ControlChess>(
            {"control", std::string(control::Position::StartFen), 8, 8, false}, {}),
        // Martian Chess: a 4x8 board; pieces belong to whoever's zone they stand in.
        entry<martian::Martian>(
            {"martian", std::string(martian::Position::StartFen), 4, 8, false,
                martian::Martian::betza_pieces(), martian::Martian::xboard_pieces()},
            {}),
    };
    return all;
}

std::string lowercase(std::string_view s) {
    std::string out(s);
    std::transform(
        out.begin(), out.end(), out.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return out;
}

const Entry* find(std::string_view name) {
    std::string key = lowercase(name);
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

} // namespace hq
