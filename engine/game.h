// SPDX-License-Identifier: GPL-3.0-or-later
// The game seam. Every game Harlequin plays is a type satisfying `Game`: a bundle of named
// hooks over the game's own Position and Move types. Perft, the search and the engine
// facade are templates over it, so the choice of game is made once (when UCI_Variant is
// set), never per node, and standard chess compiles to branch-free code.
//
// What the hooks must mean, for every game:
// - G::Position owns all rule state (board, side-wide flags, turn progress, scores,
//   control, clocks) and its `key()` covers all of it.
// - `do_move` plays one move as the rules define a move (one single move in Multiple Move
//   Chess), `undo_move` takes it back exactly. `side_to_move()` after do_move tells whether
//   the turn passed: the search negates only when it changed (`G::alternating` is false
//   for games where it may not).
// - `generate_legal` lists exactly the moves perft counts; `count_legal` returns the size
//   of that list, possibly without building it (perft's last ply).
// - FEN in via `set_fen` (an error message, position untouched, on failure) and out via
//   `fen()`; moves in and out as text via `parse_move` / `move_text`.
// - `G::adjudicate(pos)` is the referee's verdict on the position with its history (mate,
//   stalemate, repetition, fifty moves, material, a Martian score...): an Outcome whose
//   result is NONE while the game goes on.
//
// The search (engine/search.h) needs more of a game; see `SearchGame` below.
#pragma once

#include "display.h"
#include "eval_trace.h"
#include "score.h"
#include "types.h"
#include "variant_spec.h"
#include "wdl.h"

#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hq {

// The optional hooks. A game states which of them it has in `static constexpr GameHooks
// hooks`, and `check_hooks<G>()` (a static_assert in the game's folder) proves each stated
// hook exists with the right signature and no unstated one does: a misspelt hook is a
// compile error, not a feature silently switched off.
struct GameHooks {
    bool see = false;         // G::see_ge(pos, m, threshold): static exchange >= threshold
    bool noisyGain = false;   // G::noisy_gain(pos, m): material a noisy move wins (delta pruning)
    bool san = false;         // G::san(pos, m): the move in SAN, for PGN
    bool setVariant = false;  // pos.set_variant(spec): the registered name being played
    bool setChess960 = false; // pos.set_chess960(on): king-takes-rook castling notation
    // pos.set_network(const nnue::Network*): evaluate with that network (nullptr: the
    // hand-crafted evaluation), and G::network(), the built-in one (Use NNUE, EvalFile).
    bool useNnue = false;
    // G::Features: the inputs of the game's network (engine/nnue.h's FeatureSet), for the
    // network itself and for the training data (bench/training_data.h). A game may have
    // the features (and its training data) before it has a network: useNnue needs them.
    bool features = false;
    bool movesPerTurn = false; // pos.moves_per_turn(): single moves a turn (time sharing)
    bool display = false;      // G::display(pos): the position as a GUI draws it (display.h)
    // The tuning trace (eval_trace.h), all three or none: G::trace(pos, EvalTrace&),
    // G::trace_weight_names() and G::trace_weight_values().
    bool trace = false;
    // G::search_skips(pos, m): a legal move the search leaves out as never worth playing
    // (Martian Chess: calling the clock without leading). It is still legal: perft, the
    // referee and `searchmoves` see it, and a position whose every move it skips is
    // searched in full.
    bool searchSkips = false;
    // G::correction_key(pos): a key of the part of the position whose evaluation errors
    // the search learns and corrects (correction history; chess: the pawns).
    bool correction = false;
    // Capture history (engine/history.h): a noisy move's order adds its capture history
    // divided by this (0: the game's noisy_order alone). It must suit the scale of the
    // game's noisy_order.
    int captureHistoryDivisor = 0;
    // Endgame tables (chess: Syzygy, variants/chess/syzygy.h), all five hooks or none:
    // G::tables_load(paths) -> TablesLoad, G::tables_largest() -> int (the most pieces
    // a loaded table holds; 0: none), G::table_pieces(pos) -> int, G::table_wdl(pos) ->
    // std::optional<int> (the side to move's -2 loss, -1 loss saved by the fifty-move
    // rule, 0 draw, 1 win spoilt by it, 2 win; nothing where the tables cannot say), and
    // G::table_root(pos, bool rule50) -> std::optional<TableRoot<Move>>.
    bool tables = false;
    // G::wdlModel: the game's win/draw/loss model (engine/wdl.h), for UCI_ShowWDL.
    bool wdl = false;
};

// What loading endgame tables found: the largest piece count loaded (0: none) and what
// to tell the user (files found, a missing folder, a truncated file; one line each).
struct TablesLoad {
    int largest = 0;
    std::string notice;
};

// Every root move ranked by the endgame tables: a higher rank is better, and playing any
// move of the best rank keeps the tables' verdict (a win is converted within the
// fifty-move rule when `exact`: ranked by distance to zeroing; else by win/draw/loss
// only). `value` is what to report for the move while the search finds no mate.
template <typename Move> struct TableRank {
    Move move;
    int rank = 0;
    Value value = VALUE_DRAW;
};
template <typename Move> struct TableRoot {
    std::vector<TableRank<Move>> moves;
    bool exact = false;
};

