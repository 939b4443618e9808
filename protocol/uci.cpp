// SPDX-License-Identifier: GPL-3.0-or-later
#include "uci.h"

#include "engine/io.h"
#include "engine/options.h"
#include "engine/text.h"
#include "game_switch.h"
#include "variants/registry.h"
#include "version.h"

#include <fmt/format.h>

#include <map>

namespace hq {

namespace {

void error(std::string_view message) { println("info string error: {}", message); }

// A notice of several lines as one `info string` each.
void info_lines(std::string_view notice) {
    for (std::string_view line : split_lines(notice)) println("info string {}", line);
}

// Prints the variant announcement that Fairy-Stockfish prints and XBoard's UCI adapter
// reads to learn the board shape and start position.
void announce_variant(const VariantSpec& s) {
    println("info string variant {} files {} ranks {} pocket 0 template fairy startpos {}", s.name,
        s.files, s.ranks, s.startFen);
}

std::map<std::string, UciCommand>& added_commands() {
    static std::map<std::string, UciCommand> commands;
    return commands;
}

} // namespace

void add_uci_command(const std::string& name, UciCommand run) {
    added_commands()[name] = std::move(run);
}

Uci::Uci()
    : engine(make_engine(default_variant())) { }

Uci::~Uci() {
    if (engine) { engine->halt(); }
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

    if (cmd == "uci") cmd_uci();
    else if (cmd == "isready") println("readyok");
    else if (cmd == "ucinewgame") {
        engine->halt();
        engine->clear_hash();
    } else if (cmd == "setoption") cmd_setoption(words);
    else if (cmd == "position") cmd_position(words);
    else if (cmd == "go") cmd_go(words);
    else if (cmd == "stop") engine->stop();
    else if (cmd == "ponderhit") engine->ponderhit();
    else if (cmd == "quit") {
        engine->halt();
        return false;
    } else if (cmd == "d") print_line(engine->picture());
    else if (cmd == "debug") {
        // `debug on|off`: Harlequin has no extra debug output, so both are accepted as is.
        if (words.size() != 2 || (words[1] != "on" && words[1] != "off"))
            error("expected 'debug on' or 'debug off'");
    } else if (auto added = added_commands().find(cmd); added != added_commands().end()) {
        engine->halt();
        added->second({words.begin() + 1, words.end()}, engine->spec().name, chess960Option);
    } else error(fmt::format("unknown command '{}'", line));
    return true;
}

void Uci::cmd_uci() {
    println("id name Harlequin {}", HARLEQUIN_VERSION);
    println("id author the Harlequin developers");
    // The protocol's own two: which game, and how castling is written. Then the engine's.
    std::string vars;
    for (const VariantSpec& s : registered_variants()) vars += " var " + s.name;
    println("option name UCI_Variant type combo default {}{}", default_variant(), vars);
    println("option name UCI_Chess960 type check default false");
    for (const OptionDef& d : engine_options()) {
        switch (d.type) {
        case OptionType::SPIN:
            println("option name {} type spin default {} min {} max {}", d.name, d.defaultValue,
                d.min, d.max);
            break;
        case OptionType::CHECK:
            println(
                "option name {} type check default {}", d.name, d.defaultValue ? "true" : "false");
            break;
        case OptionType::BUTTON: println("option name {} type button", d.name); break;
        case OptionType::STRING:
            println("option name {} type string default {}", d.name, d.defaultText);
            break;
        }
    }
    println("uciok");
}

bool Uci::select_variant(const std::string& value) {
    const RegisteredGame* game = find_game(value);
    if (!game) {
        std::string known;
        for (const VariantSpec& s : registered_variants()) known += " " + s.name;
        error(fmt::format("unknown variant '{}' (known:{})", value, known));
        return false;
    }
    // The old engine stops its job (its destructor would only after GameEngine's members
    // are gone), and its tables' memory goes back before the new engine takes its own.
    engine->halt();
    engine.reset();
    auto next = switch_game(*game, options, chess960Option);
    engine = std::move(next.engine);
    if (!next.networkError.empty())
        error(fmt::format(
            "EvalFile: {}; {} uses its built-in network", next.networkError, game->spec.name));
    else if (!next.networkNotice.empty()) println("info string EvalFile: {}", next.networkNotice);
    info_lines(next.tablesNotice);
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

    if (name == "uci_variant") {
        select_variant(value);
        return;
    }
    if (name == "uci_chess960") {
        std::string v = to_lower(value);
        if (v != "true" && v != "false") {
            error(fmt::format("UCI_Chess960 takes true or false, not '{}'", value));
            return;
        }
        chess960Option = v == "true";
        engine->set_chess960(chess960Option);
        return;
    }
    const OptionDef* def = find_option(name);
    if (!def) {
        error(fmt::format("unknown option '{}'", join_words(words, 2, valuePos)));
        return;
    }
    if (def->type == OptionType::STRING) {
        auto r = set_text_option(*def, value, options, *engine);
        if (!r.error.empty()) error(r.error);
        else {
            info_lines(r.notice);
            engine->set_options(options);
        }
        return;
    }
    auto parsed = parse_option_value(*def, value);
    if (auto* message = std::get_if<std::string>(&parsed)) {
        error(*message);
        return;
    }
    if (!apply_option(*def, std::get<std::int64_t>(parsed), options, *engine)) return;
    if (std::size_t mb = engine->set_options(options); mb < options.hashMb)
        error(fmt::format("not enough memory for a {} MB hash; using {} MB", options.hashMb, mb));
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
    } else if (words.size() > 2 && movesPos != 2) {
        error("unexpected text after 'startpos'");
        return;
    }
    std::vector<std::string> moves;
    if (movesPos < words.size()) moves.assign(words.begin() + long(movesPos) + 1, words.end());
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
    // go [wtime N] [btime N] [winc N] [binc N] [movestogo N] [movetime N] [depth N]
    //    [nodes N] [mate N] [infinite] [ponder] [searchmoves m1 m2 ...]
    SearchLimits limits;
    limits.start = now();
    for (std::size_t i = 1; i < words.size(); ++i) {
        const std::string& w = words[i];
        if (w == "infinite") limits.infinite = true;
        else if (w == "ponder") limits.ponder = true;
        else if (w == "searchmoves") {
            limits.searchMoves.assign(words.begin() + long(i) + 1, words.end());
            break;
        } else if (i + 1 < words.size()) {
            auto v = parse_saturating<std::int64_t>(words[i + 1]);
            if (!v) {
                error(fmt::format("'go {}' needs a number, not '{}'", w, words[i + 1]));
                continue;
            }
            ++i;
            if (w == "wtime") limits.time[WHITE] = *v;
            else if (w == "btime") limits.time[BLACK] = *v;
            else if (w == "winc") limits.inc[WHITE] = std::max<std::int64_t>(0, *v);
            else if (w == "binc") limits.inc[BLACK] = std::max<std::int64_t>(0, *v);
            else if (w == "movestogo") limits.movesToGo = int(std::max<std::int64_t>(0, *v));
            else if (w == "movetime") limits.moveTime = std::max<std::int64_t>(1, *v);
            else if (w == "depth") limits.depth = int(std::clamp<std::int64_t>(*v, 1, MAX_PLY - 1));
            else if (w == "nodes") limits.nodes = std::uint64_t(std::max<std::int64_t>(1, *v));
            else if (w == "mate") limits.mate = int(std::clamp<std::int64_t>(*v, 1, MAX_PLY / 2));
            else error(fmt::format("unknown go parameter '{}'", w));
        } else error(fmt::format("unknown or incomplete go parameter '{}'", w));
    }
    engine->go(limits, {print_info, print_bestmove});
}

