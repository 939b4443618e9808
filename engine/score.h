// SPDX-License-Identifier: GPL-3.0-or-later
// Search values and game results, shared by every game. Values are centipawn-like, from
// the side to move's point of view; mate values count plies from the root.
#pragma once

#include <string>

namespace hq {

using Value = int;

constexpr int MAX_PLY = 246;

constexpr Value VALUE_ZERO = 0;
constexpr Value VALUE_DRAW = 0;
constexpr Value VALUE_MATE = 32000;
constexpr Value VALUE_INFINITE = 32001;
constexpr Value VALUE_NONE = 32002;
constexpr Value VALUE_MATE_IN_MAX_PLY = VALUE_MATE - MAX_PLY;
constexpr Value VALUE_MATED_IN_MAX_PLY = -VALUE_MATE_IN_MAX_PLY;

// An endgame table's win (loss): below every mate, above every evaluation; like mates it
// counts plies from the root, so that the shorter way into a won table ending is preferred.
constexpr Value VALUE_TABLE_WIN = VALUE_MATE_IN_MAX_PLY - 1;
constexpr Value VALUE_TABLE_WIN_IN_MAX_PLY = VALUE_TABLE_WIN - MAX_PLY;
constexpr Value table_win_in(int ply) { return VALUE_TABLE_WIN - ply; }
constexpr Value table_loss_in(int ply) { return -VALUE_TABLE_WIN + ply; }

constexpr Value mate_in(int ply) { return VALUE_MATE - ply; }
constexpr Value mated_in(int ply) { return -VALUE_MATE + ply; }
constexpr bool is_mate_value(Value v) {
    return v >= VALUE_MATE_IN_MAX_PLY || v <= VALUE_MATED_IN_MAX_PLY;
}

// What a search value means: exact, or only a bound (the true value is at most / at least).
enum Bound : unsigned char { BOUND_NONE, BOUND_UPPER, BOUND_LOWER, BOUND_EXACT = 3 };

// A finished game's result, as a referee (the match runner, an XBoard claim) states it.
enum class Result { NONE, WHITE_WINS, BLACK_WINS, DRAW };

struct Outcome {
    Result result = Result::NONE;
    std::string reason; // "White mates", "Draw by repetition", ...

    [[nodiscard]] bool over() const { return result != Result::NONE; }
};

// "1-0", "0-1", "1/2-1/2" or "*".
// The ends the games on the orthodox board share, with their PGN texts: no legal move
// (checkmate, the mover losing, or stalemate), then the draws by the fifty-move rule, the
// game's own material rule and threefold repetition, asked in that order.
inline Outcome mate_or_stalemate(bool whiteToMove, bool inCheck) {
    if (!inCheck) return {Result::DRAW, "Draw by stalemate"};
    return whiteToMove ? Outcome {Result::BLACK_WINS, "Black mates"}
                       : Outcome {Result::WHITE_WINS, "White mates"};
}

template <typename P>
Outcome orthodox_draw(const P& pos, bool fifty, bool material, const char* materialText) {
    if (fifty) return {Result::DRAW, "Draw by fifty moves rule"};
    if (material) return {Result::DRAW, materialText};
    if (pos.is_repetition(0)) return {Result::DRAW, "Draw by 3-fold repetition"};
    return {};
}

inline const char* result_text(Result r) {
    switch (r) {
    case Result::WHITE_WINS: return "1-0";
    case Result::BLACK_WINS: return "0-1";
    case Result::DRAW: return "1/2-1/2";
    default: return "*";
    }
}

} // namespace hq
