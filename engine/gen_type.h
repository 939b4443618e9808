// SPDX-License-Identifier: GPL-3.0-or-later
// Which of its legal moves a game's generator lists (`generate<T>(pos, list)` in each
// game's movegen.h): the split the search makes, noisy moves (what quiescence search
// looks at; each game says which they are) and quiet ones, or both together.
#pragma once

namespace hq {

enum GenType { NOISY, QUIET, LEGAL };

} // namespace hq