template <typename G>
concept Game = requires {
    typename G::Position;
    typename G::Move;
    typename G::MoveList;
    { G::alternating } -> std::convertible_to<bool>;
}
&&requires(typename G::Position& pos, const typename G::Position& cpos, typename G::Move m,
    typename G::MoveList& list, std::string_view text) {
    { cpos.side_to_move() } -> std::same_as<Color>;
    { cpos.key() } -> std::same_as<Key>;
    { cpos.compute_key() } -> std::same_as<Key>;
    { cpos.fen() } -> std::same_as<std::string>;
    { cpos.picture() } -> std::same_as<std::string>;
    { pos.set_fen(text) } -> std::same_as<std::optional<std::string>>;
    {pos.do_move(m)};
    {pos.undo_move(m)};
    { cpos.move_text(m) } -> std::same_as<std::string>;
    { cpos.parse_move(text) } -> std::same_as<std::optional<typename G::Move>>;
    {G::generate_legal(cpos, list)};
    { G::count_legal(cpos) } -> std::convertible_to<std::uint64_t>;
    { G::adjudicate(cpos) } -> std::same_as<Outcome>;
    { G::hooks } -> std::convertible_to<GameHooks>;
};

// What the search needs on top of `Game`:
// - `G::generate_noisy` / `G::generate_quiet`: together exactly the legal moves, noisy
//   ones (captures, queen promotions: what quiescence search looks at) first;
//   `G::is_noisy(pos, m)` tells which list a move belongs to, and `G::noisy_order(pos, m)`
//   orders noisy moves (higher first: most valuable victim, least valuable attacker).
// - `G::is_legal(pos, m)`: whether a move from elsewhere (TT, killer) is legal here.
// - `G::evaluate(pos)`: static value in centipawn-like units for the side to move.
// - `G::rule_value(pos, plyFromRoot)`: a value when the game is already decided here by
//   a rule that needs no move list (draws by repetition or fifty moves, a Martian end);
//   `G::no_moves_value(pos, plyFromRoot)`: the value when the side to move has no legal
//   move (mated_in(ply), a draw...).
// - `pos.in_check()`; `G::null_move_allowed(pos)` with `pos.do_null_move()` /
//   `pos.undo_null_move()` (a game that cannot pass answers false and may leave the two
//   as no-ops).
// - Moves fit 32 bits for the transposition table: `m.raw()` and `Move::from_raw(raw)`;
//   `m.from()` and `m.to()` are squares below 64 (history tables index them).
template <typename G>
concept SearchGame = Game<G> && requires(typename G::Position& pos,
    const typename G::Position& cpos, typename G::Move m, typename G::MoveList& list, int ply) {
    {G::generate_noisy(cpos, list)};
    {G::generate_quiet(cpos, list)};
    { G::is_noisy(cpos, m) } -> std::same_as<bool>;
    { G::noisy_order(cpos, m) } -> std::convertible_to<int>;
    { G::is_legal(cpos, m) } -> std::same_as<bool>;
    { G::evaluate(cpos) } -> std::same_as<Value>;
    { G::rule_value(cpos, ply) } -> std::same_as<std::optional<Value>>;
    { G::no_moves_value(cpos, ply) } -> std::same_as<Value>;
    { G::null_move_allowed(cpos) } -> std::same_as<bool>;
    { cpos.in_check() } -> std::same_as<bool>;
    {pos.do_null_move()};
    {pos.undo_null_move()};
    { m.raw() } -> std::convertible_to<std::uint32_t>;
    { G::Move::from_raw(std::uint32_t {}) } -> std::same_as<typename G::Move>;
    { m.from() } -> std::same_as<Square>;
    { m.to() } -> std::same_as<Square>;
};

