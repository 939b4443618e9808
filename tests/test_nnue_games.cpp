// SPDX-License-Identifier: GPL-3.0-or-later
// Every game's network inputs (engine/nnue.h FeatureSet, variants/GAME/nnue.h) and the
// binary training data made of them (bench/training_data.h):
// - Black's features of a position are exactly the mirrors of White's, every feature is
//   inside the inputs and none repeats, along random games of every game;
// - the per-thread cache's accumulators equal a refresh along random games with
//   take-backs and jumps to other games' positions, for random networks of each game's size;
// - datagen's binary records are the probe's features, text converted later gives the
//   same bytes, and a file of another game is refused.
#include "bench/datagen.h"
#include "bench/training_data.h"
#include "engine/game.h"
#include "engine/nnue.h"
#include "engine/random.h"
#include "variants/chess/chess.h"
#include "variants/control/control.h"
#include "variants/martian/martian.h"
#include "variants/mschess/mschess.h"
#include "variants/multimove/multimove.h"
#include "variants/registry.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <vector>

using namespace hq;

namespace {

const VariantSpec& spec_of(std::string_view name) {
    for (const VariantSpec& s : registered_variants())
        if (s.name == name) return s;
    FAIL("no variant " << name);
    throw;
}

template <typename G> typename G::Position start_of(std::string_view variant) {
    const VariantSpec& spec = spec_of(variant);
    typename G::Position pos;
    configure_position<G>(pos, spec, spec.chess960);
    REQUIRE_FALSE(pos.set_fen(spec.startFen));
    configure_position<G>(pos, spec, spec.chess960);
    return pos;
}

template <typename F> std::vector<int> features_of(const typename F::Position& pos, Color view) {
    std::vector<int> out(64 * F::Planes + F::MaxExtras);
    out.resize(std::size_t(nnue::active_features<F>(pos, view, out.data())));
    return out;
}

// Plays random games of G from its start, calling visit(pos) at every position (and
// sometimes taking moves back).
template <typename G, typename Visit>
void random_games(std::string_view variant, int games, int plies, std::uint64_t seed, Visit visit) {
    Prng rng(seed);
    for (int g = 0; g < games; ++g) {
        auto pos = start_of<G>(variant);
        std::vector<typename G::Move> line;
        for (int ply = 0; ply < plies; ++ply) {
            typename G::MoveList list;
            G::generate_legal(pos, list);
            if (list.size() == 0 || (rng.below(100) < 5 && !line.empty())) {
                if (line.empty()) break;
                pos.undo_move(line.back());
                line.pop_back();
            } else {
                typename G::Move m = list[rng.below(list.size())];
                pos.do_move(m);
                line.push_back(m);
            }
            visit(pos);
        }
    }
}

template <typename G> void check_mirrors(std::string_view variant) {
    using F = typename G::Features;
    int positions = 0;
    std::set<int> seen;
    random_games<G>(variant, 30, 160, 7, [&](const typename G::Position& pos) {
        const auto white = features_of<F>(pos, WHITE), black = features_of<F>(pos, BLACK);
        std::vector<int> mirrored;
        for (int f : white) {
            REQUIRE(f >= 0);
            REQUIRE(f < F::Inputs);
            REQUIRE(F::mirror(F::mirror(f)) == f);
            mirrored.push_back(F::mirror(f));
            seen.insert(f);
        }
        std::vector<int> b = black;
        std::ranges::sort(mirrored);
        std::ranges::sort(b);
        REQUIRE(mirrored == b);
        REQUIRE(std::adjacent_find(b.begin(), b.end()) == b.end());
        ++positions;
    });
    INFO(variant << ": " << positions << " positions, " << seen.size() << " features seen");
    CHECK(positions > 2000);
    CHECK(seen.size() > 40); // the games went somewhere
}

// A network of F's size with random weights (a deterministic generator).
template <typename F> nnue::Network random_network(int hidden, std::uint64_t seed) {
    Prng rng(seed);
    std::vector<unsigned char> bytes {'H', 'Q', 'N', 'N'};
    auto u32 = [&](std::uint32_t v) {
        for (int i = 0; i < 4; ++i) bytes.push_back((v >> (8 * i)) & 0xFF);
    };
    u32(1);
    u32(F::Inputs);
    u32(std::uint32_t(hidden));
    const std::size_t words = std::size_t(F::Inputs) * hidden + 3 * std::size_t(hidden);
    for (std::size_t i = 0; i < words; ++i) {
        const auto w = std::uint16_t(std::int16_t(int(rng.below(4001)) - 2000));
        bytes.push_back(w & 0xFF);
        bytes.push_back(w >> 8);
    }
    u32(std::uint32_t(int(rng.below(20001)) - 10000));
    auto r = nnue::parse(bytes, F::Inputs, F::name);
    REQUIRE(std::holds_alternative<nnue::Network>(r));
    return std::move(std::get<nnue::Network>(r));
}

template <typename G, typename Other>
void check_cache(std::string_view variant, std::string_view otherVariant) {
    using F = typename G::Features;
    const nnue::Network a = random_network<F>(64, 1), b = random_network<F>(96, 2);
    const auto other = start_of<Other>(otherVariant);
    Prng rng(3);
    int positions = 0;
    random_games<G>(variant, 12, 200, 5, [&](const typename G::Position& pos) {
        const nnue::Network& net = rng.below(10) == 0 ? b : a;
        if (rng.below(20) == 0) { // another game's position in between (its own cache)
            if constexpr (requires { typename Other::Features; })
                (void)nnue::cached<typename Other::Features>(
                    random_network<typename Other::Features>(32, 9), other);
        }
        const nnue::Accumulators& cached = nnue::cached<F>(net, pos);
        nnue::Accumulators scratch;
        nnue::refresh<F>(net, pos, scratch);
        for (Color c : {WHITE, BLACK})
            REQUIRE(std::equal(cached.v[c], cached.v[c] + net.hidden, scratch.v[c]));
        const int bucket = nnue::bucket_of<F>(net, pos);
        REQUIRE(nnue::output(net, cached, pos.side_to_move(), bucket)
            == nnue::output_scalar(net, scratch, pos.side_to_move(), bucket));
        ++positions;
    });
    CHECK(positions > 1000);
}

std::string read_all(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::string temp_path(const std::string& name) {
    return (std::filesystem::temp_directory_path()
        / ("harlequin-test-" + std::to_string(::getpid()) + "-" + name))
        .string();
}

} // namespace

TEST_CASE("every game's network features: Black's are the mirrors of White's, inside the "
          "inputs, none twice",
    "[nnue][features]") {
    check_mirrors<chess::Chess>("chess");
    check_mirrors<chess::Chess>("chess960");
    check_mirrors<mschess::MsChess>("mschess");
    check_mirrors<mschess::MsChess>("mschess-black");
    check_mirrors<multimove::MultiMove>("multimove");
    check_mirrors<multimove::MultiMove>("multimove2");
    check_mirrors<control::ControlChess>("control");
    check_mirrors<martian::Martian>("martian");
}

TEST_CASE("Multiple Move Chess's network sees the turn's exchange: what the mover can still "
          "collect and what the opponent can then take",
    "[nnue][features]") {
    using F = multimove::nnue::Features;
    // The inputs past the pieces' 768: moves left, moves a turn, then the exchange's two
    // thermometers (steps of 100 centipawns); these positions have no attacks on a king's
    // zone and no runners.
    auto turn_inputs = [](const char* fen) {
        multimove::Position pos = start_of<multimove::MultiMove>("multimove");
        const auto error = pos.set_fen(fen);
        INFO(fen);
        REQUIRE_FALSE(error);
        std::vector<int> out;
        for (int f : features_of<F>(pos, WHITE))
            if (f >= F::MovesLeftBase && f < F::Attack.base) out.push_back(f);
        std::vector<int> black;
        for (int f : features_of<F>(pos, BLACK))
            if (f >= F::MovesLeftBase && f < F::Attack.base) black.push_back(f);
        CHECK(black == out); // the turn's inputs belong to the mover, not to a colour
        return out;
    };
    auto expect = [](int movesLeft, int n, int collectSteps, int lostSteps) {
        std::vector<int> out {F::MovesLeftBase + movesLeft - 1, F::TurnBase + n - 1};
        for (int k = 0; k < collectSteps; ++k) out.push_back(F::Collected.base + k);
        for (int k = 0; k < lostSteps; ++k) out.push_back(F::Lost.base + k);
        return out;
    };
    // A fresh knight takes an unguarded queen (950): nine steps; nothing of White's hangs.
    CHECK(turn_inputs("4k3/8/8/3q4/8/2N5/8/4K3 w - - 0 1 0/3") == expect(3, 3, 9, 0));
    // Black to move takes the unguarded rook (500).
    CHECK(turn_inputs("4k3/8/8/3q4/8/8/R7/4K3 b - - 0 1 0/3") == expect(3, 3, 5, 0));
    // White to move rescues it instead: a move spent, nothing collected, nothing left hanging.
    CHECK(turn_inputs("4k3/8/8/3q4/8/8/R7/4K3 w - - 0 1 0/3") == expect(3, 3, 0, 0));
    // A frozen rook cannot be rescued: Black's next turn takes it.
    CHECK(turn_inputs("4k3/8/8/3q4/8/8/R7/4K3 w - - 0 1 2/3 a2x") == expect(1, 3, 0, 5));
}

TEST_CASE("every game's cached accumulators equal a refresh along random games, with other "
          "networks and other games in between",
    "[nnue][features]") {
    check_cache<martian::Martian, chess::Chess>("martian", "chess");
    check_cache<control::ControlChess, martian::Martian>("control", "martian");
    check_cache<mschess::MsChess, control::ControlChess>("mschess", "control");
    check_cache<multimove::MultiMove, mschess::MsChess>("multimove", "mschess");
    check_cache<chess::Chess, multimove::MultiMove>("chess960", "multimove");
}

TEST_CASE("binary training data: datagen's records are the game's features, text converted "
          "later gives the same bytes, another game's file is refused",
    "[nnue][datagen]") {
    const std::string text = temp_path("martian.txt"), bin = temp_path("martian.bin"),
                      converted = temp_path("converted.bin");
    for (const auto& p : {text, bin, converted}) std::filesystem::remove(p);
    DatagenOptions o;
    o.variant = "martian";
    o.games = 4;
    o.nodes = 1500;
    o.out = text;
    REQUIRE(run_datagen(o).error.empty());
    o.out = bin;
    const DatagenStats st = run_datagen(o);
    REQUIRE(st.error.empty());
    REQUIRE(st.positions > 20);

    // The records, read back here as the trainer reads them.
    const std::string bytes = read_all(bin);
    auto probe = make_probe("martian");
    const std::string header = training::header("martian", *probe);
    REQUIRE(bytes.substr(0, header.size()) == header);
    REQUIRE(bytes.substr(12, 7) == "martian");
    std::ifstream lines(text);
    std::string line;
    std::size_t at = header.size();
    std::int64_t records = 0;
    while (std::getline(lines, line)) {
        REQUIRE(at + 5 <= bytes.size());
        const auto fen = line.substr(0, line.find(" | "));
        REQUIRE_FALSE(probe->set_position(fen));
        std::vector<int> want(std::size_t(probe->max_features()));
        want.resize(std::size_t(probe->features(WHITE, want.data())));
        const int count = static_cast<unsigned char>(bytes[at]);
        const int flags = static_cast<unsigned char>(bytes[at + 1]);
        const int score = std::int16_t(static_cast<unsigned char>(bytes[at + 2])
            | static_cast<unsigned char>(bytes[at + 3]) << 8);
        REQUIRE(count == int(want.size()));
        REQUIRE((flags & 1) == (probe->side_to_move() == BLACK ? 1 : 0));
        const std::string result = line.substr(line.rfind(" | ") + 3);
        REQUIRE((flags >> 1) == (result == "1.0" ? 2 : result == "0.5" ? 1 : 0));
        const std::string rest = line.substr(line.find(" | ") + 3);
        REQUIRE(score == std::stoi(rest.substr(0, rest.find(" | "))));
        // The pieces byte counts the board's pieces, not the points and clock inputs.
        const int pieces = static_cast<unsigned char>(bytes[at + 4]);
        REQUIRE(pieces == int(std::count_if(want.begin(), want.end(), [](int f) {
            return f < martian::nnue::Features::BoardInputs;
        })));
        REQUIRE(pieces < count);
        for (int i = 0; i < count; ++i) {
            const int f = static_cast<unsigned char>(bytes[at + 5 + 2 * std::size_t(i)])
                | static_cast<unsigned char>(bytes[at + 6 + 2 * std::size_t(i)]) << 8;
            REQUIRE(f == want[std::size_t(i)]);
        }
        at += 5 + 2 * std::size_t(count);
        ++records;
    }
    REQUIRE(at == bytes.size());
    REQUIRE(records == st.positions);

    // The converter makes the same file of the text.
    const auto conv = training::convert_text(text, converted, "martian");
    REQUIRE(conv.error.empty());
    REQUIRE(conv.positions == st.positions);
    REQUIRE(read_all(converted) == bytes);

    // Appending another game's records, or to a file that is not training data, is refused
    // and leaves the file as it was.
    o.variant = "control";
    o.out = bin;
    const DatagenStats wrong = run_datagen(o);
    CHECK(wrong.error.find("holds martian training data") != std::string::npos);
    CHECK(read_all(bin) == bytes);
    const auto notData = training::convert_text(text, text + ".bin", "martian");
    REQUIRE(notData.error.empty());
    std::ofstream(text + ".junk.bin") << "not training data at all, longer than a header.....";
    const auto junk = training::convert_text(text, text + ".junk.bin", "martian");
    CHECK(junk.error.find("is not martian training data") != std::string::npos);
    // A file of the older format (no pieces byte) is not appended to, and says so.
    std::string older = header;
    older[4] = 1;
    std::ofstream(text + ".v1.bin", std::ios::binary) << older;
    const auto v1 = training::convert_text(text, text + ".v1.bin", "martian");
    CHECK(v1.error.find("HQTD v1 training data") != std::string::npos);
    CHECK(read_all(text + ".v1.bin") == older);
    // A bad line is named with its number, and nothing is written.
    std::ofstream(text, std::ios::app) << "4/4/4/4/4/4/4/4 w - - 0 1 0+0 - - | x | 1.0\n";
    std::filesystem::remove(converted);
    const auto bad = training::convert_text(text, converted, "martian");
    CHECK(bad.error.find(":" + std::to_string(records + 1) + ": score 'x'") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(converted));
    for (const auto& p :
        {text, bin, converted, text + ".bin", text + ".junk.bin", text + ".v1.bin"})
        std::filesystem::remove(p);
}

namespace {

// The nodes of a depth-limited search of a game's start position, with or without its
// network (in-process, one thread, a fresh engine).
std::uint64_t nodes_at_depth(const std::string& variant, bool useNnue, int depth) {
    auto engine = make_engine(variant);
    Engine::Options o;
    o.useNnue = useNnue;
    engine->set_options(o);
    REQUIRE_FALSE(engine->set_position({}, {}));
    SearchLimits limits;
    limits.depth = depth;
    limits.start = now();
    std::uint64_t nodes = 0;
    std::string best;
    engine->go(limits,
        {[&](const SearchInfo& info) { nodes = info.nodes; },
            [&](const std::string& b, const std::string&) { best = b; }});
    engine->wait();
    REQUIRE_FALSE(best.empty());
    return nodes;
}

} // namespace

TEST_CASE("Use NNUE reaches the search in every game with a network: its searches differ from "
          "the hand-crafted evaluation's, and repeat exactly",
    "[nnue][search]") {
    for (const std::string variant :
        {"chess", "chess960", "mschess", "mschess-black", "control", "martian"}) {
        INFO(variant);
        const auto net = nodes_at_depth(variant, true, 6), hce = nodes_at_depth(variant, false, 6);
        CHECK(net != hce);
        CHECK(nodes_at_depth(variant, true, 6) == net);
    }
}
