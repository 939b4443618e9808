// SPDX-License-Identifier: GPL-3.0-or-later
#include "match.h"

#include "command_line.h"
#include "commands.h"
#include "engine/io.h"
#include "engine/text.h"
#include "match_game.h"
#include "openings.h"
#include "pgn_check.h"
#include "protocol/client/make_driver.h"
#include "variants/registry.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <map>
#include <mutex>
#include <numeric>
#include <random>
#include <set>
#include <sstream>
#include <thread>
#include <tuple>
#include <unistd.h>

namespace hq {

namespace {

using Clock = std::chrono::steady_clock;

// Whether games can be appended to the PGN file, asked before the first game (a file
// that was not there is created to find out, and removed again).
std::optional<std::string> check_appendable(const std::string& path) {
    int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
    bool created = false;
    if (fd < 0 && errno == ENOENT) {
        fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
        created = fd >= 0;
    }
    if (fd < 0) return fmt::format("-pgnout: cannot write {}: {}", path, std::strerror(errno));
    ::close(fd);
    if (created) ::unlink(path.c_str());
    return std::nullopt;
}

// Set by SIGINT/SIGTERM during `harlequin match`: the games in progress are abandoned
// between moves and every engine is told to quit (and killed if it does not), so none is
// left behind. A second Ctrl-C kills the runner at once.
volatile std::sig_atomic_t interrupted = 0;

extern "C" void on_interrupt(int sig) {
    interrupted = 1;
    std::signal(sig, SIG_DFL);
}

struct GamePlan {
    int number = 0;
    int white = 0, black = 0;
    int opening = 0;
    int pair = -1; // with -repeat: the number of the pair's first game, for both games
    // The game's pair in the sense of -shard (the two games of an opening with -repeat, or
    // a game alone): its number from 1 in the plan, the game's place in it and its size.
    int unit = 0, unitGame = 1, unitSize = 1;
};

// The schedule: for each round, each pairing plays `games` games, colours alternating;
// with -repeat, games 2k and 2k+1 of an encounter share an opening. Openings are taken
// in file order or in a seeded random order, cycling when they run out.
std::vector<GamePlan> make_plan(const MatchOptions& o, int openingCount, std::uint64_t seed) {
    std::vector<std::pair<int, int>> pairs;
    int n = int(o.engines.size());
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j)
            if (!o.gauntlet || i == 0) pairs.emplace_back(i, j);
    std::vector<int> order(openingCount);
    std::iota(order.begin(), order.end(), 0);
    if (o.openings.random) {
        std::mt19937_64 rng(seed);
        std::shuffle(order.begin(), order.end(), rng);
    }
    std::vector<GamePlan> plan;
    int nextOpening = 0, current = 0;
    for (int r = 0; r < o.rounds; ++r)
        for (auto [a, b] : pairs)
            for (int k = 0; k < o.games; ++k) {
                if (!o.repeat || k % 2 == 0) current = order[nextOpening++ % openingCount];
                bool flip = (k + (o.games % 2 ? r : 0)) % 2;
                GamePlan g;
                g.number = int(plan.size()) + 1;
                g.white = flip ? b : a;
                g.black = flip ? a : b;
                g.opening = current;
                if (o.repeat && k % 2 == 0 && k + 1 < o.games) g.pair = g.number;
                else if (o.repeat && k % 2 == 1) g.pair = g.number - 1;
                plan.push_back(g);
            }
    int unit = 0;
    for (GamePlan& g : plan) {
        bool second = g.pair >= 0 && g.pair != g.number;
        if (!second) ++unit;
        g.unit = unit;
        g.unitGame = second ? 2 : 1;
        g.unitSize = g.pair >= 0 ? 2 : 1;
    }
    return plan;
}

// The match's identity for -merge: a hash of every setting that shapes its games and
// statistics (engines and their limits, game, schedule, openings, adjudication, SPRT,
// seed), that is all but -shard, -pgnout, -concurrency, -ratinginterval, -event, -debug.
std::string match_identity(const MatchOptions& o, std::uint64_t seed) {
    std::string s;
    auto add = [&](const auto&... parts) { ((s += fmt::format("{}\x1f", parts)), ...); };
    for (const EngineConfig& e : o.engines) {
        add("engine", e.name, e.cmd, e.dir, e.proto, e.tc.pgn(), e.moveTime, e.depth, e.nodes,
            e.timeMarginMs);
        for (const auto& a : e.args) add("arg", a);
        for (const auto& [k, v] : e.options) add("option", k, v);
    }
    add(o.variant, o.games, o.rounds, o.repeat, o.gauntlet, o.openings.file, o.openings.format,
        o.openings.random, o.openings.plies);
    add(o.draw.enabled, o.draw.moveNumber, o.draw.moveCount, o.draw.score, o.resign.enabled,
        o.resign.moveCount, o.resign.score, o.resign.twoSided, o.maxMoves);
    add(o.sprt.enabled, o.sprt.elo0, o.sprt.elo1, o.sprt.alpha, o.sprt.beta, o.sprt.model);
    add(o.recover, seed, o.stallTimeout);
    std::uint64_t h = 14695981039346656037ULL; // FNV-1a
    for (unsigned char c : s) h = (h ^ c) * 1099511628211ULL;
    return fmt::format("{:016x}", h);
}

// "1, 3, 5", at most 20 numbers and how many more.
std::string number_list(const std::vector<int>& numbers) {
    std::string s;
    for (std::size_t i = 0; i < numbers.size() && i < 20; ++i)
        s += (i ? ", " : "") + std::to_string(numbers[i]);
    if (numbers.size() > 20) s += fmt::format(" and {} more", numbers.size() - 20);
    return s;
}

// An engine's limits as the MatchLimits tag lists them: "tc=40/60+0.6", "nodes=5000", ...
std::string limits_text(const EngineConfig& e) {
    std::string s;
    auto add = [&](const std::string& part) { s += (s.empty() ? "" : " ") + part; };
    if (!e.tc.infinite) add("tc=" + e.tc.pgn());
    if (e.moveTime > 0) add(fmt::format("st={:g}", e.moveTime));
    if (e.depth > 0) add(fmt::format("depth={}", e.depth));
    if (e.nodes > 0) add(fmt::format("nodes={}", e.nodes));
    return s;
}

// Whether an engine plays the same game every time from the same position: limited by nodes
// or depth alone, on one thread (a clock makes every game different; so do threads).
bool deterministic(const EngineConfig& e) {
    if (!e.tc.infinite || e.moveTime > 0) return false;
    for (const auto& [name, value] : e.options)
        if (to_lower(name) == "threads" && value != "1") return false; // UCI names ignore case
    return true;
}

// The games of the plan that replay an earlier one: the same opening, the same engine with
// each colour, and every engine deterministic. Their results are copies that the
// statistics would count as new evidence (an SPRT "accepted" on 200 games played 7 times).
int replayed_games(const MatchOptions& o, const std::vector<GamePlan>& plan) {
    if (!std::all_of(o.engines.begin(), o.engines.end(), deterministic)) return 0;
    std::set<std::tuple<int, int, int>> seen;
    int replays = 0;
    for (const GamePlan& g : plan) replays += !seen.insert({g.opening, g.white, g.black}).second;
    return replays;
}

// The SPRT's model: pentanomial when games come in pairs, unless trinomial is asked for.
bool pentanomial_model(const MatchOptions& o) {
    if (!o.sprt.model.empty()) return o.sprt.model == "pentanomial";
    return o.repeat && o.games % 2 == 0;
}

std::string clock_text(double seconds) {
    long s = std::lround(std::max(0.0, seconds));
    return s >= 3600 ? fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
                     : fmt::format("{}:{:02}", s / 60, s % 60);
}

std::string margin_text(double m) {
    if (std::isnan(m)) return "nan";
    if (std::isinf(m)) return "inf";
    return fmt::format("{:.1f}", m);
}

// Lines out, and on a terminal a status line kept at the bottom.
class Console {
public:
    Console(const LineSink& sink, bool progress)
        : sink(sink)
        , progress(progress) { }
    void line(const std::string& s) {
        std::lock_guard lock(m);
        if (progress) std::fputs("\r\033[K", stdout);
        sink(s);
        if (progress) draw();
    }
    void set_status(std::string s) {
        if (!progress) return;
        std::lock_guard lock(m);
        status = std::move(s);
        std::fputs("\r\033[K", stdout);
        draw();
    }
    // Removes the status line for good.
    void clear() {
        if (!progress) return;
        std::lock_guard lock(m);
        status.clear();
        std::fputs("\r\033[K", stdout);
        std::fflush(stdout);
    }

private:
    void draw() {
        std::fputs(status.c_str(), stdout);
        std::fflush(stdout);
    }
    const LineSink& sink;
    bool progress;
    std::mutex m;
    std::string status;
};

// The standings of the games played so far: each game's result counted (per engine, engine
// 0 against engine 1, game pairs), the standings printed every -ratinginterval games, and the
// SPRT decided. A run counts its games as they finish; -merge counts a shard's games in the
// order of their numbers, as a run at -concurrency 1 finishes them.
class Tally {
public:
    Tally(
        const MatchOptions& o, MatchSummary& summary, std::function<void(const std::string&)> line)
        : opt(o)
        , summary(summary)
        , line(std::move(line)) { }

