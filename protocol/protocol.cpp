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

} // namespace hq
