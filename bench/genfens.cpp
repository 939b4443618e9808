// SPDX-License-Identifier: GPL-3.0-or-later
#include "genfens.h"

#include "help.h"

#include "engine/io.h"
#include "engine/text.h"
#include "openings.h"
#include "variants/registry.h"

#include <fmt/format.h>

#include <fstream>
#include <random>

namespace hq {

namespace {

constexpr std::string_view Usage
    = "genfens N seed S book FILE|None [variant NAME] [chess960|frc|dfrc] [plies P] "
      "[maxscore CP] [nodes N]";

// The book's positions as lines (EPD: one a line, `#` lines and blank lines skipped; PGN:
// the end positions of its games, read as `harlequin match` reads them), parsed one at a
// time when drawn, so a book of a million lines costs only its reading.
struct Book {
    std::vector<std::string> lines;
    std::vector<Opening> games; // PGN
};

std::variant<Book, std::string> read_book(const std::string& path, const std::string& variant) {
    Book book;
    if (path.size() >= 4 && path.compare(path.size() - 4, 4, ".pgn") == 0) {
        OpeningsConfig config;
        config.file = path;
        config.format = "pgn";
        auto load = load_openings(config, variant);
        if (!load.error.empty()) return fmt::format("book {}: {}", path, load.error);
        book.games = std::move(load.openings);
        return book;
    }
    std::ifstream in(path);
    if (!in) return fmt::format("book {}: cannot be read", path);
    for (std::string line; std::getline(in, line);) {
        auto words = split_words(line);
        if (!words.empty() && words[0][0] != '#') book.lines.push_back(line);
    }
    if (book.lines.empty()) return fmt::format("book {}: no position in it", path);
    return book;
}

} // namespace

std::variant<GenfensRequest, std::string> parse_genfens(
    const std::vector<std::string>& words, const std::string& variant, bool chess960) {
    GenfensRequest r;
    r.variant = variant;
    r.chess960 = chess960;
    auto bad = [](const std::string& why) { return fmt::format("{}; usage: {}", why, Usage); };
    if (words.size() < 5 || words[1] != "seed" || words[3] != "book")
        return bad("expected 'N seed S book FILE|None'");
    auto n = parse_number<int>(words[0]);
    if (!n || *n < 1 || *n > 10'000'000) return bad("bad count '" + words[0] + "'");
    r.count = *n;
    auto seed = parse_number<std::uint64_t>(words[2]);
    if (!seed) return bad("bad seed '" + words[2] + "'");
    r.seed = *seed;
    if (to_lower(words[4]) != "none") r.book = words[4];
    for (std::size_t i = 5; i < words.size(); ++i) {
        const std::string w = to_lower(words[i]);
        if (w == "chess960" || w == "frc") r.chess960 = true;
        else if (w == "dfrc") r.chess960 = r.doubleRandom = true;
        else if (i + 1 >= words.size()) return bad("unknown or incomplete '" + words[i] + "'");
        else if (w == "variant") {
            auto v = canonical_variant(words[++i]);
            if (!v) return bad("unknown variant '" + words[i] + "'");
            r.variant = *v;
        } else if (w == "plies" || w == "maxscore") {
            auto v = parse_number<int>(words[++i]);
            // maxscore 100000: no bound (a mate is below it).
            const int most = w == "plies" ? 1000 : 100'000;
            if (!v || *v < 0 || *v > most) return bad("bad " + w + " '" + words[i] + "'");
            (w == "plies" ? r.plies : r.maxScore) = *v;
        } else if (w == "nodes") {
            auto v = parse_number<std::uint64_t>(words[++i]);
            if (!v || *v < 1) return bad("bad nodes '" + words[i] + "'");
            r.nodes = *v;
        } else return bad("unknown option '" + words[i] + "'");
    }
    // A game of numbered starts by its rules (Chess960) is itself random starts; its
    // standard twin takes them by the flag.
    const RegisteredGame* game = find_game(r.variant);
    if (game && game->spec.chess960) r.chess960 = true;
    if (r.chess960 && (!game || game->starts.count == 0)) {
        std::string games;
        for (const RegisteredGame& g : registered_games())
            if (g.starts.count > 0) games += (games.empty() ? "" : ", ") + g.spec.name;
        return bad(fmt::format("random start arrays exist for {} only, not {}", games, r.variant));
    }
    return r;
}

std::optional<std::string> generate_fens(
    const GenfensRequest& request, const std::function<void(const std::string&)>& emit) {
    auto referee = make_referee(request.variant);
    auto engine = make_engine(request.variant);
    if (!referee || !engine) return "unknown variant " + request.variant;
    referee->set_chess960(request.chess960);
    engine->set_chess960(request.chess960);
    Engine::Options options;
    options.hashMb = 1; // cleared before every check, so each verdict is the same in any order
    engine->set_options(options);

    Book book;
    if (!request.book.empty()) {
        auto read = read_book(request.book, request.variant);
        if (auto* err = std::get_if<std::string>(&read)) return *err;
        book = std::move(std::get<Book>(read));
    }
    const int plies = request.plies >= 0 ? request.plies : request.book.empty() ? 8 : 4;
    const NumberedStarts& starts = numbered_starts(request.variant);
    if (request.chess960 && starts.count == 0) return "no random starts for " + request.variant;
    std::mt19937_64 rng(request.seed);

    // The start of one candidate, set on the referee.
    auto set_start = [&]() -> std::optional<std::string> {
        if (!book.lines.empty()) {
            const std::string& line = book.lines[rng() % book.lines.size()];
            if (auto err = set_epd_position(*referee, line))
                return fmt::format("book {}: line '{}': {}", request.book, line, *err);
            return std::nullopt;
        }
        if (!book.games.empty()) {
            const Opening& o = book.games[rng() % book.games.size()];
            if (auto err = referee->set_position(o.fen)) return err;
            for (const auto& m : o.moves)
                if (auto err = referee->play(m)) return err;
            return std::nullopt;
        }
        if (request.chess960) {
            const std::uint64_t count = std::uint64_t(starts.count);
            const int white = int(rng() % count);
            const int black = request.doubleRandom ? int(rng() % count) : white;
            return referee->set_position(starts.fen(white, black));
        }
        return referee->set_position({});
    };

    int found = 0;
    std::uint64_t attempts = 0;
    const std::uint64_t maxAttempts = std::uint64_t(request.count) * 1000 + 1000;
    while (found < request.count) {
        if (++attempts > maxAttempts)
            return fmt::format("only {} of {} positions within {} cp after {} tries; give a "
                               "book of balanced starts (Ms. Chess: bench/openings/"
                               "mschess-odds.epd) or a larger maxscore",
                found, request.count, request.maxScore, attempts - 1);
        if (auto err = set_start()) return err;
        bool ok = true;
        for (int p = 0; p < plies && ok; ++p) {
            auto legal = referee->legal_moves();
            ok = !legal.empty() && !referee->outcome().over()
                && !referee->play(legal[rng() % legal.size()]);
        }
        if (!ok || referee->outcome().over() || referee->legal_moves().empty()) continue;

        const std::string fen = referee->fen();
        if (engine->set_position(fen, {})) continue;
        engine->clear_hash();
        SearchLimits limits;
        limits.nodes = request.nodes;
        limits.start = now();
        std::optional<Value> score;
        engine->go(limits,
            {[&](const SearchInfo& info) { score = info.value; },
                [](const std::string&, const std::string&) {}});
        engine->wait();
        if (!score || std::abs(int(*score)) > request.maxScore) continue;
        emit(fen);
        ++found;
    }
    return std::nullopt;
}

int genfens_command(const std::vector<std::string>& args) {
    if (!args.empty() && (args[0] == "--help" || args[0] == "-h")) {
        print_line(command_help_text(*find_command_help("genfens")));
        return 0;
    }
    auto parsed = parse_genfens(args, default_variant(), false);
    if (auto* err = std::get_if<std::string>(&parsed)) {
        println("info string error: genfens: {}", *err);
        return 2;
    }
    auto err = generate_fens(std::get<GenfensRequest>(parsed),
        [](const std::string& fen) { println("info string genfens {}", fen); });
    if (err) {
        println("info string error: genfens: {}", *err);
        return 1;
    }
    return 0;
}

} // namespace hq
