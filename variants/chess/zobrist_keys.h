// SPDX-License-Identifier: GPL-3.0-or-later
// The Zobrist keys the games with chess's board and castling draw alike (standard chess,
// Control Chess), each from its own seed: a game's Zobrist struct with psq, enpassant,
// castling and side members, drawn first, before any keys of the game's own.
#pragma once

#include "castling.h"

#include "engine/types.h"

namespace hq::chess {

// Draws, in this order: a key for each piece on each square, one for each en passant file,
// one for each castling right (the key of a set of rights being the XOR of its members'
// keys), and the side to move's. `k` starts all zero.
template <typename Z, typename Rng> void draw_board_keys(Z& k, Rng& rng) {
    for (auto& perPiece : k.psq)
        for (Key& key : perPiece) key = rng.next();
    for (Key& key : k.enpassant) key = rng.next();
    Key single[4] = {rng.next(), rng.next(), rng.next(), rng.next()};
    for (int cr = 0; cr < CASTLING_RIGHT_NB; ++cr)
        for (int bit = 0; bit < 4; ++bit)
            if (cr & (1 << bit)) k.castling[cr] ^= single[bit];
    k.side = rng.next();
}

} // namespace hq::chess
