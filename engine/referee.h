// SPDX-License-Identifier: GPL-3.0-or-later
// The Referee: a game's rules as an arbiter sees them, behind a small virtual interface.
// The match runner uses it to check every move an engine sends, to follow turns (several
// single moves a turn in Multiple Move Chess) and to end games by the rules; the XBoard
// front-end uses it to claim results. Built by the variant registry, like the Engine; the
// one implementation of it is GameRules<G> (engine/game_rules.h), which answers the
// GameProbe's questions (engine/game_probe.h) as well.
#pragma once

#include "display.h"
#include "score.h"
#include "types.h"
#include "variant_spec.h"

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
    // here. This default knows no SAN; GameRules asks the game.
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
    // What the game calls a side in texts (results, forfeits): "White"/"Black", or
    // "South"/"North" in Martian Chess.
    std::string side_name(Color c) const { return display().sideNames[c]; }
};

} // namespace hq
