// SPDX-License-Identifier: GPL-3.0-or-later
// The networks of every game: (N -> H) x 2 -> 1, evaluated in integers. A game says only
// what its inputs are (a FeatureSet, below); the file format, the loader, the accumulators,
// their updates and the output are the same for all. bench/nnue/train.py writes the
// networks; bench/nnue/reference.py computes the same values in Python, bit for bit.
//
// Format (HQNN v1), all little-endian: "HQNN", u32 version = 1, u32 inputs = N (the game's
// FeatureSet::Inputs), u32 hidden = H (a multiple of 32, at most MaxHidden); int16 W1[N][H]
// (the H weights of feature 0 first); int16 B1[H]; int16 W2[2H] (the first H for the side to
// move's accumulator); int32 B2.
// HQNN v2 has output buckets: version = 2, and after the hidden size a u32 buckets = B (1 to
// MaxBuckets); then W1 and B1 as in v1, int16 W2[B][2H], int32 B2[B]. A position with n
// pieces on the board (its planes' bits) is valued by bucket min(B - 1, max(0, n - 2) * B /
// 32): for chess with B = 8, (n - 2) / 4. A v1 file is a v2 file with B = 1.
//
//   acc_P = B1 + sum of W1[f] over perspective P's active features (int16, wrapping),
//   out = B2[b] + crelu(acc_stm) . W2[b][0, H) + crelu(acc_other) . W2[b][H, 2H) (int32,
//   wrapping; b the position's bucket),
//   crelu(x) = clamp(x, 0, 255), value = out * 400 / (255 * 64) (truncated), within
//   +-MaxEval: centipawns from the side to move's point of view.
//
// Features. A game's inputs are planes (a bitboard each: chess's twelve are colour x piece
// type, Martian Chess's three are the piece sizes) and, optionally, a few extra inputs that
// are not a piece on a square (Martian Chess's points and clock). Each perspective (WHITE,
// the first player, and BLACK) maps a piece of plane p on square s to its own feature
// number, feature(view, p, s): seen from Black, chess's board is flipped with the colours
// swapped, so the two accumulators share one weight matrix.
//
// The accumulators. A search evaluates nearly every node it enters, and one thread's
// consecutive evaluations are of nearby positions (a child after its parent, a sibling after
// a sibling's subtree). Each thread keeps, per game, the last planes it evaluated with their
// two accumulators, and applies only the difference: the rows of pieces come and gone, found
// by comparing bitboards (2 to 4 features from parent to child, twice that between
// siblings), and the extras that changed. So do_move and undo_move of every game stay as
// they were, and the cache is right by construction: a null move, a new FEN, a jump to
// another game are just other boards to compare with. When the difference has as many
// rows as the board has pieces (a new position), the accumulators are rebuilt instead.
#pragma once

#include "bitboard.h"
#include "score.h"
#include "types.h"

#include <algorithm>
#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <new>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace hq::nnue {

constexpr std::uint32_t Version = 1;
constexpr std::uint32_t VersionBuckets = 2;
constexpr int MaxHidden = 1024;
constexpr int MaxBuckets = 16;
constexpr int HeaderBytes = 16;                   // v1's; v2's has 4 more (the bucket count)
constexpr int ActivationMax = 255;                // crelu's top: the accumulator's scale QA
constexpr int OutputScale = 400;                  // centipawns per unit of out / (QA * QB)
constexpr int OutputDivisor = ActivationMax * 64; // QA * QB, QB = 64 the output weights' scale
// The evaluation stays well inside the non-mate values (engine/score.h: mates start at
// VALUE_MATE_IN_MAX_PLY = 31754), whatever the network says.
constexpr Value MaxEval = 10000;

// The bytes after the header of a network with `inputs` features, `hidden` accumulator
// neurons and `buckets` output buckets.
constexpr std::size_t body_size(int inputs, int hidden, int buckets) {
    return 2 * (std::size_t(inputs) * hidden + hidden + 2 * std::size_t(hidden) * buckets)
        + 4 * std::size_t(buckets);
}
// The file size of such a network as written: v1 for one bucket, v2 (4 header bytes more)
// for several.
constexpr std::size_t file_size(int inputs, int hidden, int buckets = 1) {
    return HeaderBytes + (buckets > 1 ? 4 : 0) + body_size(inputs, hidden, buckets);
}

// Storage on 64-byte boundaries: every weight row (H a multiple of 32 int16) starts on a
// cache line, which aligned SIMD loads want.
template <typename T> struct CacheLineAllocator {
    using value_type = T;
    CacheLineAllocator() = default;
    template <typename U> CacheLineAllocator(const CacheLineAllocator<U>&) { }
    T* allocate(std::size_t n) {
        return static_cast<T*>(::operator new(n * sizeof(T), std::align_val_t(64)));
    }
    void deallocate(T* p, std::size_t) { ::operator delete(p, std::align_val_t(64)); }
    bool operator==(const CacheLineAllocator&) const = default;
};
using Weights = std::vector<std::int16_t, CacheLineAllocator<std::int16_t>>;

