// SPDX-License-Identifier: GPL-3.0-or-later
// The XBoard (CECP v2) driver. Start-up: `xboard`, `protover 2`, the engine's `feature`
// lines (each answered `accepted`/`rejected`) up to `done=1`, the configured options.
// Each game: `new`, `variant V` (the game's XBoard name, protocol/xboard_variants.h) for
// other games than the one `new` sets up, `force`, `level MPS BASE INC` / `st S` / `sd D`,
// `post`, `easy`, `setboard FEN` when not from the start, `ping N` ... `pong N`. The engine stays
// in force mode while its opponent plays; on its turn it gets the moves it has not seen (`usermove`
// when it asked for it, SAN when it asked for that), `time`/`otim` in centiseconds and `go`, and is
// put back in force mode after its `move`. A late engine is told `?` (move now).
#pragma once

#include "engine_driver.h"

namespace hq {

class XboardDriver : public EngineDriver {
public:
    using EngineDriver::EngineDriver;

    // `result R {reason}`, then `force`: XBoard's engines are told how a game ended.
    void game_over(const std::string& result, const std::string& reason) override;
    std::optional<std::string> start() override;
    std::optional<std::string> new_game(const std::string& startFen, bool startpos) override;
    EngineReply go(const MoveRequest& request) override;

private:
    bool sync(); // ping/pong when the engine supports it

    bool featurePing = false, featureSetboard = false, featureUsermove = false;
    bool featureSan = false, featureTime = true;
    std::vector<std::string> variants; // feature variants="...", lowercase
    std::size_t movesSent = 0;         // single moves of the game the engine knows
    int pingCounter = 0;
};

// Reads an XBoard thinking line ("ply score time nodes pv") into `info`; false if the
// line is not one.
bool parse_xboard_thinking(const std::string& line, EngineThinking& info);

} // namespace hq
