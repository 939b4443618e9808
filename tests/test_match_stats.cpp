// SPDX-License-Identifier: GPL-3.0-or-later
// Match statistics against values worked out by hand (bench/match_stats.h has the model).
#include "bench/match_stats.h"

#include <catch2/catch.hpp>
#include <cmath>

using namespace hq;
using Catch::Detail::Approx;

TEST_CASE("Elo difference is -400 log10(1/s - 1) of the mean score", "[match][stats]") {
    // 60 wins, 20 draws, 20 losses: s = (60 + 10) / 100 = 0.7;
    // 1/0.7 - 1 = 0.428571, log10 = -0.367977, times -400 = 147.19.
    auto e = estimate_elo({60, 20, 20});
    CHECK(e.elo == Approx(147.19).margin(0.01));
    // An even score is 0 Elo; 3/4 is 400 log10(3) = 190.85.
    CHECK(estimate_elo({5, 0, 5}).elo == Approx(0.0).margin(1e-9));
    CHECK(estimate_elo({3, 0, 1}).elo == Approx(190.85).margin(0.01));
    CHECK(std::isinf(estimate_elo({4, 0, 0}).elo));
}

TEST_CASE("the error margin maps the 95% interval of the mean score through the Elo curve",
    "[match][stats]") {
    // W60 D20 L20: var = (60 * 0.3^2 + 20 * 0.2^2 + 20 * 0.7^2) / 100 = 16 / 100 = 0.16,
    // se = sqrt(0.16 / 100) = 0.04, interval 0.7 -+ 1.96 * 0.04 = [0.62160, 0.77840],
    // Elo [86.22, 218.25], half its width 66.01.
    Wdl r {60, 20, 20};
    CHECK(r.variance() == Approx(0.16));
    CHECK(estimate_elo(r).margin == Approx(66.01).margin(0.01));
    // W30 D40 L20: s = 50/90 = 0.55556, var = 12.2222 / 90 = 0.135802, se = 0.038845,
    // interval [0.47942, 0.63169], Elo [-14.31, 93.72], margin 54.01.
    CHECK(estimate_elo({30, 40, 20}).margin == Approx(54.01).margin(0.01));
    // W10 L10: var 0.25, se = 0.111803, interval [0.28087, 0.71913], margin 163.32.
    CHECK(estimate_elo({10, 0, 10}).margin == Approx(163.32).margin(0.01));
    // All wins: the interval touches 1, the margin is unbounded.
    CHECK(std::isinf(estimate_elo({3, 0, 0}).margin));
}

TEST_CASE("LOS is 1/2 (1 + erf((W - L) / sqrt(2 (W + L))))", "[match][stats]") {
    // W30 L20: erf(10 / sqrt(100)) = erf(1) = 0.842701, LOS = 0.921350.
    CHECK(estimate_elo({30, 40, 20}).los == Approx(0.921350).margin(1e-6));
    // Equal wins and losses: 50%; draws alone tell nothing: 50%.
    CHECK(estimate_elo({7, 3, 7}).los == Approx(0.5));
    CHECK(estimate_elo({0, 9, 0}).los == Approx(0.5));
    // W1 L0: erf(1 / sqrt(2)) = 0.682689, LOS = 0.841345.
    CHECK(estimate_elo({1, 0, 0}).los == Approx(0.841345).margin(1e-6));
}

TEST_CASE("SPRT bounds are log(beta/(1-alpha)) and log((1-beta)/alpha)", "[match][stats]") {
    Sprt sprt {0, 10, 0.05, 0.05};
    // log(0.05 / 0.95) = -2.944439.
    CHECK(sprt.lower_bound() == Approx(-2.944439).margin(1e-6));
    CHECK(sprt.upper_bound() == Approx(2.944439).margin(1e-6));
    Sprt asym {0, 10, 0.1, 0.02};
    // log(0.02 / 0.9) = -3.806662, log(0.98 / 0.1) = 2.282382.
    CHECK(asym.lower_bound() == Approx(-3.806662).margin(1e-6));
    CHECK(asym.upper_bound() == Approx(2.282382).margin(1e-6));
}

TEST_CASE("SPRT LLR for fixed counts follows the logistic GSPRT formula", "[match][stats]") {
    // elo0 = 0, elo1 = 10: s0 = 0.5, s1 = 1 / (1 + 10^(-10/400)) = 0.514387.
    // W30 D40 L20: N = 90, s = 0.555556, var = 0.135802;
    // LLR = 90 * 0.014387 * (1.111111 - 1.014387) / (2 * 0.135802) = 0.461121.
    Sprt sprt {0, 10, 0.05, 0.05};
    CHECK(sprt.llr({30, 40, 20}) == Approx(0.461121).margin(1e-5));
    CHECK(sprt.decide({30, 40, 20}) == Sprt::Decision::CONTINUE);
    // Mirrored results give the LLR at the score 1 - s: N (s1 - s0)(2 (1 - s) - s0 - s1) /
    // (2 var) = 90 * 0.014387 * (0.888889 - 1.014387) / 0.271605 = -0.598299.
    CHECK(sprt.llr({20, 40, 30}) == Approx(-0.598299).margin(1e-5));
    // No variance yet (all draws): no evidence either way.
    CHECK(sprt.llr({0, 10, 0}) == 0.0);
}

