// SPDX-License-Identifier: GPL-3.0-or-later
#include "game_switch.h"

namespace hq {

GameSwitch switch_game(const RegisteredGame& game, Engine::Options& options, bool chess960) {
    GameSwitch out;
    out.engine = game.make.engine(game.spec, chess960);
    if (auto r = out.engine->load_network(options.evalFile); !r.error.empty()) {
        out.networkError = r.error;
        options.evalFile.clear();
    } else out.networkNotice = r.notice;
    if (!options.syzygyPath.empty())
        out.tablesNotice = out.engine->load_tables(options.syzygyPath).notice;
    out.engine->set_options(options);
    return out;
}

} // namespace hq
