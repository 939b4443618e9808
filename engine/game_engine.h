// SPDX-License-Identifier: GPL-3.0-or-later
// GameEngine<G>: the Engine facade implemented for one game type. The variant registry
// instantiates it once per game; nothing here branches on which game it is.
#pragma once

#include "engine.h"
#include "game.h"
#include "perft.h"
#include "search.h"

#include <fmt/format.h>
#include <mutex>

namespace hq {

template <SearchGame G> class GameEngine : public Engine {
public:
    using Position = typename G::Position;
    using Move = typename G::Move;

    explicit GameEngine(VariantSpec s)
        : Engine(std::move(s)) {
        chess960 = spec().chess960;
        [[maybe_unused]] auto err = set_position({}, {});
        assert(!err);
    }

    std::optional<std::string> set_position(
        std::string_view fen, std::span<const std::string> moves) override {
        halt();
        Position p;
        configure(p);
        if (auto err = p.set_fen(fen.empty() ? std::string_view(spec().startFen) : fen))
            return fmt::format("bad FEN: {}", *err);
        configure(p);
        for (const std::string& text : moves) {
            auto m = p.parse_move(text);
            if (!m) return fmt::format("illegal move '{}' in position {}", text, p.fen());
            p.do_move(*m);
        }
        std::lock_guard lock(posMutex);
        root = p;
        return std::nullopt;
    }

    [[nodiscard]] std::string fen() const override {
        std::lock_guard lock(posMutex);
        return root.fen();
    }
    [[nodiscard]] std::string picture() const override {
        std::lock_guard lock(posMutex);
        return root.picture();
    }
    [[nodiscard]] std::vector<std::string> legal_moves() const override {
        std::lock_guard lock(posMutex);
        typename G::MoveList list;
        G::generate_legal(root, list);
        std::vector<std::string> out;
        for (auto m : list) out.push_back(root.move_text(m));
        return out;
    }
    void set_chess960(bool on) override {
        halt();
        std::lock_guard lock(posMutex);
        chess960 = on || spec().chess960;
        configure(root);
    }

protected:
    void run_search(SharedSearch& shared, const SearchCallbacks& callbacks) override {
        Position p = snapshot();
        // The evaluation's setting travels with the position the search threads copy; the
        // options cannot change during the search (set_options stops it first).
        if constexpr (G::hooks.useNnue) p.set_use_nnue(options().useNnue);
        think<G>(p, shared, callbacks);
    }
    [[nodiscard]] Color side_to_move() const override {
        std::lock_guard lock(posMutex);
        return root.side_to_move();
    }
    [[nodiscard]] int moves_per_turn() const override {
        std::lock_guard lock(posMutex);
        if constexpr (G::hooks.movesPerTurn) return root.moves_per_turn();
        else return 1;
    }

    std::uint64_t run_perft(int depth, const DivideFn& divide) override {
        Position p = snapshot();
        if (!divide) return perft<G>(p, depth, &stopFlag);
        return perft_divide<G>(p, depth, divide, &stopFlag);
    }

    [[nodiscard]] Position snapshot() const {
        std::lock_guard lock(posMutex);
        return root;
    }

private:
    // Applies engine-level settings the game understands (only those it has hooks for).
    void configure(Position& p) const { configure_position<G>(p, spec(), chess960); }

    mutable std::mutex posMutex;
    Position root;
    bool chess960 = false;
};

} // namespace hq
