// SPDX-License-Identifier: GPL-3.0-or-later
// harlequin: with no arguments, a chess engine on stdin/stdout speaking UCI, or XBoard
// (CECP v2) when the first command is `xboard` (protocol/protocol.h); otherwise the
// command-line run named by the first argument, from the table below.
#include "commands.h"
#include "engine/io.h"
#include "protocol/protocol.h"
#include "protocol/serve/serve.h"

#include <iostream>
#include <string>
#include <string_view>
#include <vector>

namespace {

// Every command-line run: its name and the function that takes the words after it and
// returns the exit code.
struct Command {
    std::string_view name;
    int (*run)(const std::vector<std::string>&);
};

constexpr Command Commands[] = {
    {"perft", hq::perft_command},
    {"bench", hq::bench_command},
    {"match", hq::match_command},
    {"openings", hq::openings_command},
    {"serve", hq::serve_command},
    {"datagen", hq::datagen_command},
    {"tune-export", hq::tune_export_command},
};

} // namespace

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty()) return hq::run_protocol(std::cin);
    std::string cmd = args[0];
    args.erase(args.begin());
    std::string names;
    for (const Command& c : Commands) {
        if (c.name == cmd) return c.run(args);
        names += names.empty() ? "" : "|";
        names += c.name;
    }
    hq::println("unknown command '{}'; try: harlequin [{}]", cmd, names);
    return 2;
}
