// SPDX-License-Identifier: GPL-3.0-or-later
// A fact of the position by key (the game's display description, engine/display.h).

export function fact(state, key) {
    const f = state.display.facts.find((x) => x.key === key);
    return f ? f.value : '';
}
