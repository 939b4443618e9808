// SPDX-License-Identifier: GPL-3.0-or-later
// One game between two engines, refereed by the game's own rules (the Referee): every
// move is checked, turns follow the referee's side to move (so an engine is asked again
// while its turn lasts, as in Multiple Move Chess), and the game ends by the rules, by
// adjudication (-draw, -resign, -maxmoves) or by forfeit (illegal move, time, a crash, a
// stall, a false claim). The runner keeps the clocks: an engine's time runs from `go` to
// its move; the increment and a new period's time come at the end of each of its turns.
#pragma once

#include "adjudication.h"
#include "match_options.h"
#include "openings.h"
#include "protocol/client/engine_driver.h"
#include "protocol/pgn.h"

#include <atomic>
#include <functional>
#include <memory>
#include <string>

namespace hq {

struct GameResult {
    PgnGame pgn;
    Result result = Result::NONE;
    std::string termination;     // PGN Termination: normal, adjudication, time forfeit, ...
    std::string reason;          // "White mates", "Black makes an illegal move: e2e5", ...
    bool crashed[COLOR_NB] = {}; // that side's engine process ended
    bool aborted = false;        // stopped by the tournament (not a result)
};

// Builds the referee of a game (the registry's make_referee; tests may bring their own).
using RefereeFactory = std::function<std::unique_ptr<Referee>(const std::string& variant)>;

// Plays game `number` from `opening`; `white` and `black` are started engines. Returns
// between moves with `aborted` set once `abort` becomes true.
GameResult play_game(const MatchOptions& options, int number, const Opening& opening,
    EngineDriver& white, EngineDriver& black, const std::atomic<bool>& abort,
    const RefereeFactory& makeReferee = {});

} // namespace hq