    void count(const GamePlan& gp, Result result, std::string termination, std::string reason);
    // After a game's line: the standings every -ratinginterval games, and the SPRT's
    // decision once it comes (`note` follows its line). True when it decided just now.
    bool after_game(const std::string& note);
    void print_standings();
    // Whether the standings printed last count every game.
    [[nodiscard]] bool current() const { return lastStandings == int(summary.games.size()); }

private:
    double sprt_llr() const;

    const MatchOptions& opt;
    MatchSummary& summary;
    std::function<void(const std::string&)> line;
    int lastStandings = -1;
    std::map<int, int> pairHalves; // pair -> engine 0's half points in the game done first
};

void Tally::count(const GamePlan& gp, Result result, std::string termination, std::string reason) {
    FinishedGame f {
        gp.number, gp.white, gp.black, result, std::move(termination), std::move(reason)};
    summary.games.push_back(f);
    auto& w = summary.perEngine[gp.white];
    auto& b = summary.perEngine[gp.black];
    switch (result) {
    case Result::WHITE_WINS: ++w.wins, ++b.losses; break;
    case Result::BLACK_WINS: ++w.losses, ++b.wins; break;
    default: ++w.draws, ++b.draws;
    }
    if (opt.engines.size() >= 2
        && ((gp.white == 0 && gp.black == 1) || (gp.white == 1 && gp.black == 0))) {
        bool firstWhite = gp.white == 0;
        auto& s = summary.firstVsSecond;
        int halves = 1;
        if (result == Result::DRAW) ++s.draws;
        else if ((result == Result::WHITE_WINS) == firstWhite) ++s.wins, halves = 2;
        else ++s.losses, halves = 0;
        if (gp.pair >= 0) {
            auto [it, first] = pairHalves.emplace(gp.pair, halves);
            if (!first) {
                summary.pairs.add(it->second, halves);
                pairHalves.erase(it);
            }
        }
    }
}

bool Tally::after_game(const std::string& note) {
    int done = int(summary.games.size());
    if (opt.ratingInterval > 0 && done % opt.ratingInterval == 0) print_standings();
    if (!opt.sprt.enabled || summary.sprtDecided) return false;
    Sprt sprt {opt.sprt.elo0, opt.sprt.elo1, opt.sprt.alpha, opt.sprt.beta};
    auto d = sprt.decide_llr(sprt_llr());
    if (d == Sprt::Decision::CONTINUE) return false;
    summary.sprtDecided = true;
    summary.sprtVerdict = fmt::format(
        "{} accepted after {} games", d == Sprt::Decision::ACCEPT_H1 ? "H1" : "H0", done);
    if (!current()) print_standings();
    line(fmt::format("SPRT: {}{}", summary.sprtVerdict, note));
    return true;
}

double Tally::sprt_llr() const {
    Sprt sprt {opt.sprt.elo0, opt.sprt.elo1, opt.sprt.alpha, opt.sprt.beta};
    return pentanomial_model(opt) ? sprt.llr_pairs(summary.pairs) : sprt.llr(summary.firstVsSecond);
}

void Tally::print_standings() {
    lastStandings = int(summary.games.size());
    if (opt.engines.size() == 2) {
        const Wdl& s = summary.firstVsSecond;
        auto e = estimate_elo(s);
        line(fmt::format("Score of {} vs {}: {} - {} - {}  [{:.3f}] {}", summary.names[0],
            summary.names[1], s.wins, s.losses, s.draws, s.score(), s.games()));
        line(fmt::format("Elo difference: {} +/- {}, LOS: {:.1f} %, DrawRatio: {:.1f} %",
            elo_text(e.elo), margin_text(e.margin), e.los * 100,
            s.games() ? 100.0 * s.draws / s.games() : 0.0));
        const Pentanomial& p = summary.pairs;
        if (p.pairs() > 0) {
            auto pe = estimate_elo_pairs(p);
            line(fmt::format("Ptnml(0-2): [{}, {}, {}, {}, {}], pairs {}; Elo (pentanomial): "
                             "{} +/- {}, LOS: {:.1f} %",
                p.counts[0], p.counts[1], p.counts[2], p.counts[3], p.counts[4], p.pairs(),
                elo_text(pe.elo), margin_text(pe.margin), pe.los * 100));
        }
    } else {
        line(fmt::format("{:>4} {:<30} {:>8} {:>8} {:>6} {:>7} {:>7}", "Rank", "Name", "Elo", "+/-",
            "Games", "Score", "Draw"));
        std::vector<int> idx(opt.engines.size());
        std::iota(idx.begin(), idx.end(), 0);
        std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) {
            return summary.perEngine[a].score() > summary.perEngine[b].score();
        });
        int rank = 0;
        for (int i : idx) {
            const Wdl& s = summary.perEngine[i];
            auto e = estimate_elo(s);
            line(fmt::format("{:>4} {:<30} {:>8} {:>8} {:>6} {:>6.1f}% {:>6.1f}%", ++rank,
                summary.names[i], elo_text(e.elo), margin_text(e.margin), s.games(),
                s.score() * 100, s.games() ? 100.0 * s.draws / s.games() : 0.0));
        }
    }
    if (opt.sprt.enabled) {
        Sprt sprt {opt.sprt.elo0, opt.sprt.elo1, opt.sprt.alpha, opt.sprt.beta};
        line(fmt::format("SPRT ({}, logistic, elo0 {:g} elo1 {:g} alpha {:g} beta {:g}): "
                         "LLR {:.2f}, bounds [{:.2f}, {:.2f}]{}",
            pentanomial_model(opt) ? "pentanomial" : "trinomial", sprt.elo0, sprt.elo1, sprt.alpha,
            sprt.beta, sprt_llr(), sprt.lower_bound(), sprt.upper_bound(),
            summary.sprtVerdict.empty() ? "" : "; " + summary.sprtVerdict));
    }
}

