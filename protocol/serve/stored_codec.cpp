// SPDX-License-Identifier: GPL-3.0-or-later
#include "stored_codec.h"

#include <algorithm>

namespace hq::serve {

namespace {

Json node_json(const TreeNode& n) {
    return {{"id", n.id}, {"parent", n.parent}, {"text", n.move.text}, {"san", n.move.san},
        {"side", side_word(n.move.side)}, {"turn", n.move.turn}, {"ms", n.move.ms}};
}

Json end_json(const Outcome& o) {
    return {{"result", result_text(o.result)}, {"reason", o.reason}};
}

TreeNode parse_node(const Json& n) {
    TreeNode t;
    t.id = n.at("id").get<int>();
    t.parent = n.at("parent").get<int>();
    t.move.text = n.at("text").get<std::string>();
    t.move.san = n.at("san").get<std::string>();
    t.move.side = n.at("side").get<std::string>() == "white" ? WHITE : BLACK;
    t.move.turn = n.at("turn").get<int>();
    t.move.ms = n.at("ms").get<std::int64_t>();
    return t;
}

Outcome parse_end(const Json& e) {
    return {result_from_text(e.at("result").get<std::string>()), e.at("reason").get<std::string>()};
}

void parse_clock(const Json& c, std::int64_t (&clockMs)[COLOR_NB]) {
    clockMs[WHITE] = c.at(0).get<std::int64_t>();
    clockMs[BLACK] = c.at(1).get<std::int64_t>();
}

// The players and the strength; nothing when a player or the level is not one.
std::optional<std::string> parse_settings(const Json& st, StoredSession& s) {
    for (Color c : {WHITE, BLACK}) {
        auto p = parse_player(st.at(c == WHITE ? "white" : "black").get<std::string>());
        if (!p) return std::string("bad player");
        s.settings.players[c] = *p;
    }
    // A game stored before levels existed has none: full strength.
    auto level = parse_level(st.value("level", Json(nullptr)));
    if (!level) return std::string("bad level");
    Strength& power = s.settings.strength;
    power.level = *level;
    power.moveTimeMs = st.at("movetime").get<int>();
    power.depth = st.at("depth").get<int>();
    power.multiPv = st.at("multipv").get<int>();
    s.record.baseMs = s.settings.baseMs = st.at("base").get<std::int64_t>();
    s.record.incMs = s.settings.incMs = st.at("inc").get<std::int64_t>();
    return std::nullopt;
}

// A game's row (throws on a missing or mistyped field).
std::variant<StoredSession, std::string> parse_row(const Json& j) {
    if (!j.is_object() || j.value("format", 0) != StoredFormat)
        return std::string("not a stored game of this Harlequin (format)");
    StoredSession s;
    RecordData& r = s.record;
    r.game = j.at("game").get<std::string>();
    r.startFen = j.at("startFen").get<std::string>();
    r.start960 = j.at("start960").get<int>();
    r.created = j.at("created").get<std::string>();
    for (const auto& n : j.at("nodes")) r.nodes.push_back(parse_node(n));
    r.mainline = j.at("mainline").get<std::vector<int>>();
    r.lineEnd = j.at("lineEnd").get<int>();
    if (auto bad = parse_settings(j.at("settings"), s)) return *bad;
    parse_clock(j.at("clock"), r.clockMs);
    r.manualEnd = parse_end(j.at("end"));
    return s;
}

// A move appended after the row: its node (new, or a variation's that became the
// mainline's), and the line shown, the clocks and the end after it.
void apply_move(RecordData& r, const Json& m) {
    const TreeNode n = parse_node(m.at("node"));
    auto known = std::find_if(
        r.nodes.begin(), r.nodes.end(), [&](const TreeNode& t) { return t.id == n.id; });
    if (known != r.nodes.end()) *known = n;
    else r.nodes.push_back(n);
    if (m.at("mainline").get<bool>()) r.mainline.push_back(n.id);
    r.lineEnd = m.at("lineEnd").get<int>();
    parse_clock(m.at("clock"), r.clockMs);
    r.manualEnd = parse_end(m.at("end"));
}

} // namespace

Json stored_json(const RecordData& r, const Settings& set) {
    Json nodes = Json::array();
    for (const auto& n : r.nodes) nodes.push_back(node_json(n));
    const Strength& s = set.strength;
    return {{"format", StoredFormat}, {"game", r.game}, {"startFen", r.startFen},
        {"start960", r.start960}, {"created", r.created}, {"nodes", nodes},
        {"mainline", r.mainline}, {"lineEnd", r.lineEnd},
        {"settings",
            {{"white", player_name(set.players[WHITE])}, {"black", player_name(set.players[BLACK])},
                {"level", level_json(s.level)}, {"movetime", s.moveTimeMs}, {"depth", s.depth},
                {"multipv", s.multiPv}, {"base", r.baseMs}, {"inc", r.incMs}}},
        {"clock", {r.clockMs[WHITE], r.clockMs[BLACK]}}, {"end", end_json(r.manualEnd)}};
}

Json stored_move_json(const RecordMove& m) {
    return {{"node", node_json(m.node)}, {"mainline", m.mainline}, {"lineEnd", m.lineEnd},
        {"clock", {m.clockMs[WHITE], m.clockMs[BLACK]}}, {"end", end_json(m.manualEnd)}};
}

std::variant<StoredSession, std::string> parse_stored(
    const std::string& row, const std::vector<std::string>& moves) {
    try {
        auto parsed = parse_row(Json::parse(row));
        if (auto* s = std::get_if<StoredSession>(&parsed))
            for (const auto& m : moves) apply_move(s->record, Json::parse(m));
        return parsed;
    } catch (const std::exception& e) { return std::string("a damaged stored game: ") + e.what(); }
}

} // namespace hq::serve
