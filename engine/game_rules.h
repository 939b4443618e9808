// SPDX-License-Identifier: GPL-3.0-or-later
// GameRules<G>: one game's rules behind the Referee and GameProbe interfaces, and the one
// place that turns a FEN and moves into a configured G::Position (read). The engine facade
// (engine/game_engine.h) keeps its root position in one; the registry builds them as the
// referee and the probe (variants/registry.h). Nothing here branches on which game it is.
#pragma once

#include "game.h"
#include "game_probe.h"
#include "nnue.h"

#include <fmt/format.h>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hq {

// A game's referee hooks: `G::adjudicate(pos)` returns the outcome of the position with its
// history; the optional `G::san(pos, m)` writes a legal move for PGN, and the optional
// `G::display(pos)` describes the position for a GUI (engine/display.h). The probe's
// tuning and network hooks are used when the game states them (GameHooks::trace,
// GameHooks::features).
template <SearchGame G> class GameRules : public GameProbe {
public:
    using Position = typename G::Position;

    // The game's start position, in king-takes-rook castling notation when `chess960` (or
    // the variant's own setting) says so.
    explicit GameRules(VariantSpec s, bool chess960 = false)
        : variantSpec(std::move(s))
        , chess960(chess960 || variantSpec.chess960) {
        [[maybe_unused]] auto err = set_position({});
    }

    // ---- Referee

    const VariantSpec& spec() const override { return variantSpec; }
    // A FEN (empty: the start position); on an error the message, and the position stays
    // as it was.
    std::optional<std::string> set_position(std::string_view fen) override {
        Position p;
        if (auto err = read(p, fen)) return err;
        pos = p;
        return std::nullopt;
    }
    std::optional<std::string> play(std::string_view text) override { return play(pos, text); }
    std::string fen() const override { return pos.fen(); }
    Color side_to_move() const override { return pos.side_to_move(); }
    std::vector<std::string> legal_moves() const override {
        typename G::MoveList list;
        G::generate_legal(pos, list);
        std::vector<std::string> out;
        for (auto m : list) out.push_back(pos.move_text(m));
        return out;
    }
    Outcome outcome() const override { return G::adjudicate(pos); }
    void set_chess960(bool on) override {
        chess960 = on || variantSpec.chess960;
        configure_position<G>(pos, variantSpec, chess960);
    }
    // SAN through the game's optional `G::san(pos, m)` hook.
    std::optional<MoveNames> describe(std::string_view text) const override {
        auto m = pos.parse_move(text);
        if (!m) return std::nullopt;
        MoveNames names {pos.move_text(*m), {}};
        if constexpr (G::hooks.san) names.san = G::san(pos, *m);
        else names.san = names.text;
        return names;
    }
    BoardDisplay display() const override {
        if constexpr (G::hooks.display) return G::display(pos);
        else return Referee::display();
    }

    // The position itself, for the engine facade: read, played on and then taken.
    [[nodiscard]] const Position& position() const { return pos; }
    // Reads a FEN (empty: the start position) into `p` under this game's settings (the
    // variant, the castling notation); on an error the message, and `p` stays as it was.
    std::optional<std::string> read(Position& p, std::string_view fen) const {
        // The settings first: set_fen reads the FEN under them and keeps them.
        configure_position<G>(p, variantSpec, chess960);
        return p.set_fen(fen.empty() ? std::string_view(variantSpec.startFen) : fen);
    }
    // Plays a move given as text on `p`; on an illegal or unreadable move the message.
    static std::optional<std::string> play(Position& p, std::string_view text) {
        auto m = p.parse_move(text);
        if (!m) return fmt::format("illegal move '{}' in position {}", text, p.fen());
        p.do_move(*m);
        return std::nullopt;
    }
    void take(const Position& p) { pos = p; }

    // ---- GameProbe

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
    VariantSpec variantSpec;
    bool chess960;
    Position pos;
};

} // namespace hq
