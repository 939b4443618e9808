// SPDX-License-Identifier: GPL-3.0-or-later
#include "session.h"

#include "codec.h"
#include "store.h"
#include "variants/chess/chess960.h"

#include "engine/text.h"
#include "protocol/pgn.h"
#include "server.h"
#include "variants/registry.h"

#include <algorithm>
#include <cctype>
#include <fmt/format.h>
#include <set>

namespace hq::serve {

const char* player_name(Player p) {
    return p == Player::HUMAN ? "human" : p == Player::HARLEQUIN ? "harlequin" : "engine";
}

std::optional<Player> parse_player(const std::string& s) {
    if (s == "human") return Player::HUMAN;
    if (s == "harlequin") return Player::HARLEQUIN;
    if (s == "engine") return Player::EXTERNAL;
    return std::nullopt;
}

Session::Session(Server& srv, std::string id, std::string variant)
    : server(srv)
    , sessionId(std::move(id))
    , variantName(std::move(variant))
    , referee(make_referee(variantName))
    , engine(make_engine(variantName)) {
    Engine::Options o;
    o.hashMb = 16;
    engine->set_options(o);
    createdAt = Store::now_iso();
    touch();
}

Session::~Session() { close(); }

void Session::touch() { lastSeenMs = now_ms(); }

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

Outcome Session::outcome() const {
    if (manualEnd.over()) return manualEnd;
    return referee->outcome();
}

std::optional<Refusal> Session::replay(const std::vector<std::string>& texts) {
    auto r = make_referee(variantName);
    if (auto err = r->set_position(startFen)) return Refusal {400, "bad FEN: " + *err};
    std::vector<PlayedMove> played;
    int turn = 0;
    for (std::size_t i = 0; i < texts.size(); ++i) {
        if (r->outcome().over())
            return Refusal {400, fmt::format("move '{}' after the end of the game", texts[i])};
        auto names = resolve_move(*r, texts[i]);
        if (!names)
            return Refusal {400, fmt::format("illegal move '{}' in {}", texts[i], r->fen())};
        Color side = r->side_to_move();
        if (!played.empty() && played.back().side != side) ++turn;
        played.push_back({names->text, names->san, side, turn,
            i < moves.size() && moves[i].text == names->text ? moves[i].ms : 0});
        [[maybe_unused]] auto e = r->play(names->text);
    }
    referee = std::move(r);
    moves = std::move(played);
    sync_tree();
    return std::nullopt;
}

// ---- The move tree ------------------------------------------------------------------------

const TreeNode* Session::node(int id) const {
    auto it = nodeIndex.find(id);
    return it == nodeIndex.end() ? nullptr : &nodes[it->second];
}

void Session::index_tree() {
    nodeIndex.clear();
    for (std::size_t i = 0; i < nodes.size(); ++i) nodeIndex[nodes[i].id] = i;
    mainIndex.clear();
    for (std::size_t i = 0; i < mainIds.size(); ++i) mainIndex[mainIds[i]] = i;
}

void Session::add_node(const TreeNode& n) {
    nodeIndex[n.id] = nodes.size();
    nodes.push_back(n);
}

std::vector<int> Session::path(int id) const {
    std::vector<int> out;
    for (const TreeNode* n = node(id); n; n = node(n->parent)) out.push_back(n->id);
    std::reverse(out.begin(), out.end());
    return out;
}

// The child a line continues with: the mainline's when there is one, else the first made.
int Session::preferred_child(int id) const {
    if (id == 0 && !mainIds.empty()) return mainIds[0];
    if (auto it = mainIndex.find(id); it != mainIndex.end() && it->second + 1 < mainIds.size())
        return mainIds[it->second + 1];
    for (const auto& n : nodes)
        if (n.parent == id) return n.id;
    return 0;
}

std::vector<int> Session::line() const {
    std::vector<int> out = path(lineEnd);
    for (int c = preferred_child(lineEnd); c; c = preferred_child(c)) out.push_back(c);
    return out;
}

void Session::erase_subtree(int id) {
    std::set<int> gone {id};
    for (const auto& n : nodes) // children are made after their parents
        if (gone.count(n.parent)) gone.insert(n.id);
    std::erase_if(nodes, [&](const TreeNode& n) { return gone.count(n.id) > 0; });
    index_tree();
    if (gone.count(lineEnd)) lineEnd = 0;
    if (gone.count(analysisNode)) analysisNode = 0;
}

// After the mainline's moves changed (a move, a load, a take-back): the tree's mainline is
// the longest prefix that still agrees, undone moves go with their variations, new moves
// get nodes (a variation that already has the move becomes the mainline's).
void Session::sync_tree() {
    std::size_t keep = 0;
    while (keep < mainIds.size() && keep < moves.size()
        && node(mainIds[keep])->move.text == moves[keep].text)
        ++keep;
    for (std::size_t i = mainIds.size(); i-- > keep;)
        if (node(mainIds[i])) erase_subtree(mainIds[i]);
    mainIds.resize(keep);
    index_tree();
    for (std::size_t i = keep; i < moves.size(); ++i) {
        int parent = i ? mainIds[i - 1] : 0;
        int found = 0;
        for (auto& n : nodes)
            if (n.parent == parent && n.move.text == moves[i].text) {
                n.move = moves[i];
                found = n.id;
                break;
            }
        if (!found) {
            found = nextNode++;
            add_node({found, parent, moves[i]});
        }
        mainIndex[found] = mainIds.size();
        mainIds.push_back(found);
    }
}

std::unique_ptr<Referee> Session::referee_at(const std::vector<int>& ids, int ply) const {
    auto r = make_referee(variantName);
    [[maybe_unused]] auto e = r->set_position(startFen);
    for (int i = 0; i < ply; ++i)
        [[maybe_unused]] auto e2 = r->play(node(ids[std::size_t(i)])->move.text);
    return r;
}

int Session::shown_ply() const {
    int n = int(line().size());
    return shownPly && *shownPly <= n ? *shownPly : n;
}

Shown Session::shown(std::optional<int> ply) const {
    Shown out;
    const auto ids = line();
    out.ply = ply ? std::clamp(*ply, 0, int(ids.size())) : shown_ply();
    const int mainEnd = mainIds.empty() ? 0 : mainIds.back();
    const int at = out.ply ? ids[std::size_t(out.ply - 1)] : 0;
    out.gameEnd = at == mainEnd;
    if (out.gameEnd) out.referee = referee.get();
    else {
        out.owned = referee_at(ids, out.ply);
        out.referee = out.owned.get();
    }
    out.outcome = out.gameEnd ? outcome() : out.referee->outcome();
    return out;
}

std::vector<std::string> Session::pv_san(const std::vector<std::string>& pv) const {
    std::vector<std::string> out;
    std::unique_ptr<Referee> r;
    if (activity == Activity::ANALYSING)
        r = referee_at(path(analysisNode), int(path(analysisNode).size()));
    else r = referee_at(mainIds, int(mainIds.size()));
    for (const auto& text : pv) {
        auto names = r->describe(text);
        if (!names || r->play(names->text)) break;
        out.push_back(names->san);
    }
    return out;
}

std::string Session::start_fen() const {
    return startFen.empty() ? referee->spec().startFen : startFen;
}

std::optional<Refusal> Session::show_line(int id) {
    if (id != 0 && !node(id)) return Refusal {404, fmt::format("no move {} in the tree", id)};
    lineEnd = id;
    shownPly = int(path(id).size());
    if (activity == Activity::ANALYSING) {
        stop_search();
        analysisNode = id;
        start_search(true);
    }
    changed();
    return std::nullopt;
}

std::optional<Refusal> Session::cut(int id) {
    if (!node(id)) return Refusal {404, fmt::format("no move {} in the tree", id)};
    if (std::find(mainIds.begin(), mainIds.end(), id) != mainIds.end())
        return Refusal {409, "the game's own moves are not cut (take them back with undo)"};
    const int parent = node(id)->parent;
    const bool analysed = activity == Activity::ANALYSING;
    const auto ids = line();
    const bool onLine = std::find(ids.begin(), ids.end(), id) != ids.end();
    const auto analysedPath = path(analysisNode);
    const bool analysedGone
        = std::find(analysedPath.begin(), analysedPath.end(), id) != analysedPath.end();
    erase_subtree(id);
    if (onLine) {
        lineEnd = parent;
        shownPly.reset();
    }
    if (analysedGone) analysisNode = parent; // the analysis goes back to where the cut was
    if (analysed) {
        stop_search();
        start_search(true);
    }
    changed();
    return std::nullopt;
}

std::optional<Refusal> Session::view(int ply) {
    const auto ids = line();
    if (ply < 0 || ply > int(ids.size()))
        return Refusal {
            400, fmt::format("no position at move {} (the line has {})", ply, ids.size())};
    shownPly = ply == int(ids.size()) ? std::nullopt : std::optional<int>(ply);
    if (activity == Activity::ANALYSING) {
        int at = ply ? ids[std::size_t(ply - 1)] : 0;
        if (at != analysisNode) {
            stop_search();
            analysisNode = at;
            Shown sh = shown(ply);
            if (!sh.outcome.over()) start_search(true);
        }
    }
    changed();
    return std::nullopt;
}

std::optional<Refusal> Session::load(
    const std::string& fen, const std::string* pgn, int index, int start960) {
    stop_search();
    std::string newFen = fen;
    std::vector<std::string> texts;
    Outcome pgnEnd;
    if (pgn) {
        auto read = read_pgn(*pgn);
        if (!read.error.empty()) return Refusal {400, "bad PGN: " + read.error};
        if (index < 0 || index >= int(read.games.size()))
            return Refusal {400, fmt::format("the PGN has {} games", read.games.size())};
        const PgnRecord& g = read.games[std::size_t(index)];
        auto tag = [&](const char* name) {
            auto it = g.tags.find(name);
            return it == g.tags.end() ? std::string() : it->second;
        };
        auto v = canonical_variant(tag("Variant").empty() ? default_variant() : tag("Variant"));
        if (!v)
            return Refusal {400, fmt::format("unknown variant '{}' in the PGN", tag("Variant"))};
        if (*v != variantName) return Refusal {400, fmt::format("the PGN is a game of {}", *v)};
        newFen = tag("FEN");
        texts = g.moves;
        Result r = g.resultToken == "1-0" ? Result::WHITE_WINS
            : g.resultToken == "0-1"      ? Result::BLACK_WINS
            : g.resultToken == "1/2-1/2"  ? Result::DRAW
                                          : Result::NONE;
        if (r != Result::NONE)
            pgnEnd = {
                r, g.comments.empty() ? std::string("result given in the PGN") : g.comments.back()};
    }
    std::string oldFen = startFen;
    auto oldMoves = moves;
    startFen = newFen;
    moves.clear();
    nodes.clear();
    mainIds.clear();
    index_tree();
    lineEnd = analysisNode = 0;
    shownPly.reset();
    if (auto err = replay(texts)) {
        startFen = oldFen;
        moves = oldMoves;
        std::vector<std::string> old;
        for (auto& m : moves) old.push_back(m.text);
        [[maybe_unused]] auto e = replay(old);
        return err;
    }
    // A numbered Chess960 start, given or recognized in the FEN.
    start960Number = start960;
    if (start960Number < 0 && !startFen.empty() && referee->spec().chess960)
        for (int n = 0; n < chess::Chess960Starts && start960Number < 0; ++n)
            if (chess::chess960_start_fen(n) == startFen) start960Number = n;
    // A result the PGN states but the rules do not (an adjudication, a forfeit) is kept.
    manualEnd = referee->outcome().over() ? Outcome {} : pgnEnd;
    for (Color c : {WHITE, BLACK}) clockMs[c] = baseMs;
    turnStart = now();
    message.clear();
    lines.clear();
    changed();
    maybe_engine_turn();
    return std::nullopt;
}

// ---- Moves --------------------------------------------------------------------------------

std::int64_t Session::clock_left(Color c) const {
    if (!baseMs) return 0;
    std::int64_t left = clockMs[c];
    if (!over() && to_move() == c) left -= elapsed_ms(turnStart);
    return left;
}

std::optional<Refusal> Session::apply(const std::string& text, std::int64_t ms) {
    auto names = referee->describe(text);
    if (!names) return Refusal {400, fmt::format("illegal move '{}' in {}", text, referee->fen())};
    Color side = to_move();
    int turn = moves.empty() ? 0 : moves.back().turn + (moves.back().side != side);
    if (auto err = referee->play(names->text)) return Refusal {400, *err};
    const int oldEnd = mainIds.empty() ? 0 : mainIds.back();
    moves.push_back({names->text, names->san, side, turn, ms});
    sync_tree();
    // A page showing the game's end follows the game; one in a variation stays there.
    if (lineEnd == oldEnd) {
        lineEnd = mainIds.back();
        shownPly.reset();
    }
    if (baseMs) {
        clockMs[side] -= ms;
        if (clockMs[side] < 0 && !referee->outcome().over())
            manualEnd = {side == WHITE ? Result::BLACK_WINS : Result::WHITE_WINS,
                fmt::format("{} loses on time", referee->side_name(side))};
        else if (to_move() != side) clockMs[side] += incMs;
    }
    turnStart = now();
    lines.clear();
    changed();
    return std::nullopt;
}

std::optional<Refusal> Session::move(const std::string& text, int ply) {
    const auto ids = line();
    if (ply < 0 || ply > int(ids.size()))
        return Refusal {
            409, fmt::format("stale move: the line shown has {} moves, not {}", ids.size(), ply)};
    const int from = ply ? ids[std::size_t(ply - 1)] : 0;
    const int mainEnd = mainIds.empty() ? 0 : mainIds.back();
    if (from != mainEnd) return variation(text, ply, ids);
    if (over()) return Refusal {409, "the game is over: " + outcome().reason};
    if (players[to_move()] != Player::HUMAN || activity == Activity::THINKING
        || activity == Activity::WAITING)
        return Refusal {409, "it is the engine's turn"};
    if (activity == Activity::ANALYSING) stop_search();
    std::int64_t ms = elapsed_ms(turnStart);
    lineEnd = mainEnd;
    if (auto err = apply(text, ms)) return err;
    message.clear();
    maybe_engine_turn();
    return std::nullopt;
}

// A move from a position before the game's end: a variation. Engines do not play in it and
// clocks do not run; the game goes on as before.
std::optional<Refusal> Session::variation(
    const std::string& text, int ply, const std::vector<int>& ids) {
    auto r = referee_at(ids, ply);
    if (r->outcome().over()) return Refusal {409, "the game is over in this position"};
    auto names = r->describe(text);
    if (!names) return Refusal {400, fmt::format("illegal move '{}' in {}", text, r->fen())};
    const int from = ply ? ids[std::size_t(ply - 1)] : 0;
    int id = 0;
    for (const auto& n : nodes)
        if (n.parent == from && n.move.text == names->text) id = n.id;
    if (!id) {
        Color side = r->side_to_move();
        const TreeNode* p = node(from);
        int turn = p ? p->move.turn + (p->move.side != side) : 0;
        id = nextNode++;
        add_node({id, from, {names->text, names->san, side, turn, 0}});
    }
    lineEnd = id;
    shownPly = ply + 1;
    if (activity == Activity::ANALYSING) {
        stop_search();
        analysisNode = id;
        auto at = referee_at(path(id), ply + 1);
        if (!at->outcome().over()) start_search(true);
    }
    changed();
    return std::nullopt;
}

// ---- Searches -----------------------------------------------------------------------------

SearchLimits Session::limits_for(Color side) const {
    SearchLimits l;
    if (baseMs) {
        for (Color c : {WHITE, BLACK}) {
            l.time[c] = clock_left(c);
            l.inc[c] = incMs;
        }
    } else if (set.level) l.moveTime = LevelMoveTimeMs; // the level's node budget ends it first
    else if (depth > 0) l.depth = depth;
    else l.moveTime = moveTimeMs;
    (void)side;
    return l;
}

void Session::maybe_engine_turn() {
    if (over() || activity != Activity::IDLE) return;
    Player p = players[to_move()];
    if (p == Player::HUMAN) return;
    if (p == Player::EXTERNAL) {
        external_move();
        return;
    }
    if (!start_search(false)) {
        activity = Activity::WAITING;
        server.wait_for_slot(shared_from_this());
        changed();
    }
}

bool Session::start_search(bool analysis) {
    if (!holdsSlot) {
        if (!server.try_acquire_slot()) return false;
        holdsSlot = true;
    }
    std::vector<std::string> texts;
    if (analysis)
        for (int id : path(analysisNode)) texts.push_back(node(id)->move.text);
    else
        for (auto& m : moves) texts.push_back(m.text);
    linesFromAnalysis = analysis;
    analysedSide
        = analysis ? referee_at(path(analysisNode), int(texts.size()))->side_to_move() : to_move();
    engine->stop();
    engine->wait();
    Engine::Options o = engine->options();
    o.multiPv = analysis ? multiPv : 1;
    // A level plays the game's moves; an analysis is at full strength.
    o.skillLevel = skill_level(analysis ? 0 : set.level);
    o.analyseMode = analysis;
    engine->set_options(o);
    if (auto err = engine->set_position(startFen, texts)) {
        message = "engine: " + *err;
        finish_search();
        return true;
    }
    const std::uint64_t gen = ++searchGen;
    SearchLimits l;
    if (analysis) l.infinite = true;
    else l = limits_for(to_move());
    activity = analysis ? Activity::ANALYSING : Activity::THINKING;
    searchStart = now();
    lines.clear();
    std::weak_ptr<Session> self = shared_from_this();
    Server* srv = &server;
    SearchCallbacks cb;
    cb.info = [self, srv, gen](const SearchInfo& info) {
        srv->post([self, gen, info] {
            if (auto s = self.lock()) s->on_info(gen, info);
        });
    };
    cb.bestmove = [self, srv, gen](const std::string& best, const std::string&) {
        srv->post([self, gen, best] {
            if (auto s = self.lock()) s->on_bestmove(gen, best);
        });
    };
    engine->go(l, std::move(cb));
    changed();
    return true;
}

void Session::finish_search() {
    activity = Activity::IDLE;
    if (holdsSlot) {
        holdsSlot = false;
        server.release_slot();
    }
}

void Session::stop_search() {
    ++searchGen; // whatever the running search reports from now on is ignored
    if (activity == Activity::THINKING || activity == Activity::ANALYSING) {
        engine->stop();
        engine->wait();
    }
    finish_search();
}

void Session::on_info(std::uint64_t gen, const SearchInfo& info) {
    std::lock_guard lock(mutex);
    if (gen != searchGen) return;
    std::size_t i = std::size_t(std::max(1, info.multiPv) - 1);
    if (lines.size() <= i) lines.resize(i + 1);
    lines[i] = info;
    changed();
}

void Session::on_bestmove(std::uint64_t gen, const std::string& best) {
    std::lock_guard lock(mutex);
    if (gen != searchGen) return;
    bool analysis = activity == Activity::ANALYSING;
    finish_search();
    if (!analysis) {
        Color side = to_move();
        if (!lines.empty() && lines[0].bound == BOUND_EXACT) {
            lastScore[side] = lines[0].value;
            hasScore[side] = true;
        }
        if (best == "(none)" || best.empty()) message = "Harlequin found no move";
        else if (auto err = apply(best, elapsed_ms(searchStart)))
            message = "Harlequin's move was refused: " + err->message;
        persist();
    }
    changed();
    maybe_engine_turn();
}

void Session::start_waiting_search() {
    std::lock_guard lock(mutex);
    if (activity != Activity::WAITING) return;
    activity = Activity::IDLE;
    if (over() || players[to_move()] != Player::HARLEQUIN) {
        changed();
        return;
    }
    if (!start_search(false)) {
        activity = Activity::WAITING;
        server.wait_for_slot(shared_from_this());
    }
}

// The external engine (--engine) thinks on its own thread: its driver blocks until it moves.
void Session::external_move() {
    if (externalThread.joinable()) externalThread.join();
    if (!external) {
        EngineConfig cfg;
        cfg.cmd = server.limits().externalEngine;
        cfg.moveTime = depth > 0 ? 0 : moveTimeMs / 1000.0;
        cfg.depth = depth;
        external = make_driver(cfg, referee->spec(), {});
        if (auto err = external->start()) {
            message = "the engine did not start: " + *err;
            external.reset();
            players[to_move()] = Player::HUMAN;
            changed();
            return;
        }
        if (auto err = external->new_game(
                startFen.empty() ? referee->spec().startFen : startFen, startFen.empty())) {
            message = "the engine refused the game: " + *err;
            changed();
            return;
        }
    }
    activity = Activity::THINKING;
    const std::uint64_t gen = ++searchGen;
    searchStart = now();
    auto texts = std::make_shared<std::vector<std::string>>();
    auto sans = std::make_shared<std::vector<std::string>>();
    for (auto& m : moves) {
        texts->push_back(m.text);
        sans->push_back(m.san);
    }
    auto fen
        = std::make_shared<std::string>(startFen.empty() ? referee->spec().startFen : startFen);
    MoveRequest req;
    req.startFen = fen.get();
    req.startpos = startFen.empty();
    req.moves = texts.get();
    req.sans = sans.get();
    req.side = to_move();
    req.timeLimit = std::chrono::milliseconds(depth > 0 ? 60'000 : moveTimeMs + 5'000);
    std::weak_ptr<Session> self = shared_from_this();
    EngineDriver* driver = external.get();
    Server* srv = &server;
    changed();
    externalThread = std::thread([=] {
        EngineReply reply = driver->go(req);
        std::string best = reply.kind == EngineReply::MOVE ? reply.move : std::string();
        (void)texts, (void)sans, (void)fen;
        srv->post([self, gen, best] {
            if (auto s = self.lock()) s->on_bestmove(gen, best.empty() ? "(none)" : best);
        });
    });
}

std::optional<Refusal> Session::go() {
    if (over()) return Refusal {409, "the game is over: " + outcome().reason};
    if (activity == Activity::THINKING || activity == Activity::WAITING)
        return Refusal {409, "the engine is already thinking"};
    if (activity == Activity::ANALYSING) stop_search();
    // The engine takes over the side to move.
    if (players[to_move()] == Player::HUMAN) players[to_move()] = Player::HARLEQUIN;
    maybe_engine_turn();
    changed();
    return std::nullopt;
}

std::optional<Refusal> Session::stop() {
    if (activity == Activity::ANALYSING) {
        stop_search();
        changed();
    } else if (activity == Activity::THINKING && players[to_move()] == Player::HARLEQUIN)
        engine->stop(); // it moves at once with what it has
    else if (activity == Activity::WAITING) {
        finish_search();
        changed();
    }
    return std::nullopt;
}

std::optional<Refusal> Session::analyse(bool on, std::optional<int> ply) {
    if (!on) return stop();
    const auto ids = line();
    const int at = ply ? *ply : shown_ply();
    if (at < 0 || at > int(ids.size()))
        return Refusal {
            400, fmt::format("no position at move {} (the line has {})", at, ids.size())};
    Shown sh = shown(at);
    if (sh.outcome.over()) return Refusal {409, "the game is over: " + sh.outcome.reason};
    if (activity == Activity::THINKING || activity == Activity::WAITING)
        return Refusal {409, "the engine is thinking on its move"};
    const int node = at ? ids[std::size_t(at - 1)] : 0;
    if (ply) shownPly = at == int(ids.size()) ? std::nullopt : std::optional<int>(at);
    if (activity == Activity::ANALYSING) {
        if (node == analysisNode) return std::nullopt;
        stop_search();
    }
    analysisNode = node;
    if (!start_search(true))
        return Refusal {503,
            fmt::format("too many searches at once (at most {}): try again when one ends",
                server.limits().maxSearches)};
    return std::nullopt;
}

std::optional<Refusal> Session::undo(std::optional<int> ply) {
    stop_search();
    int target;
    if (ply) target = *ply;
    else {
        // Back to the last position where a person is to move, before their last move.
        target = int(moves.size());
        while (target > 0) {
            --target;
            if (players[moves[std::size_t(target)].side] == Player::HUMAN) break;
        }
    }
    if (target < 0 || target > int(moves.size()))
        return Refusal {
            400, fmt::format("no position at move {} (the game has {})", target, moves.size())};
    std::vector<std::string> texts;
    for (int i = 0; i < target; ++i) texts.push_back(moves[std::size_t(i)].text);
    if (auto err = replay(texts)) return err;
    manualEnd = {};
    message.clear();
    turnStart = now();
    // A person who takes moves back plays on from there: engines wait for `go`.
    if (players[to_move()] != Player::HUMAN && players[~to_move()] == Player::HUMAN) {
        players[~to_move()] = players[to_move()];
        players[to_move()] = Player::HUMAN;
    }
    changed();
    return std::nullopt;
}

std::optional<Refusal> Session::resign(std::optional<Color> side) {
    if (over()) return Refusal {409, "the game is over: " + outcome().reason};
    Color c = side ? *side : players[to_move()] == Player::HUMAN ? to_move() : ~to_move();
    stop_search();
    manualEnd = {c == WHITE ? Result::BLACK_WINS : Result::WHITE_WINS,
        fmt::format("{} resigns", referee->side_name(c))};
    changed();
    return std::nullopt;
}

std::optional<Refusal> Session::offer_draw() {
    if (over()) return Refusal {409, "the game is over: " + outcome().reason};
    // Harlequin accepts when its last score for every side it plays is not above zero.
    for (Color c : {WHITE, BLACK}) {
        if (players[c] == Player::HUMAN) continue;
        if (players[c] == Player::EXTERNAL || !hasScore[c] || lastScore[c] > 0) {
            message = "Harlequin declines the draw";
            changed();
            return std::nullopt;
        }
    }
    stop_search();
    manualEnd = {Result::DRAW, "Draw by agreement"};
    message.clear();
    changed();
    return std::nullopt;
}

std::optional<Refusal> Session::settings(const Json& body) {
    auto parsed = parse_settings(body, set, !server.limits().externalEngine.empty());
    if (auto* r = std::get_if<Refusal>(&parsed)) return *r;
    return apply_settings(std::get<Settings>(parsed));
}

std::optional<Refusal> Session::apply_settings(const Settings& n) {
    const Player newPlayers[COLOR_NB] = {n.players[WHITE], n.players[BLACK]};
    const int newTime = n.moveTimeMs, newDepth = n.depth, newMultiPv = n.multiPv;
    const std::int64_t newBase = n.baseMs, newInc = n.incMs;
    const bool clockGiven = n.clockGiven;
    bool playersChanged
        = newPlayers[WHITE] != players[WHITE] || newPlayers[BLACK] != players[BLACK];
    if (playersChanged || newTime != moveTimeMs || newDepth != depth || n.level != set.level) {
        // The running move search belongs to the old settings.
        if (activity == Activity::THINKING || activity == Activity::WAITING) stop_search();
        if (external && (newTime != moveTimeMs || newDepth != depth)) {
            if (externalThread.joinable()) externalThread.join();
            external->stop_process();
            external.reset();
        }
    }
    players[WHITE] = newPlayers[WHITE];
    players[BLACK] = newPlayers[BLACK];
    set.level = n.level;
    moveTimeMs = newTime;
    depth = newDepth;
    multiPv = newMultiPv;
    if (clockGiven) {
        baseMs = newBase;
        incMs = newInc;
        for (Color c : {WHITE, BLACK}) clockMs[c] = baseMs;
        turnStart = now();
    }
    if (activity == Activity::ANALYSING) {
        stop_search();
        start_search(true);
    }
    changed();
    maybe_engine_turn();
    return std::nullopt;
}

void Session::tick() {
    std::lock_guard lock(mutex);
    if (!baseMs || over()) return;
    Color c = to_move();
    if (clock_left(c) >= 0) return;
    stop_search();
    clockMs[c] = clock_left(c);
    manualEnd = {c == WHITE ? Result::BLACK_WINS : Result::WHITE_WINS,
        fmt::format("{} loses on time", referee->side_name(c))};
    persist();
    changed();
}

void Session::close() {
    ++searchGen;
    if (engine) {
        engine->stop();
        engine->wait();
    }
    if (externalThread.joinable()) externalThread.join();
    if (external) {
        external->stop_process();
        external.reset();
    }
    if (holdsSlot) {
        holdsSlot = false;
        server.release_slot();
    }
    activity = Activity::IDLE;
}

// ---- What the page draws, what is stored ---------------------------------------------------

Json Session::state(std::optional<int> ply) { return state_json(*this, ply); }

const char* Session::activity_name() const {
    return activity == Activity::THINKING ? "thinking"
        : activity == Activity::ANALYSING ? "analysing"
        : activity == Activity::WAITING   ? "waiting"
                                          : "idle";
}

std::int64_t Session::search_elapsed_ms() const {
    return activity == Activity::IDLE ? 0 : elapsed_ms(searchStart);
}

Json Session::stored() const {
    StoredSession st;
    st.game = variantName;
    st.startFen = startFen;
    st.created = createdAt;
    st.start960 = start960Number;
    st.nodes = nodes;
    st.mainline = mainIds;
    st.lineEnd = lineEnd;
    st.settings = set;
    for (Color c : {WHITE, BLACK}) st.clockMs[c] = baseMs ? clock_left(c) : 0;
    st.manualEnd = manualEnd;
    return stored_json(st);
}

std::optional<Refusal> Session::restore(const Json& j) {
    auto parsed = parse_stored(j);
    if (auto* e = std::get_if<std::string>(&parsed)) return Refusal {500, *e};
    auto& st = std::get<StoredSession>(parsed);
    if (st.game != variantName) return Refusal {500, "a stored game of another variant"};
    stop_search();
    startFen = st.startFen;
    createdAt = st.created;
    start960Number = st.start960;
    set = st.settings;
    set.clockGiven = false;
    nodes = st.nodes;
    mainIds = st.mainline;
    index_tree();
    nextNode = 1;
    for (const auto& n : nodes) nextNode = std::max(nextNode, n.id + 1);
    moves.clear();
    std::vector<std::string> texts;
    for (int id : mainIds) {
        const TreeNode* n = node(id);
        if (!n) return Refusal {500, "a stored game with a broken move tree"};
        moves.push_back(n->move);
        texts.push_back(n->move.text);
    }
    if (auto err = replay(texts))
        return Refusal {500, "a stored game that no longer replays: " + err->message};
    lineEnd = node(st.lineEnd) ? st.lineEnd : 0;
    manualEnd = referee->outcome().over() ? Outcome {} : st.manualEnd;
    for (Color c : {WHITE, BLACK}) clockMs[c] = st.clockMs[c];
    turnStart = now();
    changed();
    // An engine whose turn it was when the server stopped thinks again.
    maybe_engine_turn();
    return std::nullopt;
}

void Session::persist() {
    Store* store = server.store();
    if (!store) return;
    StoredGame meta;
    meta.id = sessionId;
    meta.game = variantName;
    meta.white = player_name(players[WHITE]);
    meta.black = player_name(players[BLACK]);
    Outcome o = outcome();
    meta.result = result_text(o.result);
    meta.reason = o.reason;
    meta.plies = int(moves.size());
    meta.created = createdAt;
    meta.ongoing = !o.over();
    if (auto err = store->save(meta, stored().dump())) {
        message = "this game could not be stored: " + *err;
        server.storage_failed(*err);
    }
}

std::string Session::pgn() const {
    PgnGame g;
    g.set_tag("Event", "Harlequin serve");
    g.set_tag("Site", "?");
    std::string date = createdAt.substr(0, 10); // PGN writes 2026.12.04
    std::replace(date.begin(), date.end(), '-', '.');
    g.set_tag("Date", date.size() == 10 ? date : "????.??.??");
    g.set_tag("Round", "-");
    auto name = [&](Color c) {
        if (players[c] == Player::HARLEQUIN && set.level)
            return fmt::format("Harlequin (level {})", set.level);
        return players[c] == Player::HUMAN    ? std::string("Human")
            : players[c] == Player::HARLEQUIN ? std::string("Harlequin")
                                              : server.limits().externalEngine;
    };
    g.set_tag("White", name(WHITE));
    g.set_tag("Black", name(BLACK));
    if (variantName != default_variant()) g.set_tag("Variant", variantName);
    if (!startFen.empty()) {
        g.set_tag("SetUp", "1");
        g.set_tag("FEN", startFen);
        g.fen = startFen;
    }
    if (start960Number >= 0) g.set_tag("Start960", std::to_string(start960Number));
    for (auto& m : moves) g.moves.push_back({m.side, m.san, {}});
    // Variations: the other children of each node of a line, each continued by first
    // children, with the variations inside them.
    auto children = [&](int parent) {
        std::vector<int> out;
        for (const auto& n : nodes)
            if (n.parent == parent) out.push_back(n.id);
        return out;
    };
    auto build = [&](auto& self, const std::vector<int>& ids, std::vector<PgnVariation>& out,
                     bool firstHasSiblings) -> void {
        for (std::size_t i = 0; i < ids.size(); ++i) {
            if (i == 0 && !firstHasSiblings) continue;
            for (int sib : children(node(ids[i])->parent)) {
                if (sib == ids[i]) continue;
                PgnVariation v;
                v.at = i;
                std::vector<int> line;
                for (int c = sib; c; c = children(c).empty() ? 0 : children(c)[0])
                    line.push_back(c);
                for (int id : line) {
                    const auto& m = node(id)->move;
                    v.moves.push_back({m.side, m.san, {}});
                }
                self(self, line, v.variations, false);
                out.push_back(std::move(v));
            }
        }
    };
    build(build, mainIds, g.variations, true);
    Outcome o = outcome();
    g.result = o.result;
    g.finalComment = o.reason;
    g.set_tag("PlyCount", std::to_string(moves.size()));
    // PGN's Termination: the rules and resignations are "normal", a flag fall "time
    // forfeit"; an agreed draw or a result taken from a loaded PGN has no better name.
    if (o.over()) {
        const bool rules = !manualEnd.over(), resigned = o.reason.ends_with("resigns");
        g.set_tag("Termination",
            rules || resigned                   ? "normal"
                : o.reason.ends_with("on time") ? "time forfeit"
                                                : "abandoned");
    }
    return pgn_text(g);
}

} // namespace hq::serve
