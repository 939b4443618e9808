// SPDX-License-Identifier: GPL-3.0-or-later
#include "session.h"

#include "engine/text.h"
#include "protocol/pgn.h"
#include "server.h"
#include "variants/registry.h"

#include <algorithm>
#include <cctype>
#include <fmt/format.h>

namespace hq::serve {

namespace {

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

} // namespace

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
    return std::nullopt;
}

std::optional<Refusal> Session::load(const std::string& fen, const std::string* pgn, int index) {
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
    if (auto err = replay(texts)) {
        startFen = oldFen;
        moves = oldMoves;
        std::vector<std::string> old;
        for (auto& m : moves) old.push_back(m.text);
        [[maybe_unused]] auto e = replay(old);
        return err;
    }
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
    moves.push_back({names->text, names->san, side, turn, ms});
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
    if (ply != int(moves.size()))
        return Refusal {409,
            fmt::format(
                "stale move: the game is at move {} of its moves, not {}", moves.size(), ply)};
    if (over()) return Refusal {409, "the game is over: " + outcome().reason};
    if (players[to_move()] != Player::HUMAN || activity == Activity::THINKING
        || activity == Activity::WAITING)
        return Refusal {409, "it is the engine's turn"};
    if (activity == Activity::ANALYSING) stop_search();
    std::int64_t ms = elapsed_ms(turnStart);
    if (auto err = apply(text, ms)) return err;
    message.clear();
    maybe_engine_turn();
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
    } else if (depth > 0) l.depth = depth;
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
    for (auto& m : moves) texts.push_back(m.text);
    engine->stop();
    engine->wait();
    Engine::Options o = engine->options();
    o.multiPv = analysis ? multiPv : 1;
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

