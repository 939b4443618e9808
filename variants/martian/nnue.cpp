// SPDX-License-Identifier: GPL-3.0-or-later
#include "nnue.h"

namespace hq::martian::nnue {

const Network& embedded() {
    static const Network net
        = hq::nnue::parse_embedded(embedded_bytes(), Features::Inputs, "martian");
    return net;
}

} // namespace hq::martian::nnue
