// SPDX-License-Identifier: GPL-3.0-or-later
// The server's HTTP interface (docs/serve.md, "The HTTP interface"): JSON requests and the
// event stream of a game's states.

export class ApiError extends Error {
    constructor(status, message) {
        super(message);
        this.status = status;
    }
}

// The server's token, when it needs one (it listens beyond this machine): the address it
// printed, /?token=..., holds it and the page keeps it there. Every request carries it.
const token = new URLSearchParams(location.search).get('token');

// The headers of every request: JSON for a body (the server refuses a request that changes
// something in any other type, as a page of another site could send one), the token.
function headers(json) {
    const h = {};
    if (json) h['Content-Type'] = 'application/json';
    if (token) h['X-Harlequin-Token'] = token;
    return h;
}

export async function request(path, {method = 'GET', body, keepalive = false} = {}) {
    const opts = {method, headers: headers(body !== undefined), keepalive};
    if (body !== undefined) opts.body = JSON.stringify(body);
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
// As the page goes: a request that outlives it (a beacon would be text/plain, refused).
export const closeBeacon = (id) =>
    request(sessionPath(id, 'close'), {method: 'POST', body: {}, keepalive: true}).catch(() => {});

// Calls onState with every state the server sends for the game; returns a function that
// stops listening.
export function listen(id, onState) {
    // EventSource sends no headers: the token goes in the address.
    const query = token ? `?token=${encodeURIComponent(token)}` : '';
    const source = new EventSource(sessionPath(id, 'events') + query);
    source.addEventListener('state', (e) => onState(JSON.parse(e.data)));
    return () => source.close();
}