// A loaded network. Move-only and never changed once loaded: every one gets its own `id`,
// by which the accumulator caches know which network they hold.
struct Network {
    int inputs = 0;
    int hidden = 0;
    int buckets = 1;
    Weights w1;                   // [inputs][hidden]
    Weights b1;                   // [hidden]
    Weights w2;                   // [buckets][2 * hidden]
    std::vector<std::int32_t> b2; // [buckets]
    std::uint64_t checksum = 0;   // FNV-1a 64 of the file's bytes (tests/data/nnue_vectors.txt)
    std::uint64_t id = 0;

    Network() = default;
    Network(Network&&) = default;
    Network& operator=(Network&&) = default;
    Network(const Network&) = delete;
    Network& operator=(const Network&) = delete;

    [[nodiscard]] const std::int16_t* row(int feature) const {
        return w1.data() + std::size_t(feature) * std::size_t(hidden);
    }
    // The output bucket of a position with `pieces` pieces on the board.
    [[nodiscard]] int bucket(int pieces) const {
        return std::min(buckets - 1, std::max(0, pieces - 2) * buckets / 32);
    }
};

// Reads an HQNN v1 or v2 network of `inputs` features from its bytes, or says why it is not one
// (`game` names the game in the message: "... but the chess network has 768").
[[nodiscard]] std::variant<Network, std::string> parse(
    std::span<const unsigned char> bytes, int inputs, std::string_view game);
// The same from a file (the message then names it).
[[nodiscard]] std::variant<Network, std::string> load_file(
    const std::string& path, int inputs, std::string_view game);
// A built-in network (the bytes the build embedded), parsed once; should it not load,
// that is reported on stderr and the program aborts: there is no evaluation to fall back
// on silently. CMake checked its header when it built it in.
[[nodiscard]] Network parse_embedded(
    std::span<const unsigned char> bytes, int inputs, std::string_view game);

// The input count of the network in a file (any game's), or why the file is not one.
[[nodiscard]] std::variant<int, std::string> file_inputs(const std::string& path);

// FNV-1a, 64 bits.
[[nodiscard]] std::uint64_t fnv1a64(std::span<const unsigned char> bytes);

// Both perspectives' accumulators (the first `hidden` entries of each are used).
struct Accumulators {
    alignas(64) std::int16_t v[COLOR_NB][MaxHidden];
};

// acc += the rows in `add`, -= those in `sub` (SIMD where the build has it).
void update(std::int16_t* acc, const std::int16_t* const* add, int adds,
    const std::int16_t* const* sub, int subs, int hidden);
// acc = B1 + the rows of `features`.
void build(const Network& net, std::int16_t* acc, const int* features, int count);
// The value of accumulators with `stm` to move through output bucket `bucket`
// (Network::bucket), clamped to +-MaxEval.
[[nodiscard]] Value output(const Network& net, const Accumulators& acc, Color stm, int bucket);
// The same output without SIMD (the portable code every build has): for the tests that
// the two agree.
[[nodiscard]] Value output_scalar(
    const Network& net, const Accumulators& acc, Color stm, int bucket);

// What a game's network reads. Planes are absolute (colour-blind as the game likes), and
// feature() maps them to each perspective's input numbers; extras() writes a
// perspective's extra inputs (in increasing order) and returns how many. mirror(f) is the
// feature that Black's perspective has where White's has f: Black's features of a position
// are exactly the mirrors of White's (tests/test_nnue_features.cpp holds every game to it),
// which lets the training data store one perspective (bench/training_data.h).
template <typename F>
concept FeatureSet = requires(const typename F::Position& pos, Bitboard* planes, int* out) {
    { F::Inputs } -> std::convertible_to<int>;
    { F::Planes } -> std::convertible_to<int>;
    { F::MaxExtras } -> std::convertible_to<int>;
    { F::name } -> std::convertible_to<std::string_view>;
    F::planes(pos, planes);
    { F::feature(WHITE, 0, SQ_A1) } -> std::convertible_to<int>;
    { F::extras(pos, WHITE, out) } -> std::convertible_to<int>;
    { F::mirror(0) } -> std::convertible_to<int>;
    { pos.side_to_move() } -> std::convertible_to<Color>;
};

// A game's built-in network: `Bytes` gives what the build embedded (variants/
// embed_network.cmake), parsed at first use (thread-safe) by parse_embedded.
template <FeatureSet F, std::span<const unsigned char> (*Bytes)()> const Network& built_in() {
    static const Network net = parse_embedded(Bytes(), F::Inputs, F::name);
    return net;
}

// The active features of a position for perspective `view`, board first (planes in order,
// squares ascending), then the extras; returns how many were written (at most 64 *
// Planes + MaxExtras).
template <FeatureSet F> int active_features(const typename F::Position& pos, Color view, int* out) {
    Bitboard planes[F::Planes];
    F::planes(pos, planes);
    int n = 0;
    for (int p = 0; p < F::Planes; ++p)
        for (Square s : Squares {planes[p]}) out[n++] = F::feature(view, p, s);
    return n + F::extras(pos, view, out + n);
}

