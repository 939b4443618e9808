// SPDX-License-Identifier: GPL-3.0-or-later
// The drawing of chess and of any game with chess pieces that has no module of its own: the
// pieces by letter and side, the zones a game tags on its squares, no panel.

import {drawPiece, pieceSide} from './pieces.js';

export const chessLike = {
    name: 'chess',
    factsTitle: 'Position',
    piece(cell) {
        return drawPiece(cell.piece, pieceSide(cell));
    },
    squareClass(cell) {
        return cell.squareTags.filter((t) => t.startsWith('zone-'));
    },
    squareDecor() {
        return null;
    },
    panel() {
        return null;
    },
    choiceLabel(move) {
        return move.san;
    },
};

export default chessLike;
