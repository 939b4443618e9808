// SPDX-License-Identifier: GPL-3.0-or-later
#include "codec.h"

#include "server.h"
#include "variants/registry.h"

#include <cctype>
#include <fmt/format.h>

namespace hq::serve {

const char* side_word(Color c) { return c == WHITE ? "white" : "black"; }

// The squares a move's text names, in order, once each in a row: `e2e4` -> e2 e4,
// `e2d3,d3e3` -> e2 d3 e3, `c3b4*` -> c3 b4, `e7e8q` -> e7 e8. A pass (`0000`) names none.
// This reads the text every game writes (square names are a letter and digits); it
// judges nothing.
std::vector<std::string> move_squares(const std::string& text) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i + 1 < text.size(); ++i) {
        if (!std::islower(static_cast<unsigned char>(text[i]))
            || !std::isdigit(static_cast<unsigned char>(text[i + 1])))
            continue;
        std::size_t j = i + 1;
        while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j]))) ++j;
        std::string sq = text.substr(i, j - i);
        if (out.empty() || out.back() != sq) out.push_back(sq);
        i = j - 1;
    }
    return out;
}

Json score_json(Value v) {
    if (is_mate_value(v)) {
        int plies = v > 0 ? VALUE_MATE - v : -VALUE_MATE - v;
        int moves = v > 0 ? (plies + 1) / 2 : -(-plies + 1) / 2;
        return {{"mate", moves}};
    }
    return {{"cp", v}};
}

Json outcome_json(const Outcome& o) {
    return {{"over", o.over()}, {"result", result_text(o.result)}, {"reason", o.reason}};
}

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

// A level as the page reads it: 1..MaxLevel, or null for full strength.
Json level_json(int level) { return level ? Json(level) : Json(nullptr); }

// The page's "level": a whole number from 1 to MaxLevel, or null (full strength).
std::optional<int> parse_level(const Json& v) {
    if (v.is_null()) return 0;
    if (!v.is_number_integer()) return std::nullopt;
    const std::int64_t level = v.get<std::int64_t>();
    if (level < 1 || level > MaxLevel) return std::nullopt;
    return int(level);
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

} // namespace

Json state_json(const Session& s, std::optional<int> ply) {
    Json j;
    j["id"] = s.id();
    j["game"] = s.variant();
    j["version"] = s.version();
    const std::vector<int> line = s.line();
    j["ply"] = line.size();
    j["startFen"] = s.start_fen();
    j["start960"] = s.start960() >= 0 ? Json(s.start960()) : Json(nullptr);

    Json list = Json::array(), lineJ = Json::array();
    for (int id : line) {
        list.push_back(move_json(s.node(id)->move));
        lineJ.push_back(id);
    }
    j["moves"] = list;
    j["line"] = lineJ;
    j["mainline"] = s.mainline();
    Json tree = Json::array();
    for (const auto& n : s.tree()) {
        Json t = move_json(n.move);
        t["id"] = n.id;
        t["parent"] = n.parent;
        t["move"] = n.move.text;
        tree.push_back(t);
    }
    j["tree"] = tree;

    Shown at = s.shown(ply);
    j["view"] = at.ply;
    j["fen"] = at.referee->fen();
    j["toMove"] = side_word(at.referee->side_to_move());
    j["display"] = display_json(at.referee->display());
    j["outcome"] = outcome_json(at.gameEnd ? s.outcome() : at.outcome);
    j["gameOutcome"] = outcome_json(s.outcome());
    j["legal"] = at.outcome.over() || (at.gameEnd && s.outcome().over()) ? Json::array()
                                                                         : legal_json(*at.referee);

    const Settings& set = s.current_settings();
    j["players"]
        = {{"white", player_name(set.players[WHITE])}, {"black", player_name(set.players[BLACK])}};
    j["strength"] = {{"movetime", set.moveTimeMs}, {"depth", set.depth}, {"multipv", set.multiPv},
        {"level", level_json(set.level)}, {"skillLevel", skill_level(set.level)}};
    const Outcome o = s.outcome();
    j["clock"] = {{"on", set.baseMs > 0}, {"base", set.baseMs}, {"inc", set.incMs},
        {"white", s.clock_left(WHITE)}, {"black", s.clock_left(BLACK)},
        {"running", set.baseMs > 0 && !o.over() ? side_word(s.game_to_move()) : ""}};
    Json lj = Json::array();
    for (const auto& l : s.search_lines()) {
        if (l.pv.empty()) continue;
        Value v = l.value;
        // Scores from White's view, as people read them.
        if (s.analysed_side() == BLACK) v = -v;
        lj.push_back({{"multipv", l.multiPv}, {"depth", l.depth}, {"seldepth", l.selDepth},
            {"score", score_json(v)}, {"nodes", l.nodes}, {"timeMs", l.timeMs}, {"pv", l.pv},
            {"pvSan", s.pv_san(l.pv)}, {"bestSquares", move_squares(l.pv[0])}});
    }
    j["search"]
        = {{"activity", s.activity_name()}, {"lines", lj}, {"elapsedMs", s.search_elapsed_ms()}};
    j["analysis"] = {{"node", s.analysis_node()},
        {"ply", s.analysis_node() ? s.path(s.analysis_node()).size() : 0}};
    j["message"] = s.note();
    j["externalEngine"] = s.owner().limits().externalEngine;
    j["storage"] = s.owner().storage_json();
    return j;
}

