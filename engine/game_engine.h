// SPDX-License-Identifier: GPL-3.0-or-later
// GameEngine<G>: the Engine facade implemented for one game type, its root position kept
// in the game's GameRules<G> (engine/game_rules.h). The variant registry builds it (a game's
// folder compiles it once: variants/game_instance.h); nothing here branches on which game
// it is.
#pragma once

#include "engine.h"
#include "game.h"
#include "game_rules.h"
#include "nnue.h"
#include "perft.h"
#include "search.h"

#include <fmt/format.h>
#include <memory>
#include <mutex>

namespace hq {

template <SearchGame G> class GameEngine : public Engine {
public:
    using Position = typename G::Position;
    using Move = typename G::Move;

    // The game's start position, in king-takes-rook castling notation when `chess960`.
    explicit GameEngine(VariantSpec s, bool chess960 = false)
        : Engine(std::move(s))
        , rules(spec(), chess960) { }

    std::optional<std::string> set_position(
        std::string_view fen, std::span<const std::string> moves) override {
        halt();
        Position p;
        if (auto err = rules.read(p, fen)) return fmt::format("bad FEN: {}", *err);
        for (const std::string& text : moves)
            if (auto err = GameRules<G>::play(p, text)) return err;
        std::lock_guard lock(posMutex);
        rules.take(p);
        return std::nullopt;
    }

    [[nodiscard]] std::string fen() const override {
        std::lock_guard lock(posMutex);
        return rules.fen();
    }
    [[nodiscard]] std::string picture() const override {
        std::lock_guard lock(posMutex);
        return rules.position().picture();
    }
    [[nodiscard]] std::vector<std::string> legal_moves() const override {
        std::lock_guard lock(posMutex);
        return rules.legal_moves();
    }
    void set_chess960(bool on) override {
        halt();
        std::lock_guard lock(posMutex);
        rules.set_chess960(on);
    }

protected:
    void run_search(SharedSearch& shared, const SearchCallbacks& callbacks) override {
        Position p = snapshot();
        // The evaluation's setting travels with the position the search threads copy; the
        // options cannot change during the search (set_options stops it first). A file the
        // front-end did not load first (a new game's engine) is loaded here; one that does
        // not load leaves the built-in network (the front-ends check files when set).
        if constexpr (G::hooks.useNnue) {
            if (options().evalFile != fileNetPath && load(options().evalFile)) {
                fileNet.reset();
                fileNetPath = options().evalFile;
            }
            p.set_network(options().useNnue ? fileNet ? fileNet.get() : &G::network() : nullptr);
        }
        // The tables are loaded when the option is set (load_tables); this loads those of a
        // new game's engine, or none of another's, and does nothing when they are in place.
        if constexpr (G::hooks.tables) {
            [[maybe_unused]] auto loaded = G::tables_load(options().syzygyPath);
            shared.tables.cardinality = std::min(options().syzygyProbeLimit, G::tables_largest());
        }
        think<G>(p, shared, callbacks);
    }
    [[nodiscard]] Color side_to_move() const override {
        std::lock_guard lock(posMutex);
        return rules.side_to_move();
    }
    [[nodiscard]] int moves_per_turn() const override {
        std::lock_guard lock(posMutex);
        if constexpr (G::hooks.movesPerTurn) return rules.position().moves_per_turn();
        else return 1;
    }

    std::uint64_t run_perft(int depth, const DivideFn& divide) override {
        Position p = snapshot();
        if (!divide) return perft<G>(p, depth, &stopFlag);
        return perft_divide<G>(p, depth, divide, &stopFlag);
    }

    [[nodiscard]] Position snapshot() const {
        std::lock_guard lock(posMutex);
        return rules.position();
    }

public:
    FileLoad load_network(const std::string& path) override {
        if constexpr (G::hooks.useNnue) {
            halt();
            auto err = load(path);
            if (!err) return {};
            // Another game's network: kept in the options for that game.
            auto inputs = nnue::file_inputs(path);
            if (std::holds_alternative<std::string>(inputs)) return {*err, {}};
            fileNet.reset();
            fileNetPath = path;
            return {{},
                fmt::format("{} is a network of {} inputs, not {}'s ({}): kept for the game it "
                            "fits; {} uses its built-in network",
                    path, std::get<int>(inputs), spec().name, G::Features::Inputs, spec().name)};
        } else return Engine::load_network(path);
    }

    FileLoad load_tables(const std::string& paths) override {
        if constexpr (G::hooks.tables) {
            halt();
            return {{}, G::tables_load(paths).notice};
        } else return Engine::load_tables(paths);
    }

private:
    // The network file in use (EvalFile), or none (fileNetPath empty): the built-in one.
    std::optional<std::string> load(const std::string& path) {
        if constexpr (G::hooks.useNnue) {
            if (path.empty() || path == BuiltInNetwork) {
                fileNet.reset();
                fileNetPath = path;
                return std::nullopt;
            }
            if (fileNet && path == fileNetPath) return std::nullopt;
            auto r = nnue::load_file(path, G::Features::Inputs, G::Features::name);
            if (auto* err = std::get_if<std::string>(&r)) return *err; // nothing changed
            fileNet = std::make_shared<const nnue::Network>(std::move(std::get<nnue::Network>(r)));
            fileNetPath = path;
        }
        return std::nullopt;
    }
    std::shared_ptr<const nnue::Network> fileNet;
    std::string fileNetPath;

    // The root position, read and written under posMutex.
    mutable std::mutex posMutex;
    GameRules<G> rules;
};

} // namespace hq
