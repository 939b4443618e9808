// SPDX-License-Identifier: GPL-3.0-or-later
#include "game_probe.h"

#include "engine/game.h"
#include "variants/chess/chess.h"
#include "variants/control/control.h"
#include "variants/martian/martian.h"
#include "variants/mschess/mschess.h"
#include "variants/multimove/multimove.h"
#include "variants/registry.h"

namespace hq {

namespace {

// The tuning hooks a game may have (GameHooks::trace, checked by check_hooks<G>()):
// `trace_weight_names()`, `trace_weight_values()` and `trace(pos, EvalTrace&)`.
template <SearchGame G> class TypedProbe : public GameProbe {
public:
    explicit TypedProbe(VariantSpec s)
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

private:
    VariantSpec spec;
    typename G::Position pos;
};

} // namespace

std::unique_ptr<GameProbe> make_probe(std::string_view variant) {
    auto name = canonical_variant(variant);
    if (!name) return nullptr;
    const VariantSpec* spec = nullptr;
    for (const auto& s : registered_variants())
        if (s.name == *name) spec = &s;
    if (!spec) return nullptr;
    if (*name == "chess" || *name == "chess960")
        return std::make_unique<TypedProbe<chess::Chess>>(*spec);
    if (*name == "mschess" || *name == "mschess-black")
        return std::make_unique<TypedProbe<mschess::MsChess>>(*spec);
    if (name->starts_with("multimove"))
        return std::make_unique<TypedProbe<multimove::MultiMove>>(*spec);
    if (*name == "control") return std::make_unique<TypedProbe<control::ControlChess>>(*spec);
    if (*name == "martian") return std::make_unique<TypedProbe<martian::Martian>>(*spec);
    return nullptr;
}

} // namespace hq
