// SPDX-License-Identifier: GPL-3.0-or-later
// The chess network (also Chess960's and, by default, Multiple Move Chess's inputs): 768
// features, engine/nnue.h's framework. variants/chess/nnue/default.nnue is built in (or
// the Makefile's EVALFILE).
//
// Features: a piece of colour c and type pt on square s is, for perspective P,
// ((c == P ? 0 : 1) * 6 + pt - PAWN) * 64 + (P == WHITE ? s : s ^ 56): Black sees the
// board flipped vertically with the colours swapped.
#pragma once

#include "engine/nnue.h"
#include "position.h"

#include <span>
#include <string>
#include <string_view>
#include <variant>

namespace hq::chess::nnue {

using hq::nnue::Accumulators;
using hq::nnue::MaxEval;
using hq::nnue::Network;
using hq::nnue::output;
using hq::nnue::output_scalar;
using hq::nnue::Version;
using hq::nnue::VersionBuckets;

constexpr int Inputs = 768;

// The feature of a piece of colour c and type pt on s, for perspective `view`.
constexpr int feature_index(Color view, Color c, PieceType pt, Square s) {
    return ((c == view ? 0 : 1) * 6 + (pt - PAWN)) * 64 + (view == WHITE ? s : s ^ 56);
}

// Twelve planes, colour x piece type (plane c * 6 + pt - PAWN), no extras.
template <typename Pos> struct OrthodoxFeatures {
    using Position = Pos;
    static constexpr std::string_view name = "chess";
    static constexpr int Inputs = nnue::Inputs, Planes = 12, MaxExtras = 0;
    static void planes(const Position& pos, Bitboard* out) {
        for (Color c : {WHITE, BLACK})
            for (PieceType pt = PAWN; pt <= KING; ++pt) out[c * 6 + pt - PAWN] = pos.pieces(c, pt);
    }
    static int feature(Color view, int plane, Square s) {
        return feature_index(view, Color(plane / 6), PieceType(PAWN + plane % 6), s);
    }
    static int extras(const Position&, Color, int*) { return 0; }
    // Own and their swap, the board flips.
    static int mirror(int f) { return (f / 64 + 6) % 12 * 64 + (f % 64 ^ 56); }
};
using Features = OrthodoxFeatures<Position>;
static_assert(hq::nnue::FeatureSet<Features>);

// The file size of a chess network with `hidden` accumulator neurons.
constexpr std::size_t file_size(int hidden) { return hq::nnue::file_size(Inputs, hidden); }

// Reads an HQNN chess network from its bytes or a file, or says why it is not one.
[[nodiscard]] inline std::variant<Network, std::string> parse(std::span<const unsigned char> b) {
    return hq::nnue::parse(b, Inputs, Features::name);
}
[[nodiscard]] inline std::variant<Network, std::string> load_file(const std::string& path) {
    return hq::nnue::load_file(path, Inputs, Features::name);
}

// The bytes of the chess network as built into the binary.
[[nodiscard]] std::span<const unsigned char> embedded_bytes();

inline void refresh(const Network& net, const Position& pos, Accumulators& acc) {
    hq::nnue::refresh<Features>(net, pos, acc);
}
[[nodiscard]] inline const Accumulators& cached(const Network& net, const Position& pos) {
    return hq::nnue::cached<Features>(net, pos);
}
[[nodiscard]] inline int bucket_of(const Network& net, const Position& pos) {
    return hq::nnue::bucket_of<Features>(net, pos);
}
[[nodiscard]] inline Value evaluate(const Network& net, const Position& pos) {
    return hq::nnue::evaluate<Features>(net, pos);
}

} // namespace hq::chess::nnue
