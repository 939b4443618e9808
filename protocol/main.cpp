// harlequin: with no arguments, a UCI engine on stdin/stdout; otherwise a command-line
// run (perft, bench, match).
#include "bench/commands.h"
#include "engine/io.h"
#include "uci.h"

#include <iostream>
#include <string>
#include <vector>

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty()) {
        hq::Uci uci;
        return uci.run(std::cin);
    }
    std::string cmd = args[0];
    args.erase(args.begin());
    if (cmd == "perft") return hq::perft_command(args);
    if (cmd == "bench") return hq::bench_command(args);
    if (cmd == "match") return hq::match_command(args);
    if (cmd == "openings") return hq::openings_command(args);
    hq::println("unknown command '{}'; try: harlequin [perft|bench|match|openings]", cmd);
    return 2;
}
