// SPDX-License-Identifier: GPL-3.0-or-later
#include "engines.h"

namespace hq {

static_assert(check_hooks<chess::Chess>(), "the stated hooks of Chess are the ones it has");

template class GameEngine<chess::Chess>;
template class GameReferee<chess::Chess>;
template class GameProbeOf<chess::Chess>;

} // namespace hq