// The pieces on the board of a position: its planes' bits.
template <FeatureSet F> int board_pieces(const typename F::Position& pos) {
    Bitboard planes[F::Planes];
    F::planes(pos, planes);
    int pieces = 0;
    for (int p = 0; p < F::Planes; ++p) pieces += popcount(planes[p]);
    return pieces;
}

// The output bucket of a position: by its pieces on the board.
template <FeatureSet F> int bucket_of(const Network& net, const typename F::Position& pos) {
    return net.buckets == 1 ? 0 : net.bucket(board_pieces<F>(pos));
}

// The accumulators of a position computed from scratch.
template <FeatureSet F>
void refresh(const Network& net, const typename F::Position& pos, Accumulators& acc) {
    int features[64 * F::Planes + F::MaxExtras + 1];
    for (Color view : {WHITE, BLACK})
        build(net, acc.v[view], features, active_features<F>(pos, view, features));
}

namespace detail {

template <typename F> struct Cache {
    std::uint64_t netId; // 0: nothing cached yet (network ids start at 1)
    Bitboard planes[F::Planes];
    int extras[COLOR_NB][F::MaxExtras + 1];
    int extraCount[COLOR_NB];
    Accumulators acc;
};
// Zero-initialised and trivially constructible: no initialisation guard on access.
template <typename F> thread_local Cache<F> cache;

} // namespace detail

// The accumulators of a position as this thread's cache brings them up to date (above):
// equal to refresh()'s, at a fraction of the cost.
template <FeatureSet F>
const Accumulators& cached(const Network& net, const typename F::Position& pos) {
    detail::Cache<F>& c = detail::cache<F>;
    Bitboard now[F::Planes];
    F::planes(pos, now);
    int extras[COLOR_NB][F::MaxExtras + 1], extraCount[COLOR_NB] = {0, 0};
    if constexpr (F::MaxExtras > 0)
        for (Color view : {WHITE, BLACK}) extraCount[view] = F::extras(pos, view, extras[view]);
    auto remember = [&] {
        std::copy_n(now, F::Planes, c.planes);
        for (Color view : {WHITE, BLACK}) {
            c.extraCount[view] = extraCount[view];
            std::copy_n(extras[view], extraCount[view], c.extras[view]);
        }
    };
    if (c.netId != net.id) {
        refresh<F>(net, pos, c.acc);
        remember();
        c.netId = net.id;
        return c.acc;
    }
    // The rows of the pieces come and gone since the cached board, for each perspective
    // (at most one of each per square and plane), then of the extras that changed.
    constexpr int MaxRows = 64 + 2 * F::MaxExtras + 1;
    const std::int16_t *come[COLOR_NB][MaxRows], *gone[COLOR_NB][MaxRows];
    int comes = 0, gones = 0, pieces = 0;
    for (int p = 0; p < F::Planes; ++p) {
        pieces += popcount(now[p]);
        const Bitboard before = c.planes[p];
        if (now[p] == before) continue;
        for (Square s : Squares {now[p] & ~before}) {
            if (comes == 64) break; // a new position: rebuilt below
            come[WHITE][comes] = net.row(F::feature(WHITE, p, s));
            come[BLACK][comes++] = net.row(F::feature(BLACK, p, s));
        }
        for (Square s : Squares {before & ~now[p]}) {
            if (gones == 64) break;
            gone[WHITE][gones] = net.row(F::feature(WHITE, p, s));
            gone[BLACK][gones++] = net.row(F::feature(BLACK, p, s));
        }
    }
    if (comes + gones >= pieces || comes == 64 || gones == 64) {
        refresh<F>(net, pos, c.acc);
        remember();
        return c.acc;
    }
    int viewComes[COLOR_NB] = {comes, comes}, viewGones[COLOR_NB] = {gones, gones};
    if constexpr (F::MaxExtras > 0)
        for (Color view : {WHITE, BLACK}) {
            const int *was = c.extras[view], *is = extras[view];
            const int wasN = c.extraCount[view], isN = extraCount[view];
            if (wasN == isN && std::equal(was, was + wasN, is)) continue;
            for (int i = 0; i < isN; ++i)
                if (std::find(was, was + wasN, is[i]) == was + wasN)
                    come[view][viewComes[view]++] = net.row(is[i]);
            for (int i = 0; i < wasN; ++i)
                if (std::find(is, is + isN, was[i]) == is + isN)
                    gone[view][viewGones[view]++] = net.row(was[i]);
        }
    remember();
    for (Color view : {WHITE, BLACK})
        if (viewComes[view] + viewGones[view] > 0)
            update(c.acc.v[view], come[view], viewComes[view], gone[view], viewGones[view],
                net.hidden);
    return c.acc;
}

// The evaluation of a position, through this thread's cache.
template <FeatureSet F> Value evaluate(const Network& net, const typename F::Position& pos) {
    return output(net, cached<F>(net, pos), pos.side_to_move(), bucket_of<F>(net, pos));
}

} // namespace hq::nnue