class Tournament {
public:
    Tournament(const MatchOptions& o, const LineSink& out, bool progress)
        : opt(o)
        , console(out, progress) { }

    MatchSummary run();

private:
    // Before the first game: the openings, the plan, every engine started once; the error
    // when the match cannot start.
    std::optional<std::string> prepare(std::uint64_t& seed, int& gamesInMatch);
    void make_shard_tags(std::uint64_t seed, int gamesInMatch);
    void announce(std::uint64_t seed);
    // Every game of the plan, `opt.concurrency` at once, with the status line ticking.
    void play_games();
    void worker();
    void record(const GamePlan& plan, const GameResult& r);
    std::string status_text();
    void fail(const std::string& why);

    const MatchOptions& opt;
    Console console;
    VariantSpec spec;
    std::vector<Opening> openings;
    std::vector<GamePlan> plan;
    std::atomic<std::size_t> next {0};
    std::atomic<bool> abort {false};
    std::mutex m; // guards everything below
    MatchSummary summary;
    Tally tally {opt, summary, [this](const std::string& l) { console.line(l); }};
    // -shard: the tags the merge reads, the same in every game of the match.
    std::vector<std::pair<std::string, std::string>> shardTags;
    int pairsInMatch = 0;
    Clock::time_point started;
};

void Tournament::fail(const std::string& why) {
    std::lock_guard lock(m);
    if (summary.error.empty()) summary.error = why;
    abort = true;
}

