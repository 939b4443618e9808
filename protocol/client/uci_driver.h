// SPDX-License-Identifier: GPL-3.0-or-later
// The UCI driver: talks to an engine the way Cute Chess does. Start-up: `uci` ... `uciok`,
// the configured options, the variant (`UCI_Variant` when the engine lists the game,
// `UCI_Chess960` for Fischer random games), `isready`. Each game: `ucinewgame`,
// `isready`. Each move: `isready`, `position startpos|fen F moves ...`, `go wtime ...
// btime ... winc ... binc ... [movestogo N]` (or movetime/depth/nodes), then `info` lines
// until `bestmove`. A late engine is told `stop` and given a moment to answer.
#pragma once

#include "engine_driver.h"

#include <map>

namespace hq {

class UciDriver : public EngineDriver {
public:
    using EngineDriver::EngineDriver;

    std::optional<std::string> start() override;
    std::optional<std::string> new_game(const std::string& startFen, bool startpos) override;
    EngineReply go(const MoveRequest& request) override;

private:
    // Sends isready and waits for readyok; false (and marked broken) if it never comes.
    bool sync();
    // An option the engine declared, by lowercase name: its type and its combo values.
    struct OptionInfo {
        std::string type;
        std::vector<std::string> vars;
    };
    std::map<std::string, OptionInfo> declared;
};

// Reads the score and depth of a UCI `info` line into `info`; false if it has no score.
bool parse_uci_info(const std::string& line, EngineThinking& info);

} // namespace hq