template <typename G>
concept HasSee = requires(const typename G::Position& pos, typename G::Move m, Value v) {
    { G::see_ge(pos, m, v) } -> std::same_as<bool>;
};
template <typename G>
concept HasNoisyGain = requires(const typename G::Position& pos, typename G::Move m) {
    { G::noisy_gain(pos, m) } -> std::same_as<Value>;
};
template <typename G>
concept HasSearchSkips = requires(const typename G::Position& pos, typename G::Move m) {
    { G::search_skips(pos, m) } -> std::same_as<bool>;
};
template <typename G>
concept HasSan = requires(const typename G::Position& pos, typename G::Move m) {
    { G::san(pos, m) } -> std::same_as<std::string>;
};
template <typename G>
concept HasSetVariant = requires(typename G::Position& pos, const VariantSpec& spec) {
    { pos.set_variant(spec) } -> std::same_as<void>;
};
template <typename G>
concept HasSetChess960 = requires(typename G::Position& pos, bool on) {
    { pos.set_chess960(on) } -> std::same_as<void>;
};
template <typename G>
concept HasSetUseNnue = requires(typename G::Position& pos, bool on) {
    { pos.set_network(nullptr) } -> std::same_as<void>;
    {G::network()};
};
template <typename G>
concept HasFeatures = requires {
    typename G::Features;
};
template <typename G>
concept HasCorrection = requires(const typename G::Position& pos) {
    { G::correction_key(pos) } -> std::same_as<std::uint64_t>;
};
template <typename G>
concept HasTables = requires(const typename G::Position& pos, std::string_view paths) {
    { G::tables_load(paths) } -> std::same_as<TablesLoad>;
    { G::tables_largest() } -> std::same_as<int>;
    { G::table_pieces(pos) } -> std::same_as<int>;
    { G::table_wdl(pos) } -> std::same_as<std::optional<int>>;
    { G::table_root(pos, true) } -> std::same_as<std::optional<TableRoot<typename G::Move>>>;
};
template <typename G>
concept HasWdl = requires {
    { G::wdlModel } -> std::convertible_to<WdlModel>;
};
template <typename G>
concept HasDisplay = requires(const typename G::Position& pos) {
    { G::display(pos) } -> std::same_as<BoardDisplay>;
};
template <typename G>
concept HasMovesPerTurn = requires(const typename G::Position& pos) {
    { pos.moves_per_turn() } -> std::same_as<int>;
};

// The tuning trace: all three hooks with their signatures (HasTrace), or any of the three
// names at all (HasAnyTrace, so that a partial or misspelt set is caught too).
template <typename G>
concept HasTrace = requires(const typename G::Position& pos, EvalTrace& t) {
    { G::trace(pos, t) } -> std::same_as<void>;
    { G::trace_weight_names() } -> std::same_as<std::vector<std::string>>;
    { G::trace_weight_values() } -> std::same_as<std::vector<int>>;
};
template <typename G>
concept HasAnyTrace = requires {
    &G::trace;
}
|| requires { &G::trace_weight_names; }
|| requires { &G::trace_weight_values; };

// True when G's stated hooks are exactly the ones it has (each game static_asserts it).
template <typename G> constexpr bool check_hooks() {
    constexpr GameHooks h = G::hooks;
    static_assert(h.see == HasSee<G>, "hooks.see disagrees with G::see_ge(pos, m, Value) -> bool");
    static_assert(h.noisyGain == HasNoisyGain<G>,
        "hooks.noisyGain disagrees with G::noisy_gain(pos, m) -> Value");
    static_assert(h.searchSkips == HasSearchSkips<G>,
        "hooks.searchSkips disagrees with G::search_skips(pos, m) -> bool");
    static_assert(h.san == HasSan<G>, "hooks.san disagrees with G::san(pos, m) -> std::string");
    static_assert(h.setVariant == HasSetVariant<G>,
        "hooks.setVariant disagrees with Position::set_variant(const VariantSpec&)");
    static_assert(h.setChess960 == HasSetChess960<G>,
        "hooks.setChess960 disagrees with Position::set_chess960(bool)");
    static_assert(h.useNnue == HasSetUseNnue<G>,
        "hooks.useNnue disagrees with Position::set_network(const nnue::Network*) and "
        "G::network()");
    static_assert(h.features == HasFeatures<G>, "hooks.features disagrees with G::Features");
    static_assert(h.correction == HasCorrection<G>,
        "hooks.correction disagrees with G::correction_key(pos) -> std::uint64_t");
    static_assert(!h.useNnue || h.features, "hooks.useNnue needs G::Features (hooks.features)");
    static_assert(h.movesPerTurn == HasMovesPerTurn<G>,
        "hooks.movesPerTurn disagrees with Position::moves_per_turn() -> int");
    static_assert(h.display == HasDisplay<G>, "hooks.display disagrees with G::display(pos)");
    static_assert(h.wdl == HasWdl<G>, "hooks.wdl disagrees with G::wdlModel (a WdlModel)");
    static_assert(h.tables == HasTables<G>,
        "hooks.tables disagrees with G::tables_load, tables_largest, table_pieces, table_wdl "
        "and table_root");
    static_assert(h.trace == HasTrace<G>,
        "hooks.trace disagrees with G::trace(const Position&, EvalTrace&), "
        "G::trace_weight_names() -> std::vector<std::string> and "
        "G::trace_weight_values() -> std::vector<int>");
    static_assert(h.trace || !HasAnyTrace<G>, "a tuning trace hook without hooks.trace");
    return true;
}

// Hands a position the settings it may understand, before and after set_fen: the
// variant it plays (`set_variant`, e.g. Ms. Chess's default woman's colour) and Chess960
// castling notation (`set_chess960`). A game without the hook ignores that setting.
template <typename G>
void configure_position(typename G::Position& pos, const VariantSpec& spec, bool chess960) {
    if constexpr (G::hooks.setVariant) pos.set_variant(spec);
    if constexpr (G::hooks.setChess960) pos.set_chess960(chess960);
}

} // namespace hq