std::optional<std::string> Tournament::prepare(std::uint64_t& seed, int& gamesInMatch) {
    if (!opt.pgnOut.empty())
        if (auto err = check_appendable(opt.pgnOut)) return err;
    auto referee = make_referee(opt.variant);
    if (!referee) return "unknown variant " + opt.variant;
    spec = referee->spec();
    auto load = load_openings(opt.openings, opt.variant);
    if (!load.error.empty()) return load.error;
    openings = std::move(load.openings);
    seed = opt.seedGiven ? opt.seed : std::uint64_t(std::random_device {}());
    plan = make_plan(opt, int(openings.size()), seed);
    gamesInMatch = int(plan.size());
    pairsInMatch = plan.empty() ? 0 : plan.back().unit;
    if (opt.shards > 0)
        std::erase_if(
            plan, [&](const GamePlan& g) { return (g.unit - 1) % opt.shards != opt.shard - 1; });
    // Every engine is started once first: a bad command or an engine that does not play
    // the variant stops the match before any game, and the names become known.
    summary.names.resize(opt.engines.size());
    for (std::size_t i = 0; i < opt.engines.size(); ++i) {
        auto d = make_driver(opt.engines[i], spec, {});
        if (auto err = d->start()) return err;
        summary.names[i] = d->name();
        d->stop_process();
    }
    std::map<std::string, int> seen;
    for (auto& name : summary.names)
        if (++seen[name] > 1) name += fmt::format(" ({})", seen[name]);
    summary.perEngine.assign(opt.engines.size(), {});
    return std::nullopt;
}

