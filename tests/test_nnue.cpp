// SPDX-License-Identifier: GPL-3.0-or-later
// The chess network (variants/chess/nnue.h): the cached accumulators against a refresh,
// the built-in network against bench/nnue/reference.py's values, the colour symmetry of the
// features, the loader's refusals, and the Use NNUE option over UCI.
#include "session.h"
#include "support.h"

#include "engine/random.h"
#include "variants/chess/chess.h"
#include "variants/chess/nnue.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <unistd.h>

using namespace hq;
using namespace hq::test;
using chess::Chess;
using chess::Position;
namespace cnnue = chess::nnue; // (hq::nnue is the framework)

namespace {

const std::string VectorsFile = "nnue_vectors.txt";
const std::string Regenerate = "python3 bench/nnue/reference.py eval "
                               "variants/chess/nnue/default.nnue --fens "
                               "tests/data/nnue_vectors.txt --out tests/data/nnue_vectors.txt";

// Read as Chess960: the vectors and the games hold Chess960 positions (castling rights of
// kings and rooks off e1/h1/a1), and Chess960 reads every standard FEN as the same
// position (only the castling notation differs, which the network never sees).
Position from_fen(const std::string& fen) {
    Position p;
    auto err = p.set_fen(fen, true);
    INFO(fen << ": " << err.value_or(""));
    REQUIRE_FALSE(err.has_value());
    return p;
}

// The bytes of an HQNN v1 network with random weights in [-range, range] (deterministic).
std::vector<unsigned char> random_net_bytes(int hidden, std::uint64_t seed, int range) {
    std::vector<unsigned char> b;
    auto u32 = [&](std::uint32_t v) {
        for (int i = 0; i < 4; ++i) b.push_back((v >> (8 * i)) & 0xFF);
    };
    b.insert(b.end(), {'H', 'Q', 'N', 'N'});
    u32(cnnue::Version);
    u32(cnnue::Inputs);
    u32(std::uint32_t(hidden));
    Prng rng(seed);
    const std::size_t words = std::size_t(cnnue::Inputs) * hidden + 3 * std::size_t(hidden);
    for (std::size_t i = 0; i < words; ++i) {
        auto v = std::uint16_t(std::int16_t(int(rng.below(2 * range + 1)) - range));
        b.push_back(v & 0xFF);
        b.push_back(v >> 8);
    }
    u32(std::uint32_t(rng.next()));
    return b;
}

// `v1`'s network (HQNN v1 bytes) with its output layer shifted: every W2 weight plus k * 7,
// B2 plus k * 100000, so that each k values a position differently (k = 0: v1 itself).
std::vector<unsigned char> shifted_output(const std::vector<unsigned char>& v1, int hidden, int k) {
    std::vector<unsigned char> b = v1;
    const std::size_t w2At = 16 + 2 * (std::size_t(cnnue::Inputs) * hidden + hidden);
    for (int i = 0; i < 2 * hidden; ++i) {
        const std::size_t at = w2At + 2 * std::size_t(i);
        auto v = std::uint16_t(std::int16_t(std::int16_t(b[at] | b[at + 1] << 8) + k * 7));
        b[at] = v & 0xFF;
        b[at + 1] = v >> 8;
    }
    std::uint32_t b2 = std::uint32_t(b[b.size() - 4]) | std::uint32_t(b[b.size() - 3]) << 8
        | std::uint32_t(b[b.size() - 2]) << 16 | std::uint32_t(b[b.size() - 1]) << 24;
    b2 += std::uint32_t(k) * 100000;
    for (int i = 0; i < 4; ++i) b[b.size() - 4 + std::size_t(i)] = (b2 >> (8 * i)) & 0xFF;
    return b;
}

// The HQNN v2 bytes of `v1`'s network with `buckets` output buckets: bucket k's output
// layer is shifted_output(v1, hidden, k)'s, or v1's own in every bucket when `copies`.
std::vector<unsigned char> with_buckets(
    const std::vector<unsigned char>& v1, int hidden, int buckets, bool copies) {
    const std::size_t w2At = 16 + 2 * (std::size_t(cnnue::Inputs) * hidden + hidden);
    std::vector<unsigned char> b(v1.begin(), v1.begin() + std::ptrdiff_t(w2At));
    b[4] = cnnue::VersionBuckets; // the version's low byte (the others are 0)
    const unsigned char count[4] = {static_cast<unsigned char>(buckets), 0, 0, 0};
    b.insert(b.begin() + 16, count, count + 4);
    std::vector<unsigned char> biases;
    for (int k = 0; k < buckets; ++k) {
        const std::vector<unsigned char> layer = shifted_output(v1, hidden, copies ? 0 : k);
        b.insert(b.end(), layer.begin() + std::ptrdiff_t(w2At), layer.end() - 4);
        biases.insert(biases.end(), layer.end() - 4, layer.end());
    }
    b.insert(b.end(), biases.begin(), biases.end());
    return b;
}

// Why parse() refuses `bytes`, or "accepted".
std::string refusal(const std::vector<unsigned char>& bytes) {
    auto r = cnnue::parse(bytes);
    return std::holds_alternative<std::string>(r) ? std::get<std::string>(r) : "accepted";
}

cnnue::Network network_of(const std::vector<unsigned char>& bytes) {
    auto r = cnnue::parse(bytes);
    if (auto* err = std::get_if<std::string>(&r)) FAIL(*err);
    return std::move(std::get<cnnue::Network>(r));
}

// The first `hidden` entries of both perspectives agree.
bool same_accumulators(
    const cnnue::Network& net, const cnnue::Accumulators& a, const cnnue::Accumulators& b) {
    for (Color c : {WHITE, BLACK})
        if (std::memcmp(a.v[c], b.v[c], sizeof(std::int16_t) * std::size_t(net.hidden)) != 0)
            return false;
    return true;
}

// The cached accumulators of `pos` equal a refresh, and the SIMD output the scalar one.
void check_cached(const cnnue::Network& net, const Position& pos) {
    cnnue::Accumulators scratch;
    cnnue::refresh(net, pos, scratch);
    const cnnue::Accumulators& cached = cnnue::cached(net, pos);
    INFO(pos.fen() << " (hidden " << net.hidden << ")");
    REQUIRE(same_accumulators(net, cached, scratch));
    const int bucket = cnnue::bucket_of(net, pos);
    REQUIRE(cnnue::output(net, cached, pos.side_to_move(), bucket)
        == cnnue::output_scalar(net, scratch, pos.side_to_move(), bucket));
}

struct Vector {
    std::string fen;
    Value value;
};
struct VectorFile {
    std::uint64_t checksum = 0;
    std::vector<Vector> vectors;
};

// `FEN | value` lines under `#` comments, one of which names the network's checksum
// (`# network NAME: hidden H, fnv1a64 HEX`).
VectorFile read_vectors(const std::string& file) {
    std::ifstream in(std::string(HARLEQUIN_TEST_DATA) + "/" + file);
    if (!in) throw std::runtime_error("cannot open test data " + file);
    VectorFile out;
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("# network ", 0) == 0) {
            auto at = line.find("fnv1a64 ");
            if (at != std::string::npos)
                out.checksum = std::stoull(line.substr(at + 8), nullptr, 16);
            continue;
        }
        if (line.empty() || line[0] == '#') continue;
        auto bar = line.rfind('|');
        if (bar == std::string::npos) continue;
        out.vectors.push_back(
            {join_words(split_words(line.substr(0, bar)), 0, 99), std::stoi(line.substr(bar + 1))});
    }
    return out;
}

