// SPDX-License-Identifier: GPL-3.0-or-later
// A game's position seen from outside the search: what `harlequin datagen` and the tuning
// export need to ask of a position (is the side to move in check, is a move noisy, the
// static evaluation, the evaluation's trace), behind a small virtual interface. Like the
// engine facade, `GameProbeOf<G>` is compiled once per game (its folder's engines.cpp) and
// built by the registry (variants/registry.h: make_probe), the one runtime choice of game.
#pragma once

#include "eval_trace.h"
#include "game.h"
#include "nnue.h"
#include "score.h"
#include "types.h"
#include "variant_spec.h"

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

// The probe of one game type; the tuning hooks are used when the game states them
// (GameHooks::trace).
template <SearchGame G> class GameProbeOf : public GameProbe {
public:
    explicit GameProbeOf(VariantSpec s)
        : spec(std::move(s)) {
        [[maybe_unused]] auto err = set_position({});
    }

    std::optional<std::string> set_position(std::string_view fen) override {
        typename G::Position p;
        configure_position<G>(p, spec, spec.chess960);
        if (auto err = p.set_fen(fen.empty() ? std::string_view(spec.startFen) : fen)) return err;
        configure_position<G>(p, spec, spec.chess960);
        pos = p;
        return std::nullopt;
    }
    bool play(std::string_view text) override {
        auto m = pos.parse_move(text);
        if (!m) return false;
        pos.do_move(*m);
        return true;
    }
    std::string fen() const override { return pos.fen(); }
    Color side_to_move() const override { return pos.side_to_move(); }
    bool in_check() const override { return pos.in_check(); }
    bool is_noisy(std::string_view text) const override {
        auto m = pos.parse_move(text);
        return m && G::is_noisy(pos, *m);
    }
    Value evaluate() const override { return G::evaluate(pos); }

    std::vector<std::string> weight_names() const override {
        if constexpr (G::hooks.trace) return G::trace_weight_names();
        else return {};
    }
    std::vector<int> weight_values() const override {
        if constexpr (G::hooks.trace) return G::trace_weight_values();
        else return {};
    }
    bool trace(EvalTrace& t) const override {
        if constexpr (G::hooks.trace) {
            G::trace(pos, t);
            return true;
        } else return false;
    }

    int network_inputs() const override {
        if constexpr (G::hooks.features) return G::Features::Inputs;
        else return 0;
    }
    int max_features() const override {
        if constexpr (G::hooks.features) return 64 * G::Features::Planes + G::Features::MaxExtras;
        else return 0;
    }
    int features(Color view, int* out) const override {
        if constexpr (G::hooks.features)
            return nnue::active_features<typename G::Features>(pos, view, out);
        else return 0;
    }
    int mirror(int feature) const override {
        if constexpr (G::hooks.features) return G::Features::mirror(feature);
        else return feature;
    }
    int board_pieces() const override {
        if constexpr (G::hooks.features) return nnue::board_pieces<typename G::Features>(pos);
        else return 0;
    }

private:
    VariantSpec spec;
    typename G::Position pos;
};

} // namespace hq
