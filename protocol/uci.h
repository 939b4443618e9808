// SPDX-License-Identifier: GPL-3.0-or-later
// The UCI front-end: reads commands line by line, translates them into calls on the
// Engine facade, and prints replies (each line flushed). No game rules and no search
// state live here.
#pragma once

#include "engine/engine.h"

#include <istream>
#include <memory>
#include <string>
#include <vector>

namespace hq {

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