// The starting points of the random games: castling both ways (also Chess960's), en
// passant, promotions with and without capture, and a few men only.
const char* const GameStarts[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
};

// Adds to `fens` the positions of a random game from `start`, at most `plies` long.
void add_random_game(std::vector<std::string>& fens, const char* start, int plies, Prng& rng) {
    Position pos = from_fen(start);
    for (int ply = 0; ply < plies; ++ply) {
        Chess::MoveList list;
        Chess::generate_legal(pos, list);
        if (list.size() == 0) break;
        pos.do_move(list[rng.below(list.size())]);
        fens.push_back(pos.fen());
    }
}

} // namespace

TEST_CASE("the cached accumulators equal a refresh along random games, null moves, take-backs "
          "and jumps to other positions",
    "[nnue]") {
    const cnnue::Network small = network_of(random_net_bytes(32, 11, 2000));
    const cnnue::Network odd = network_of(random_net_bytes(160, 12, 3000));
    const cnnue::Network big = network_of(random_net_bytes(1024, 13, 500));
    const cnnue::Network* nets[] = {&chess::Chess::network(), &small, &odd, &big};
    Prng rng(2024);
    int positions = 0, castles = 0, enPassants = 0, promotions = 0, captures = 0, nulls = 0,
        takeBacks = 0, jumps = 0;
    for (const char* start : GameStarts) {
        for (const cnnue::Network* net : nets) {
            Position pos = from_fen(start);
            Position other = from_fen(GameStarts[rng.below(std::size(GameStarts))]);
            std::vector<chess::Move> line;
            for (int ply = 0; ply < 120; ++ply) {
                Chess::MoveList list;
                Chess::generate_legal(pos, list);
                const auto roll = rng.below(100);
                if (list.size() == 0 || (roll < 6 && !line.empty())) {
                    // Take back up to four moves: a position seen before, reached again.
                    for (int n = 1 + int(rng.below(4)); n > 0 && !line.empty(); --n) {
                        pos.undo_move(line.back());
                        line.pop_back();
                    }
                    ++takeBacks;
                } else if (roll < 10 && !pos.in_check()) {
                    pos.do_null_move();
                    check_cached(*net, pos);
                    pos.undo_null_move();
                    ++nulls;
                } else if (roll < 13) {
                    // Another game's position in between (a large difference), then this
                    // one again; or this game continued from its FEN (set_fen).
                    check_cached(*net, other);
                    if (rng.below(2)) pos = from_fen(pos.fen()), line.clear();
                    ++jumps;
                } else if (roll < 15) {
                    // Another network in between: the cache must notice.
                    check_cached(*nets[rng.below(std::size(nets))], pos);
                }
                if (list.size() > 0 && roll >= 6) {
                    // Castling, en passant and promotions are rare in random play: half
                    // the time one of them is played when there is one.
                    std::vector<chess::Move> special;
                    for (chess::Move m : list)
                        if (m.kind() != chess::NORMAL) special.push_back(m);
                    chess::Move m = !special.empty() && rng.below(2)
                        ? special[rng.below(special.size())]
                        : list[rng.below(list.size())];
                    castles += m.kind() == chess::CASTLING;
                    enPassants += m.kind() == chess::EN_PASSANT;
                    promotions += m.kind() == chess::PROMOTION;
                    captures += pos.is_capture(m);
                    pos.do_move(m);
                    line.push_back(m);
                }
                check_cached(*net, pos);
                ++positions;
            }
        }
    }
    // The games covered what the cache must follow.
    CHECK(positions > 3000);
    CHECK(castles > 10);
    CHECK(enPassants > 5);
    CHECK(promotions > 10);
    CHECK(captures > 100);
    CHECK(nulls > 100);
    CHECK(takeBacks > 100);
    CHECK(jumps > 50);
}

