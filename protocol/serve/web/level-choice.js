// SPDX-License-Identifier: GPL-3.0-or-later
// What the level picker chose: a level 1..LEVEL_COUNT (Harlequin weakened, levels.js) or
// 'full' (full strength, searching the time per move or the depth set beside it). The
// browser remembers the last choice (localStorage), one for every game: a player's level is
// about the player, and it stays put when the game is switched.
//
// The first time, the choice is level 3 (about 1380 in chess). Someone who opens an engine's
// board to play usually knows the rules and has played a few games; level 3 gives such a
// player a game that can be won with care, not a walkover, and leaves levels 1 and 2 for
// someone who has just learnt the moves. Full strength, the board's only choice before,
// beats every newcomer every time.

import {LEVEL_COUNT} from './levels.js';

export const LEVEL_KEY = 'harlequin.level';
export const DEFAULT_LEVEL = 3;

// A stored, typed or sent value as a choice; null when it is none.
export function parseChoice(v) {
    if (v === 'full') return 'full';
    const n = typeof v === 'string' && /^[0-9]+$/.test(v) ? Number(v) : v;
    return Number.isInteger(n) && n >= 1 && n <= LEVEL_COUNT ? n : null;
}

// The page's localStorage; null where the browser refuses it (then nothing is remembered).
export function pageStorage() {
    try {
        return window.localStorage;
    } catch {
        return null;
    }
}

// The remembered choice (the default when none is, or the browser stores nothing).
export function rememberedChoice(storage) {
    try {
        return parseChoice(storage.getItem(LEVEL_KEY)) ?? DEFAULT_LEVEL;
    } catch {
        return DEFAULT_LEVEL;
    }
}

export function rememberChoice(storage, choice) {
    if (parseChoice(choice) === null) return;
    try {
        storage.setItem(LEVEL_KEY, String(choice));
    } catch {
        // A browser that stores nothing keeps the choice for this page only.
    }
}

// The choice a page starts with: an address that sets a time per move or a depth
// (?movetime=, ?depth=) asks for full strength; otherwise the remembered one.
export function initialChoice(params, storage) {
    if (params.has('movetime') || params.has('depth')) return 'full';
    return rememberedChoice(storage);
}

// The server's "level" setting: the level, or null for full strength.
export const levelSetting = (choice) => (choice === 'full' ? null : choice);

// The choice a game's state stands for: its level, or full strength.
export const choiceOfState = (state) => parseChoice(state.strength && state.strength.level) ?? 'full';

// The sentence under the picker.
export function describeChoice(choice, ratings) {
    if (choice === 'full') return 'Full strength: Harlequin searches for the time per move or to the depth below.';
    return `Level ${choice} of ${LEVEL_COUNT}: plays at about ${ratings[choice - 1]}.`;
}
