// SPDX-License-Identifier: GPL-3.0-or-later
#include "datagen.h"

#include "pgn_games.h"

#include "command_line.h"
#include "commands.h"
#include "engine/io.h"
#include "engine/leaf_sampler.h"
#include "engine/random.h"
#include "engine/text.h"
#include "game_records.h"
#include "openings.h"
#include "training_data.h"
#include "variants/registry.h"

#include <atomic>
#include <cctype>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>
#include <thread>
#include <unistd.h>

namespace hq {

namespace {

using Clock = std::chrono::steady_clock;

volatile std::sig_atomic_t interrupted = 0;
extern "C" void on_datagen_interrupt(int sig) {
    interrupted = 1;
    std::signal(sig, SIG_DFL); // a second Ctrl-C ends the process at once
}

// A score stays "decided" for adjudication this many plies in a row before the game ends.
constexpr int AdjudicationPlies = 8;
// Tries to find random plies that do not end the game before giving up on an opening.
constexpr int OpeningTries = 100;

// splitmix64: a game's own seed from the run's seed and the game's number.
std::uint64_t mix(std::uint64_t x) {
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

// One kept position: its FEN and White's score.
struct Kept {
    std::string fen;
    int score;
};

// One finished game: its kept positions (without the result yet) and its counts.
struct GameRecord {
    std::vector<Kept> lines;
    games::Record game; // the whole game, for a .games file
    Result result = Result::DRAW;
    std::int64_t inCheck = 0, noisy = 0, decided = 0;
    std::int64_t leaves = 0; // of the lines, those from -leaves
    bool aborted = false;
};

const char* result_field(Result r) {
    return r == Result::WHITE_WINS ? "1.0" : r == Result::BLACK_WINS ? "0.0" : "0.5";
}

class Generator {
public:
    Generator(const DatagenOptions& o, std::vector<std::string> openings)
        : opt(o)
        , openings(std::move(openings)) { }

    DatagenStats run(
        const std::function<void(const std::string&)>& progress, const std::function<bool()>& stop);

private:
    void worker(int id);
    // One game; `leafProbe` reads the positions -leaves keeps.
    GameRecord play(std::int64_t index, Engine& engine, Referee& referee, GameProbe& probe,
        GameProbe& leafProbe);
    // -leaves: up to opt.leaves of the sampler's positions, drawn with `rng`, searched and
    // filtered into `rec`.
    void label_leaves(Engine& engine, LeafSampler& sampler, Prng& rng, GameProbe& leafProbe,
        GameRecord& rec) const;
    // A start position and random plies that do not end the game (on the referee); false
    // when no opening was found in OpeningTries tries.
    bool random_opening(
        Prng& rng, Referee& referee, std::string& startFen, std::vector<std::string>& moves) const;
    void finish(std::int64_t index, GameRecord rec);
    void write(const GameRecord& rec);
    std::optional<std::string> check_games_file();
    bool more(std::int64_t index) const { return !abort && (opt.games <= 0 || index < opt.games); }

    const DatagenOptions& opt;
    std::vector<std::string> openings;
    std::ofstream out;
    bool binary = false;                    // HQTD records (training_data.h), not text
    bool wholeGames = false;                // HQGAMES lines (game_records.h)
    std::unique_ptr<GameProbe> writerProbe; // reads the FENs the binary records are made of
    std::atomic<std::int64_t> next {0};
    std::atomic<bool> abort {false};
    std::mutex m;                               // guards everything below
    std::map<std::int64_t, GameRecord> pending; // finished games waiting for earlier ones
    std::int64_t nextToWrite = 0;
    DatagenStats stats;
    std::vector<Engine*> engines;
};

bool Generator::random_opening(
    Prng& rng, Referee& referee, std::string& startFen, std::vector<std::string>& moves) const {
    for (int tries = 0; tries <= OpeningTries; ++tries) {
        startFen = openings.empty() ? std::string() : openings[rng.below(openings.size())];
        referee.set_position(startFen);
        moves.clear();
        bool ok = !referee.outcome().over();
        for (int i = 0; ok && i < opt.randomPlies; ++i) {
            auto legal = referee.legal_moves();
            if (legal.empty()) {
                ok = false;
                break;
            }
            const std::string& mv = legal[rng.below(legal.size())];
            referee.play(mv);
            moves.push_back(mv);
            ok = !referee.outcome().over();
        }
        if (ok) return true;
    }
    return false; // cannot happen with sane openings
}

namespace {

// The engine's search of the position after `moves`: its move ("(none)" or empty without
// one) and value, side to move's view; false when the position is refused.
bool search_move(Engine& engine, const DatagenOptions& opt, const std::string& startFen,
    const std::vector<std::string>& moves, std::string& best, Value& value) {
    if (engine.set_position(startFen, moves)) return false;
    SearchLimits limits;
    limits.nodes = opt.nodes;
    limits.depth = opt.depth;
    limits.start = now();
    engine.go(limits,
        {[&](const SearchInfo& info) { value = info.value; },
            [&](const std::string& b, const std::string&) { best = b; }});
    engine.wait();
    return true;
}

// Adjudication: a score beyond the threshold for the same side, AdjudicationPlies plies in
// a row, decides the game.
struct Adjudicator {
    int threshold, streak = 0, sign = 0;
    // The winner once the streak is long enough (1 White, -1 Black), else 0.
    int see(Value white) {
        if (threshold <= 0 || !(is_mate_value(white) || std::abs(white) >= threshold)) {
            streak = sign = 0;
            return 0;
        }
        int s = white > 0 ? 1 : -1;
        streak = s == sign ? streak + 1 : 1;
        sign = s;
        return streak >= AdjudicationPlies ? s : 0;
    }
};

} // namespace

void Generator::label_leaves(
    Engine& engine, LeafSampler& sampler, Prng& rng, GameProbe& leafProbe, GameRecord& rec) const {
    std::vector<std::string>& fens
        = sampler.fens; // shuffled in place: cleared before the next search
    const std::size_t take = std::min(fens.size(), std::size_t(opt.leaves));
    for (std::size_t i = 0; i < take && !abort; ++i) {
        std::swap(fens[i], fens[i + rng.below(fens.size() - i)]); // a partial shuffle
        Value value = VALUE_ZERO;
        std::string best;
        if (!search_move(engine, opt, fens[i], {}, best, value)) continue;
        if (best.empty() || best == "(none)" || leafProbe.set_position(fens[i])) continue;
        const Value white = leafProbe.side_to_move() == WHITE ? value : -value;
        switch (games::filter(leafProbe, best, white, {opt.maxScore, opt.keepNoisy})) {
        case games::Drop::IN_CHECK: ++rec.inCheck; break;
        case games::Drop::NOISY: ++rec.noisy; break;
        case games::Drop::DECIDED: ++rec.decided; break;
        case games::Drop::KEPT:
            rec.lines.push_back({leafProbe.fen(), int(white)});
            ++rec.leaves;
            break;
        }
    }
}

GameRecord Generator::play(
    std::int64_t index, Engine& engine, Referee& referee, GameProbe& probe, GameProbe& leafProbe) {
    GameRecord rec;
    Prng rng(mix(opt.seed * 0x100000001B3ULL + std::uint64_t(index)));
    LeafSampler sampler;
    sampler.state = mix(opt.seed ^ (std::uint64_t(index) << 20)) | 1; // never 0: xorshift
    std::string startFen;
    std::vector<std::string> moves;
    if (!random_opening(rng, referee, startFen, moves)) return rec.aborted = true, rec;
    probe.set_position(startFen);
    rec.game.startFen = probe.fen();
    rec.game.opening = moves;
    for (auto& mv : moves) probe.play(mv);

    engine.clear_hash();
    Adjudicator adjudicator {opt.adjudicate};
    for (int ply = 0;; ++ply) {
        if (abort) return rec.aborted = true, rec;
        Outcome outcome = referee.outcome();
        if (outcome.over()) {
            rec.result = outcome.result;
            break;
        }
        if (ply >= opt.maxPlies) {
            rec.result = Result::DRAW;
            break;
        }
        Value value = VALUE_ZERO;
        std::string best;
        sampler.fens.clear();
        engine.sample_leaves(opt.leaves > 0 ? &sampler : nullptr);
        const bool searched = search_move(engine, opt, startFen, moves, best, value);
        engine.sample_leaves(nullptr);
        if (!searched || abort) return rec.aborted = true, rec;
        if (best.empty() || best == "(none)") { // the rules should have ended the game
            rec.result = Result::DRAW;
            break;
        }
        const Value white = probe.side_to_move() == WHITE ? value : -value;
        // The filters (a .games file keeps every ply: its converter filters the same way).
        rec.game.plies.push_back({best, int(white)});
        switch (games::filter(probe, best, white, {opt.maxScore, opt.keepNoisy})) {
        case games::Drop::IN_CHECK: ++rec.inCheck; break;
        case games::Drop::NOISY: ++rec.noisy; break;
        case games::Drop::DECIDED: ++rec.decided; break;
        case games::Drop::KEPT: rec.lines.push_back({probe.fen(), int(white)}); break;
        }
        if (opt.leaves > 0) label_leaves(engine, sampler, rng, leafProbe, rec);
        if (int winner = adjudicator.see(white)) {
            rec.result = winner > 0 ? Result::WHITE_WINS : Result::BLACK_WINS;
            break;
        }
        if (referee.play(best) || probe.play(best)) // the engine's move must be legal
            return rec.aborted = true, rec;
        moves.push_back(best);
    }
    return rec;
}

void Generator::write(const GameRecord& rec) {
    const char* result = result_field(rec.result);
    std::string text;
    const double white = rec.result == Result::WHITE_WINS ? 1.0
        : rec.result == Result::BLACK_WINS                ? 0.0
                                                          : 0.5;
    if (wholeGames) {
        games::Record game = rec.game;
        game.whiteResult = white;
        text = games::format(game);
    } else if (binary) {
        for (const auto& l : rec.lines) {
            writerProbe->set_position(l.fen);
            training::append_record(text, *writerProbe, l.score, white);
        }
    } else
        for (const auto& l : rec.lines)
            text += fmt::format("{} | {} | {}\n", l.fen, l.score, result);
    out << text;
    out.flush();
    if (!out) {
        stats.error = "cannot write " + opt.out;
        abort = true;
    }
    ++stats.games;
    stats.positions += std::int64_t(rec.lines.size());
    stats.leaves += rec.leaves;
    stats.inCheck += rec.inCheck;
    stats.noisy += rec.noisy;
    stats.decided += rec.decided;
    (rec.result == Result::WHITE_WINS          ? stats.wins
            : rec.result == Result::BLACK_WINS ? stats.losses
                                               : stats.draws)
        += 1;
    if (opt.positions > 0 && stats.positions >= opt.positions) abort = true;
}

// Opens a .games file for appending: a new one gets its header, an old one must hold this
// game's games.
std::optional<std::string> Generator::check_games_file() {
    std::string first;
    if (std::ifstream old(opt.out); old) std::getline(old, first);
    if (!first.empty()) {
        auto theirs = games::header_variant(first);
        if (!theirs) return opt.out + " is not an HQGAMES file; give a new file";
        if (*theirs != opt.variant)
            return fmt::format("{} holds {} games, not {}", opt.out, *theirs, opt.variant);
    }
    out.open(opt.out, std::ios::app);
    if (out && first.empty()) out << games::header_line(opt.variant);
    return std::nullopt;
}

// Games are written in game order: a game waits for every earlier one.
void Generator::finish(std::int64_t index, GameRecord rec) {
    std::lock_guard lock(m);
    if (opt.positions > 0 && stats.positions >= opt.positions) return;
    pending.emplace(index, std::move(rec));
    for (auto it = pending.find(nextToWrite); it != pending.end(); it = pending.find(nextToWrite)) {
        if (!it->second.aborted) write(it->second);
        pending.erase(it);
        ++nextToWrite;
        if (opt.positions > 0 && stats.positions >= opt.positions) break;
    }
}

void Generator::worker(int id) {
    auto engine = make_engine(opt.variant);
    auto referee = make_referee(opt.variant);
    auto probe = make_probe(opt.variant);
    auto leafProbe = make_probe(opt.variant);
    Engine::Options searchOptions;
    searchOptions.hashMb = std::size_t(opt.hashMb);
    searchOptions.moveOverhead = 0;
    searchOptions.useNnue = opt.useNnue;
    engine->set_options(searchOptions);
    {
        std::lock_guard lock(m);
        engines[std::size_t(id)] = engine.get();
    }
    for (;;) {
        std::int64_t index = next++;
        if (!more(index)) break;
        GameRecord rec = play(index, *engine, *referee, *probe, *leafProbe);
        if (rec.aborted && abort) break;
        finish(index, std::move(rec));
    }
    std::lock_guard lock(m);
    engines[std::size_t(id)] = nullptr;
}

DatagenStats Generator::run(
    const std::function<void(const std::string&)>& progress, const std::function<bool()>& stop) {
    binary = opt.out.ends_with(".bin");
    if (binary) {
        writerProbe = make_probe(opt.variant);
        auto check = training::check_for_append(opt.out, opt.variant, *writerProbe);
        if (!check.error.empty()) {
            stats.error = check.error;
            return stats;
        }
        out.open(opt.out, std::ios::app | std::ios::binary);
        if (out && check.writeHeader) out << training::header(opt.variant, *writerProbe);
    } else if (opt.out.ends_with(".games")) {
        wholeGames = true;
        if (auto err = check_games_file()) {
            stats.error = *err;
            return stats;
        }
    } else out.open(opt.out, std::ios::app);
    if (!out) {
        stats.error = "cannot open " + opt.out + " for appending";
        return stats;
    }
    auto started = Clock::now();
    engines.assign(std::size_t(opt.threads), nullptr);
    std::vector<std::thread> workers;
    std::atomic<int> running {opt.threads};
    for (int t = 0; t < opt.threads; ++t)
        workers.emplace_back([this, t, &running] {
            worker(t);
            --running;
        });
    auto lastReport = Clock::now();
    while (running > 0) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        if (stop && stop() && !abort) {
            abort = true;
            std::lock_guard lock(m);
            for (Engine* e : engines)
                if (e) e->stop();
        }
        if (progress && Clock::now() - lastReport >= std::chrono::seconds(1)) {
            lastReport = Clock::now();
            std::lock_guard lock(m);
            double secs = std::chrono::duration<double>(Clock::now() - started).count();
            progress(fmt::format("games {} | positions {} | {:.0f} positions/s | W-D-L {}-{}-{}",
                stats.games, stats.positions, stats.positions / std::max(secs, 1e-3), stats.wins,
                stats.draws, stats.losses));
        }
    }
    for (auto& w : workers) w.join();
    // Games finished after an interruption, still waiting for earlier ones: written too
    // (out of order, but nothing finished is lost).
    std::lock_guard lock(m);
    for (auto& [index, rec] : pending)
        if (!rec.aborted && !(opt.positions > 0 && stats.positions >= opt.positions)) write(rec);
    pending.clear();
    return stats;
}

} // namespace

DatagenParse parse_datagen_args(const std::vector<std::string>& args) {
    DatagenParse r;
    DatagenOptions o;
    auto fail = [&](std::string why) {
        r.error = std::move(why);
        return r;
    };
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (i + 1 >= args.size()) return fail("missing value after " + a);
        const std::string& v = args[++i];
        auto number = [&](std::int64_t lo, std::int64_t hi) -> std::optional<std::int64_t> {
            auto x = parse_number<std::int64_t>(v);
            if (!x || *x < lo || *x > hi) return std::nullopt;
            return x;
        };
        auto need = [&](std::int64_t lo, std::int64_t hi, auto& field) {
            auto x = number(lo, hi);
            if (!x) {
                r.error = fmt::format("{} wants a number from {} to {}, not '{}'", a, lo, hi, v);
                return false;
            }
            field = decltype(field + 0)(*x);
            return true;
        };
        bool ok = true;
        if (a == "-variant") {
            auto name = canonical_variant(v);
            if (!name) return fail("unknown variant " + v);
            o.variant = *name;
        } else if (a == "-out") o.out = v;
        else if (a == "-convert") o.convert = v;
        else if (a == "-openings") o.openings = v;
        else if (a == "-games") ok = need(1, std::int64_t(1) << 40, o.games);
        else if (a == "-positions") ok = need(1, std::int64_t(1) << 40, o.positions);
        else if (a == "-nodes") ok = need(1, std::int64_t(1) << 40, o.nodes);
        else if (a == "-depth") ok = need(1, 64, o.depth);
        else if (a == "-threads") ok = need(1, 256, o.threads);
        else if (a == "-seed") {
            auto x = parse_number<std::uint64_t>(v);
            if (!x) return fail("-seed wants a number, not '" + v + "'");
            o.seed = *x;
        } else if (a == "-randomplies") ok = need(0, 200, o.randomPlies);
        else if (a == "-maxplies") ok = need(1, 100000, o.maxPlies);
        else if (a == "-adjudicate") ok = need(0, 100000, o.adjudicate);
        else if (a == "-maxscore") ok = need(1, 100000, o.maxScore);
        else if (a == "-hash") ok = need(1, 4096, o.hashMb);
        else if (a == "-noisy") {
            if (v != "keep" && v != "drop")
                return fail("-noisy wants keep or drop, not '" + v + "'");
            o.keepNoisy = v == "keep";
        } else if (a == "-nnue") {
            if (v != "on" && v != "off") return fail("-nnue wants on or off, not '" + v + "'");
            o.useNnue = v == "on";
        } else if (a == "-leaves") ok = need(0, 64, o.leaves);
        else return fail("unknown option " + a);
        if (!ok) return r;
    }
    if (o.out.empty()) return fail("-out FILE is required");
    if (!o.convert.empty()) {
        const bool fromGames
            = o.convert == "-" || o.convert.ends_with(".games") || o.convert.ends_with(".pgn");
        if (!fromGames && !o.out.ends_with(".bin"))
            return fail("-convert of text writes binary records: -out FILE.bin");
        if (o.out.ends_with(".games") && o.convert.ends_with(".games"))
            return fail("-convert of whole games writes positions, not .games");
        if (o.games > 0 || o.positions > 0 || o.nodes > 0 || o.depth > 0)
            return fail("-convert plays no games: no -games, -positions, -nodes or -depth");
        r.options = o;
        return r;
    }
    if ((o.games > 0) == (o.positions > 0)) return fail("give one of -games N and -positions N");
    if ((o.nodes > 0) == (o.depth > 0)) return fail("give one of -nodes N and -depth D");
    if (o.leaves > 0 && o.out.ends_with(".games"))
        return fail("-leaves writes positions, not whole games: -out FILE.bin or a text file");
    r.options = o;
    return r;
}

