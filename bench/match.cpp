// SPDX-License-Identifier: GPL-3.0-or-later
#include "match.h"

#include "command_line.h"
#include "commands.h"
#include "engine/io.h"
#include "match_game.h"
#include "openings.h"
#include "pgn_check.h"
#include "protocol/client/engine_driver.h"
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
#include <thread>
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
    return plan;
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

class Tournament {
public:
    Tournament(const MatchOptions& o, const LineSink& out, bool progress)
        : opt(o)
        , console(out, progress) { }

    MatchSummary run();

private:
    void worker();
    void record(const GamePlan& plan, const GameResult& r);
    void print_standings();
    bool pentanomial_sprt() const;
    double sprt_llr() const;
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
    int lastStandings = -1;
    std::map<int, int> pairHalves; // pair -> engine 0's half points in the game done first
    Clock::time_point started;
};

void Tournament::fail(const std::string& why) {
    std::lock_guard lock(m);
    if (summary.error.empty()) summary.error = why;
    abort = true;
}

MatchSummary Tournament::run() {
    started = Clock::now();
    // Errors before the first game: nothing was played.
    auto refuse = [&](const std::string& why) {
        summary.error = why;
        console.line("error: " + why);
        return summary;
    };
    if (!opt.pgnOut.empty())
        if (auto err = check_appendable(opt.pgnOut)) return refuse(*err);
    auto referee = make_referee(opt.variant);
    if (!referee) return refuse("unknown variant " + opt.variant);
    spec = referee->spec();
    auto load = load_openings(opt.openings, opt.variant);
    if (!load.error.empty()) return refuse(load.error);
    openings = std::move(load.openings);
    std::uint64_t seed = opt.seedGiven ? opt.seed : std::uint64_t(std::random_device {}());
    plan = make_plan(opt, int(openings.size()), seed);

    // Every engine is started once first: a bad command or an engine that does not play
    // the variant stops the match before any game, and the names become known.
    summary.names.resize(opt.engines.size());
    for (std::size_t i = 0; i < opt.engines.size(); ++i) {
        auto d = make_driver(opt.engines[i], spec, {});
        if (auto err = d->start()) return refuse(*err);
        summary.names[i] = d->name();
        d->stop_process();
    }
    std::map<std::string, int> seen;
    for (auto& name : summary.names)
        if (++seen[name] > 1) name += fmt::format(" ({})", seen[name]);
    summary.perEngine.assign(opt.engines.size(), {});

    console.line(fmt::format("Started {} games of {} between {}{}", plan.size(), opt.variant,
        summary.names[0],
        opt.engines.size() == 2 ? " and " + summary.names[1]
                                : fmt::format(" and {} others", opt.engines.size() - 1)));
    if (opt.openings.random && !opt.seedGiven)
        console.line(fmt::format("Random opening order with seed {}", seed));

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

    std::lock_guard lock(m);
    if (lastStandings != int(summary.games.size()) && !summary.games.empty()) print_standings();
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
    FinishedGame f {gp.number, gp.white, gp.black, r.result, r.termination, r.reason};
    summary.games.push_back(f);
    auto& w = summary.perEngine[gp.white];
    auto& b = summary.perEngine[gp.black];
    switch (r.result) {
    case Result::WHITE_WINS: ++w.wins, ++b.losses; break;
    case Result::BLACK_WINS: ++w.losses, ++b.wins; break;
    default: ++w.draws, ++b.draws;
    }
    if (opt.engines.size() >= 2
        && ((gp.white == 0 && gp.black == 1) || (gp.white == 1 && gp.black == 0))) {
        bool firstWhite = gp.white == 0;
        auto& s = summary.firstVsSecond;
        int halves = 1;
        if (r.result == Result::DRAW) ++s.draws;
        else if ((r.result == Result::WHITE_WINS) == firstWhite) ++s.wins, halves = 2;
        else ++s.losses, halves = 0;
        if (gp.pair >= 0) {
            auto [it, first] = pairHalves.emplace(gp.pair, halves);
            if (!first) {
                summary.pairs.add(it->second, halves);
                pairHalves.erase(it);
            }
        }
    }
    if (!opt.pgnOut.empty()) {
        std::ofstream out(opt.pgnOut, std::ios::app);
        out << pgn_text(r.pgn);
        if (!out) {
            summary.error = "cannot write " + opt.pgnOut;
            abort = true;
        }
    }
    console.line(fmt::format("Finished game {} ({} vs {}): {} {{{}}}", gp.number,
        summary.names[gp.white], summary.names[gp.black], result_text(r.result), r.reason));

    int done = int(summary.games.size());
    if (opt.ratingInterval > 0 && done % opt.ratingInterval == 0) print_standings();
    if (opt.sprt.enabled && !summary.sprtDecided) {
        Sprt sprt {opt.sprt.elo0, opt.sprt.elo1, opt.sprt.alpha, opt.sprt.beta};
        auto d = sprt.decide_llr(sprt_llr());
        if (d != Sprt::Decision::CONTINUE) {
            summary.sprtDecided = true;
            summary.sprtVerdict = fmt::format(
                "{} accepted after {} games", d == Sprt::Decision::ACCEPT_H1 ? "H1" : "H0", done);
            if (lastStandings != done) print_standings();
            console.line(fmt::format("SPRT: {}{}", summary.sprtVerdict,
                opt.sprt.stop ? "" : " (the match plays on: -sprt stop=false)"));
            if (opt.sprt.stop) abort = true;
        }
    }
}

