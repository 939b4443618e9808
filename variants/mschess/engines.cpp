// SPDX-License-Identifier: GPL-3.0-or-later
#include "engines.h"

namespace hq {

static_assert(check_hooks<mschess::MsChess>(), "the stated hooks of MsChess are the ones it has");

template class GameEngine<mschess::MsChess>;
template class GameReferee<mschess::MsChess>;
template class GameProbeOf<mschess::MsChess>;

} // namespace hq
