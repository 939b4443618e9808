// SPDX-License-Identifier: GPL-3.0-or-later
#include "bitboard.h"

#include "magics.h"
#include "random.h"

namespace hq {

namespace tables {
Bitboard PawnAttacks[COLOR_NB][SQUARE_NB];
Bitboard KnightAttacks[SQUARE_NB];
Bitboard KingAttacks[SQUARE_NB];
Bitboard Between[SQUARE_NB][SQUARE_NB];
Bitboard Line[SQUARE_NB][SQUARE_NB];
Magic RookMagics[SQUARE_NB];
Magic BishopMagics[SQUARE_NB];
} // namespace tables

namespace {

// Attack sets for every (square, relevant occupancy) pair: 102400 rook and 5248 bishop
// entries with fancy magics; PEXT indexing needs exactly the same sizes.
Bitboard RookTable[0x19000];
Bitboard BishopTable[0x1480];

constexpr int RookDirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int BishopDirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

bool on_board(int file, int rank) { return file >= 0 && file < 8 && rank >= 0 && rank < 8; }

// Slow reference: walk each ray until the edge or the first occupied square.
Bitboard slider_attacks(Square s, Bitboard occupied, const int (*dirs)[2]) {
    Bitboard result = 0;
    for (int d = 0; d < 4; ++d) {
        int f = file_of(s) + dirs[d][0], r = rank_of(s) + dirs[d][1];
        while (on_board(f, r)) {
            Square to = make_square(File(f), Rank(r));
            result |= square_bb(to);
            if (occupied & square_bb(to)) break;
            f += dirs[d][0];
            r += dirs[d][1];
        }
    }
    return result;
}

// Fill one slider's magics. For each square: the relevant mask excludes the board edges
// the ray ends on (a piece there never blocks anything further); every subset of the mask
// is enumerated with the carry-rippler trick, and a magic is accepted once no two subsets
// with different attack sets collide. With PEXT the index is the subset itself.
void init_magics(
    Magic* magics, Bitboard* table, const int (*dirs)[2], [[maybe_unused]] const Bitboard* known) {
    static Bitboard occupancy[4096], reference[4096];
#ifndef HQ_PEXT
    // epoch[i] == attempt marks entry i as written in this attempt; both persist across
    // calls so that the bishop pass never mistakes a rook entry for its own.
    static int epoch[4096];
    static int attempt = 0;
    Prng rng(0x9E3779B97F4A7C15ULL);
#endif
    Bitboard* next = table;

    for (Square s = SQ_A1; s <= SQ_H8; ++s) {
        Bitboard edges = ((rank_bb(RANK_1) | rank_bb(RANK_8)) & ~rank_bb(s))
            | ((file_bb(FILE_A) | file_bb(FILE_H)) & ~file_bb(s));
        Magic& m = magics[s];
        m.mask = slider_attacks(s, 0, dirs) & ~edges;
        m.shift = 64 - unsigned(popcount(m.mask));
        m.attacks = next;

        int size = 0;
        Bitboard b = 0;
        do {
            occupancy[size] = b;
            reference[size] = slider_attacks(s, b, dirs);
            ++size;
            b = (b - m.mask) & m.mask;
        } while (b);
        next += size;

#ifdef HQ_PEXT
        m.magic = 0;
        for (int i = 0; i < size; ++i) m.attacks[m.index(occupancy[i])] = reference[i];
#else
        for (bool found = false, first = true; !found; first = false) {
            if (first && known) m.magic = known[s];
            else do
                    m.magic = rng.next() & rng.next() & rng.next(); // sparse candidates
                while (popcount((m.magic * m.mask) >> 56) < 6);
            ++attempt;
            found = true;
            for (int i = 0; i < size; ++i) {
                unsigned idx = m.index(occupancy[i]);
                if (epoch[idx] < attempt) {
                    epoch[idx] = attempt;
                    m.attacks[idx] = reference[i];
                } else if (m.attacks[idx] != reference[i]) {
                    found = false;
                    break;
                }
            }
        }
#endif
    }
}

struct Init {
    Init() {
        using namespace tables;
        constexpr int knight[8][2]
            = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
        constexpr int king[8][2]
            = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
        for (Square s = SQ_A1; s <= SQ_H8; ++s) {
            KnightAttacks[s] = leaper_attacks(s, knight, 8);
            KingAttacks[s] = leaper_attacks(s, king, 8);
            PawnAttacks[WHITE][s] = pawn_attacks_bb<WHITE>(square_bb(s));
            PawnAttacks[BLACK][s] = pawn_attacks_bb<BLACK>(square_bb(s));
        }
        init_magics(RookMagics, RookTable, RookDirs, RookMagicNumbers);
        init_magics(BishopMagics, BishopTable, BishopDirs, BishopMagicNumbers);

        for (Square a = SQ_A1; a <= SQ_H8; ++a)
            for (Square b = SQ_A1; b <= SQ_H8; ++b) {
                if (a == b) continue;
                for (const auto* dirs : {RookDirs, BishopDirs}) {
                    Bitboard fromA = slider_attacks(a, 0, dirs);
                    if (!(fromA & square_bb(b))) continue;
                    Line[a][b] = (fromA & slider_attacks(b, 0, dirs)) | square_bb(a) | square_bb(b);
                    Between[a][b] = slider_attacks(a, square_bb(b), dirs)
                        & slider_attacks(b, square_bb(a), dirs);
                }
            }
    }
} init;

} // namespace

Bitboard leaper_attacks(Square s, const int (*offsets)[2], int count) {
    Bitboard result = 0;
    for (int i = 0; i < count; ++i) {
        int f = file_of(s) + offsets[i][0], r = rank_of(s) + offsets[i][1];
        if (on_board(f, r)) result |= square_bb(make_square(File(f), Rank(r)));
    }
    return result;
}

std::string pretty(Bitboard b) {
    std::string out;
    for (Rank r = RANK_8; r >= RANK_1; --r) {
        for (File f = FILE_A; f <= FILE_H; ++f)
            out += (b & square_bb(make_square(f, r))) ? "X " : ". ";
        out += '\n';
    }
    return out;
}

} // namespace hq
