// SPDX-License-Identifier: GPL-3.0-or-later
// harlequin: with no arguments, a chess engine on stdin/stdout speaking UCI, or XBoard
// (CECP v2) when the first command is `xboard` (protocol/protocol.h); otherwise the
// command-line run named by the first argument, from the table below. A first argument of
// several words makes every argument a protocol command, run in order, as Stockfish reads
// them: OpenBench's `./harlequin "genfens 8 seed 1 book None" quit`.
#include "commands.h"
#include "engine/io.h"
#include "genfens.h"
#include "help.h"
#include "protocol/protocol.h"
#include "protocol/uci.h"
#ifdef HARLEQUIN_SERVE_BUILT
#include "protocol/serve/serve.h"
#endif

#include <iostream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace {

// Every command-line run: its name and the function that takes the words after it and
// returns the exit code. Its help (`harlequin COMMAND --help`) is bench/help.cpp's.
struct Command {
    std::string_view name;
    int (*run)(const std::vector<std::string>&);
};

#ifndef HARLEQUIN_SERVE_BUILT
int serve_command(const std::vector<std::string>&) {
    hq::println("error: this binary was built without `harlequin serve` (cpp-httplib and "
                "nlohmann-json were not found, or -DHARLEQUIN_SERVE=OFF); `make serve` builds it");
    return 2;
}
#endif

constexpr Command Commands[] = {
    {"perft", hq::perft_command},
    {"bench", hq::bench_command},
    {"match", hq::match_command},
    {"openings", hq::openings_command},
#ifdef HARLEQUIN_SERVE_BUILT
    {"serve", hq::serve_command},
#else
    {"serve", serve_command},
#endif
    {"datagen", hq::datagen_command},
    {"tune-export", hq::tune_export_command},
    {"train", hq::train_command},
    {"genfens", hq::genfens_command},
    {"tunables", hq::tunables_command},
};

} // namespace

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    hq::add_uci_command("genfens",
        [](const std::vector<std::string>& words, const std::string& variant, bool chess960) {
            auto request = hq::parse_genfens(words, variant, chess960);
            if (auto* err = std::get_if<std::string>(&request))
                return hq::println("info string error: genfens: {}", *err);
            auto err = hq::generate_fens(std::get<hq::GenfensRequest>(request),
                [](const std::string& fen) { hq::println("info string genfens {}", fen); });
            if (err) hq::println("info string error: genfens: {}", *err);
        });
    if (args.empty()) return hq::run_protocol(std::cin);
    if (args[0].find_first_of(" \t") != std::string::npos) {
        std::string lines;
        for (const auto& a : args) lines += a + "\n";
        std::istringstream in(lines);
        return hq::run_protocol(in);
    }
    std::string cmd = args[0];
    args.erase(args.begin());
    if (cmd == "--help" || cmd == "-h" || cmd == "help") {
        if (args.empty()) return hq::print_line(hq::overview_text()), 0;
        if (const auto* help = hq::find_command_help(args[0]))
            return hq::print_line(hq::command_help_text(*help)), 0;
        hq::println("unknown command '{}'; 'harlequin --help' lists the commands", args[0]);
        return 2;
    }
    for (const Command& c : Commands)
        if (c.name == cmd) {
            const auto* help = hq::find_command_help(c.name);
            if (help && hq::asks_for_help(args))
                return hq::print_line(hq::command_help_text(*help)), 0;
            return c.run(args);
        }
    hq::println("unknown command '{}'; 'harlequin --help' lists the commands", cmd);
    return 2;
}
