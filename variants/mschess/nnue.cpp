// SPDX-License-Identifier: GPL-3.0-or-later
#include "nnue.h"

namespace hq::mschess::nnue {

const hq::nnue::Network& embedded() {
    static const hq::nnue::Network net
        = hq::nnue::parse_embedded(embedded_bytes(), Features::Inputs, Features::name);
    return net;
}

} // namespace hq::mschess::nnue
