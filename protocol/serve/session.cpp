// SPDX-License-Identifier: GPL-3.0-or-later
#include "session.h"

#include "game_pgn.h"
#include "job_queue.h"
#include "settings_codec.h"
#include "state_codec.h"
#include "storage.h"

#include <algorithm>
#include <fmt/format.h>

namespace hq::serve {

namespace {

std::int64_t steady_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
        std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

// Whether two settings play the same (players and strength): a stored game's settings are
// then still those of the game.
bool same_play(const Settings& a, const Settings& b) {
    const Strength &x = a.strength, &y = b.strength;
    return a.players[WHITE] == b.players[WHITE] && a.players[BLACK] == b.players[BLACK]
        && x.level == y.level && x.moveTimeMs == y.moveTimeMs && x.depth == y.depth
        && x.multiPv == y.multiPv && a.baseMs == b.baseMs && a.incMs == b.incMs;
}

Refusal game_over(const Outcome& o) { return {409, "the game is over: " + o.reason}; }

} // namespace

// The conductor's reports are handed on from the engines' threads: `this` outlives them,
// since the conductor stops and waits for its engines before the session goes.
Session::Session(GameServices& s, std::string id, std::string variant)
    : services(s)
    , sessionId(std::move(id))
    , record(variant, Store::now_iso())
    , conductor(variant, s.slots, s.limits.externalEngine, message,
          [this](EngineReport r) { post_report(std::move(r)); }) {
    touch();
}

Session::~Session() { close(); }

// ---- Beginnings ---------------------------------------------------------------------------

std::optional<Refusal> Session::open(const GameStart& start, const Json* settings) {
    std::lock_guard lock(mutex);
    if (auto no = load_locked(start)) return no;
    if (settings)
        if (auto no = apply_settings(*settings)) return no;
    return std::nullopt;
}

Json Session::store_new() {
    std::lock_guard lock(mutex);
    persist();
    return state_locked(std::nullopt);
}

std::optional<Refusal> Session::restore(const StoredSession& st) {
    std::lock_guard lock(mutex);
    if (st.record.game != record.variant())
        return Refusal {500, "a stored game of another variant"};
    auto back = GameRecord::from(st.record);
    if (auto* no = std::get_if<std::string>(&back)) return Refusal {500, *no};
    conductor.stop_search();
    record = std::move(std::get<GameRecord>(back));
    conductor.restore(st.settings.players, st.settings.strength);
    saved = current_settings();
    changed();
    // An engine whose turn it was when the server stopped thinks again.
    next_turn();
    return std::nullopt;
}

std::optional<Refusal> Session::load_locked(const GameStart& start) {
    std::string fen = start.fen;
    std::vector<std::string> moves;
    Outcome end;
    if (start.pgn) {
        auto read = read_pgn_game(*start.pgn, start.index, record.variant());
        if (auto* no = std::get_if<Refusal>(&read)) return *no;
        auto& game = std::get<PgnStart>(read);
        fen = game.fen;
        moves = game.moves;
        end = game.end;
    }
    if (auto no = record.restart(fen, moves, end, start.start960)) return no;
    conductor.stop_search();
    conductor.set_analysis_node(0);
    conductor.clear_lines();
    message.clear();
    changed();
    next_turn();
    return std::nullopt;
}

// ---- Requests -----------------------------------------------------------------------------

template <class F> Reply Session::answer(F&& request) {
    std::lock_guard lock(mutex);
    if (std::optional<Refusal> no = request()) return *no;
    changed();
    persist(); // on disk before the answer
    return state_locked(std::nullopt);
}

Reply Session::state(std::optional<int> ply) {
    std::lock_guard lock(mutex);
    if (ply && (*ply < 0 || *ply > int(record.line().size())))
        return Refusal {400, fmt::format("no position at move {}", *ply)};
    return state_locked(ply);
}

std::string Session::pgn() {
    std::lock_guard lock(mutex);
    auto name = [&](Color c) {
        const Player p = conductor.player(c);
        if (p == Player::HARLEQUIN && conductor.strength().level)
            return fmt::format("Harlequin (level {})", conductor.strength().level);
        return p == Player::HUMAN    ? std::string("Human")
            : p == Player::HARLEQUIN ? std::string("Harlequin")
                                     : conductor.external_engine();
    };
    return record_pgn(record, name(WHITE), name(BLACK));
}

Reply Session::move(const std::string& text, int ply) {
    std::lock_guard lock(mutex);
    auto continues = record.continues_game(ply);
    if (auto* no = std::get_if<Refusal>(&continues)) return *no;
    int node = 0;
    if (std::get<bool>(continues)) {
        if (auto no = game_move(text)) return *no;
        node = record.moves().main_end();
    } else {
        // A variation: engines do not play in it and clocks do not run; the game goes on.
        auto made = record.play_variation(text, ply);
        if (auto* no = std::get_if<Refusal>(&made)) return *no;
        node = std::get<int>(made);
        conductor.move_analysis(record, node, record.position_at(node)->outcome().over());
    }
    changed();
    persist_move(node);
    return state_locked(std::nullopt);
}

std::optional<Refusal> Session::game_move(const std::string& text) {
    if (record.over()) return game_over(record.outcome());
    if (conductor.player(record.to_move()) != Player::HUMAN || conductor.moving())
        return Refusal {409, "it is the engine's turn"};
    if (auto no = record.play(text, record.clock().turn_elapsed(), true)) return no;
    if (conductor.analysing()) conductor.stop_search();
    conductor.clear_lines();
    message.clear();
    next_turn();
    return std::nullopt;
}

Reply Session::settings(const Json& body) {
    return answer([&] { return apply_settings(body); });
}

std::optional<Refusal> Session::apply_settings(const Json& body) {
    auto parsed = parse_settings(body, current_settings(), !services.limits.externalEngine.empty());
    if (auto* no = std::get_if<Refusal>(&parsed)) return *no;
    const Settings& n = std::get<Settings>(parsed);
    conductor.set(n.players, n.strength);
    if (n.clockGiven) record.set_clocks(n.baseMs, n.incMs);
    conductor.restart_analysis(record);
    next_turn();
    return std::nullopt;
}

Reply Session::go() {
    return answer([&]() -> std::optional<Refusal> {
        if (record.over()) return game_over(record.outcome());
        if (conductor.moving()) return Refusal {409, "the engine is already thinking"};
        if (conductor.analysing()) conductor.stop_search();
        conductor.take_over(record.to_move()); // the engine takes over the side to move
        next_turn();
        return std::nullopt;
    });
}

Reply Session::stop() {
    return answer([&]() -> std::optional<Refusal> {
        conductor.stop(record.to_move());
        return std::nullopt;
    });
}

Reply Session::undo(std::optional<int> ply) {
    return answer([&] { return undo_locked(ply); });
}

std::optional<Refusal> Session::undo_locked(std::optional<int> ply) {
    int target = 0;
    if (ply) target = *ply;
    else {
        // Back to the last position where a person is to move, before their last move.
        const auto& main = record.moves().mainline();
        target = int(main.size());
        while (target > 0) {
            --target;
            const Color side = record.moves().node(main[std::size_t(target)])->move.side;
            if (conductor.player(side) == Player::HUMAN) break;
        }
    }
    if (auto no = record.take_back(target)) return no;
    conductor.stop_search();
    if (!record.moves().node(conductor.analysis_node())) conductor.set_analysis_node(0);
    message.clear();
    conductor.hand_back(record.to_move());
    return std::nullopt;
}

Reply Session::resign(std::optional<Color> side) {
    return answer([&]() -> std::optional<Refusal> {
        if (record.over()) return game_over(record.outcome());
        const Color us = record.to_move();
        record.resign(side ? *side : conductor.player(us) == Player::HUMAN ? us : ~us);
        conductor.stop_search();
        return std::nullopt;
    });
}

Reply Session::offer_draw() {
    return answer([&]() -> std::optional<Refusal> {
        if (record.over()) return game_over(record.outcome());
        if (!conductor.accepts_draw()) {
            message = "Harlequin declines the draw";
            return std::nullopt;
        }
        conductor.stop_search();
        record.agree_draw();
        message.clear();
        return std::nullopt;
    });
}

Reply Session::analyse(bool on, std::optional<int> ply) {
    if (!on) return stop();
    return answer([&] { return analyse_locked(ply); });
}

std::optional<Refusal> Session::analyse_locked(std::optional<int> ply) {
    const int lineLength = int(record.line().size());
    const int at = ply ? *ply : record.shown_ply();
    if (at < 0 || at > lineLength)
        return Refusal {
            400, fmt::format("no position at move {} (the line has {})", at, lineLength)};
    if (Shown sh = record.shown(at); sh.outcome.over()) return game_over(sh.outcome);
    if (conductor.moving()) return Refusal {409, "the engine is thinking on its move"};
    if (ply) record.view(at);
    if (!conductor.analyse(record, record.line_node(at)))
        return Refusal {503,
            fmt::format("too many searches at once (at most {}): try again when one ends",
                services.limits.maxSearches)};
    return std::nullopt;
}

Reply Session::view(int ply) {
    return answer([&]() -> std::optional<Refusal> {
        if (auto no = record.view(ply)) return no;
        const int at = record.line_node(ply);
        if (conductor.analysing() && at != conductor.analysis_node())
            conductor.move_analysis(record, at, record.shown(ply).outcome.over());
        return std::nullopt;
    });
}

Reply Session::show_line(int node) {
    return answer([&]() -> std::optional<Refusal> {
        if (auto no = record.show_line(node)) return no;
        conductor.move_analysis(record, node, false);
        return std::nullopt;
    });
}

Reply Session::cut(int node) {
    return answer([&]() -> std::optional<Refusal> {
        const TreeNode* n = record.moves().node(node);
        const int parent = n ? n->parent : 0;
        const auto analysed = record.moves().path(conductor.analysis_node());
        const bool analysedGone
            = std::find(analysed.begin(), analysed.end(), node) != analysed.end();
        if (auto no = record.cut(node)) return no;
        // The analysis goes back to where the cut was.
        if (analysedGone) conductor.set_analysis_node(parent);
        conductor.restart_analysis(record);
        return std::nullopt;
    });
}

Reply Session::load(const GameStart& start) {
    return answer([&] { return load_locked(start); });
}

// ---- The server's calls -------------------------------------------------------------------

void Session::tick() {
    std::lock_guard lock(mutex);
    if (!record.flag_fall()) return;
    conductor.stop_search();
    persist();
    changed();
}

void Session::close() {
    std::lock_guard lock(mutex);
    conductor.close();
}

void Session::slot_free() {
    std::lock_guard lock(mutex);
    if (conductor.resume(record)) services.slots.wait(weak_from_this());
    changed();
}

void Session::post_report(EngineReport r) {
    services.jobs.post([weak = weak_from_this(), r = std::move(r)] {
        if (auto s = weak.lock()) s->on_report(r);
    });
}

void Session::on_report(const EngineReport& r) {
    std::lock_guard lock(mutex);
    if (!r.done) {
        if (conductor.take_info(r)) changed();
        return;
    }
    auto ended = conductor.take_end(r, record.to_move());
    if (!ended) return;
    if (!ended->analysis) engine_moved(r.best, ended->ms);
    changed();
    next_turn();
}

void Session::engine_moved(const std::string& best, std::int64_t ms) {
    if (best == "(none)" || best.empty()) message = "Harlequin found no move";
    else if (auto no = record.play(best, ms))
        message = "Harlequin's move was refused: " + no->message;
    else {
        conductor.clear_lines();
        persist_move(record.moves().main_end());
    }
}

void Session::next_turn() {
    if (conductor.play_turn(record)) services.slots.wait(weak_from_this());
}

// ---- State --------------------------------------------------------------------------------

Settings Session::current_settings() const {
    Settings s;
    s.players[WHITE] = conductor.player(WHITE);
    s.players[BLACK] = conductor.player(BLACK);
    s.strength = conductor.strength();
    s.baseMs = record.clock().base();
    s.incMs = record.clock().increment();
    return s;
}

Json Session::state_locked(std::optional<int> ply) {
    GameStatus g;
    g.id = sessionId;
    g.version = version();
    g.settings = current_settings();
    g.search = conductor.report(record);
    g.message = message;
    g.externalEngine = services.limits.externalEngine;
    g.storage = services.storage.status();
    return state_json(record, g, ply);
}

void Session::changed() {
    {
        std::lock_guard lock(versionMutex);
        ++stateVersion;
    }
    versionCv.notify_all();
}

std::uint64_t Session::wait_change(std::uint64_t seen, std::chrono::milliseconds timeout) {
    std::unique_lock lock(versionMutex);
    versionCv.wait_for(lock, timeout, [&] { return stateVersion.load() != seen; });
    return stateVersion.load();
}

void Session::touch() { lastSeenMs = steady_ms(); }

void Session::listen() {
    ++listeners;
    touch();
}

void Session::unlisten() {
    --listeners;
    touch();
}

bool Session::abandoned(std::int64_t idleMs) const {
    return listeners == 0 && steady_ms() - lastSeenMs > idleMs;
}

// ---- Storage ------------------------------------------------------------------------------

StoredGame Session::summary() const {
    StoredGame meta;
    meta.id = sessionId;
    meta.game = record.variant();
    meta.white = player_name(conductor.player(WHITE));
    meta.black = player_name(conductor.player(BLACK));
    const Outcome o = record.outcome();
    meta.result = result_text(o.result);
    meta.reason = o.reason;
    meta.plies = int(record.moves().mainline().size());
    meta.created = record.created();
    meta.ongoing = !o.over();
    return meta;
}

void Session::persist() {
    if (!services.storage.store()) return;
    saved = current_settings();
    const std::string data = stored_json(record.data(), saved).dump();
    if (auto err = services.storage.save(summary(), data))
        message = "this game could not be stored: " + *err;
}

void Session::persist_move(int node) {
    if (!services.storage.store()) return;
    // Only the move changed since the game was stored: it is appended. Anything else (the
    // players changed when an engine did not start, a game never stored) stores it whole.
    if (!same_play(current_settings(), saved)) return persist();
    const std::string move = stored_move_json(record.move_data(node)).dump();
    if (services.storage.append(summary(), move)) persist();
}

} // namespace hq::serve
