// SPDX-License-Identifier: GPL-3.0-or-later
#include "game_record.h"

#include "protocol/pgn.h"
#include "variants/registry.h"

#include <algorithm>
#include <fmt/format.h>

namespace hq::serve {

namespace {

// A game's moves checked from its start: the referee at their end and the moves as played.
struct Replayed {
    std::unique_ptr<Referee> referee;
    std::vector<PlayedMove> moves;
};

// Plays `texts` (as a PGN or the referee writes them) from `fen`. A move that `before`'s
// mainline has at the same place keeps the time it took there.
std::variant<Replayed, Refusal> replay(const std::string& variant, const std::string& fen,
    const std::vector<std::string>& texts, const MoveTree* before) {
    Replayed out {make_referee(variant), {}};
    Referee& r = *out.referee;
    if (auto err = r.set_position(fen)) return Refusal {400, "bad FEN: " + *err};
    int turn = 0;
    for (std::size_t i = 0; i < texts.size(); ++i) {
        if (r.outcome().over())
            return Refusal {400, fmt::format("move '{}' after the end of the game", texts[i])};
        auto names = resolve_move(r, texts[i]);
        if (!names) return Refusal {400, fmt::format("illegal move '{}' in {}", texts[i], r.fen())};
        const Color side = r.side_to_move();
        if (!out.moves.empty() && out.moves.back().side != side) ++turn;
        std::int64_t ms = 0;
        if (before && i < before->mainline().size())
            if (const TreeNode* n = before->node(before->mainline()[i]);
                n->move.text == names->text)
                ms = n->move.ms;
        out.moves.push_back({names->text, names->san, side, turn, ms});
        [[maybe_unused]] auto e = r.play(names->text);
    }
    return out;
}

// The number of the game's numbered start (variants/registry.h) a FEN is, -1 when none.
int start_number(const std::string& game, const std::string& fen) {
    const NumberedStarts& starts = numbered_starts(game);
    for (int n = 0; n < starts.count; ++n)
        if (starts.fen(n, n) == fen) return n;
    return -1;
}

} // namespace

GameRecord::GameRecord(std::string variant, std::string created)
    : variantName(std::move(variant))
    , createdAt(std::move(created))
    , game(make_referee(variantName)) {
    [[maybe_unused]] auto e = game->set_position("");
}

std::variant<GameRecord, std::string> GameRecord::from(const RecordData& d) {
    GameRecord r(d.game, d.created);
    auto tree = MoveTree::from(d.nodes, d.mainline);
    if (!tree) return std::string("a stored game with a broken move tree");
    std::vector<std::string> texts;
    for (int id : tree->mainline()) texts.push_back(tree->node(id)->move.text);
    auto played = replay(d.game, d.startFen, texts, &*tree);
    if (auto* no = std::get_if<Refusal>(&played))
        return "a stored game that no longer replays: " + no->message;
    auto& [referee, moves] = std::get<Replayed>(played);
    tree->sync_mainline(moves); // the stored moves as this Harlequin writes them
    r.startFen = d.startFen;
    r.start960Number = d.start960;
    r.tree = std::move(*tree);
    r.game = std::move(referee);
    r.lineEnd = r.tree.node(d.lineEnd) ? d.lineEnd : 0;
    r.manualEnd = r.game->outcome().over() ? Outcome {} : d.manualEnd;
    r.clocks.set(d.baseMs, d.incMs);
    r.clocks.restore(d.clockMs[WHITE], d.clockMs[BLACK]);
    return r;
}

RecordData GameRecord::data() const {
    RecordData d;
    d.game = variantName;
    d.startFen = startFen;
    d.created = createdAt;
    d.start960 = start960Number;
    d.nodes = tree.nodes();
    d.mainline = tree.mainline();
    d.lineEnd = lineEnd;
    d.baseMs = clocks.base();
    d.incMs = clocks.increment();
    for (Color c : {WHITE, BLACK}) d.clockMs[c] = clock_left(c);
    d.manualEnd = manualEnd;
    return d;
}

RecordMove GameRecord::move_data(int node) const {
    RecordMove m;
    m.node = *tree.node(node);
    m.mainline = tree.on_mainline(node);
    m.lineEnd = lineEnd;
    for (Color c : {WHITE, BLACK}) m.clockMs[c] = clock_left(c);
    m.manualEnd = manualEnd;
    return m;
}

std::optional<Refusal> GameRecord::restart(const std::string& fen,
    const std::vector<std::string>& moves, const Outcome& end, int start960) {
    auto played = replay(variantName, fen, moves, nullptr);
    if (auto* no = std::get_if<Refusal>(&played)) return *no;
    auto& [referee, list] = std::get<Replayed>(played);
    MoveTree fresh(tree.next_id()); // ids only grow, across new games too
    fresh.sync_mainline(list);
    tree = std::move(fresh);
    game = std::move(referee);
    startFen = fen;
    start960Number = start960;
    if (start960Number < 0 && !startFen.empty() && game->spec().chess960)
        start960Number = start_number(variantName, startFen);
    // A result the PGN states but the rules do not (an adjudication, a forfeit) is kept.
    manualEnd = game->outcome().over() ? Outcome {} : end;
    clocks.reset();
    lineEnd = 0;
    shownPly.reset();
    return std::nullopt;
}

// ---- Moves --------------------------------------------------------------------------------

std::variant<bool, Refusal> GameRecord::continues_game(int ply) const {
    const auto ids = line();
    if (ply < 0 || ply > int(ids.size()))
        return Refusal {
            409, fmt::format("stale move: the line shown has {} moves, not {}", ids.size(), ply)};
    return (ply ? ids[std::size_t(ply - 1)] : 0) == tree.main_end();
}

std::optional<Refusal> GameRecord::play(const std::string& text, std::int64_t ms, bool follow) {
    auto names = game->describe(text);
    if (!names) return Refusal {400, fmt::format("illegal move '{}' in {}", text, game->fen())};
    const Color side = to_move();
    const TreeNode* last = tree.node(tree.main_end());
    const int turn = last ? last->move.turn + (last->move.side != side) : 0;
    if (auto err = game->play(names->text)) return Refusal {400, *err};
    const int oldEnd = tree.main_end();
    tree.extend_mainline({names->text, names->san, side, turn, ms});
    // A page showing the game's end follows the game; one in a variation stays there.
    if (follow || lineEnd == oldEnd) {
        lineEnd = tree.main_end();
        shownPly.reset();
    }
    if (clocks.on()) {
        clocks.spend(side, ms);
        if (clocks.ran_out(side) && !game->outcome().over())
            manualEnd = {side == WHITE ? Result::BLACK_WINS : Result::WHITE_WINS,
                fmt::format("{} loses on time", game->side_name(side))};
        else if (to_move() != side) clocks.add_increment(side);
    }
    clocks.start_turn();
    return std::nullopt;
}

std::variant<int, Refusal> GameRecord::play_variation(const std::string& text, int ply) {
    const auto ids = line();
    auto r = referee_at(ids, ply);
    if (r->outcome().over()) return Refusal {409, "the game is over in this position"};
    auto names = r->describe(text);
    if (!names) return Refusal {400, fmt::format("illegal move '{}' in {}", text, r->fen())};
    const int from = ply ? ids[std::size_t(ply - 1)] : 0;
    int id = tree.child(from, names->text);
    if (!id) {
        const Color side = r->side_to_move();
        const TreeNode* p = tree.node(from);
        const int turn = p ? p->move.turn + (p->move.side != side) : 0;
        id = tree.add(from, {names->text, names->san, side, turn, 0});
    }
    lineEnd = id;
    shownPly = ply + 1;
    return id;
}

std::optional<Refusal> GameRecord::take_back(int ply) {
    const auto& main = tree.mainline();
    if (ply < 0 || ply > int(main.size()))
        return Refusal {
            400, fmt::format("no position at move {} (the game has {})", ply, main.size())};
    std::vector<std::string> texts = mainline_texts();
    texts.resize(std::size_t(ply));
    auto played = replay(variantName, startFen, texts, &tree);
    if (auto* no = std::get_if<Refusal>(&played)) return *no;
    auto& [referee, list] = std::get<Replayed>(played);
    tree.sync_mainline(list);
    game = std::move(referee);
    manualEnd = {};
    clocks.start_turn();
    drop_gone_cursor();
    return std::nullopt;
}

void GameRecord::resign(Color side) {
    manualEnd = {side == WHITE ? Result::BLACK_WINS : Result::WHITE_WINS,
        fmt::format("{} resigns", game->side_name(side))};
}

void GameRecord::agree_draw() { manualEnd = {Result::DRAW, "Draw by agreement"}; }

bool GameRecord::flag_fall() {
    if (!clocks.on() || over()) return false;
    const Color c = to_move();
    if (clock_left(c) >= 0) return false;
    clocks.settle(c);
    manualEnd = {c == WHITE ? Result::BLACK_WINS : Result::WHITE_WINS,
        fmt::format("{} loses on time", game->side_name(c))};
    return true;
}

// ---- The line shown -----------------------------------------------------------------------

void GameRecord::drop_gone_cursor() {
    if (!tree.node(lineEnd)) lineEnd = 0;
}

std::optional<Refusal> GameRecord::show_line(int id) {
    if (id != 0 && !tree.node(id)) return Refusal {404, fmt::format("no move {} in the tree", id)};
    lineEnd = id;
    shownPly = int(tree.path(id).size());
    return std::nullopt;
}

std::optional<Refusal> GameRecord::view(int ply) {
    const auto ids = line();
    if (ply < 0 || ply > int(ids.size()))
        return Refusal {
            400, fmt::format("no position at move {} (the line has {})", ply, ids.size())};
    shownPly = ply == int(ids.size()) ? std::nullopt : std::optional<int>(ply);
    return std::nullopt;
}

std::optional<Refusal> GameRecord::cut(int id) {
    const TreeNode* n = tree.node(id);
    if (!n) return Refusal {404, fmt::format("no move {} in the tree", id)};
    if (tree.on_mainline(id))
        return Refusal {409, "the game's own moves are not cut (take them back with undo)"};
    const int parent = n->parent;
    const auto ids = line();
    const bool onLine = std::find(ids.begin(), ids.end(), id) != ids.end();
    tree.erase(id);
    drop_gone_cursor();
    if (onLine) {
        lineEnd = parent;
        shownPly.reset();
    }
    return std::nullopt;
}

int GameRecord::shown_ply() const {
    const int n = int(line().size());
    return shownPly && *shownPly <= n ? *shownPly : n;
}

int GameRecord::line_node(int ply) const { return ply ? line()[std::size_t(ply - 1)] : 0; }

Shown GameRecord::shown(std::optional<int> ply) const {
    Shown out;
    const auto ids = line();
    out.ply = ply ? std::clamp(*ply, 0, int(ids.size())) : shown_ply();
    const int at = out.ply ? ids[std::size_t(out.ply - 1)] : 0;
    out.gameEnd = at == tree.main_end();
    if (out.gameEnd) out.referee = game.get();
    else {
        out.owned = referee_at(ids, out.ply);
        out.referee = out.owned.get();
    }
    out.outcome = out.gameEnd ? outcome() : out.referee->outcome();
    return out;
}

// ---- The game -----------------------------------------------------------------------------

std::string GameRecord::start_fen() const {
    return startFen.empty() ? game->spec().startFen : startFen;
}

Outcome GameRecord::outcome() const { return manualEnd.over() ? manualEnd : game->outcome(); }

std::vector<std::string> GameRecord::mainline_texts() const {
    std::vector<std::string> out;
    for (int id : tree.mainline()) out.push_back(tree.node(id)->move.text);
    return out;
}

std::vector<std::string> GameRecord::texts_to(int node) const {
    std::vector<std::string> out;
    for (int id : tree.path(node)) out.push_back(tree.node(id)->move.text);
    return out;
}

std::unique_ptr<Referee> GameRecord::referee_at(const std::vector<int>& ids, int ply) const {
    auto r = make_referee(variantName);
    [[maybe_unused]] auto e = r->set_position(startFen);
    for (int i = 0; i < ply; ++i)
        [[maybe_unused]] auto e2 = r->play(tree.node(ids[std::size_t(i)])->move.text);
    return r;
}

std::unique_ptr<Referee> GameRecord::position_at(int node) const {
    const auto ids = tree.path(node);
    return referee_at(ids, int(ids.size()));
}

std::vector<std::string> GameRecord::san_line(int node, const std::vector<std::string>& pv) const {
    std::vector<std::string> out;
    auto r = position_at(node);
    for (const auto& text : pv) {
        auto names = r->describe(text);
        if (!names || r->play(names->text)) break;
        out.push_back(names->san);
    }
    return out;
}

std::int64_t GameRecord::clock_left(Color c) const {
    return clocks.left(c, over() ? std::nullopt : std::optional<Color>(to_move()));
}

} // namespace hq::serve