std::variant<Settings, Refusal> parse_settings(
    const Json& body, const Settings& current, bool externalEngine) {
    if (!body.is_object()) return Refusal {400, "settings must be a JSON object"};
    Settings n = current;
    n.clockGiven = false;
    for (auto& [key, value] : body.items()) {
        if (key == "white" || key == "black") {
            auto p = value.is_string() ? parse_player(value.get<std::string>()) : std::nullopt;
            if (!p) return Refusal {400, key + " must be \"human\", \"harlequin\" or \"engine\""};
            if (*p == Player::EXTERNAL && !externalEngine)
                return Refusal {400, "no engine was given at server start (--engine)"};
            n.players[key == "white" ? WHITE : BLACK] = *p;
        } else if (key == "level") {
            auto level = parse_level(value);
            if (!level)
                return Refusal {400,
                    fmt::format("level must be a whole number from 1 to {} (null: full strength)",
                        MaxLevel)};
            n.level = *level;
        } else if (key == "movetime" || key == "depth" || key == "multipv" || key == "base"
            || key == "inc") {
            if (!value.is_number_integer()) return Refusal {400, key + " must be a whole number"};
            std::int64_t v = value.get<std::int64_t>();
            auto range = [&](std::int64_t lo, std::int64_t hi) -> std::optional<Refusal> {
                if (v < lo || v > hi)
                    return Refusal {400, fmt::format("{} must be from {} to {}", key, lo, hi)};
                return std::nullopt;
            };
            if (key == "movetime") {
                if (auto e = range(10, 600'000)) return *e;
                n.moveTimeMs = int(v);
                n.depth = 0;
            } else if (key == "depth") {
                if (auto e = range(0, 64)) return *e;
                n.depth = int(v);
            } else if (key == "multipv") {
                if (auto e = range(1, 8)) return *e;
                n.multiPv = int(v);
            } else if (key == "base") {
                if (auto e = range(0, 36'000'000)) return *e;
                n.baseMs = v;
                n.clockGiven = true;
            } else {
                if (auto e = range(0, 600'000)) return *e;
                n.incMs = v;
                n.clockGiven = true;
            }
        } else return Refusal {400, "unknown setting '" + key + "'"};
    }
    return n;
}

// ---- Stored games -------------------------------------------------------------------------

Json stored_json(const StoredSession& s) {
    Json nodes = Json::array();
    for (const auto& n : s.nodes)
        nodes.push_back(
            {{"id", n.id}, {"parent", n.parent}, {"text", n.move.text}, {"san", n.move.san},
                {"side", side_word(n.move.side)}, {"turn", n.move.turn}, {"ms", n.move.ms}});
    const Settings& st = s.settings;
    return {{"format", StoredFormat}, {"game", s.game}, {"startFen", s.startFen},
        {"start960", s.start960}, {"created", s.created}, {"nodes", nodes},
        {"mainline", s.mainline}, {"lineEnd", s.lineEnd},
        {"settings",
            {{"white", player_name(st.players[WHITE])}, {"black", player_name(st.players[BLACK])},
                {"level", level_json(st.level)}, {"movetime", st.moveTimeMs}, {"depth", st.depth},
                {"multipv", st.multiPv}, {"base", st.baseMs}, {"inc", st.incMs}}},
        {"clock", {s.clockMs[WHITE], s.clockMs[BLACK]}},
        {"end", {{"result", result_text(s.manualEnd.result)}, {"reason", s.manualEnd.reason}}}};
}

std::variant<StoredSession, std::string> parse_stored(const Json& j) {
    try {
        if (!j.is_object() || j.value("format", 0) != StoredFormat)
            return std::string("not a stored game of this Harlequin (format)");
        StoredSession s;
        s.game = j.at("game").get<std::string>();
        s.startFen = j.at("startFen").get<std::string>();
        s.start960 = j.at("start960").get<int>();
        s.created = j.at("created").get<std::string>();
        for (const auto& n : j.at("nodes")) {
            TreeNode t;
            t.id = n.at("id").get<int>();
            t.parent = n.at("parent").get<int>();
            t.move.text = n.at("text").get<std::string>();
            t.move.san = n.at("san").get<std::string>();
            t.move.side = n.at("side").get<std::string>() == "white" ? WHITE : BLACK;
            t.move.turn = n.at("turn").get<int>();
            t.move.ms = n.at("ms").get<std::int64_t>();
            s.nodes.push_back(t);
        }
        s.mainline = j.at("mainline").get<std::vector<int>>();
        s.lineEnd = j.at("lineEnd").get<int>();
        const Json& st = j.at("settings");
        for (Color c : {WHITE, BLACK}) {
            auto p = parse_player(st.at(c == WHITE ? "white" : "black").get<std::string>());
            if (!p) return std::string("bad player");
            s.settings.players[c] = *p;
        }
        // A game stored before levels existed has none: full strength.
        auto level = parse_level(st.value("level", Json(nullptr)));
        if (!level) return std::string("bad level");
        s.settings.level = *level;
        s.settings.moveTimeMs = st.at("movetime").get<int>();
        s.settings.depth = st.at("depth").get<int>();
        s.settings.multiPv = st.at("multipv").get<int>();
        s.settings.baseMs = st.at("base").get<std::int64_t>();
        s.settings.incMs = st.at("inc").get<std::int64_t>();
        s.clockMs[WHITE] = j.at("clock").at(0).get<std::int64_t>();
        s.clockMs[BLACK] = j.at("clock").at(1).get<std::int64_t>();
        const std::string r = j.at("end").at("result").get<std::string>();
        s.manualEnd = {r == "1-0" ? Result::WHITE_WINS
                : r == "0-1"      ? Result::BLACK_WINS
                : r == "1/2-1/2"  ? Result::DRAW
                                  : Result::NONE,
            j.at("end").at("reason").get<std::string>()};
        return s;
    } catch (const std::exception& e) { return std::string("a damaged stored game: ") + e.what(); }
}

} // namespace hq::serve
