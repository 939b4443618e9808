// What a game's evaluation exposes for tuning (`harlequin tune-export`, docs/tuning.md):
// per position, the coefficient of each named weight, from White's point of view, so that
// the linear part of the evaluation is a sum of coefficients times weights.
#pragma once

#include <vector>

namespace hq {

// One feature of a position: the index of a weight and its coefficient (e.g. White has a
// bishop pair and Black not: +1 on the bishop-pair weight).
struct TraceEntry {
    int index = 0;
    float coefficient = 0;
};

// A position's trace. The evaluation, White's view, is
//     scale * ((sum mg.coefficient * weight.mg + fixedMg) * phase
//              + (sum eg.coefficient * weight.eg + fixedEg) * (maxPhase - phase)) / maxPhase
// up to integer rounding; fixedMg/fixedEg hold the terms the tuner leaves alone (the
// nonlinear ones), `scale` the evaluation's final factor (drawish endings).
struct EvalTrace {
    std::vector<TraceEntry> mg, eg;
    int phase = 0, maxPhase = 1;
    float scale = 1;
    float fixedMg = 0, fixedEg = 0;
};

} // namespace hq
