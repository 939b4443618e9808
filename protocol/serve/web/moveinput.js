// SPDX-License-Identifier: GPL-3.0-or-later
// Moves typed on the keyboard (pure, tests/js/moveinput.test.mjs): "Nf3", "nf3", "Nxf3",
// "O-O", "0-0", "e8=Q", "g1f3" are matched against the legal moves' SAN and text the server
// sent; the page never decides what is legal.

// The bare form of a move as typed or written: no check, capture, promotion or annotation
// marks, castling with letter O.
export function normalise(text) {
    const bare = String(text).trim().replace(/[+#!?]+$/g, '');
    if (/^[0O](-?[0O]){1,2}$/.test(bare)) return bare.replace(/[-0]/g, (c) => (c === '0' ? 'O' : ''));
    return bare.replace(/[x:=\-\s]/g, '');
}

// Returns {move} when exactly one legal move fits the text, {ambiguous: [moves]} when several
// do, {error} when none does. Exact case wins over a case-blind match ("b4" is a pawn's
// move, "B4" never matches a pawn), coordinates match the move's text.
export function matchMove(typed, legal) {
    const want = normalise(typed);
    if (!want) return {error: 'type a move, e.g. Nf3 or g1f3'};
    const exact = legal.filter((m) => normalise(m.san) === want || normalise(m.text) === normalise(typed.toLowerCase()));
    if (exact.length === 1) return {move: exact[0]};
    if (exact.length > 1) return unique(exact);
    const blind = legal.filter((m) => normalise(m.san).toLowerCase() === want.toLowerCase());
    if (blind.length === 1) return {move: blind[0]};
    if (blind.length > 1) return unique(blind);
    return {error: `no legal move "${typed.trim()}"`};
}

function unique(moves) {
    const seen = [...new Map(moves.map((m) => [m.text, m])).values()];
    return seen.length === 1 ? {move: seen[0]} : {ambiguous: seen};
}
