// SPDX-License-Identifier: GPL-3.0-or-later
// Static evaluation of a Martian Chess position, in centipawn-like units from the side to
// move's view. The game is decided by points, so the score difference dominates:
// - score: every pip already won counts ScorePip;
// - army: the pips standing in one's own zone count ZonePip each, scaled down as a called
//   clock runs out (when the game is about to end, only points matter). A piece is a
//   weapon but also a target, and pieces left on the board score nothing at the end.
//   Measured in self-play, 100 games a pair at 1+0.01 (wins-losses-draws of the first):
//   +40 v +24 10-82-8, +10 v +24 80-13-7, 0 v +10 68-20-12, -10 v 0 49-33-18,
//   -20 v -10 39-49-12; so -10;
// - mobility: empty squares each piece reaches, queens most (no measurable effect in
//   self-play, 36-38-26 without it; kept as the one positional term);
// - threats: the most valuable enemy piece the side to move can take now counts
//   ThreatOnMove a pip (the search resolves captures; this steadies the horizon), the
//   best capture the side not on move has counts a smaller ThreatWaiting (without both:
//   38-29-33 against, not a significant difference);
// - points in reach: the pips of every enemy piece the side attacks, each once, for the
//   side to move (ReachOnMove) and the side waiting (ReachWaiting);
// - the end in sight: the points lead counts ClockLead more per ply a called clock has
//   run down, and EmptyingLead more per piece the smaller zone holds below five (an
//   empty zone ends the game); under a running clock the best capture on move counts
//   ClockThreat on top of ThreatOnMove (a capture also sets the clock back);
// - a small bonus for having the move.
// The weights are fitted (docs/tuning.md); the notes above on measured values are those
// of the hand-set evaluation.
#pragma once

#include "position.h"

#include "engine/eval_trace.h"
#include "engine/score.h"

#include <string>
#include <vector>

namespace hq::martian {

// The weights themselves are in the generated header weights.h (docs/tuning.md).

Value evaluate(const Position& pos);

// For tuning (engine/eval_trace.h): the weights' names and values (value, 0 for each: the
// game has no taper), and a position's trace.
std::vector<std::string> trace_weight_names();
std::vector<int> trace_weight_values();
void trace(const Position& pos, EvalTrace& t);

} // namespace hq::martian