void Tournament::make_shard_tags(std::uint64_t seed, int gamesInMatch) {
    shardTags = {{"MatchId", match_identity(opt, seed)},
        {"MatchShard", fmt::format("{}/{}", opt.shard, opt.shards)},
        {"MatchSeed", std::to_string(seed)}, {"MatchGames", std::to_string(gamesInMatch)},
        {"MatchPairs", std::to_string(pairsInMatch)},
        {"MatchEngines", std::to_string(opt.engines.size())}};
    std::string limits;
    for (std::size_t i = 0; i < opt.engines.size(); ++i) {
        shardTags.emplace_back(fmt::format("MatchEngine{}", i + 1), summary.names[i]);
        limits += (i ? "; " : "") + limits_text(opt.engines[i]);
    }
    shardTags.emplace_back("MatchLimits", limits);
    shardTags.emplace_back("MatchModel", pentanomial_model(opt) ? "pentanomial" : "trinomial");
    if (opt.sprt.enabled)
        shardTags.emplace_back("MatchSprt",
            fmt::format("elo0={:g} elo1={:g} alpha={:g} beta={:g}", opt.sprt.elo0, opt.sprt.elo1,
                opt.sprt.alpha, opt.sprt.beta));
    std::vector<int> mine;
    for (const GamePlan& g : plan)
        if (g.unitGame == 1) mine.push_back(g.unit);
    console.line(fmt::format("Shard {} of {}: {} of the match's {} games, pairs {} of {}",
        opt.shard, opt.shards, plan.size(), gamesInMatch,
        mine.empty() ? "(none)" : number_list(mine), pairsInMatch));
}

void Tournament::announce(std::uint64_t seed) {
    console.line(fmt::format("Started {} games of {} between {}{}", plan.size(), opt.variant,
        summary.names[0],
        opt.engines.size() == 2 ? " and " + summary.names[1]
                                : fmt::format(" and {} others", opt.engines.size() - 1)));
    if (opt.openings.random && !opt.seedGiven)
        console.line(fmt::format("Random opening order with seed {}", seed));
    if (const int replays = replayed_games(opt, plan))
        console.line(fmt::format("Warning: {} of the {} games replay an earlier game (the same "
                                 "opening and colours, and every engine limited by nodes or "
                                 "depth alone plays it the same way): their results are copies, "
                                 "not new games. Give more openings (harlequin openings -count "
                                 "N) or fewer rounds.",
            replays, plan.size()));
    if (opt.maxMovesByGame)
        console.line(fmt::format("A game still on after {} moves of each side is drawn by "
                                 "adjudication (the rules of {} do not bound a game's length; "
                                 "-maxmoves N changes it)",
            opt.maxMoves, opt.variant));
}

void Tournament::play_games() {
    std::mutex tickMutex;
    std::condition_variable tick;
    bool finished = false;
    std::thread ticker([&] {
        std::unique_lock lock(tickMutex);
        while (!finished) {
            if (interrupted && !abort) fail("interrupted");
            console.set_status(status_text());
            tick.wait_for(lock, std::chrono::seconds(1));
        }
    });
    std::vector<std::thread> workers;
    int threads = std::min<int>(opt.concurrency, int(plan.size()));
    for (int t = 0; t < threads; ++t) workers.emplace_back([this] { worker(); });
    for (auto& w : workers) w.join();
    {
        std::lock_guard lock(tickMutex);
        finished = true;
    }
    tick.notify_all();
    ticker.join();
    console.clear();
}

MatchSummary Tournament::run() {
    started = Clock::now();
    std::uint64_t seed = 0;
    int gamesInMatch = 0;
    if (auto err = prepare(seed, gamesInMatch)) { // nothing was played
        summary.error = *err;
        console.line("error: " + *err);
        return summary;
    }
    if (opt.shards > 0) make_shard_tags(seed, gamesInMatch);
    announce(seed);
    play_games();
    std::lock_guard lock(m);
    if (!tally.current() && !summary.games.empty()) tally.print_standings();
    if (!summary.error.empty()) console.line("Match stopped: " + summary.error);
    console.line(
        fmt::format("Finished match: {} of {} games played", summary.games.size(), plan.size()));
    return summary;
}

void Tournament::worker() {
    std::vector<std::unique_ptr<EngineDriver>> drivers(opt.engines.size());
    TrafficLog log;
    if (opt.debug) log = [](const std::string& l) { std::fprintf(stderr, "%s\n", l.c_str()); };
    while (!abort) {
        std::size_t idx = next++;
        if (idx >= plan.size()) break;
        const GamePlan& gp = plan[idx];
        bool ready = true;
        for (int i : {gp.white, gp.black}) {
            auto& d = drivers[i];
            if (d && d->usable()) continue;
            d = make_driver(opt.engines[i], spec, log);
            d->set_name(summary.names[i]);
            if (auto err = d->start()) {
                fail(*err);
                ready = false;
                break;
            }
        }
        if (!ready) break;
        GameResult r = play_game(
            opt, gp.number, openings[gp.opening], *drivers[gp.white], *drivers[gp.black], abort);
        if (r.aborted) break;
        record(gp, r);
        for (Color c : {WHITE, BLACK}) {
            int i = c == WHITE ? gp.white : gp.black;
            if (r.crashed[c] && !opt.recover)
                fail(fmt::format(
                    "engine {} crashed (use -recover to restart it)", summary.names[i]));
            // A crashed engine is restarted (-recover), a stuck one killed and restarted.
            if (!drivers[i]->usable()) drivers[i].reset();
        }
    }
}

