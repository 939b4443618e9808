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
#pragma once

#include "types.h"

#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace hq {

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
};

} // namespace hq
