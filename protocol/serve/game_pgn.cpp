// SPDX-License-Identifier: GPL-3.0-or-later
#include "game_pgn.h"

#include "protocol/pgn.h"
#include "variants/registry.h"

#include <algorithm>
#include <fmt/format.h>

namespace hq::serve {

namespace {

Result result_of(const std::string& token) {
    return token == "1-0"    ? Result::WHITE_WINS
        : token == "0-1"     ? Result::BLACK_WINS
        : token == "1/2-1/2" ? Result::DRAW
                             : Result::NONE;
}

PgnMove pgn_move(const PlayedMove& m) { return {m.side, m.san, {}}; }

// The tags before the moves: the seven tag roster, the game, its start.
void set_header(
    PgnGame& g, const GameRecord& r, const std::string& white, const std::string& black) {
    g.set_tag("Event", "Harlequin serve");
    g.set_tag("Site", "?");
    std::string date = r.created().substr(0, 10); // PGN writes 2026.12.04
    std::replace(date.begin(), date.end(), '-', '.');
    g.set_tag("Date", date.size() == 10 ? date : "????.??.??");
    g.set_tag("Round", "-");
    g.set_tag("White", white);
    g.set_tag("Black", black);
    if (r.variant() != default_variant()) g.set_tag("Variant", r.variant());
    if (!r.given_fen().empty()) {
        g.set_tag("SetUp", "1");
        g.set_tag("FEN", r.given_fen());
        g.fen = r.given_fen();
    }
    if (r.start960() >= 0) g.set_tag("Start960", std::to_string(r.start960()));
}

// The variations of a line (node ids): the other children of each of its nodes' parents,
// each continued by first children, with the variations inside them. The first node's
// siblings belong to the line above when `firstHasSiblings` is false.
void add_variations(const MoveTree& t, const std::vector<int>& ids, std::vector<PgnVariation>& out,
    bool firstHasSiblings) {
    for (std::size_t i = 0; i < ids.size(); ++i) {
        if (i == 0 && !firstHasSiblings) continue;
        for (int sib : t.children(t.node(ids[i])->parent)) {
            if (sib == ids[i]) continue;
            PgnVariation v;
            v.at = i;
            std::vector<int> line;
            for (int c = sib; c; c = t.children(c).empty() ? 0 : t.children(c)[0])
                line.push_back(c);
            for (int id : line) v.moves.push_back(pgn_move(t.node(id)->move));
            add_variations(t, line, v.variations, false);
            out.push_back(std::move(v));
        }
    }
}

// PGN's Termination: the rules and resignations are "normal", a flag fall "time forfeit";
// an agreed draw or a result taken from a loaded PGN has no better name.
std::string termination(const GameRecord& r, const Outcome& o) {
    const bool rules = !r.ended_by_hand(), resigned = o.reason.ends_with("resigns");
    return rules || resigned            ? "normal"
        : o.reason.ends_with("on time") ? "time forfeit"
                                        : "abandoned";
}

} // namespace

std::variant<PgnStart, Refusal> read_pgn_game(
    const std::string& pgn, int index, const std::string& variant) {
    auto read = read_pgn(pgn);
    if (!read.error.empty()) return Refusal {400, "bad PGN: " + read.error};
    if (index < 0 || index >= int(read.games.size()))
        return Refusal {400, fmt::format("the PGN has {} games", read.games.size())};
    const PgnRecord& g = read.games[std::size_t(index)];
    auto tag = [&](const char* name) {
        auto it = g.tags.find(name);
        return it == g.tags.end() ? std::string() : it->second;
    };
    auto v = canonical_variant(tag("Variant").empty() ? default_variant() : tag("Variant"));
    if (!v) return Refusal {400, fmt::format("unknown variant '{}' in the PGN", tag("Variant"))};
    if (*v != variant) return Refusal {400, fmt::format("the PGN is a game of {}", *v)};
    PgnStart out {tag("FEN"), g.moves, {}};
    if (Result r = result_of(g.resultToken); r != Result::NONE)
        out.end
            = {r, g.comments.empty() ? std::string("result given in the PGN") : g.comments.back()};
    return out;
}

std::string record_pgn(const GameRecord& r, const std::string& white, const std::string& black) {
    PgnGame g;
    set_header(g, r, white, black);
    const MoveTree& t = r.moves();
    for (int id : t.mainline()) g.moves.push_back(pgn_move(t.node(id)->move));
    add_variations(t, t.mainline(), g.variations, true);
    const Outcome o = r.outcome();
    g.result = o.result;
    g.finalComment = o.reason;
    g.set_tag("PlyCount", std::to_string(t.mainline().size()));
    if (o.over()) g.set_tag("Termination", termination(r, o));
    return pgn_text(g);
}

} // namespace hq::serve
