// SPDX-License-Identifier: GPL-3.0-or-later
// The server's HTTP interface (README.md "Playing in the browser"): JSON requests and the
// event stream of a game's states.

export class ApiError extends Error {
    constructor(status, message) {
        super(message);
        this.status = status;
    }
}

export async function request(path, {method = 'GET', body} = {}) {
    const opts = {method};
    if (body !== undefined) {
        opts.headers = {'Content-Type': 'application/json'};
        opts.body = JSON.stringify(body);
    }
    const res = await fetch(path, opts);
    const type = res.headers.get('Content-Type') || '';
    const data = type.includes('json') ? await res.json() : await res.text();
    if (!res.ok) throw new ApiError(res.status, (data && data.error) || String(data) || `HTTP ${res.status}`);
    return data;
}

export const post = (path, body = {}) => request(path, {method: 'POST', body});

const sessionPath = (id, name) => `/api/sessions/${encodeURIComponent(id)}${name ? '/' + name : ''}`;

export const games = () => request('/api/games');
export const stored = () => request('/api/stored');
export const createGame = (body) => post('/api/sessions', body);
export const getState = (id, ply) => request(sessionPath(id) + (ply === undefined ? '' : `?ply=${ply}`));
export const action = (id, name, body = {}) => post(sessionPath(id, name), body);
export const pgn = (id) => request(sessionPath(id, 'pgn'));
export const remove = (id) => request(sessionPath(id), {method: 'DELETE'});
export const closeBeacon = (id) => navigator.sendBeacon(sessionPath(id, 'close'), '{}');

// Calls onState with every state the server sends for the game; returns a function that
// stops listening.
export function listen(id, onState) {
    const source = new EventSource(sessionPath(id, 'events'));
    source.addEventListener('state', (e) => onState(JSON.parse(e.data)));
    return () => source.close();
}
