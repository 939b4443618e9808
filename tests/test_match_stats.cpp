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
