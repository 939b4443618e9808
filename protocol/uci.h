// SPDX-License-Identifier: GPL-3.0-or-later
// The UCI front-end: reads commands line by line, translates them into calls on the
// Engine facade, and prints replies (each line flushed). No game rules and no search
// state live here.
#pragma once

#include "engine/engine.h"

#include <functional>
#include <istream>
#include <memory>
#include <string>
#include <vector>

namespace hq {

// A command that a program adds to the UCI loop (bench/'s `genfens`, which OpenBench sends):
// it gets the words after its name, the current game and whether UCI_Chess960 is on.
using UciCommand = std::function<void(
    const std::vector<std::string>& args, const std::string& variant, bool chess960)>;
void add_uci_command(const std::string& name, UciCommand run);

class Uci {
public:
    Uci();
    ~Uci();

    // Reads commands until `quit` or end of input. Returns the process exit code.
    int run(std::istream& in);
    // Handles one command line; false once `quit` was seen.
    bool handle(const std::string& line);

private:
    void cmd_uci();
    void cmd_setoption(const std::vector<std::string>& words);
    void cmd_position(const std::vector<std::string>& words);
    void cmd_go(const std::vector<std::string>& words);
    bool select_variant(const std::string& value);
    static void print_info(const SearchInfo& info);
    static void print_bestmove(const std::string& best, const std::string& ponder);

    std::unique_ptr<Engine> engine;
    bool chess960Option = false;
    Engine::Options options;
};

} // namespace hq
