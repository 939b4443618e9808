// SPDX-License-Identifier: GPL-3.0-or-later
#include "engines.h"

namespace hq {

static_assert(
    check_hooks<control::ControlChess>(), "the stated hooks of ControlChess are the ones it has");

template class GameEngine<control::ControlChess>;
template class GameReferee<control::ControlChess>;
template class GameProbeOf<control::ControlChess>;

} // namespace hq
