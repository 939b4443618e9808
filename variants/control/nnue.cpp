// SPDX-License-Identifier: GPL-3.0-or-later
#include "nnue.h"

namespace hq::control::nnue {

const Network& embedded() {
    static const Network net
        = hq::nnue::parse_embedded(embedded_bytes(), Features::Inputs, Features::name);
    return net;
}

} // namespace hq::control::nnue
