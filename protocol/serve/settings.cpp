// SPDX-License-Identifier: GPL-3.0-or-later
#include "settings.h"

namespace hq::serve {

const char* player_name(Player p) {
    return p == Player::HUMAN ? "human" : p == Player::HARLEQUIN ? "harlequin" : "engine";
}

std::optional<Player> parse_player(const std::string& s) {
    if (s == "human") return Player::HUMAN;
    if (s == "harlequin") return Player::HARLEQUIN;
    if (s == "engine") return Player::EXTERNAL;
    return std::nullopt;
}

} // namespace hq::serve
