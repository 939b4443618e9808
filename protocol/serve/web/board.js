// SPDX-License-Identifier: GPL-3.0-or-later
// The board: an SVG grid of squares built once per board size and then brought up to date
// in place. A square is a <g class="square" data-square="e4"> (a grid cell with a label)
// holding its rectangle, the game's decoration, the marks (shown by the square's classes:
// last, check, selected, moved, frozen, premove, target, movable) and its piece, redrawn
// only when the piece changes.

import {svg} from './dom.js';
import {cellOf, neighbour, squareName, fileName} from './orientation.js';
import {squareLabel} from './pieces.js';

export const SQ = 64;

const MARKS = ['last', 'check', 'selected', 'moved', 'frozen', 'premove', 'target', 'movable', 'occupied'];

export class Board {
    constructor(root, {onSquare}) {
        this.root = root;
        this.onSquare = onSquare;
        this.squares = new Map();
        this.size = '';
        this.bottom = 'white';
        this.focused = null;
        root.setAttribute('role', 'grid');
        root.setAttribute('aria-label', 'Board');
        root.addEventListener('keydown', (e) => this.key(e));
    }

    // Builds the squares for a files x ranks board (only when the size changes) and places
    // them with `bottom` (the side drawn at the bottom).
    layout(files, ranks, bottom) {
        const size = `${files}x${ranks}`;
        if (size !== this.size) this.build(files, ranks);
        if (size !== this.size || bottom !== this.bottom) {
            this.bottom = bottom;
            this.place();
        }
        this.size = size;
    }

    build(files, ranks) {
        this.files = files;
        this.ranks = ranks;
        this.squares.clear();
        this.root.replaceChildren();
        this.root.setAttribute('viewBox', `-16 0 ${files * SQ + 16} ${ranks * SQ + 16}`);
        this.root.style.maxHeight = `${Math.round(560 * ranks / 8) + 16}px`;
        this.root.append(this.defs());
        for (let r = ranks - 1; r >= 0; r--) {
            const row = svg('g', {role: 'row'});
            for (let f = 0; f < files; f++) row.append(this.makeSquare(squareName(f, r), (f + r) % 2 === 1));
            this.root.append(row);
        }
        this.coords = svg('g', {class: 'coords', 'aria-hidden': 'true'});
        this.dividers = svg('g', {class: 'dividers', 'aria-hidden': 'true'});
        this.arrows = svg('g', {class: 'arrows', 'aria-hidden': 'true'});
        this.root.append(this.coords, this.dividers, this.arrows);
        this.drawn = new Map(); // layer -> the key of what it shows
        this.focused = squareName(0, 0);
        this.squares.get(this.focused).node.setAttribute('tabindex', '0');
    }

    defs() {
        const marker = svg('marker', {id: 'arrowhead', markerWidth: 4, markerHeight: 4, refX: 2,
            refY: 2, orient: 'auto'}, svg('path', {d: 'M0,0 L4,2 L0,4 z', class: 'arrowhead'}));
        const alt = svg('marker', {id: 'arrowhead-alt', markerWidth: 4, markerHeight: 4, refX: 2,
            refY: 2, orient: 'auto'}, svg('path', {d: 'M0,0 L4,2 L0,4 z', class: 'arrowhead-alt'}));
        return svg('defs', {}, marker, alt);
    }

    makeSquare(name, light) {
        const rect = (cls, inset = 0) => svg('rect', {x: inset, y: inset, width: SQ - 2 * inset,
            height: SQ - 2 * inset, class: cls});
        const node = svg('g', {class: 'square', 'data-square': name, role: 'gridcell',
            tabindex: '-1', onclick: () => this.activate(name)});
        const base = rect(`sq ${light ? 'light' : 'dark'}`);
        const decor = svg('g', {class: 'decor'});
        const slot = svg('g', {class: 'slot'});
        node.append(base, decor, rect('m m-last'), rect('m m-moved'), rect('m m-check'),
            rect('m m-selected'), rect('m m-premove'), rect('m m-frozen', 2), slot,
            svg('circle', {cx: SQ / 2, cy: SQ / 2, r: SQ * 0.16, class: 'm m-target'}),
            rect('m m-capture', 3));
        this.squares.set(name, {node, base, decor, slot, light, pieceKey: null, decorKey: null, baseKey: null});
        return node;
    }

    place() {
        for (const [name, s] of this.squares) {
            const {col, row} = cellOf(name, this.files, this.ranks, this.bottom);
            s.node.setAttribute('transform', `translate(${col * SQ} ${row * SQ})`);
        }
        this.coords.replaceChildren();
        for (let f = 0; f < this.files; f++) {
            const {col} = cellOf(squareName(f, 0), this.files, this.ranks, this.bottom);
            this.coords.append(svg('text', {x: col * SQ + SQ / 2, y: this.ranks * SQ + 12,
                class: 'coord', 'text-anchor': 'middle', text: fileName(f)}));
        }
        for (let r = 0; r < this.ranks; r++) {
            const {row} = cellOf(squareName(0, r), this.files, this.ranks, this.bottom);
            this.coords.append(svg('text', {x: -9, y: row * SQ + SQ / 2 + 4, class: 'coord',
                'text-anchor': 'middle', text: String(r + 1)}));
        }
        this.drawn.clear();
    }

