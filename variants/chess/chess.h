// Standard chess (and Chess960) as a Game: the hooks the engine's templates call.
#pragma once

#include "engine/score.h"
#include "movegen.h"
#include "notation.h"
#include "position.h"

namespace hq::chess {

struct Chess {
    using Position = chess::Position;
    using Move = chess::Move;
    using MoveList = ChessMoveList;
    static constexpr bool alternating = true;

    static void generate_legal(const Position& pos, MoveList& list) { generate<LEGAL>(pos, list); }
    static std::uint64_t count_legal(const Position& pos) { return chess::count_legal(pos); }

    static Outcome adjudicate(const Position& pos) {
        if (chess::count_legal(pos) == 0) {
            if (!pos.in_check()) return {Result::DRAW, "Draw by stalemate"};
            return pos.side_to_move() == WHITE ? Outcome {Result::BLACK_WINS, "Black mates"}
                                               : Outcome {Result::WHITE_WINS, "White mates"};
        }
        if (pos.fifty_move_draw()) return {Result::DRAW, "Draw by fifty moves rule"};
        if (pos.has_insufficient_material()) return {Result::DRAW, "Draw by insufficient material"};
        if (pos.is_repetition(0)) return {Result::DRAW, "Draw by 3-fold repetition"};
        return {};
    }

    // The referee's PGN notation.
    static std::string san(const Position& pos, Move m) { return chess::san(pos, m); }
};

} // namespace hq::chess
