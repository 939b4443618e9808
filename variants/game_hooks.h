// SPDX-License-Identifier: GPL-3.0-or-later
// The Game and SearchGame hooks (engine/game.h) that every game's hook struct would
// otherwise write out alike, each only passing its arguments on to the game's own function
// of that name: the legal moves and the search's split of them, the static evaluation, the
// tuning trace, the board for a GUI, the move in SAN, and the values of chess's ends of a
// game. A game's struct (chess.h, mschess.h...) derives from ForwardedHooks and writes the
// hooks in which it differs itself: a hook of the same name in the struct hides the base's.
// A game with a network (or only its inputs, for training data) and a win/draw/loss model
// derives from NetworkHooks too (FeatureHooks: inputs, no network yet). The flags of
// GameHooks these bases imply are theirs to set (with_forwarded(), with_network()): a
// game's struct states only the hooks it writes itself.
//
// The game's functions are found in the namespace of its Position by argument-dependent
// lookup: generate<GenType>(pos, list), count_legal(pos) and is_legal(pos, m) as each game's
// movegen.h declares them, evaluate(pos) and trace(pos, t) (evaluate.h), display(pos)
// (display.h) and san(pos, m) (notation.h).
#pragma once

#include "engine/display.h"
#include "engine/eval_trace.h"
#include "engine/game.h" // the concepts every game's struct is checked by
#include "engine/gen_type.h"
#include "engine/nnue.h"
#include "engine/score.h"
#include "engine/wdl.h"

#include <concepts>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace hq {

namespace forwarded {
// The calls by argument-dependent lookup, made outside the hook struct: inside it, the
// unqualified name would find the struct's own hook of that name, which would call itself.
template <typename P> std::uint64_t count_legal_of(const P& pos) { return count_legal(pos); }
template <typename P, typename M> bool is_legal_of(const P& pos, M m) { return is_legal(pos, m); }
template <typename P> Value evaluate_of(const P& pos) { return evaluate(pos); }
template <typename P> void trace_of(const P& pos, EvalTrace& t) { trace(pos, t); }

// The optional hooks a game has when its namespace has the function.
template <typename P>
concept HasDisplayFunction = requires(const P& pos) {
    { display(pos) } -> std::same_as<BoardDisplay>;
};
template <typename P, typename M>
concept HasSanFunction = requires(const P& pos, M m) {
    { san(pos, m) } -> std::same_as<std::string>;
};
template <typename P> BoardDisplay display_of(const P& pos) { return display(pos); }
template <typename P, typename M> std::string san_of(const P& pos, M m) { return san(pos, m); }
} // namespace forwarded

// The forwarded hooks, for a game whose Position, Move and MoveList these are, and whose
// tuning trace weights' names and values `Names()` and `Values()` give (they take no
// argument to find the game by).
template <typename P, typename M, typename L, std::vector<std::string> (*Names)(),
    std::vector<int> (*Values)()>
struct ForwardedHooks {
    using Position = P;
    using Move = M;
    using MoveList = L;
    // One player's move a turn (Multiple Move Chess hides it).
    static constexpr bool alternating = true;

    // `own`, the flags of the hooks a game writes itself, with those of the forwarded
    // hooks it keeps: the tuning trace always, san and display where the game's namespace
    // has the function (a struct that writes its own san or display says so in `own`).
    static constexpr GameHooks with_forwarded(GameHooks own) {
        own.trace = true;
        own.san = own.san || forwarded::HasSanFunction<Position, Move>;
        own.display = own.display || forwarded::HasDisplayFunction<Position>;
        return own;
    }

    // The legal moves: all of them, their number, the search's noisy / quiet split, and
    // whether a move from elsewhere (the transposition table, a killer slot) is one.
    static void generate_legal(const Position& pos, MoveList& list) { generate<LEGAL>(pos, list); }
    static std::uint64_t count_legal(const Position& pos) { return forwarded::count_legal_of(pos); }
    static void generate_noisy(const Position& pos, MoveList& list) { generate<NOISY>(pos, list); }
    static void generate_quiet(const Position& pos, MoveList& list) { generate<QUIET>(pos, list); }
    static bool is_legal(const Position& pos, Move m) { return forwarded::is_legal_of(pos, m); }

    // The static evaluation and its tuning trace (engine/eval_trace.h, GameHooks::trace).
    static Value evaluate(const Position& pos) { return forwarded::evaluate_of(pos); }
    static void trace(const Position& pos, EvalTrace& t) { forwarded::trace_of(pos, t); }
    static std::vector<std::string> trace_weight_names() { return Names(); }
    static std::vector<int> trace_weight_values() { return Values(); }

    // The position for a GUI (GameHooks::display) and the move in algebraic notation for
    // the move list and PGN (GameHooks::san), where the game has them.
    static BoardDisplay display(
        const Position& pos) requires forwarded::HasDisplayFunction<Position> {
        return forwarded::display_of(pos);
    }
    static std::string san(
        const Position& pos, Move m) requires forwarded::HasSanFunction<Position, Move> {
        return forwarded::san_of(pos, m);
    }

    // The referee's verdict by chess's rules (engine/score.h): checkmate or stalemate, then
    // the draws by fifty moves, by the game's material rule (`deadMaterial`, told as `why`)
    // and by threefold repetition.
    static Outcome chess_verdict(const Position& pos, bool deadMaterial, const char* why) {
        if (count_legal(pos) == 0)
            return mate_or_stalemate(pos.side_to_move() == WHITE, pos.in_check());
        return orthodox_draw(pos, pos.fifty_move_draw(), deadMaterial, why);
    }

    // The search's values of chess's ends, for a game whose Position tells its draws that
    // need no move list (is_draw: repetition, fifty moves, dead material), and checkmate or
    // stalemate when the side to move has no legal move. A game with other ends hides them
    // with its own rule_value and no_moves_value.
    static std::optional<Value> rule_value(const Position& pos, int plyFromRoot) {
        if (pos.is_draw(plyFromRoot)) return VALUE_DRAW;
        return std::nullopt;
    }
    static Value no_moves_value(const Position& pos, int plyFromRoot) {
        return pos.in_check() ? mated_in(plyFromRoot) : VALUE_DRAW;
    }
};

// A game's network inputs and win/draw/loss model, for a game that has inputs and training
// data before it has a network (Multiple Move Chess): the inputs `F` (engine/nnue.h's
// FeatureSet) and the model fitted to its games (engine/wdl.h).
template <typename F, WdlModel Model> struct FeatureHooks {
    using Features = F;
    static constexpr WdlModel wdlModel = Model;
    // `own` with the flags of these hooks: features and wdl.
    static constexpr GameHooks with_network(GameHooks own) {
        own.features = true;
        own.wdl = true;
        return own;
    }
};

// The same with a built-in network: `Bytes` gives what the build embedded of it
// (variants/embed_network.cmake).
template <typename F, WdlModel Model, std::span<const unsigned char> (*Bytes)()>
struct NetworkHooks : FeatureHooks<F, Model> {
    // The built-in network, parsed at first use (thread-safe).
    static const hq::nnue::Network& network() { return hq::nnue::built_in<F, Bytes>(); }
    // `own` with the flags of these hooks: features, wdl and useNnue.
    static constexpr GameHooks with_network(GameHooks own) {
        own = FeatureHooks<F, Model>::with_network(own);
        own.useNnue = true;
        return own;
    }
};

} // namespace hq
