// SPDX-License-Identifier: GPL-3.0-or-later
// The games the server keeps (GET /api/stored): reopen, download as PGN, delete. Hidden
// when the server stores nothing or has no such list.

import {$, download, h} from './dom.js';
import * as api from './api.js';

export class GamesPanel {
    constructor({onOpen, onDeleted, onError}) {
        this.onOpen = onOpen;
        this.onDeleted = onDeleted;
        this.onError = onError;
    }

    async refresh(currentId) {
        let data;
        try {
            data = await api.stored();
        } catch {
            $('stored-box').hidden = true;
            return;
        }
        $('stored-box').hidden = false;
        const s = data.storage || {};
        $('storage-note').textContent = s.enabled ? `Kept in ${s.path}` : (s.message || 'Games are not stored.');
        $('stored').replaceChildren(...(data.games || []).map((g) => this.row(g, currentId)));
    }

    row(g, currentId) {
        const when = (g.updated || g.created || '').replace('T', ' ').replace(/:\d\d(\.\d+)?Z$/, '');
        const result = g.ongoing ? 'playing' : g.result;
        return h('li', {class: g.id === currentId ? 'stored current' : 'stored', 'data-id': g.id},
            h('span', {class: 'stored-what'}, `${g.game}: ${g.white} \u2013 ${g.black}, ${result}, ${g.plies} ${g.plies === 1 ? 'move' : 'moves'}, ${when}`),
            ' ',
            h('button', {type: 'button', onclick: () => this.onOpen(g.id), 'aria-label': `Open ${g.game} game of ${when}`}, 'Open'),
            h('button', {type: 'button', onclick: () => this.pgn(g), 'aria-label': `PGN of ${g.game} game of ${when}`}, 'PGN'),
            h('button', {type: 'button', class: 'delete', onclick: (e) => this.remove(g, e.currentTarget), 'aria-label': `Delete ${g.game} game of ${when}`}, 'Delete'));
    }

    async pgn(g) {
        try {
            download(`${g.game}-${g.id}.pgn`, await api.pgn(g.id), 'application/x-chess-pgn');
        } catch (e) {
            this.onError(e.message);
        }
    }

    // The first click asks, the second deletes.
    async remove(g, button) {
        if (button.dataset.armed !== 'yes') {
            button.dataset.armed = 'yes';
            button.textContent = 'Really delete?';
            setTimeout(() => { button.dataset.armed = 'no'; button.textContent = 'Delete'; }, 4000);
            return;
        }
        try {
            await api.remove(g.id);
            this.onDeleted(g.id);
        } catch (e) {
            this.onError(e.message);
        }
    }
}
