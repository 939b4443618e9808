// SPDX-License-Identifier: GPL-3.0-or-later
// This game's engine facade and rules, compiled once (variants/game_instance.h).
#include "multimove.h"
#include "variants/game_instance.h"

HARLEQUIN_GAME(hq::multimove::MultiMove)
