// SPDX-License-Identifier: GPL-3.0-or-later
#include "json_words.h"

#include "settings.h"

#include <cctype>

namespace hq::serve {

const char* side_word(Color c) { return c == WHITE ? "white" : "black"; }

Json score_json(Value v) {
    if (is_mate_value(v)) {
        int plies = v > 0 ? VALUE_MATE - v : -VALUE_MATE - v;
        int moves = v > 0 ? (plies + 1) / 2 : -(-plies + 1) / 2;
        return {{"mate", moves}};
    }
    return {{"cp", v}};
}

Json outcome_json(const Outcome& o) {
    return {{"over", o.over()}, {"result", result_text(o.result)}, {"reason", o.reason}};
}

Result result_from_text(const std::string& r) {
    return r == "1-0"    ? Result::WHITE_WINS
        : r == "0-1"     ? Result::BLACK_WINS
        : r == "1/2-1/2" ? Result::DRAW
                         : Result::NONE;
}

// `e2e4` -> e2 e4, `e2d3,d3e3` -> e2 d3 e3, `c3b4*` -> c3 b4, `e7e8q` -> e7 e8. A pass
// (`0000`) names none. This reads the text every game writes (square names are a letter and
// digits); it judges nothing.
std::vector<std::string> move_squares(const std::string& text) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i + 1 < text.size(); ++i) {
        if (!std::islower(static_cast<unsigned char>(text[i]))
            || !std::isdigit(static_cast<unsigned char>(text[i + 1])))
            continue;
        std::size_t j = i + 1;
        while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j]))) ++j;
        std::string sq = text.substr(i, j - i);
        if (out.empty() || out.back() != sq) out.push_back(sq);
        i = j - 1;
    }
    return out;
}

Json level_json(int level) { return level ? Json(level) : Json(nullptr); }

std::optional<int> parse_level(const Json& v) {
    if (v.is_null()) return 0;
    if (!v.is_number_integer()) return std::nullopt;
    const std::int64_t level = v.get<std::int64_t>();
    if (level < 1 || level > MaxLevel) return std::nullopt;
    return int(level);
}

} // namespace hq::serve
