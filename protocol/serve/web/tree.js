// SPDX-License-Identifier: GPL-3.0-or-later
// The move tree of a game (pure functions, tested by tests/js/tree.test.mjs). The server sends
// the tree as a flat list of nodes {id, parent, move, san, side, turn, ms} (parent 0: the
// start), the line shown and the mainline as lists of ids. A server without variations sends
// only `moves`: that list is read as a tree of one line.

export function treeOf(state) {
    if (Array.isArray(state.tree)) {
        const line = state.line || state.mainline || [];
        return {nodes: state.tree, line, mainline: state.mainline || line, variations: true};
    }
    const nodes = (state.moves || []).map((m, i) => ({id: i + 1, parent: i, move: m.text,
        san: m.san, side: m.side, turn: m.turn, ms: m.ms}));
    const ids = nodes.map((n) => n.id);
    return {nodes, line: ids, mainline: ids, variations: false};
}

export function byId(nodes) {
    return new Map(nodes.map((n) => [n.id, n]));
}

// Children of each node (0: the start), the mainline's child first, then in creation order.
export function childrenOf(nodes, mainline = []) {
    const main = new Set(mainline);
    const kids = new Map();
    for (const n of nodes) {
        if (!kids.has(n.parent)) kids.set(n.parent, []);
        kids.get(n.parent).push(n);
    }
    for (const list of kids.values())
        list.sort((a, b) => (main.has(b.id) - main.has(a.id)) || (a.id - b.id));
    return kids;
}

// The ids from the start to the node, inclusive.
export function pathTo(nodes, id) {
    const map = byId(nodes);
    const path = [];
    for (let n = map.get(id); n; n = map.get(n.parent)) {
        path.push(n.id);
        if (path.length > map.size) throw new Error('the move tree has a cycle');
    }
    return path.reverse();
}

// The node's path continued by first children to the end: the line a click on it shows.
export function lineThrough(nodes, id, mainline = []) {
    const path = pathTo(nodes, id);
    const kids = childrenOf(nodes, mainline);
    for (let k = kids.get(id); k && k.length; k = kids.get(k[0].id)) path.push(k[0].id);
    return path;
}

// Move numbers as people write them: turn 0 is the first turn of the game; blackStarts when
// the start position has Black (North) to move.
export function moveNumber(turn, blackStarts = false) {
    return Math.floor((turn + (blackStarts ? 1 : 0)) / 2) + 1;
}

// The move list as tokens for drawing: {kind: 'move', node, number (text or ''), depth,
// turnStart (the first single move of a turn)},
// {kind: 'open', depth} and {kind: 'close', depth} around each variation. A move's
// alternatives (its siblings) follow it, as in printed games; a number is written before
// every White (South) turn's first move, and before a Black move that starts a variation or
// follows one.
export function moveTokens(tree, blackStarts = false) {
    const kids = childrenOf(tree.nodes, tree.mainline);
    const out = [];
    const emit = (siblings, depth) => {
        let here = siblings, needNumber = true, prev = null;
        while (here && here.length) {
            const main = here[0];
            out.push({kind: 'move', node: main, number: numberFor(main, prev, needNumber, blackStarts), depth,
                turnStart: !prev || prev.turn !== main.turn});
            needNumber = false;
            for (const alt of here.slice(1)) {
                out.push({kind: 'open', depth: depth + 1});
                emit([alt], depth + 1);
                out.push({kind: 'close', depth: depth + 1});
                needNumber = true;
            }
            prev = main;
            here = kids.get(main.id);
        }
    };
    emit(kids.get(0), 0);
    return out;
}

function numberFor(node, prev, needNumber, blackStarts) {
    const n = moveNumber(node.turn, blackStarts);
    if ((!prev || prev.turn !== node.turn) && node.side === 'white') return `${n}.`;
    return needNumber ? `${n}...` : '';
}

// Where a node is on the shown line: its index + 1 (the ply that shows the position after
// it), or -1 when it is off the line.
export function plyOf(line, id) {
    const i = line.indexOf(id);
    return i < 0 ? -1 : i + 1;
}