void Tournament::record(const GamePlan& gp, const GameResult& r) {
    std::lock_guard lock(m);
    tally.count(gp, r.result, r.termination, r.reason);
    if (!opt.pgnOut.empty()) {
        PgnGame pgn = r.pgn;
        for (const auto& [name, value] : shardTags) pgn.set_tag(name, value);
        if (opt.shards > 0) {
            pgn.set_tag("MatchPair", std::to_string(gp.unit));
            pgn.set_tag("MatchPairGame", fmt::format("{}/{}", gp.unitGame, gp.unitSize));
        }
        std::ofstream out(opt.pgnOut, std::ios::app);
        out << pgn_text(pgn);
        if (!out) {
            summary.error = "cannot write " + opt.pgnOut;
            abort = true;
        }
    }
    console.line(fmt::format("Finished game {} ({} vs {}): {} {{{}}}", gp.number,
        summary.names[gp.white], summary.names[gp.black], result_text(r.result), r.reason));
    std::string note = opt.shards > 0 ? " (in this shard; a shard plays all its games)"
        : opt.sprt.stop               ? ""
                                      : " (the match plays on: -sprt stop=false)";
    if (tally.after_game(note) && opt.sprt.stop && opt.shards == 0) abort = true;
}

std::string Tournament::status_text() {
    std::lock_guard lock(m);
    int done = int(summary.games.size()), total = int(plan.size());
    double elapsed = std::chrono::duration<double>(Clock::now() - started).count();
    std::string s = fmt::format("Games {}/{}", done, total);
    if (opt.engines.size() == 2 && done > 0) {
        const Wdl& r = summary.firstVsSecond;
        auto e = estimate_elo(r);
        s += fmt::format(" | {} {:g} - {:g} {} | Elo {} +/- {}", summary.names[0],
            r.wins + 0.5 * r.draws, r.losses + 0.5 * r.draws, summary.names[1], elo_text(e.elo),
            margin_text(e.margin));
    }
    s += " | " + clock_text(elapsed) + " elapsed";
    if (done > 0) s += ", ~" + clock_text(elapsed / done * (total - done)) + " left";
    return s;
}

} // namespace

MatchSummary run_match(const MatchOptions& options, const LineSink& out, bool progress) {
    Tournament t(options, out, progress);
    return t.run();
}

namespace {

// One game of a shard's PGN as -merge reads it.
struct ShardGame {
    std::string where; // "a.pgn game 3"
    std::map<std::string, std::string> tags;
    int number = 0, pair = 0, pairGame = 0, pairSize = 0;
    Result result = Result::NONE;

