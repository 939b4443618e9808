// SPDX-License-Identifier: GPL-3.0-or-later
// The engine's side of the GUI protocols: UCI, or XBoard (CECP v2) when the first command
// is `xboard`. What `harlequin` with no arguments runs on stdin/stdout.
#pragma once

#include <istream>

namespace hq {

// Reads commands from `in` until `quit` or its end, answering on stdout. The first command
// chooses the protocol: `xboard` (or `protover`, from an XBoard that skipped it) selects
// XBoard, anything else UCI, which then handles that command itself. Returns the exit code.
int run_protocol(std::istream& in);

} // namespace hq