TEST_CASE("SPRT stops once the LLR crosses a bound", "[match][stats]") {
    Sprt sprt {0, 10, 0.05, 0.05};
    // W300 D400 L200: s = 0.555556 and var as above, ten times the games: LLR 4.611 > 2.944.
    CHECK(sprt.llr({300, 400, 200}) == Approx(4.61121).margin(1e-4));
    CHECK(sprt.decide({300, 400, 200}) == Sprt::Decision::ACCEPT_H1);
    // W200 D400 L300: LLR -5.983 < -2.944.
    CHECK(sprt.decide({200, 400, 300}) == Sprt::Decision::ACCEPT_H0);
}

TEST_CASE("pentanomial score and variance are those of the pairs' mean scores",
    "[match][stats][pentanomial]") {
    // Pairs [LL, LD, DD/WL, WD, WW] = [5, 20, 50, 15, 10], P = 100 pairs:
    // s = (0*5 + 0.25*20 + 0.5*50 + 0.75*15 + 1*10) / 100 = 51.25 / 100 = 0.5125;
    // var = (5 * 0.5125^2 + 20 * 0.2625^2 + 50 * 0.0125^2 + 15 * 0.2375^2 + 10 * 0.4875^2)
    //     / 100 = (1.313281 + 1.378125 + 0.007813 + 0.846094 + 2.376563) / 100 = 0.05921875.
    Pentanomial p {{5, 20, 50, 15, 10}};
    CHECK(p.pairs() == 100);
    CHECK(p.score() == Approx(0.5125));
    CHECK(p.variance() == Approx(0.05921875));
    // add() counts a pair by the first engine's half points in its two games.
    Pentanomial q;
    q.add(2, 0); // a win and a loss: 1 point, the middle class
    q.add(1, 2); // a draw and a win: 1.5 points
    q.add(0, 0);
    CHECK(q.counts[2] == 1);
    CHECK(q.counts[3] == 1);
    CHECK(q.counts[0] == 1);
    CHECK(Pentanomial {}.score() == 0.5);
    CHECK(Pentanomial {}.variance() == 0.0);
}

TEST_CASE(
    "pentanomial Elo, margin and LOS take the pair as the sample", "[match][stats][pentanomial]") {
    // [5, 20, 50, 15, 10]: se = sqrt(0.05921875 / 100) = 0.024335; elo(0.5125) = 8.69;
    // interval 0.5125 -+ 1.96 * 0.024335 = [0.464804, 0.560196], Elo [-24.50, 42.03],
    // margin 33.26; LOS = 1/2 (1 + erf(0.0125 / (sqrt 2 * 0.024335))) = 0.696257.
    auto e = estimate_elo_pairs(Pentanomial {{5, 20, 50, 15, 10}});
    CHECK(e.elo == Approx(8.69).margin(0.01));
    CHECK(e.margin == Approx(33.26).margin(0.01));
    CHECK(e.los == Approx(0.696257).margin(1e-5));
    // [2, 10, 20, 12, 6], 50 pairs: s = 27.5 / 50 = 0.55, var = 0.065, se = 0.036056,
    // interval [0.479332, 0.620668], Elo 34.86, margin (85.54 + 14.37) / 2 = 49.95,
    // LOS = 1/2 (1 + erf(0.05 / (sqrt 2 * 0.036056))) = 0.917241.
    auto f = estimate_elo_pairs(Pentanomial {{2, 10, 20, 12, 6}});
    CHECK(f.elo == Approx(34.86).margin(0.01));
    CHECK(f.margin == Approx(49.95).margin(0.01));
    CHECK(f.los == Approx(0.917241).margin(1e-5));
    // Every pair won: the interval touches 1, the margin is unbounded; no pairs: NaN.
    CHECK(std::isinf(estimate_elo_pairs(Pentanomial {{0, 0, 0, 0, 4}}).margin));
    CHECK(std::isnan(estimate_elo_pairs(Pentanomial {}).margin));
}

TEST_CASE("pentanomial SPRT LLR is P (s1 - s0)(2s - s0 - s1) / (2 var) over pairs",
    "[match][stats][pentanomial]") {
    // elo0 0, elo1 10: s0 = 0.5, s1 = 0.514387. [2, 10, 20, 12, 6]: P = 50, s = 0.55,
    // var = 0.065: LLR = 50 * 0.014387 * (1.1 - 1.014387) / 0.13 = 0.473741.
    Sprt sprt {0, 10, 0.05, 0.05};
    CHECK(sprt.llr_pairs(Pentanomial {{2, 10, 20, 12, 6}}) == Approx(0.473741).margin(1e-5));
    // [0, 3, 10, 3, 0]: s = 0.5, var = 6 * 0.0625 / 16 = 0.0234375:
    // LLR = 16 * 0.014387 * (1 - 1.014387) / 0.046875 = -0.070653.
    CHECK(sprt.llr_pairs(Pentanomial {{0, 3, 10, 3, 0}}) == Approx(-0.070653).margin(1e-5));
    // Ten times the pairs: ten times the LLR, past the upper bound 2.944.
    CHECK(sprt.decide_pairs(Pentanomial {{20, 100, 200, 120, 60}}) == Sprt::Decision::ACCEPT_H1);
    CHECK(sprt.decide_pairs(Pentanomial {{60, 120, 200, 100, 20}}) == Sprt::Decision::ACCEPT_H0);
    // All pairs alike: no variance, no evidence.
    CHECK(sprt.llr_pairs(Pentanomial {{0, 0, 7, 0, 0}}) == 0.0);
}
