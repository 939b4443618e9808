// Standard chess (and Chess960) as a Game: the hooks the engine's templates call.
#pragma once

#include "movegen.h"
#include "position.h"

namespace hq::chess {

struct Chess {
    using Position = chess::Position;
    using Move = chess::Move;
    using MoveList = ChessMoveList;
    static constexpr bool alternating = true;

    static void generate_legal(const Position& pos, MoveList& list) { generate<LEGAL>(pos, list); }
    static std::uint64_t count_legal(const Position& pos) { return chess::count_legal(pos); }
};

} // namespace hq::chess
