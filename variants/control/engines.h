// SPDX-License-Identifier: GPL-3.0-or-later
// The engine facade, the referee and the probe (datagen, tuning) of this game, compiled
// once, in engines.cpp: every other translation unit (the registry) uses these instances
// instead of compiling its own.
#pragma once

#include "control.h"
#include "engine/game_engine.h"
#include "engine/game_probe.h"
#include "engine/referee.h"

namespace hq {

extern template class GameEngine<control::ControlChess>;
extern template class GameReferee<control::ControlChess>;
extern template class GameProbeOf<control::ControlChess>;

} // namespace hq
