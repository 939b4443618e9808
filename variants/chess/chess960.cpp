// SPDX-License-Identifier: GPL-3.0-or-later
#include "chess960.h"

#include "engine/text.h"

#include <array>
#include <cassert>

namespace hq::chess {

std::string chess960_back_rank(int n) {
    assert(n >= 0 && n < Chess960Starts);
    std::string rank(8, ' ');
    // The i-th empty square of the rank, counted from a.
    auto free_square = [&rank](int i) {
        for (int f = 0; f < 8; ++f)
            if (rank[f] == ' ' && i-- == 0) return f;
        return -1;
    };
    rank[2 * (n % 4) + 1] = 'B';
    n /= 4;
    rank[2 * (n % 4)] = 'B';
    n /= 4;
    rank[free_square(n % 6)] = 'Q';
    n /= 6;
    // The ten ways to place two knights on five squares, in Scharnagl's order.
    constexpr std::array<std::array<int, 2>, 10> Knights {
        {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}};
    const int first = free_square(Knights[n][0]), second = free_square(Knights[n][1]);
    rank[first] = rank[second] = 'N';
    for (char piece : {'R', 'K', 'R'}) rank[free_square(0)] = piece;
    return rank;
}

std::string chess960_start_fen(int n) { return chess960_start_fen(n, n); }

std::string chess960_start_fen(int white, int black) {
    // The rooks' files, king side first as Shredder FEN writes them.
    auto rook_files = [](const std::string& rank) {
        std::string files;
        for (int f = 7; f >= 0; --f)
            if (rank[f] == 'R') files += char('A' + f);
        return files;
    };
    const std::string whiteRank = chess960_back_rank(white), blackRank = chess960_back_rank(black);
    return to_lower(blackRank) + "/pppppppp/8/8/8/8/PPPPPPPP/" + whiteRank + " w "
        + rook_files(whiteRank) + to_lower(rook_files(blackRank)) + " - 0 1";
}

} // namespace hq::chess