void Uci::print_info(const SearchInfo& info) {
    std::string score;
    if (is_mate_value(info.value)) {
        int plies = VALUE_MATE - std::abs(info.value);
        int moves = (plies + 1) / 2;
        score = fmt::format("mate {}", info.value > 0 ? moves : -moves);
    } else score = fmt::format("cp {}", info.value);
    if (info.bound == BOUND_LOWER) score += " lowerbound";
    else if (info.bound == BOUND_UPPER) score += " upperbound";
    if (info.wdl)
        score += fmt::format(" wdl {} {} {}", info.wdl->win, info.wdl->draw, info.wdl->loss);
    std::uint64_t nps = info.timeMs > 0 ? info.nodes * 1000 / std::uint64_t(info.timeMs) : 0;
    std::string pv;
    for (const auto& m : info.pv) pv += " " + m;
    println("info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} tbhits {} "
            "time {}{}{}",
        info.depth, info.selDepth, info.multiPv, score, info.nodes, nps, info.hashfull, info.tbHits,
        info.timeMs, pv.empty() ? "" : " pv", pv);
}

void Uci::print_bestmove(const std::string& best, const std::string& ponder) {
    if (ponder.empty()) println("bestmove {}", best);
    else println("bestmove {} ponder {}", best, ponder);
}

} // namespace hq
