// SPDX-License-Identifier: GPL-3.0-or-later
#include "engines.h"

namespace hq {

static_assert(check_hooks<martian::Martian>(), "the stated hooks of Martian are the ones it has");

template class GameEngine<martian::Martian>;
template class GameReferee<martian::Martian>;
template class GameProbeOf<martian::Martian>;

} // namespace hq