TEST_CASE("the built-in network evaluates the committed vectors as bench/nnue/reference.py does",
    "[nnue]") {
    const cnnue::Network& net = chess::Chess::network();
    VectorFile file = read_vectors(VectorsFile);
    REQUIRE(file.vectors.size() >= 40);
    INFO("tests/data/nnue_vectors.txt must be regenerated whenever "
         "variants/chess/nnue/default.nnue changes:\n  "
        << Regenerate);
    REQUIRE(file.checksum == net.checksum);
    for (const Vector& v : file.vectors) {
        Position p = from_fen(v.fen);
        INFO(v.fen);
        CHECK(cnnue::evaluate(net, p) == v.value);
        cnnue::Accumulators scratch;
        cnnue::refresh(net, p, scratch);
        CHECK(cnnue::output_scalar(net, scratch, p.side_to_move(), cnnue::bucket_of(net, p))
            == v.value);
        // And through the chess evaluation, when the position asks for the network.
        p.set_network(&net);
        CHECK(chess::evaluate(p) == v.value);
    }
}

TEST_CASE("a network whose accumulators wrap around and whose values reach the clamp evaluates "
          "as bench/nnue/reference.py does",
    "[nnue]") {
    auto loaded = cnnue::load_file(std::string(HARLEQUIN_TEST_DATA) + "/nnue_wild.nnue");
    if (auto* err = std::get_if<std::string>(&loaded)) FAIL(*err);
    const cnnue::Network& net = std::get<cnnue::Network>(loaded);
    VectorFile file = read_vectors("nnue_wild_vectors.txt");
    INFO("regenerate tests/data/nnue_wild_vectors.txt with python3 bench/nnue/reference.py eval "
         "tests/data/nnue_wild.nnue --fens tests/data/nnue_wild_vectors.txt --out "
         "tests/data/nnue_wild_vectors.txt");
    REQUIRE(file.checksum == net.checksum);
    REQUIRE(file.vectors.size() >= 40);
    int clamped = 0;
    for (const Vector& v : file.vectors) {
        INFO(v.fen);
        CHECK(cnnue::evaluate(net, from_fen(v.fen)) == v.value);
        clamped += std::abs(v.value) == cnnue::MaxEval;
    }
    CHECK(clamped > 0);
}

