// SPDX-License-Identifier: GPL-3.0-or-later
// The engine's version, as shown in `id name` and XBoard's myname.
#pragma once

#define HARLEQUIN_VERSION "0.1"