    // Brings every square up to date: view = {cells, drawing, sideNames, marks: {name: Set}}.
    update({cells, drawing, sideNames, marks, dividers = [], arrows = []}) {
        for (let r = 0; r < this.ranks; r++)
            for (let f = 0; f < this.files; f++) {
                const name = squareName(f, r);
                this.updateSquare(this.squares.get(name), name, cells[r * this.files + f], drawing, sideNames, marks);
            }
        this.drawDividers(dividers);
        this.drawArrows(arrows);
    }

    updateSquare(s, name, cell, drawing, sideNames, marks) {
        const baseKey = drawing.squareClass(cell).join(' ');
        if (baseKey !== s.baseKey) {
            s.base.setAttribute('class', `sq ${s.light ? 'light' : 'dark'} ${baseKey}`);
            s.baseKey = baseKey;
        }
        const decorKey = `${drawing.name}|${cell.squareTags.join(' ')}`;
        if (decorKey !== s.decorKey) {
            s.decor.replaceChildren(...[drawing.squareDecor(cell)].filter(Boolean));
            s.decorKey = decorKey;
        }
        const pieceKey = cell.piece ? `${drawing.name}|${cell.piece}|${cell.side}|${cell.pieceTags.join(' ')}` : '';
        if (pieceKey !== s.pieceKey) {
            s.slot.replaceChildren();
            if (cell.piece) {
                const group = svg('g', {class: 'piece-group', 'data-piece': cell.piece,
                    'data-side': cell.side, 'data-tags': cell.pieceTags.join(' ')});
                group.append(drawing.piece(cell));
                s.slot.append(group);
            }
            s.pieceKey = pieceKey;
            s.node.setAttribute('aria-label', squareLabel(name, cell, sideNames));
        }
        for (const m of MARKS) {
            const on = m === 'occupied' ? !!cell.piece
                : m === 'moved' || m === 'frozen' ? cell.squareTags.includes(m)
                    : !!(marks[m] && marks[m].has(name));
            if (s.node.classList.contains(m) !== on) s.node.classList.toggle(m, on);
        }
        s.node.setAttribute('aria-selected', marks.selected && marks.selected.has(name) ? 'true' : 'false');
    }

    // Redraws an SVG layer from its items with draw(item), unless it shows them already (with
    // the same side at the bottom).
    redraw(layer, items, draw) {
        const key = JSON.stringify(items) + this.bottom;
        if (key === this.drawn.get(layer)) return;
        this.drawn.set(layer, key);
        layer.replaceChildren();
        for (const item of items) draw(item);
    }

    drawDividers(dividers) {
        this.redraw(this.dividers, dividers, (div) => {
            const y = this.bottom === 'white' ? (this.ranks - div.afterRank) * SQ : div.afterRank * SQ;
            this.dividers.append(svg('rect', {x: 0, y: y - 4, width: this.files * SQ, height: 8,
                class: 'canal', 'data-divider': div.label}),
            svg('text', {x: this.files * SQ / 2, y: y + 4, 'text-anchor': 'middle',
                class: 'canal-label', text: div.label}));
        });
    }

    // arrows: [{squares: [from, ..., to], id?, alt?}]
    drawArrows(arrows) {
        this.redraw(this.arrows, arrows, (a) => {
            if (a.squares.length < 2) return;
            const pts = a.squares.map((name) => {
                const {col, row} = cellOf(name, this.files, this.ranks, this.bottom);
                return `${col * SQ + SQ / 2},${row * SQ + SQ / 2}`;
            });
            this.arrows.append(svg('polyline', {points: pts.join(' '), class: a.alt ? 'arrow alt' : 'arrow',
                id: a.id}));
        });
    }

    activate(name) {
        this.focus(name, false);
        this.onSquare(name);
    }

    focus(name, move = true) {
        const old = this.squares.get(this.focused);
        if (old) old.node.setAttribute('tabindex', '-1');
        this.focused = name;
        const s = this.squares.get(name);
        s.node.setAttribute('tabindex', '0');
        if (move) s.node.focus();
    }

    key(e) {
        const name = e.target.closest && e.target.closest('g.square') && e.target.closest('g.square').dataset.square;
        if (!name) return;
        const dirs = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1]};
        if (dirs[e.key]) {
            const next = neighbour(name, ...dirs[e.key], this.files, this.ranks, this.bottom);
            if (next) this.focus(next);
        } else if (e.key === 'Enter' || e.key === ' ') {
            this.onSquare(name);
        } else return;
        e.preventDefault();
        e.stopPropagation();
    }
}
