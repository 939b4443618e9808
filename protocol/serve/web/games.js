// SPDX-License-Identifier: GPL-3.0-or-later
// Which drawing module draws which game; a game with none is drawn as chess-like (any game
// registered later is playable with no change here).

import chess from './game-chess.js';
import mschess from './game-mschess.js';
import multimove from './game-multimove.js';
import control from './game-control.js';
import martian from './game-martian.js';

const DRAWINGS = {chess, chess960: chess, mschess, 'mschess-black': mschess, multimove,
    multimove2: multimove, control, martian};

export function drawingFor(game) {
    return DRAWINGS[game] || chess;
}