    [[nodiscard]] std::string tag(const std::string& name) const {
        auto it = tags.find(name);
        return it == tags.end() ? std::string() : it->second;
    }
};

std::optional<Result> result_from_text(const std::string& text) {
    for (Result r : {Result::WHITE_WINS, Result::BLACK_WINS, Result::DRAW})
        if (result_text(r) == text) return r;
    return std::nullopt;
}

// A whole-string integer in [lo, hi], or nothing.
std::optional<int> int_tag(const std::string& text, int lo, int hi) {
    auto n = parse_number<int>(text);
    if (!n || *n < lo || *n > hi) return std::nullopt;
    return n;
}

// The games of one shard file; the error, if a game is not a shard's finished game.
std::string read_shard_file(const std::string& file, std::vector<ShardGame>& out) {
    std::ifstream in(file);
    if (!in) return fmt::format("cannot open {}", file);
    std::stringstream text;
    text << in.rdbuf();
    auto read = read_pgn(text.str());
    if (!read.error.empty()) return fmt::format("{}: {}", file, read.error);
    if (read.games.empty()) return fmt::format("{}: no games in it", file);
    for (std::size_t i = 0; i < read.games.size(); ++i) {
        ShardGame g;
        g.where = fmt::format("{} game {}", file, i + 1);
        g.tags = read.games[i].tags;
        if (g.tag("MatchId").empty())
            return g.where
                + ": no MatchId tag; only the PGN of `harlequin match -shard K/N "
                  "-pgnout FILE` can be merged";
        auto pairs = int_tag(g.tag("MatchPairs"), 1, 1 << 30);
        auto games = int_tag(g.tag("MatchGames"), 1, 1 << 30);
        auto number = int_tag(g.tag("Round"), 1, games ? *games : 0);
        auto pair = int_tag(g.tag("MatchPair"), 1, pairs ? *pairs : 0);
        std::string pg = g.tag("MatchPairGame");
        auto slash = pg.find('/');
        auto pairGame = int_tag(pg.substr(0, slash), 1, 2);
        auto pairSize = int_tag(slash == std::string::npos ? "" : pg.substr(slash + 1), 1, 2);
        auto result = result_from_text(g.tag("Result"));
        if (!pairs || !games || !number || !pair || !pairGame || !pairSize || *pairGame > *pairSize)
            return g.where
                + ": bad or missing Round, MatchGames, MatchPairs, MatchPair or "
                  "MatchPairGame tag";
        if (!result)
            return fmt::format(
                "{}: result '{}' is not a finished game's", g.where, g.tag("Result"));
        g.number = *number;
        g.pair = *pair;
        g.pairGame = *pairGame;
        g.pairSize = *pairSize;
        g.result = *result;
        out.push_back(std::move(g));
    }
    return {};
}

// The engines' names in the order of the match's -engine arguments.
std::vector<std::string> engine_names(const ShardGame& g) {
    std::vector<std::string> names;
    auto n = int_tag(g.tag("MatchEngines"), 0, 1000);
    for (int i = 1; n && i <= *n; ++i) names.push_back(g.tag(fmt::format("MatchEngine{}", i)));
    return names;
}

// Why `b` is not from the same match as `a`, if it is not.
std::optional<std::string> mixed(const ShardGame& a, const ShardGame& b) {
    struct Field {
        const char* what;
        std::function<std::string(const ShardGame&)> value;
    };
    auto tag = [](const char* name) { return [name](const ShardGame& g) { return g.tag(name); }; };
    const Field fields[] = {
        {"games (Variant)", tag("Variant")},
        {"seeds (MatchSeed)", tag("MatchSeed")},
        {"engines (MatchEngine*)",
            [](const ShardGame& g) {
                std::string s;
                for (const auto& n : engine_names(g)) s += (s.empty() ? "" : ", ") + n;
                return s;
            }},
        {"time controls (MatchLimits)", tag("MatchLimits")},
        {"numbers of games (MatchGames)", tag("MatchGames")},
        {"settings (MatchId: engines' commands and options, schedule, openings, "
         "adjudication, SPRT)",
            tag("MatchId")},
    };
    for (const Field& f : fields)
        if (f.value(a) != f.value(b))
            return fmt::format("{} and {} are from different matches: different {}, '{}' and '{}'",
                a.where, b.where, f.what, f.value(a), f.value(b));
    return std::nullopt;
}

} // namespace

