#include "uci.h"

#include "engine/io.h"
#include "text.h"
#include "variants/registry.h"
#include "version.h"

#include <fmt/format.h>

namespace hq {

namespace {

void error(std::string_view message) { println("info string error: {}", message); }

// Prints the variant announcement that Fairy-Stockfish prints and XBoard's UCI adapter
// reads to learn the board shape and start position.
void announce_variant(const VariantSpec& s) {
    println("info string variant {} files {} ranks {} pocket 0 template fairy startpos {}", s.name,
        s.files, s.ranks, s.startFen);
}

} // namespace

Uci::Uci()
    : engine(make_engine("chess")) { }

Uci::~Uci() {
    if (engine) {
        engine->stop();
        engine->wait();
    }
}

int Uci::run(std::istream& in) {
    std::string line;
    while (std::getline(in, line))
        if (!handle(line)) return 0;
    return 0;
}

bool Uci::handle(const std::string& line) {
    auto words = split_words(line);
    if (words.empty()) return true;
    const std::string& cmd = words[0];

    if (cmd == "uci")
        cmd_uci();
    else if (cmd == "isready")
        println("readyok");
    else if (cmd == "ucinewgame")
        engine->wait();
    else if (cmd == "setoption")
        cmd_setoption(words);
    else if (cmd == "position")
        cmd_position(words);
    else if (cmd == "go")
        cmd_go(words);
    else if (cmd == "stop")
        engine->stop();
    else if (cmd == "quit") {
        engine->stop();
        engine->wait();
        return false;
    } else if (cmd == "d")
        print_line(engine->picture());
    else
        error(fmt::format("unknown command '{}'", line));
    return true;
}

void Uci::cmd_uci() {
    println("id name Harlequin {}", HARLEQUIN_VERSION);
    println("id author the Harlequin developers");
    std::string vars;
    for (const VariantSpec& s : registered_variants()) vars += " var " + s.name;
    println("option name UCI_Variant type combo default chess{}", vars);
    println("option name UCI_Chess960 type check default false");
    println("uciok");
}

bool Uci::select_variant(const std::string& value) {
    auto name = canonical_variant(value);
    if (!name) {
        std::string known;
        for (const VariantSpec& s : registered_variants()) known += " " + s.name;
        error(fmt::format("unknown variant '{}' (known:{})", value, known));
        return false;
    }
    engine->stop();
    engine->wait();
    engine = make_engine(*name);
    engine->set_chess960(chess960Option);
    announce_variant(engine->spec());
    return true;
}

// setoption name <id, may contain spaces> [value <x, may contain spaces>]
void Uci::cmd_setoption(const std::vector<std::string>& words) {
    std::size_t valuePos = words.size();
    for (std::size_t i = 2; i < words.size(); ++i)
        if (words[i] == "value") {
            valuePos = i;
            break;
        }
    if (words.size() < 3 || words[1] != "name") {
        error("expected 'setoption name <id> [value <x>]'");
        return;
    }
    std::string name = to_lower(join_words(words, 2, valuePos));
    std::string value = join_words(words, valuePos + 1, words.size());

    if (name == "uci_variant")
        select_variant(value);
    else if (name == "uci_chess960") {
        std::string v = to_lower(value);
        if (v != "true" && v != "false") {
            error(fmt::format("UCI_Chess960 takes true or false, not '{}'", value));
            return;
        }
        chess960Option = v == "true";
        engine->set_chess960(chess960Option);
    } else
        error(fmt::format("unknown option '{}'", join_words(words, 2, valuePos)));
}

// position startpos|fen <fields...> [moves <m1> <m2> ...]
void Uci::cmd_position(const std::vector<std::string>& words) {
    if (words.size() < 2) {
        error("expected 'position startpos|fen <fen> [moves ...]'");
        return;
    }
    std::size_t movesPos = words.size();
    for (std::size_t i = 1; i < words.size(); ++i)
        if (words[i] == "moves") {
            movesPos = i;
            break;
        }
    std::string fen;
    if (words[1] == "fen") {
        fen = join_words(words, 2, movesPos);
        if (fen.empty()) {
            error("'position fen' needs a FEN");
            return;
        }
    } else if (words[1] != "startpos") {
        error(fmt::format("expected 'startpos' or 'fen', not '{}'", words[1]));
        return;
    } else if (movesPos != 2 && movesPos != words.size()) {
        error("unexpected text after 'startpos'");
        return;
    }
    std::vector<std::string> moves;
    if (movesPos < words.size()) moves.assign(words.begin() + long(movesPos) + 1, words.end());
    engine->stop();
    if (auto err = engine->set_position(fen, moves))
        error(fmt::format("{}; position unchanged", *err));
}

void Uci::cmd_go(const std::vector<std::string>& words) {
    if (words.size() >= 2 && words[1] == "perft") {
        auto depth = words.size() >= 3 ? parse_number<int>(words[2]) : std::nullopt;
        if (!depth || *depth < 0 || *depth > 64) {
            error("expected 'go perft <depth>' with a depth from 0 to 64");
            return;
        }
        engine->go_perft(
            *depth, [](const std::string& m, std::uint64_t n) { println("{}: {}", m, n); },
            [](std::uint64_t nodes, double) { println("\nNodes searched: {}", nodes); });
        return;
    }
    error("search is not available yet; only 'go perft <depth>' is supported");
    println("bestmove (none)");
}

} // namespace hq