std::optional<Refusal> Session::analyse(bool on) {
    if (!on) return stop();
    if (over()) return Refusal {409, "the game is over: " + outcome().reason};
    if (activity == Activity::THINKING || activity == Activity::WAITING)
        return Refusal {409, "the engine is thinking on its move"};
    if (activity == Activity::ANALYSING) return std::nullopt;
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
    if (!body.is_object()) return Refusal {400, "settings must be a JSON object"};
    Player newPlayers[COLOR_NB] = {players[WHITE], players[BLACK]};
    int newTime = moveTimeMs, newDepth = depth, newMultiPv = multiPv;
    std::int64_t newBase = baseMs, newInc = incMs;
    bool clockGiven = false;
    for (auto& [key, value] : body.items()) {
        if (key == "white" || key == "black") {
            auto p = value.is_string() ? parse_player(value.get<std::string>()) : std::nullopt;
            if (!p) return Refusal {400, key + " must be \"human\", \"harlequin\" or \"engine\""};
            if (*p == Player::EXTERNAL && server.limits().externalEngine.empty())
                return Refusal {400, "no engine was given at server start (--engine)"};
            newPlayers[key == "white" ? WHITE : BLACK] = *p;
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
                if (auto e = range(10, 600'000)) return e;
                newTime = int(v);
                newDepth = 0;
            } else if (key == "depth") {
                if (auto e = range(0, 64)) return e;
                newDepth = int(v);
            } else if (key == "multipv") {
                if (auto e = range(1, 8)) return e;
                newMultiPv = int(v);
            } else if (key == "base") {
                if (auto e = range(0, 36'000'000)) return e;
                newBase = v;
                clockGiven = true;
            } else {
                if (auto e = range(0, 600'000)) return e;
                newInc = v;
                clockGiven = true;
            }
        } else return Refusal {400, "unknown setting '" + key + "'"};
    }
    bool playersChanged
        = newPlayers[WHITE] != players[WHITE] || newPlayers[BLACK] != players[BLACK];
    if (playersChanged || newTime != moveTimeMs || newDepth != depth) {
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

// ---- What the page draws ----------------------------------------------------------------

Json Session::state(std::optional<int> ply) {
    Json j;
    j["id"] = sessionId;
    j["game"] = variantName;
    j["version"] = stateVersion.load();
    j["ply"] = moves.size();
    j["startFen"] = startFen.empty() ? referee->spec().startFen : startFen;

    Json list = Json::array();
    for (auto& m : moves)
        list.push_back({{"text", m.text}, {"san", m.san}, {"side", side_word(m.side)},
            {"turn", m.turn}, {"ms", m.ms}});
    j["moves"] = list;

    int view = ply ? *ply : int(moves.size());
    bool current = view == int(moves.size());
    std::unique_ptr<Referee> at;
    const Referee* r = referee.get();
    if (!current) {
        at = make_referee(variantName);
        [[maybe_unused]] auto e = at->set_position(startFen);
        for (int i = 0; i < view; ++i)
            [[maybe_unused]] auto e2 = at->play(moves[std::size_t(i)].text);
        r = at.get();
    }
    j["view"] = view;
    j["fen"] = r->fen();
    j["toMove"] = side_word(r->side_to_move());
    j["display"] = display_json(r->display());
    if (!current) {
        j["outcome"] = outcome_json(r->outcome());
        j["legal"] = Json::array();
        return j;
    }

    Outcome o = outcome();
    j["outcome"] = outcome_json(o);
    Json legal = Json::array();
    if (!o.over()) {
        for (const auto& text : referee->legal_moves()) {
            auto names = referee->describe(text);
            Json m = {{"text", text}, {"san", names ? names->san : text},
                {"squares", move_squares(text)}};
            // Other texts the rules read as this same move (castling written king onto
            // rook, or king two squares): the page accepts those clicks too.
            Json alt = Json::array();
            auto sq = move_squares(text);
            if (sq.size() == 2 && text.size() == 4)
                for (char f = 'a'; f < char('a' + referee->spec().files); ++f) {
                    std::string other = sq[0] + std::string(1, f) + sq[1].substr(1);
                    if (other == text) continue;
                    if (auto n = referee->describe(other); n && n->text == text)
                        alt.push_back(move_squares(other));
                }
            m["also"] = alt;
            legal.push_back(m);
        }
    }
    j["legal"] = legal;

    j["players"] = {{"white", player_name(players[WHITE])}, {"black", player_name(players[BLACK])}};
    j["strength"] = {{"movetime", moveTimeMs}, {"depth", depth}, {"multipv", multiPv}};
    j["clock"] = {{"on", baseMs > 0}, {"base", baseMs}, {"inc", incMs},
        {"white", clock_left(WHITE)}, {"black", clock_left(BLACK)},
        {"running", baseMs > 0 && !o.over() ? side_word(to_move()) : ""}};
    const char* act = activity == Activity::THINKING ? "thinking"
        : activity == Activity::ANALYSING            ? "analysing"
        : activity == Activity::WAITING              ? "waiting"
                                                     : "idle";
    Json lj = Json::array();
    for (const auto& l : lines) {
        if (l.pv.empty()) continue;
        Value v = l.value;
        // Scores from White's view, as people read them.
        if (referee->side_to_move() == BLACK) v = -v;
        lj.push_back({{"multipv", l.multiPv}, {"depth", l.depth}, {"seldepth", l.selDepth},
            {"score", score_json(v)}, {"nodes", l.nodes}, {"timeMs", l.timeMs}, {"pv", l.pv},
            {"bestSquares", move_squares(l.pv[0])}});
    }
    j["search"] = {{"activity", act}, {"lines", lj},
        {"elapsedMs", activity == Activity::IDLE ? 0 : elapsed_ms(searchStart)}};
    j["message"] = message;
    j["externalEngine"] = server.limits().externalEngine;
    return j;
}

std::string Session::pgn() const {
    PgnGame g;
    g.set_tag("Event", "Harlequin serve");
    g.set_tag("Site", "?");
    g.set_tag("Round", "-");
    auto name = [&](Color c) {
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
    for (auto& m : moves) g.moves.push_back({m.side, m.san, {}});
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
