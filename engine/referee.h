// SPDX-License-Identifier: GPL-3.0-or-later
// The Referee: a game's rules as an arbiter sees them, behind a small virtual interface.
// The match runner uses it to check every move an engine sends, to follow turns (several
// single moves a turn in Multiple Move Chess) and to end games by the rules; the XBoard
// front-end uses it to claim results. Built by the variant registry, like the Engine.
#pragma once

#include "display.h"
#include "engine.h"
#include "game.h"
#include "score.h"

#include <fmt/format.h>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hq {

class Referee {
public:
    virtual ~Referee() = default;
    virtual const VariantSpec& spec() const = 0;
    // Start position (empty FEN) or a FEN; on error the message, position unchanged.
    virtual std::optional<std::string> set_position(std::string_view fen) = 0;
    // Plays one move given as text; on an illegal or unreadable move the message.
    virtual std::optional<std::string> play(std::string_view move) = 0;
    virtual std::string fen() const = 0;
    virtual Color side_to_move() const = 0;
    virtual std::vector<std::string> legal_moves() const = 0;
    // The game's end by its rules (mate, stalemate, repetition, fifty moves, material,
    // scores...), judged on the position and the moves played since set_position.
    virtual Outcome outcome() const = 0;
    virtual void set_chess960(bool on) = 0;

    // A legal move named two ways: `text` as this referee writes it (its canonical form,
    // e.g. "e1h1" for Chess960 castling given as "e1g1") and `san` as people read it in
    // PGN (SAN where the game has it, else the text). Nothing when the move is not legal
    // here. This default knows no SAN; GameReferee asks the game.
    struct MoveNames {
        std::string text, san;
    };
    virtual std::optional<MoveNames> describe(std::string_view move) const {
        for (auto& m : legal_moves())
            if (m == move) return MoveNames {m, m};
        return std::nullopt;
    }
    // The position as a board in a GUI draws it (engine/display.h).
    virtual BoardDisplay display() const {
        return display_from_fen(fen(), spec().files, spec().ranks);
    }
};

// A game's referee hooks: `G::adjudicate(pos)` returns the outcome of the position with its
// history; the optional `G::san(pos, m)` writes a legal move for PGN, and the optional
// `G::display(pos)` describes the position for a GUI (engine/display.h).
template <Game G> class GameReferee : public Referee {
public:
    explicit GameReferee(VariantSpec s)
        : variantSpec(std::move(s))
        , chess960(variantSpec.chess960) {
        [[maybe_unused]] auto err = set_position({});
    }
    const VariantSpec& spec() const override { return variantSpec; }
    std::optional<std::string> set_position(std::string_view fen) override {
        typename G::Position p;
        configure(p);
        if (auto err = p.set_fen(fen.empty() ? std::string_view(variantSpec.startFen) : fen))
            return err;
        configure(p);
        pos = p;
        return std::nullopt;
    }
    std::optional<std::string> play(std::string_view text) override {
        auto m = pos.parse_move(text);
        if (!m) return fmt::format("illegal move '{}' in position {}", text, pos.fen());
        pos.do_move(*m);
        return std::nullopt;
    }
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
        configure(pos);
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

private:
    void configure(typename G::Position& p) const {
        configure_position<G>(p, variantSpec, chess960);
    }

    VariantSpec variantSpec;
    typename G::Position pos;
    bool chess960;
};

} // namespace hq
