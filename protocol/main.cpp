// harlequin: with no arguments, a chess engine on stdin/stdout speaking UCI, or XBoard
// (CECP v2) when the first command is `xboard`; otherwise a command-line run (perft,
// bench, match).
#include "bench/commands.h"
#include "engine/io.h"
#include "text.h"
#include "uci.h"
#include "xboard.h"

#include <iostream>
#include <string>
#include <vector>

namespace {

// The first command chooses the protocol: `xboard` (or `protover`, from an XBoard that
// skipped it) selects XBoard, anything else UCI, which then handles that command itself.
int run_protocol(std::istream& in) {
    std::string line;
    while (std::getline(in, line)) {
        auto words = hq::split_words(line);
        if (words.empty()) continue;
        if (words[0] == "xboard" || words[0] == "protover") {
            hq::XBoard xboard;
            return xboard.run(in, {line});
        }
        hq::Uci uci;
        if (!uci.handle(line)) return 0;
        return uci.run(in);
    }
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty()) return run_protocol(std::cin);
    std::string cmd = args[0];
    args.erase(args.begin());
    if (cmd == "perft") return hq::perft_command(args);
    if (cmd == "bench") return hq::bench_command(args);
    if (cmd == "match") return hq::match_command(args);
    if (cmd == "openings") return hq::openings_command(args);
    if (cmd == "datagen") return hq::datagen_command(args);
    if (cmd == "tune-export") return hq::tune_export_command(args);
    hq::println(
        "unknown command '{}'; try: harlequin [perft|bench|match|openings|datagen|tune-export]",
        cmd);
    return 2;
}