DatagenStats run_datagen(const DatagenOptions& o,
    const std::function<void(const std::string&)>& progress, const std::function<bool()>& stop) {
    std::vector<std::string> openings;
    if (!o.openings.empty()) {
        // The EPD reader `harlequin match` uses (bench/openings.h): every line checked by
        // the game's referee.
        OpeningsConfig config;
        config.file = o.openings;
        auto load = load_openings(config, o.variant);
        if (!load.error.empty()) {
            DatagenStats s;
            s.error = load.error;
            return s;
        }
        for (const Opening& op : load.openings) openings.push_back(op.fen);
    }
    Generator g(o, std::move(openings));
    return g.run(progress, stop);
}

namespace {

// -convert of PGN games with the engines' scores (bench/pgn_games.h): HQGAMES lines in
// `text` (with their header line), or the error, already printed.
bool pgn_as_records(
    std::istream& in, const std::string& name, const DatagenOptions& o, std::string& text) {
    const std::string pgn((std::istreambuf_iterator<char>(in)), {});
    text = games::header_line(o.variant);
    auto st = games::pgn_to_records(pgn, o.variant, text);
    if (!st.error.empty()) return println("error: {}: {}", name, st.error), false;
    println("{}: {} games read, {} scored plies{}", name, st.games, st.plies,
        st.skipped ? fmt::format("; {} games skipped, the first: {}", st.skipped, st.firstSkipped)
                   : "");
    return true;
}

// PGN to a store file of whole games (-out FILE.games): the records appended, the header
// first in a new or empty file; a file of another game is refused.
int append_records(const std::string& text, const DatagenOptions& o) {
    std::ifstream existing(o.out);
    std::string first;
    bool empty = !existing || !std::getline(existing, first);
    if (!empty && games::header_variant(first) != o.variant)
        return println("error: {} is not an HQGAMES file of {} games", o.out, o.variant), 1;
    std::ofstream out(o.out, std::ios::app | std::ios::binary);
    const std::string body = empty ? text : text.substr(text.find('\n') + 1);
    if (!(out << body) || !out.flush()) return println("error: cannot write {}", o.out), 1;
    println("appended to {}", o.out);
    return 0;
}

// -convert of a .games file or a PGN (or of standard input, `-`, either): its positions,
// filtered; a PGN to -out FILE.games: its games as records.
int convert_games(const DatagenOptions& o) {
    std::ifstream file;
    if (o.convert != "-") file.open(o.convert);
    std::istream& input = o.convert == "-" ? std::cin : file;
    const std::string name = o.convert == "-" ? "standard input" : o.convert;
    if (!input) {
        println("error: {}: cannot be read", name);
        return 1;
    }
    std::istringstream records;
    std::istream* in = &input;
    while (std::isspace(input.peek())) input.get();
    if (input.peek() == '[') { // PGN's first tag: HQGAMES starts with its header line
        std::string text;
        if (!pgn_as_records(input, name, o, text)) return 1;
        if (o.out.ends_with(".games")) return append_records(text, o);
        records.str(text);
        in = &records;
    } else if (o.out.ends_with(".games"))
        return println("error: -out FILE.games takes a PGN's games; {} holds no PGN", name), 1;
    auto st = games::convert(*in, name, o.out, o.variant, {o.maxScore, o.keepNoisy});
    if (!st.error.empty()) {
        println("error: {}", st.error);
        return 1;
    }
    println("{} positions of {} games of {} appended to {}; dropped: {} in check, {} noisy best "
            "move, {} decided score",
        st.positions, st.games, name, o.out, st.dropped.inCheck, st.dropped.noisy,
        st.dropped.decided);
    if (st.badGames) {
        println("error: {} games skipped, not replayable; the first: {}", st.badGames, st.firstBad);
        return 1;
    }
    return 0;
}

} // namespace