TEST_CASE(
    "the network's evaluation of a position equals that of its colour-flipped mirror", "[nnue]") {
    const cnnue::Network wild = network_of(random_net_bytes(64, 99, 300));
    std::vector<std::string> fens;
    for (const Vector& v : read_vectors(VectorsFile).vectors) fens.push_back(v.fen);
    // And the positions of a few random games (castling rights and en passant squares).
    Prng rng(7);
    for (const char* start : GameStarts) add_random_game(fens, start, 40, rng);
    int differs = 0;
    for (const std::string& fen : fens) {
        Position p = from_fen(fen), q = from_fen(chess_mirror_fen(fen));
        INFO(fen << " / " << q.fen());
        REQUIRE(p.side_to_move() != q.side_to_move());
        for (const cnnue::Network* net : {&chess::Chess::network(), &wild})
            CHECK(cnnue::evaluate(*net, p) == cnnue::evaluate(*net, q));
        // The mirror is a different position for the network's inputs.
        cnnue::Accumulators a, b;
        cnnue::refresh(wild, p, a);
        cnnue::refresh(wild, q, b);
        differs += !same_accumulators(wild, a, b);
    }
    CHECK(differs > int(fens.size()) / 2);
}

TEST_CASE("an HQNN v2 network values a position of n pieces by output bucket (n - 2) * B / 32: "
          "copies of one output layer evaluate as the v1 network, and each bucket as a v1 "
          "network with that bucket's output layer",
    "[nnue]") {
    const int hidden = 64, buckets = 8;
    const std::vector<unsigned char> v1 = random_net_bytes(hidden, 21, 400);
    const cnnue::Network one = network_of(v1);
    const cnnue::Network same = network_of(with_buckets(v1, hidden, buckets, true));
    const cnnue::Network apart = network_of(with_buckets(v1, hidden, buckets, false));
    REQUIRE(same.buckets == buckets);
    REQUIRE(with_buckets(v1, hidden, buckets, true).size()
        == hq::nnue::file_size(cnnue::Inputs, hidden, buckets));
    std::vector<cnnue::Network> alone;
    for (int k = 0; k < buckets; ++k) alone.push_back(network_of(shifted_output(v1, hidden, k)));
    // Positions of every piece count from 32 down to 2: random games, then captures only.
    Prng rng(5);
    std::vector<std::string> fens;
    for (const Vector& v : read_vectors(VectorsFile).vectors) fens.push_back(v.fen);
    fens.push_back("8/8/4k3/8/8/3K4/8/8 w - - 0 1");
    fens.push_back("8/8/4k3/8/8/3K4/7p/8 b - - 0 1");
    for (int game = 0; game < 6; ++game) add_random_game(fens, GameStarts[0], 300, rng);
    std::set<int> bucketsSeen, counts;
    for (const std::string& fen : fens) {
        const Position p = from_fen(fen);
        const int n = popcount(p.pieces());
        const int k = std::min(buckets - 1, (n - 2) / 4);
        INFO(fen << ": " << n << " pieces, bucket " << k);
        CHECK(apart.bucket(n) == k);
        CHECK(cnnue::bucket_of(apart, p) == k);
        CHECK(cnnue::evaluate(same, p) == cnnue::evaluate(one, p));
        const Value v = cnnue::evaluate(apart, p);
        CHECK(v == cnnue::evaluate(alone[std::size_t(k)], p));
        cnnue::Accumulators scratch;
        cnnue::refresh(apart, p, scratch);
        CHECK(cnnue::output_scalar(apart, scratch, p.side_to_move(), k) == v);
        bucketsSeen.insert(k);
        counts.insert(n);
    }
    CHECK(bucketsSeen.size() == std::size_t(buckets));
    INFO(counts.size() << " piece counts seen");
    CHECK(counts.size() >= 25);
}

