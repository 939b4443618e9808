// SPDX-License-Identifier: GPL-3.0-or-later
#include "io.h"

namespace hq {

std::mutex& output_mutex() {
    static std::mutex m;
    return m;
}

} // namespace hq