int datagen_command(const std::vector<std::string>& args) {
    auto parsed = parse_datagen_args(args);
    if (!parsed.options)
        return usage_error(parsed.error,
            "harlequin datagen -variant NAME -out FILE (-games N | -positions N)"
            " (-nodes N | -depth D) [-threads T] [-seed S] [-openings FILE.epd]"
            " [-randomplies N] [-maxplies N] [-adjudicate CP] [-maxscore CP] [-hash MB]"
            " [-noisy keep|drop] [-nnue on|off] [-leaves K],"
            " or harlequin datagen -variant NAME -convert TEXT -out FILE.bin,"
            " or harlequin datagen -variant NAME -convert GAMES.games|GAMES.pgn|- -out "
            "FILE[.bin|.games]");
    const DatagenOptions& o = *parsed.options;
    if (!o.convert.empty()
        && (o.convert == "-" || o.convert.ends_with(".games") || o.convert.ends_with(".pgn")))
        return convert_games(o);
    if (!o.convert.empty()) {
        auto st = training::convert_text(o.convert, o.out, o.variant);
        if (!st.error.empty()) {
            println("error: {}", st.error);
            return 1;
        }
        println("{} positions of {} appended to {}", st.positions, o.convert, o.out);
        return 0;
    }
    const bool terminal = isatty(STDOUT_FILENO) == 1;
    // On a terminal one status line, redrawn; otherwise a line every 30 seconds.
    auto last = Clock::now();
    std::function<void(const std::string&)> progress = [&](const std::string& s) {
        if (terminal) {
            std::fputs(("\r\033[K" + s).c_str(), stdout);
            std::fflush(stdout);
        } else if (Clock::now() - last >= std::chrono::seconds(30)) {
            last = Clock::now();
            print_line(s);
        }
    };
    std::signal(SIGINT, on_datagen_interrupt);
    std::signal(SIGTERM, on_datagen_interrupt);
    auto started = Clock::now();
    DatagenStats s = run_datagen(o, progress, [] { return interrupted != 0; });
    if (terminal) std::fputs("\r\033[K", stdout);
    double secs = std::chrono::duration<double>(Clock::now() - started).count();
    if (!s.error.empty()) {
        println("error: {}", s.error);
        return 1;
    }
    println("{}{} games, {} positions{} appended to {} in {:.0f} s ({:.0f} positions/s); "
            "W-D-L {}-{}-{}; dropped: {} in check, {} noisy best move, {} decided score",
        interrupted ? "interrupted: " : "", s.games, s.positions,
        o.leaves > 0 ? fmt::format(" ({} of them searched leaves)", s.leaves) : "", o.out, secs,
        s.positions / std::max(secs, 1e-3), s.wins, s.draws, s.losses, s.inCheck, s.noisy,
        s.decided);
    return 0;
}

} // namespace hq
