// SPDX-License-Identifier: GPL-3.0-or-later
// The move list: the mainline with its variations in brackets, each move clickable, SAN
// shown (the move's text as its title). Redrawn only when the tree or the shown move
// changes.

import {h} from './dom.js';
import {moveTokens} from './tree.js';

export class MovesPanel {
    constructor(root, onNode) {
        this.root = root;
        this.onNode = onNode;
        this.key = '';
    }

    // tree: treeOf(state); current: the id of the node shown (0: the start).
    render(tree, current, blackStarts) {
        const key = JSON.stringify([tree.nodes.map((n) => [n.id, n.parent, n.san]), tree.line, tree.mainline, current]);
        if (key === this.key) return false;
        this.key = key;
        const onLine = new Set(tree.line);
        const parts = [];
        let stack = [h('div', {class: 'mainline'})];
        parts.push(stack[0]);
        for (const t of moveTokens(tree, blackStarts)) {
            const top = stack[stack.length - 1];
            if (t.kind === 'open') {
                const v = h('span', {class: `variation depth-${Math.min(t.depth, 3)}`}, '(');
                top.append(v);
                stack.push(v);
            } else if (t.kind === 'close') {
                top.append(')');
                stack.pop();
                stack[stack.length - 1].append(' ');
            } else {
                if (t.number) top.append(h('span', {class: 'num'}, t.number), ' ');
                const span = this.move(t.node, onLine, current);
                if (t.turnStart && !t.number) span.classList.add('turn-start');
                top.append(span, ' ');
            }
        }
        this.root.replaceChildren(...parts);
        const cur = this.root.querySelector('.mv.current');
        if (cur) cur.scrollIntoView({block: 'nearest'});
        return true;
    }

    move(node, onLine, current) {
        const classes = ['mv'];
        if (node.id === current) classes.push('current');
        if (!onLine.has(node.id)) classes.push('off-line');
        return h('span', {class: classes.join(' '), role: 'button', tabindex: '0',
            title: `${node.move}${node.ms ? ` (${node.ms} ms)` : ''}`, 'data-node': node.id,
            onclick: () => this.onNode(node.id),
            onkeydown: (e) => { if (e.key === 'Enter') this.onNode(node.id); }},
        node.san || node.move);
    }
}
