// SPDX-License-Identifier: GPL-3.0-or-later
#include "engines.h"

namespace hq {

static_assert(
    check_hooks<multimove::MultiMove>(), "the stated hooks of MultiMove are the ones it has");

template class GameEngine<multimove::MultiMove>;
template class GameReferee<multimove::MultiMove>;
template class GameProbeOf<multimove::MultiMove>;

} // namespace hq
