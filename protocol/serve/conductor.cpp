// SPDX-License-Identifier: GPL-3.0-or-later
#include "conductor.h"

#include "protocol/client/make_driver.h"
#include "search_slots.h"
#include "variants/registry.h"

#include <algorithm>

namespace hq::serve {

Conductor::Conductor(const std::string& variant, SearchSlots& slots, std::string externalEngine,
    std::string& message, Report report)
    : slots(slots)
    , externalCmd(std::move(externalEngine))
    , message(message)
    , report_(std::move(report))
    , engine(make_engine(variant))
    , ladder(level_ladder(variant)) {
    Engine::Options o;
    o.hashMb = 16;
    o.showWdl = true; // the page's bar and lines show the win chances (games with a model)
    engine->set_options(o);
}

// ---- Players ------------------------------------------------------------------------------

void Conductor::set(const Player (&p)[COLOR_NB], const Strength& s) {
    const bool playersChanged = p[WHITE] != players[WHITE] || p[BLACK] != players[BLACK];
    const bool pace = s.moveTimeMs != power.moveTimeMs || s.depth != power.depth;
    if (playersChanged || pace || s.level != power.level) {
        // The running move search belongs to the old settings.
        if (moving()) stop_search();
        if (external && pace) end_external();
    }
    restore(p, s);
}

void Conductor::restore(const Player (&p)[COLOR_NB], const Strength& s) {
    players[WHITE] = p[WHITE];
    players[BLACK] = p[BLACK];
    power = s;
}

void Conductor::take_over(Color toMove) {
    if (players[toMove] == Player::HUMAN) players[toMove] = Player::HARLEQUIN;
}

void Conductor::hand_back(Color toMove) {
    if (players[toMove] != Player::HUMAN && players[~toMove] == Player::HUMAN) {
        players[~toMove] = players[toMove];
        players[toMove] = Player::HUMAN;
    }
}

bool Conductor::accepts_draw() const {
    for (Color c : {WHITE, BLACK}) {
        if (players[c] == Player::HUMAN) continue;
        if (players[c] == Player::EXTERNAL || !hasScore[c] || lastScore[c] > 0) return false;
    }
    return true;
}

// ---- Turns --------------------------------------------------------------------------------

bool Conductor::play_turn(const GameRecord& r) {
    if (r.over() || activity != Activity::IDLE) return false;
    const Player p = players[r.to_move()];
    if (p == Player::HUMAN) return false;
    if (p == Player::EXTERNAL) {
        external_move(r);
        return false;
    }
    if (start_search(r, false)) return false;
    activity = Activity::WAITING;
    return true;
}

bool Conductor::resume(const GameRecord& r) {
    if (activity != Activity::WAITING) return false;
    activity = Activity::IDLE;
    if (r.over() || players[r.to_move()] != Player::HARLEQUIN) return false;
    if (start_search(r, false)) return false;
    activity = Activity::WAITING;
    return true;
}

bool Conductor::analyse(const GameRecord& r, int node) {
    if (analysing()) {
        if (node == analysisNode) return true;
        stop_search();
    }
    analysisNode = node;
    return start_search(r, true);
}

void Conductor::restart_analysis(const GameRecord& r) {
    if (!analysing()) return;
    stop_search();
    start_search(r, true);
}

void Conductor::move_analysis(const GameRecord& r, int node, bool overThere) {
    if (!analysing()) return;
    stop_search();
    analysisNode = node;
    if (!overThere) start_search(r, true);
}

bool Conductor::stop(Color toMove) {
    if (activity == Activity::ANALYSING) stop_search();
    else if (activity == Activity::THINKING && players[toMove] == Player::HARLEQUIN) {
        engine->stop(); // it moves at once with what it has
        return false;
    } else if (activity == Activity::WAITING) finish_search();
    else return false;
    return true;
}

// ---- Searches -----------------------------------------------------------------------------

SearchLimits Conductor::limits_for(const GameRecord& r) const {
    SearchLimits l;
    if (r.clock().on()) {
        for (Color c : {WHITE, BLACK}) {
            l.time[c] = r.clock_left(c);
            l.inc[c] = r.clock().increment();
        }
    } else if (power.level) l.moveTime = LevelMoveTimeMs; // the level's node budget ends it first
    else if (power.depth > 0) l.depth = power.depth;
    else l.moveTime = power.moveTimeMs;
    return l;
}

void Conductor::set_engine_options(bool analysis) {
    Engine::Options o = engine->options();
    o.multiPv = analysis ? power.multiPv : 1;
    // A level plays the game's moves; an analysis is at full strength.
    o.skillLevel = skill_level(analysis ? 0 : power.level, ladder);
    o.analyseMode = analysis;
    engine->set_options(o);
}

// Starts Harlequin on the game's move or on the analysis; false when no slot is free.
bool Conductor::start_search(const GameRecord& r, bool analysis) {
    if (!holdsSlot) {
        if (!slots.try_acquire()) return false;
        holdsSlot = true;
    }
    const std::vector<std::string> texts = analysis ? r.texts_to(analysisNode) : r.mainline_texts();
    analysedSide = analysis ? r.position_at(analysisNode)->side_to_move() : r.to_move();
    engine->stop();
    engine->wait();
    set_engine_options(analysis);
    if (auto err = engine->set_position(r.given_fen(), texts)) {
        message = "engine: " + *err;
        finish_search();
        return true;
    }
    const std::uint64_t gen = ++searchGen;
    SearchLimits l;
    if (analysis) l.infinite = true;
    else l = limits_for(r);
    activity = analysis ? Activity::ANALYSING : Activity::THINKING;
    searchStart = now();
    lines.clear();
    SearchCallbacks cb;
    cb.info = [report = report_, gen](const SearchInfo& info) { report({gen, false, info, {}}); };
    cb.bestmove = [report = report_, gen](const std::string& best, const std::string&) {
        report({gen, true, {}, best});
    };
    engine->go(l, std::move(cb));
    return true;
}

void Conductor::finish_search() {
    activity = Activity::IDLE;
    if (holdsSlot) {
        holdsSlot = false;
        slots.release();
    }
}

void Conductor::stop_search() {
    ++searchGen; // whatever the running search reports from now on is dropped
    if (activity == Activity::THINKING || activity == Activity::ANALYSING) {
        engine->stop();
        engine->wait();
    }
    finish_search();
}

bool Conductor::take_info(const EngineReport& r) {
    if (r.gen != searchGen) return false;
    const std::size_t i = std::size_t(std::max(1, r.info.multiPv) - 1);
    if (lines.size() <= i) lines.resize(i + 1);
    lines[i] = r.info;
    return true;
}

std::optional<Conductor::Ended> Conductor::take_end(const EngineReport& r, Color toMove) {
    if (r.gen != searchGen) return std::nullopt;
    const Ended out {activity == Activity::ANALYSING, elapsed_ms(searchStart)};
    finish_search();
    if (!out.analysis && !lines.empty() && lines[0].bound == BOUND_EXACT) {
        lastScore[toMove] = lines[0].value;
        hasScore[toMove] = true;
    }
    return out;
}

SearchReport Conductor::report(const GameRecord& r) const {
    SearchReport out;
    out.activity = activity == Activity::THINKING ? "thinking"
        : activity == Activity::ANALYSING         ? "analysing"
        : activity == Activity::WAITING           ? "waiting"
                                                  : "idle";
    out.elapsedMs = activity == Activity::IDLE ? 0 : elapsed_ms(searchStart);
    out.lines = lines;
    out.side = analysedSide;
    out.fromNode = analysing() ? analysisNode : r.moves().main_end();
    out.analysisNode = analysisNode;
    return out;
}

// ---- The external engine ------------------------------------------------------------------

// Starts the --engine engine on the game; false (and the side to move back to a person, when
// it did not start) when it cannot play.
bool Conductor::start_external(const GameRecord& r) {
    EngineConfig cfg;
    cfg.cmd = externalCmd;
    cfg.moveTime = power.depth > 0 ? 0 : power.moveTimeMs / 1000.0;
    cfg.depth = power.depth;
    external = make_driver(cfg, r.referee().spec(), {});
    if (auto err = external->start()) {
        message = "the engine did not start: " + *err;
        external.reset();
        players[r.to_move()] = Player::HUMAN;
        return false;
    }
    if (auto err = external->new_game(r.start_fen(), r.given_fen().empty())) {
        message = "the engine refused the game: " + *err;
        return false;
    }
    return true;
}

void Conductor::end_external() {
    if (externalThread.joinable()) externalThread.join();
    if (external) external->stop_process();
    external.reset();
}

// The external engine thinks on its own thread: its driver blocks until it moves.
void Conductor::external_move(const GameRecord& r) {
    if (externalThread.joinable()) externalThread.join();
    if (!external && !start_external(r)) return;
    activity = Activity::THINKING;
    const std::uint64_t gen = ++searchGen;
    searchStart = now();
    // The request points into these, which the thread keeps alive.
    auto texts = std::make_shared<std::vector<std::string>>();
    auto sans = std::make_shared<std::vector<std::string>>();
    for (int id : r.moves().mainline()) {
        texts->push_back(r.moves().node(id)->move.text);
        sans->push_back(r.moves().node(id)->move.san);
    }
    auto fen = std::make_shared<std::string>(r.start_fen());
    MoveRequest req;
    req.startFen = fen.get();
    req.startpos = r.given_fen().empty();
    req.moves = texts.get();
    req.sans = sans.get();
    req.side = r.to_move();
    req.timeLimit = std::chrono::milliseconds(power.depth > 0 ? 60'000 : power.moveTimeMs + 5'000);
    externalThread
        = std::thread([driver = external.get(), report = report_, gen, req, texts, sans, fen] {
              EngineReply reply = driver->go(req);
              std::string best = reply.kind == EngineReply::MOVE ? reply.move : std::string();
              report({gen, true, {}, best.empty() ? "(none)" : best});
          });
}

void Conductor::close() {
    ++searchGen;
    if (engine) {
        engine->stop();
        engine->wait();
    }
    end_external();
    if (holdsSlot) {
        holdsSlot = false;
        slots.release();
    }
    activity = Activity::IDLE;
}

} // namespace hq::serve
