// Static evaluation of a Martian Chess position, in centipawn-like units from the side to
// move's view. The game is decided by points, so the score difference dominates:
// - score: every pip already won counts ScorePip;
// - army: the pips standing in one's own zone (the pieces one moves, to capture with and
//   to end the game with) count ZonePip each, scaled down as a called clock runs out
//   (when the game is about to end, only points matter);
// - mobility: squares each piece reaches, queens most;
// - threats: the most valuable enemy piece the side to move can take now is half won
//   already (the search resolves captures; this steadies the horizon), while the side
//   not on move gets a smaller share of its own best threat;
// - a small bonus for having the move.
#pragma once

#include "position.h"

#include "engine/score.h"

namespace hq::martian {

constexpr Value ScorePip = 100;
constexpr Value ZonePip = 24;
constexpr Value MobilityWeight[KIND_NB] = {0, 1, 2, 3};
constexpr Value ThreatOnMove = 40;  // per pip of the best capture available now
constexpr Value ThreatWaiting = 12; // per pip of the opponent's best capture after our move
constexpr Value Tempo = 10;

Value evaluate(const Position& pos);

} // namespace hq::martian