// The SPRT's model: pentanomial when games come in pairs, unless trinomial is asked for.
bool Tournament::pentanomial_sprt() const {
    if (!opt.sprt.model.empty()) return opt.sprt.model == "pentanomial";
    return opt.repeat && opt.games % 2 == 0;
}

double Tournament::sprt_llr() const {
    Sprt sprt {opt.sprt.elo0, opt.sprt.elo1, opt.sprt.alpha, opt.sprt.beta};
    return pentanomial_sprt() ? sprt.llr_pairs(summary.pairs) : sprt.llr(summary.firstVsSecond);
}

void Tournament::print_standings() {
    lastStandings = int(summary.games.size());
    if (opt.engines.size() == 2) {
        const Wdl& s = summary.firstVsSecond;
        auto e = estimate_elo(s);
        console.line(fmt::format("Score of {} vs {}: {} - {} - {}  [{:.3f}] {}", summary.names[0],
            summary.names[1], s.wins, s.losses, s.draws, s.score(), s.games()));
        console.line(fmt::format("Elo difference: {} +/- {}, LOS: {:.1f} %, DrawRatio: {:.1f} %",
            elo_text(e.elo), margin_text(e.margin), e.los * 100,
            s.games() ? 100.0 * s.draws / s.games() : 0.0));
        const Pentanomial& p = summary.pairs;
        if (p.pairs() > 0) {
            auto pe = estimate_elo_pairs(p);
            console.line(
                fmt::format("Ptnml(0-2): [{}, {}, {}, {}, {}], pairs {}; Elo (pentanomial): "
                            "{} +/- {}, LOS: {:.1f} %",
                    p.counts[0], p.counts[1], p.counts[2], p.counts[3], p.counts[4], p.pairs(),
                    elo_text(pe.elo), margin_text(pe.margin), pe.los * 100));
        }
    } else {
        console.line(fmt::format("{:>4} {:<30} {:>8} {:>8} {:>6} {:>7} {:>7}", "Rank", "Name",
            "Elo", "+/-", "Games", "Score", "Draw"));
        std::vector<int> idx(opt.engines.size());
        std::iota(idx.begin(), idx.end(), 0);
        std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) {
            return summary.perEngine[a].score() > summary.perEngine[b].score();
        });
        int rank = 0;
        for (int i : idx) {
            const Wdl& s = summary.perEngine[i];
            auto e = estimate_elo(s);
            console.line(fmt::format("{:>4} {:<30} {:>8} {:>8} {:>6} {:>6.1f}% {:>6.1f}%", ++rank,
                summary.names[i], elo_text(e.elo), margin_text(e.margin), s.games(),
                s.score() * 100, s.games() ? 100.0 * s.draws / s.games() : 0.0));
        }
    }
    if (opt.sprt.enabled) {
        Sprt sprt {opt.sprt.elo0, opt.sprt.elo1, opt.sprt.alpha, opt.sprt.beta};
        console.line(fmt::format("SPRT ({}, logistic, elo0 {:g} elo1 {:g} alpha {:g} beta {:g}): "
                                 "LLR {:.2f}, bounds [{:.2f}, {:.2f}]{}",
            pentanomial_sprt() ? "pentanomial" : "trinomial", sprt.elo0, sprt.elo1, sprt.alpha,
            sprt.beta, sprt_llr(), sprt.lower_bound(), sprt.upper_bound(),
            summary.sprtVerdict.empty() ? "" : "; " + summary.sprtVerdict));
    }
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

int match_command(const std::vector<std::string>& args) {
    if (args.size() == 2 && args[0] == "-checkpgn") return check_pgn_command(args[1]);
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
            " [-ratinginterval N] [-recover] [-seed N]");
    LineSink sink = [](const std::string& l) { print_line(l); };
    std::signal(SIGINT, on_interrupt);
    std::signal(SIGTERM, on_interrupt);
    auto summary = run_match(*parsed.options, sink, isatty(STDOUT_FILENO) == 1);
    return summary.error.empty() ? 0 : 1;
}

} // namespace hq
