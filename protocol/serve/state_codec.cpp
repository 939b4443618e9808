// SPDX-License-Identifier: GPL-3.0-or-later
#include "state_codec.h"

#include "variants/registry.h"

namespace hq::serve {

namespace {

Json display_json(const BoardDisplay& d) {
    Json cells = Json::array();
    for (const auto& c : d.cells)
        cells.push_back({{"piece", c.piece}, {"side", c.side}, {"pieceTags", c.pieceTags},
            {"squareTags", c.squareTags}});
    Json facts = Json::array();
    for (const auto& f : d.facts)
        facts.push_back({{"key", f.key}, {"label", f.label}, {"value", f.value}});
    Json dividers = Json::array();
    for (const auto& v : d.dividers)
        dividers.push_back({{"afterRank", v.afterRank}, {"label", v.label}});
    return {{"files", d.files}, {"ranks", d.ranks}, {"cells", cells}, {"facts", facts},
        {"dividers", dividers}, {"sideNames", {d.sideNames[WHITE], d.sideNames[BLACK]}}};
}

Json move_json(const PlayedMove& m) {
    return {{"text", m.text}, {"san", m.san}, {"side", side_word(m.side)}, {"turn", m.turn},
        {"ms", m.ms}};
}

Json legal_json(const Referee& r) {
    Json legal = Json::array();
    for (const auto& text : r.legal_moves()) {
        auto names = r.describe(text);
        Json m
            = {{"text", text}, {"san", names ? names->san : text}, {"squares", move_squares(text)}};
        // Other texts the rules read as this same move (castling written king onto rook, or
        // king two squares): the page accepts those clicks too.
        Json alt = Json::array();
        auto sq = move_squares(text);
        if (sq.size() == 2 && text.size() == 4)
            for (char f = 'a'; f < char('a' + r.spec().files); ++f) {
                std::string other = sq[0] + std::string(1, f) + sq[1].substr(1);
                if (other == text) continue;
                if (auto n = r.describe(other); n && n->text == text)
                    alt.push_back(move_squares(other));
            }
        m["also"] = alt;
        legal.push_back(m);
    }
    return legal;
}

// The moves: the line shown, the mainline and the whole tree.
void add_moves(Json& j, const GameRecord& r) {
    const MoveTree& t = r.moves();
    const std::vector<int> line = r.line();
    j["ply"] = line.size();
    Json list = Json::array(), lineJ = Json::array();
    for (int id : line) {
        list.push_back(move_json(t.node(id)->move));
        lineJ.push_back(id);
    }
    j["moves"] = list;
    j["line"] = lineJ;
    j["mainline"] = t.mainline();
    Json tree = Json::array();
    for (const auto& n : t.nodes()) {
        Json m = move_json(n.move);
        m["id"] = n.id;
        m["parent"] = n.parent;
        m["move"] = n.move.text;
        tree.push_back(m);
    }
    j["tree"] = tree;
}

// The position shown: its board, its outcome and its legal moves.
void add_position(Json& j, const GameRecord& r, std::optional<int> ply) {
    const Shown at = r.shown(ply);
    const Outcome game = r.outcome();
    j["view"] = at.ply;
    j["fen"] = at.referee->fen();
    j["toMove"] = side_word(at.referee->side_to_move());
    j["display"] = display_json(at.referee->display());
    j["outcome"] = outcome_json(at.gameEnd ? game : at.outcome);
    j["gameOutcome"] = outcome_json(game);
    j["legal"] = at.outcome.over() || (at.gameEnd && game.over()) ? Json::array()
                                                                  : legal_json(*at.referee);
}

void add_settings(Json& j, const GameRecord& r, const Settings& set) {
    j["players"]
        = {{"white", player_name(set.players[WHITE])}, {"black", player_name(set.players[BLACK])}};
    const Strength& s = set.strength;
    j["strength"] = {{"movetime", s.moveTimeMs}, {"depth", s.depth}, {"multipv", s.multiPv},
        {"level", level_json(s.level)},
        {"skillLevel", skill_level(s.level, level_ladder(r.variant()))}};
    j["clock"] = {{"on", set.baseMs > 0}, {"base", set.baseMs}, {"inc", set.incMs},
        {"white", r.clock_left(WHITE)}, {"black", r.clock_left(BLACK)},
        {"running", set.baseMs > 0 && !r.over() ? side_word(r.to_move()) : ""}};
}

void add_search(Json& j, const GameRecord& r, const SearchReport& s) {
    Json lines = Json::array();
    for (const auto& l : s.lines) {
        if (l.pv.empty()) continue;
        // Scores from White's view, as people read them.
        const Value v = s.side == BLACK ? -l.value : l.value;
        Json line = {{"multipv", l.multiPv}, {"depth", l.depth}, {"seldepth", l.selDepth},
            {"score", score_json(v)}, {"nodes", l.nodes}, {"timeMs", l.timeMs}, {"pv", l.pv},
            {"pvSan", r.san_line(s.fromNode, l.pv)}, {"bestSquares", move_squares(l.pv[0])}};
        // The game's win/draw/loss chances (engine/wdl.h), per mille, White's first.
        if (l.wdl) {
            const bool black = s.side == BLACK;
            line["wdl"] = {{"white", black ? l.wdl->loss : l.wdl->win}, {"draw", l.wdl->draw},
                {"black", black ? l.wdl->win : l.wdl->loss}};
        }
        lines.push_back(std::move(line));
    }
    j["search"] = {{"activity", s.activity}, {"lines", lines}, {"elapsedMs", s.elapsedMs}};
    j["analysis"] = {{"node", s.analysisNode},
        {"ply", s.analysisNode ? r.moves().path(s.analysisNode).size() : 0}};
}

} // namespace

Json state_json(const GameRecord& r, const GameStatus& g, std::optional<int> ply) {
    Json j;
    j["id"] = g.id;
    j["game"] = r.variant();
    j["version"] = g.version;
    j["startFen"] = r.start_fen();
    j["start960"] = r.start960() >= 0 ? Json(r.start960()) : Json(nullptr);
    add_moves(j, r);
    add_position(j, r, ply);
    add_settings(j, r, g.settings);
    add_search(j, r, g.search);
    j["message"] = g.message;
    j["externalEngine"] = g.externalEngine;
    j["storage"] = storage_json(g.storage);
    return j;
}

Json storage_json(const StorageStatus& s) {
    return {{"enabled", s.enabled}, {"path", s.path}, {"message", s.message}};
}

} // namespace hq::serve
