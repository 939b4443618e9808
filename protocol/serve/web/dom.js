// SPDX-License-Identifier: GPL-3.0-or-later
// Building the page's elements: every text goes in as a text node or an attribute, never as
// markup, so nothing the server or a PGN sends can become HTML.

export const SVG_NS = 'http://www.w3.org/2000/svg';

export const $ = (id) => document.getElementById(id);

function fill(e, attrs, children) {
    for (const [k, v] of Object.entries(attrs)) {
        if (v === undefined || v === null || v === false) continue;
        if (k === 'text') e.textContent = v;
        else if (k === 'dataset') Object.assign(e.dataset, v);
        else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
        else e.setAttribute(k, v === true ? '' : v);
    }
    for (const c of children.flat()) {
        if (c === null || c === undefined || c === false) continue;
        e.append(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
    }
    return e;
}

// h('button', {class: 'x', onclick: f}, 'text', child...)
export function h(tag, attrs = {}, ...children) {
    return fill(document.createElement(tag), attrs, children);
}

export function svg(tag, attrs = {}, ...children) {
    return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

// Sets a form control's value unless the person is using it: a control with the focus or
// changed since it was last applied keeps what the person chose.
export function setIdle(control, value) {
    if (document.activeElement === control || control.dataset.dirty === 'yes') return;
    if (control.value !== String(value)) control.value = value;
}

export function markDirty(control) {
    control.addEventListener('change', () => { control.dataset.dirty = 'yes'; });
}

export function clearDirty(...controls) {
    for (const c of controls) delete c.dataset.dirty;
}

export function download(name, text, type) {
    const a = h('a', {href: URL.createObjectURL(new Blob([text], {type})), download: name});
    document.body.append(a);
    a.click();
    a.remove();
}
