// SPDX-License-Identifier: GPL-3.0-or-later
// Match statistics from wins, draws and losses (of the first engine against the second):
// the Elo difference, its 95% error margin, the likelihood of superiority and the
// sequential probability ratio test.
//
// Model. Every game is one sample of the score x in {1, 1/2, 0}. Its mean s = (W + D/2)/N
// estimates the expected score; the per-game variance is
//     var = (W (1-s)^2 + D (1/2-s)^2 + L s^2) / N,
// and the mean's standard error is sqrt(var / N). Elo uses the logistic curve:
//     elo(s) = -400 log10(1/s - 1).
// - Elo difference: elo(s).
// - Error margin: half the width of the 95% interval mapped through elo():
//     (elo(s + 1.95996 se) - elo(s - 1.95996 se)) / 2.
// - LOS (likelihood of superiority), draws carrying no information:
//     LOS = 1/2 (1 + erf((W - L) / sqrt(2 (W + L)))).
// - SPRT: the generalized SPRT for the logistic (not normalized) Elo model, with the
//   trinomial score distribution approximated as normal (Van den Bergh's approximation,
//   as fishtest's "trinomial" and fastchess's "logistic" model use). H0: elo = elo0,
//   H1: elo = elo1. With s0 = 1/(1 + 10^(-elo0/400)) and s1 likewise,
//     LLR = N (s1 - s0) (2 s - s0 - s1) / (2 var).
//   The test stops and accepts H1 when LLR >= log((1-beta)/alpha), H0 when
//   LLR <= log(beta/(1-alpha)).
//
// Pentanomial model (game pairs, as fastchess and fishtest count them). With -repeat the
// two games of an opening, one with each colour, form a pair, and the pair is one sample:
// its mean score x = (points of the two games) / 2 is 0, 1/4, 1/2, 3/4 or 1 (the pair
// lost both, lost one and drew one, drew both or won one and lost one, won one and drew
// one, won both). With n_0..n_4 pairs of each kind and P pairs,
//     s = sum_k n_k (k/4) / P,       var = sum_k n_k (k/4 - s)^2 / P,
// and the same formulas as above with the pair as the sample: se = sqrt(var / P), the
// margin maps s -+ 1.95996 se through elo(), LLR = P (s1 - s0)(2 s - s0 - s1) / (2 var).
// LOS is the normal approximation 1/2 (1 + erf((s - 1/2) / (sqrt(2) se))). The pair's
// variance is what the trinomial model misses: an opening that favours one colour gives
// the pair 1-1 instead of two independent results, so pairs vary less than games and the
// pentanomial error is smaller (and honest) when openings are unbalanced.
#pragma once

#include <string>

namespace hq {

struct Wdl {
    int wins = 0, draws = 0, losses = 0;

    int games() const { return wins + draws + losses; }
    // The mean score, in [0, 1]; 1/2 with no games.
    double score() const;
    // The per-game variance of the score (see above).
    double variance() const;
};

// Game pairs (see above): counts[k] pairs in which the first engine scored k/2 points.
struct Pentanomial {
    int counts[5] = {0, 0, 0, 0, 0};

    int pairs() const;
    // The mean score per game, in [0, 1]; 1/2 with no pairs.
    double score() const;
    // The variance of a pair's mean score (see above).
    double variance() const;
    // Adds a pair from the first engine's two game scores in half points (0, 1 or 2 each).
    void add(int halfPointsA, int halfPointsB) { ++counts[halfPointsA + halfPointsB]; }
};

// The Elo difference that an expected score s means; +-infinity at 1 and 0.
double elo_from_score(double s);
// The expected score of an Elo difference.
double score_from_elo(double elo);

struct EloEstimate {
    double elo = 0;    // may be +-infinity
    double margin = 0; // 95%; infinity when the interval reaches 0 or 1, NaN with no games
    double los = 0.5;  // in [0, 1]
};
EloEstimate estimate_elo(const Wdl& r);
EloEstimate estimate_elo_pairs(const Pentanomial& p);

struct Sprt {
    double elo0 = 0, elo1 = 5, alpha = 0.05, beta = 0.05;

    double lower_bound() const; // log(beta / (1 - alpha))
    double upper_bound() const; // log((1 - beta) / alpha)
    // The log-likelihood ratio; 0 while the variance is zero (too few results to tell).
    double llr(const Wdl& r) const;
    double llr_pairs(const Pentanomial& p) const;

    enum class Decision { CONTINUE, ACCEPT_H0, ACCEPT_H1 };
    Decision decide(const Wdl& r) const { return decide_llr(llr(r)); }
    Decision decide_pairs(const Pentanomial& p) const { return decide_llr(llr_pairs(p)); }
    Decision decide_llr(double llr) const;
};

// "+12.3", "-inf", "inf" for printing.
std::string elo_text(double elo);

} // namespace hq
