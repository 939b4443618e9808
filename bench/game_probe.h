// SPDX-License-Identifier: GPL-3.0-or-later
// A game's position seen from outside the search: what `harlequin datagen` and the tuning
// export need to ask of a position (is the side to move in check, is a move noisy, the
// static evaluation, the evaluation's trace), behind a small virtual interface so that the
// runtime choice of game is made once, by name, as the variant registry does.
#pragma once

#include "engine/eval_trace.h"
#include "engine/score.h"
#include "engine/types.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hq {

class GameProbe {
public:
    virtual ~GameProbe() = default;
    // Start position (empty) or a FEN; on error the message, position unchanged.
    virtual std::optional<std::string> set_position(std::string_view fen) = 0;
    // Plays a move in the game's text; false when it is not legal.
    virtual bool play(std::string_view move) = 0;
    virtual std::string fen() const = 0;
    virtual Color side_to_move() const = 0;
    virtual bool in_check() const = 0;
    // Whether a legal move (text) is noisy: one quiescence search looks at (a capture, a
    // promotion...). False for text that is not a legal move.
    virtual bool is_noisy(std::string_view move) const = 0;
    // The static evaluation, from the side to move's point of view.
    virtual Value evaluate() const = 0;
    // The names of the game's tunable weights (empty: the game has no trace hook), and
    // the trace of the current position.
    virtual std::vector<std::string> weight_names() const { return {}; }
    virtual std::vector<int> weight_values() const { return {}; }
    virtual bool trace(EvalTrace&) const { return false; }
};

// A probe for a registered game name or alias; null when unknown.
std::unique_ptr<GameProbe> make_probe(std::string_view variant);

} // namespace hq