MatchSummary merge_shards(const std::vector<std::string>& files,
    const std::optional<SprtConfig>& sprt, const LineSink& out) {
    MatchSummary summary;
    auto refuse = [&](const std::string& why) {
        summary.error = why;
        out("error: " + why);
        return summary;
    };
    std::vector<ShardGame> games;
    for (const auto& f : files)
        if (auto err = read_shard_file(f, games); !err.empty()) return refuse(err);
    if (games.empty()) return refuse("no shard files given");
    const ShardGame& first = games.front();
    std::map<std::pair<int, int>, const ShardGame*> seen; // (pair, game in pair)
    for (const ShardGame& g : games) {
        if (auto why = mixed(first, g)) return refuse("refusing to merge: " + *why);
        auto [it, fresh] = seen.emplace(std::pair(g.pair, g.pairGame), &g);
        if (!fresh)
            return refuse(fmt::format("refusing to merge: game {} of pair {} is in {} and in {} "
                                      "(a shard given twice, or shards of different -shard N?)",
                g.pairGame, g.pair, it->second->where, g.where));
    }

    // The match as the shards' tags describe it: the engines (by name), the model, the SPRT.
    MatchOptions o;
    summary.names = engine_names(first);
    if (summary.names.size() < 2) return refuse(first.where + ": bad MatchEngines tags");
    o.engines.resize(summary.names.size());
    summary.perEngine.assign(o.engines.size(), {});
    o.sprt.model = first.tag("MatchModel") == "trinomial" ? "trinomial" : "pentanomial";
    if (sprt) {
        std::string model = o.sprt.model;
        o.sprt = *sprt;
        if (o.sprt.model.empty()) o.sprt.model = model;
    } else if (!first.tag("MatchSprt").empty()) {
        auto words = split_words(first.tag("MatchSprt"));
        std::string model = o.sprt.model;
        if (auto err = parse_sprt_settings(words, o.sprt))
            return refuse(first.where + ": MatchSprt: " + *err);
        o.sprt.model = model;
    }
    if (o.sprt.enabled && o.engines.size() != 2) return refuse("-sprt needs exactly two engines");

    // Complete pairs only; the others named.
    const int pairs = *int_tag(first.tag("MatchPairs"), 1, 1 << 30);
    std::vector<int> missing;
    std::vector<const ShardGame*> counted;
    for (int p = 1; p <= pairs; ++p) {
        auto a = seen.find({p, 1});
        if (a == seen.end()) {
            missing.push_back(p);
            continue;
        }
        int size = a->second->pairSize;
        auto b = seen.find({p, 2});
        if (size == 2 && b == seen.end()) {
            missing.push_back(p);
            continue;
        }
        counted.push_back(a->second);
        if (size == 2) counted.push_back(b->second);
    }
    std::sort(counted.begin(), counted.end(),
        [](const ShardGame* a, const ShardGame* b) { return a->number < b->number; });
    std::set<std::string> shards;
    for (const ShardGame& g : games) shards.insert(g.tag("MatchShard"));
    out(fmt::format("Merged {} file{} ({} shards): {} games of {} in match {} ({}), {} of {} pairs "
                    "complete",
        files.size(), files.size() == 1 ? "" : "s", shards.size(), games.size(),
        first.tag("MatchGames"), first.tag("MatchId"), first.tag("Variant"),
        pairs - int(missing.size()), pairs));
    if (!missing.empty())
        out(fmt::format("warning: {} of {} pairs incomplete or missing, left out: pairs {}",
            missing.size(), pairs, number_list(missing)));

    Tally tally(o, summary, [&](const std::string& l) { out(l); });
    for (const ShardGame* g : counted) {
        GamePlan gp;
        gp.number = g->number;
        auto index = [&](const std::string& name) {
            auto it = std::find(summary.names.begin(), summary.names.end(), name);
            return it == summary.names.end() ? -1 : int(it - summary.names.begin());
        };
        gp.white = index(g->tag("White"));
        gp.black = index(g->tag("Black"));
        if (gp.white < 0 || gp.black < 0 || gp.white == gp.black)
            return refuse(fmt::format("{}: White '{}' and Black '{}' are not two of the match's "
                                      "engines",
                g->where, g->tag("White"), g->tag("Black")));
        gp.pair = g->pairSize == 2 ? g->pair : -1;
        tally.count(gp, g->result, g->tag("Termination"), {});
        tally.after_game("");
    }
    if (!summary.games.empty() && !tally.current()) tally.print_standings();
    return summary;
}

namespace {

// harlequin match -merge FILE... [-sprt ...]
int merge_command(const std::vector<std::string>& args) {
    constexpr std::string_view Usage = "harlequin match -merge SHARD.pgn... [-sprt elo0=E0 "
                                       "elo1=E1 [alpha=A] [beta=B] [model=...]]";
    std::vector<std::string> files;
    std::optional<SprtConfig> sprt;
    std::size_t i = 1;
    for (; i < args.size() && args[i] != "-sprt"; ++i) files.push_back(args[i]);
    if (i < args.size()) {
        std::vector<std::string> words(args.begin() + std::ptrdiff_t(i) + 1, args.end());
        sprt.emplace();
        if (auto err = parse_sprt_settings(words, *sprt)) return usage_error(*err, Usage);
    }
    if (files.empty()) return usage_error("-merge: no shard files given", Usage);
    LineSink sink = [](const std::string& l) { print_line(l); };
    return merge_shards(files, sprt, sink).error.empty() ? 0 : 1;
}

} // namespace

int match_command(const std::vector<std::string>& args) {
    if (args.size() == 2 && args[0] == "-checkpgn") return check_pgn_command(args[1]);
    if (!args.empty() && args[0] == "-merge") return merge_command(args);
    if (args.size() == 1 && args[0] == "-variants") { // for scripts: every game, one a line
        for (const auto& v : registered_variants()) println("{}", v.name);
        return 0;
    }
    auto parsed = parse_match_args(args);
    if (!parsed.options)
        return usage_error(parsed.error,
            "harlequin match -engine cmd=PATH [name=N] [proto=uci|xboard] [tc=40/60+0.6]"
            " ... -engine ... [-each ...] [-variant V] [-games N] [-rounds N] [-repeat]"
            " [-openings file=F format=epd|pgn order=random plies=N] [-concurrency N]"
            " [-pgnout FILE] [-draw ...] [-resign ...] [-maxmoves N] [-sprt ...]"
            " [-ratinginterval N] [-recover] [-seed N] [-shard K/N]; or -merge SHARD.pgn...;"
            " harlequin match --help for all");
    LineSink sink = [](const std::string& l) { print_line(l); };
    std::signal(SIGINT, on_interrupt);
    std::signal(SIGTERM, on_interrupt);
    auto summary = run_match(*parsed.options, sink, isatty(STDOUT_FILENO) == 1);
    return summary.error.empty() ? 0 : 1;
}

} // namespace hq
