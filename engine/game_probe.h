// SPDX-License-Identifier: GPL-3.0-or-later
// A game's position seen from outside the search: what `harlequin datagen` and the tuning
// export ask of a position on top of the referee's questions (is the side to move in
// check, is a move noisy, the static evaluation, the evaluation's trace, the network's
// inputs), behind a small virtual interface. GameRules<G> (engine/game_rules.h) answers
// it; the registry builds one (variants/registry.h: make_probe).
#pragma once

#include "eval_trace.h"
#include "referee.h"
#include "score.h"
#include "types.h"

#include <string>
#include <string_view>
#include <vector>

namespace hq {

class GameProbe : public Referee {
public:
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
    // The network's inputs (GameHooks::features; 0: the game has none), the active
    // features of the position for one perspective (at most max_features() of them,
    // written to `out`; the count returned), the mirror of a feature, and the pieces on
    // the board as the network counts them for its output bucket (engine/nnue.h).
    virtual int network_inputs() const { return 0; }
    virtual int max_features() const { return 0; }
    virtual int features(Color, int*) const { return 0; }
    virtual int mirror(int feature) const { return feature; }
    virtual int board_pieces() const { return 0; }
};

} // namespace hq
