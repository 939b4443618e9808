// SPDX-License-Identifier: GPL-3.0-or-later
// Short beeps made with WebAudio (no sound files): a move, a capture, the end of a game.
// Muted or not is kept in localStorage.

const KEY = 'harlequin.sound';
const TONES = {move: [[520, 0.07]], capture: [[330, 0.06], [260, 0.09]], end: [[660, 0.12], [520, 0.12], [390, 0.2]]};

let context = null;

export function soundOn() {
    try {
        return localStorage.getItem(KEY) !== 'off';
    } catch {
        return true;
    }
}

export function setSound(on) {
    try {
        localStorage.setItem(KEY, on ? 'on' : 'off');
    } catch {
        // A browser that stores nothing keeps the choice for this page only.
    }
}

export function beep(kind) {
    if (!soundOn() || !window.AudioContext) return;
    context = context || new AudioContext();
    let t = context.currentTime;
    for (const [freq, length] of TONES[kind] || TONES.move) {
        const osc = context.createOscillator(), gain = context.createGain();
        osc.frequency.value = freq;
        gain.gain.setValueAtTime(0.15, t);
        gain.gain.exponentialRampToValueAtTime(0.001, t + length);
        osc.connect(gain).connect(context.destination);
        osc.start(t);
        osc.stop(t + length);
        t += length;
    }
}
