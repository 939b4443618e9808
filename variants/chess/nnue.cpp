// SPDX-License-Identifier: GPL-3.0-or-later
#include "nnue.h"

namespace hq::chess::nnue {

const Network& embedded() {
    static const Network net = hq::nnue::parse_embedded(embedded_bytes(), Inputs, "chess");
    return net;
}

} // namespace hq::chess::nnue
