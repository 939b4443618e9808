// SPDX-License-Identifier: GPL-3.0-or-later
// The repetition walk every game's Position shares: the same position again, looked for
// among the positions an even number of plies back (the same side to move), no further
// back than the last irreversible move.
#pragma once

#include "types.h"

namespace hq {

// Whether the current position counts as repeated. `keyAt(i)` is the key of the position
// `i` plies back (0 = now), `reversible` how many plies back may be looked at (bounded by
// the last irreversible move, a null move and the recorded history). A repetition inside
// the search (less than `plyFromRoot` plies back) counts at once; one reaching back into
// the game before the root needs the position twice before, as the threefold rule says.
template <typename KeyAt> bool repeats(int reversible, int plyFromRoot, KeyAt keyAt) {
    const Key now = keyAt(0);
    int seen = 0;
    for (int i = 4; i <= reversible; i += 2)
        if (keyAt(i) == now && (i < plyFromRoot || ++seen == 2)) return true;
    return false;
}

} // namespace hq
