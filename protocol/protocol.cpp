// SPDX-License-Identifier: GPL-3.0-or-later
#include "protocol.h"

#include "engine/text.h"
#include "uci.h"
#include "xboard.h"

#include <string>

namespace hq {

int run_protocol(std::istream& in) {
    std::string line;
    while (std::getline(in, line)) {
        auto words = split_words(line);
        if (words.empty()) continue;
        if (words[0] == "xboard" || words[0] == "protover") {
            XBoard xboard;
            return xboard.run(in, {line});
        }
        Uci uci;
        if (!uci.handle(line)) return 0;
        return uci.run(in);
    }
    return 0;
}

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
