// SPDX-License-Identifier: GPL-3.0-or-later
// harlequin tunables: a tuning build's search numbers (engine/tunable.h) as OpenBench's
// SPSA takes them, one a line: `NAME, int, DEFAULT, MIN, MAX, C_END, R_END`. C_END (the
// perturbation at the run's end) is a twentieth of the range, at least 1 so that a whole
// number moves; R_END (the learning rate at the end) is 0.002, Fishtest's usual value.
// bench/tune/spsa.py reads the same lines.
#include "commands.h"
#include "engine/io.h"
#include "engine/tunable.h"

#include <algorithm>

namespace hq {

int tunables_command(const std::vector<std::string>& args) {
    if (!args.empty()) {
        println("error: tunables takes no arguments ('harlequin tunables --help')");
        return 2;
    }
    if (tunables().empty()) {
        println("error: this build has no tunable numbers: configure it with -DHARLEQUIN_TUNE=ON "
                "(docs/tuning.md, \"SPSA\")");
        return 2;
    }
    for (const Tunable& t : tunables())
        println("{}, int, {}, {}, {}, {:.2f}, 0.002", t.name, t.defaultValue, t.min, t.max,
            std::max(1.0, (t.max - t.min) / 20.0));
    return 0;
}

} // namespace hq