TEST_CASE("the network loader refuses an HQNN v2 file with no or too many output buckets, or "
          "cut short",
    "[nnue]") {
    const std::vector<unsigned char> good
        = with_buckets(random_net_bytes(32, 6, 100), 32, 4, false);
    REQUIRE(std::holds_alternative<cnnue::Network>(cnnue::parse(good)));
    auto with_count = [&](std::uint32_t v) {
        auto b = good;
        for (int i = 0; i < 4; ++i) b[16 + std::size_t(i)] = (v >> (8 * i)) & 0xFF;
        return b;
    };
    using Catch::Matchers::Contains;
    CHECK_THAT(refusal(with_count(0)), Contains("0 output buckets"));
    CHECK_THAT(refusal(with_count(17)), Contains("17 output buckets"));
    CHECK_THAT(refusal(with_count(5)), Contains("truncated"));
    CHECK_THAT(refusal(with_count(3)), Contains("bytes after the end"));
    CHECK_THAT(refusal({good.begin(), good.begin() + 18}), Contains("truncated"));
    CHECK_THAT(refusal({good.begin(), good.end() - 1}), Contains("truncated"));
}

TEST_CASE("the network loader refuses a truncated file, a wrong magic, version, input count or "
          "hidden size, and trailing bytes, saying which",
    "[nnue]") {
    const std::vector<unsigned char> good = random_net_bytes(32, 5, 100);
    REQUIRE(good.size() == cnnue::file_size(32));
    REQUIRE(std::holds_alternative<cnnue::Network>(cnnue::parse(good)));
    auto with_u32 = [&](std::size_t at, std::uint32_t v) {
        auto b = good;
        for (int i = 0; i < 4; ++i) b[at + i] = (v >> (8 * i)) & 0xFF;
        return b;
    };
    using Catch::Matchers::Contains;
    CHECK_THAT(refusal({good.begin(), good.end() - 1}), Contains("truncated"));
    CHECK_THAT(refusal({good.begin(), good.begin() + 16}), Contains("truncated"));
    CHECK_THAT(refusal({good.begin(), good.begin() + 7}), Contains("truncated"));
    CHECK_THAT(refusal({}), Contains("truncated"));
    auto magic = good;
    magic[3] = 'X';
    CHECK_THAT(refusal(magic), Contains("magic"));
    CHECK_THAT(refusal(with_u32(4, 3)), Contains("version 3"));
    CHECK_THAT(refusal(with_u32(4, 0)), Contains("version 0"));
    CHECK_THAT(refusal(with_u32(8, 769)), Contains("769 inputs"));
    CHECK_THAT(refusal(with_u32(12, 48)), Contains("hidden size 48"));
    CHECK_THAT(refusal(with_u32(12, 0)), Contains("hidden size 0"));
    CHECK_THAT(refusal(with_u32(12, 2048)), Contains("hidden size 2048"));
    // A header for 64 neurons over the bytes of 32: too short for what it claims.
    CHECK_THAT(refusal(with_u32(12, 64)), Contains("truncated"));
    auto longer = good;
    longer.push_back(0);
    CHECK_THAT(refusal(longer), Contains("1 bytes after the end"));

    // From files: the message names the file.
    const auto dir = std::filesystem::temp_directory_path()
        / ("harlequin-nnue-test-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const std::string truncated = (dir / "truncated.nnue").string();
    {
        std::ofstream out(truncated, std::ios::binary);
        out.write(reinterpret_cast<const char*>(good.data()), std::streamsize(good.size() / 2));
    }
    auto r = cnnue::load_file(truncated);
    REQUIRE(std::holds_alternative<std::string>(r));
    CHECK_THAT(std::get<std::string>(r), Contains(truncated) && Contains("truncated"));
    auto missing = cnnue::load_file((dir / "missing.nnue").string());
    REQUIRE(std::holds_alternative<std::string>(missing));
    CHECK_THAT(std::get<std::string>(missing), Contains("missing.nnue: cannot be read"));
    std::filesystem::remove_all(dir);
}

namespace {

// The node count of the last `info depth` line of a `go depth N` over UCI.
std::uint64_t nodes_of_search(Process& p, const std::string& position, int depth) {
    std::vector<std::string> seen;
    send_all(p, {"ucinewgame", position});
    isready_time(p, std::chrono::seconds(5));
    p.send("go depth " + std::to_string(depth));
    best_move(p, std::chrono::seconds(30), &seen);
    for (auto it = seen.rbegin(); it != seen.rend(); ++it) {
        auto words = split_words(*it);
        auto n = std::find(words.begin(), words.end(), "nodes");
        if (words.size() > 1 && words[1] == "depth" && n != words.end() && n + 1 != words.end())
            return std::stoull(*(n + 1));
    }
    FAIL("no info line with nodes before bestmove");
    return 0;
}

} // namespace

TEST_CASE("Use NNUE false switches chess to the hand-crafted evaluation: go depth 6 searches "
          "another tree",
    "[nnue][uci]") {
    Process p = start_engine();
    uci_lines(p);
    const std::string position = "position fen r1bq1rk1/pp2bppp/2n2n2/3p4/3P4/2NB1N2/PP3PPP/"
                                 "R1BQ1RK1 w - - 2 10";
    const std::uint64_t byDefault = nodes_of_search(p, position, 6);
    p.send("setoption name Use NNUE value false");
    const std::uint64_t classical = nodes_of_search(p, position, 6);
    p.send("setoption name Use NNUE value true");
    const std::uint64_t network = nodes_of_search(p, position, 6);
    // A search is deterministic (one thread, a new game each time): only the evaluation
    // differs between the counts.
    CHECK(byDefault == network);
    CHECK(classical != network);
    p.send("setoption name Use NNUE value false");
    CHECK(nodes_of_search(p, position, 6) == classical);
    CHECK(quit(p, std::chrono::seconds(2)) == 0);
}

TEST_CASE("EvalFile loads a game's network from a file: a copy of the built-in one searches "
          "the same tree, another network another, a broken file is refused and the network in "
          "use stays, another game's network waits for its game",
    "[nnue][uci]") {
    const auto dir = std::filesystem::temp_directory_path()
        / ("harlequin-evalfile-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const std::string copy = (dir / "copy.nnue").string(), other = (dir / "other.nnue").string(),
                      text = (dir / "text.nnue").string();
    {
        auto bytes = cnnue::embedded_bytes();
        std::ofstream(copy, std::ios::binary)
            .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
        auto random = random_net_bytes(64, 21, 3000);
        std::ofstream(other, std::ios::binary)
            .write(reinterpret_cast<const char*>(random.data()), std::streamsize(random.size()));
        std::ofstream(text) << "this text file is not a network at all\n";
    }
    const std::string martianNet
        = std::string(HARLEQUIN_TEST_DATA) + "/../../variants/martian/nnue/default.nnue";
    Process p = start_engine();
    const auto declared = uci_lines(p);
    CHECK(std::ranges::count(declared, "option name EvalFile type string default <built-in>") == 1);
    const std::string position = "position fen r1bq1rk1/pp2bppp/2n2n2/3p4/3P4/2NB1N2/PP3PPP/"
                                 "R1BQ1RK1 w - - 2 10";
    const std::uint64_t builtIn = nodes_of_search(p, position, 6);
    p.send("setoption name EvalFile value " + copy);
    CHECK(nodes_of_search(p, position, 6) == builtIn);
    p.send("setoption name EvalFile value " + other);
    const std::uint64_t random = nodes_of_search(p, position, 6);
    CHECK(random != builtIn);

    auto answer_to = [&](const std::string& command) {
        std::vector<std::string> seen;
        p.send(command);
        REQUIRE(ask(p, "isready", "readyok", std::chrono::seconds(5), &seen));
        return seen;
    };
    auto has = [](const std::vector<std::string>& lines, const std::string& start,
                   const std::string& part) {
        return std::ranges::any_of(lines,
            [&](const std::string& l) { return l.find(start) == 0 && l.find(part) != l.npos; });
    };
    // Refused, with the reason; the random network stays in use.
    CHECK(has(answer_to("setoption name EvalFile value " + (dir / "missing.nnue").string()),
        "info string error: EvalFile: ", "missing.nnue: cannot be read"));
    CHECK(nodes_of_search(p, position, 6) == random);
    CHECK(has(answer_to("setoption name EvalFile value " + text),
        "info string error: EvalFile: ", "not an HQNN network"));
    CHECK(nodes_of_search(p, position, 6) == random);

    // Martian Chess's network, set while chess is played (as cutechess sends options before
    // UCI_Variant): kept for Martian Chess, chess on its built-in network meanwhile...
    CHECK(has(answer_to("setoption name EvalFile value " + martianNet), "info string EvalFile: ",
        "a network of 130 inputs, not chess's (768): kept for the game it fits"));
    CHECK(nodes_of_search(p, position, 6) == builtIn);
    // ...and taken by Martian Chess.
    const auto martian = answer_to("setoption name UCI_Variant value martian");
    CHECK_FALSE(has(martian, "info string", "EvalFile"));
    CHECK(quit(p, std::chrono::seconds(2)) == 0);

    // A chess file when Martian Chess is chosen: kept, Martian on its own network.
    Process q = start_engine();
    uci_lines(q);
    q.send("setoption name EvalFile value " + copy);
    std::vector<std::string> seen;
    q.send("setoption name UCI_Variant value martian");
    REQUIRE(ask(q, "isready", "readyok", std::chrono::seconds(5), &seen));
    CHECK(has(seen, "info string EvalFile: ", "not martian's (130)"));
    CHECK(quit(q, std::chrono::seconds(2)) == 0);
    std::filesystem::remove_all(dir);
}
