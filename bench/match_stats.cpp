// SPDX-License-Identifier: GPL-3.0-or-later
#include "match_stats.h"

#include <cmath>
#include <fmt/format.h>
#include <limits>

namespace hq {

namespace {
// The 97.5% quantile of the standard normal distribution: 95% two-sided.
constexpr double Z95 = 1.959963984540054;
constexpr double Inf = std::numeric_limits<double>::infinity();
} // namespace

double Wdl::score() const {
    int n = games();
    return n ? (wins + 0.5 * draws) / n : 0.5;
}

double Wdl::variance() const {
    int n = games();
    if (!n) return 0;
    double s = score();
    return (wins * (1 - s) * (1 - s) + draws * (0.5 - s) * (0.5 - s) + losses * s * s) / n;
}

int Pentanomial::pairs() const {
    int n = 0;
    for (int c : counts) n += c;
    return n;
}

double Pentanomial::score() const {
    int n = pairs();
    if (!n) return 0.5;
    double sum = 0;
    for (int k = 0; k < 5; ++k) sum += counts[k] * (k / 4.0);
    return sum / n;
}

double Pentanomial::variance() const {
    int n = pairs();
    if (!n) return 0;
    double s = score(), sum = 0;
    for (int k = 0; k < 5; ++k) sum += counts[k] * (k / 4.0 - s) * (k / 4.0 - s);
    return sum / n;
}

double elo_from_score(double s) {
    if (s <= 0) return -Inf;
    if (s >= 1) return Inf;
    return -400.0 * std::log10(1.0 / s - 1.0);
}

double score_from_elo(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

namespace {
// Elo and its margin from `samples` results (games, or game pairs) of mean score `s` and
// variance `variance` each; `se` is set to the standard error of s. No samples: Elo 0 and
// a NaN margin.
EloEstimate elo_and_margin(int samples, double s, double variance, double& se) {
    EloEstimate e;
    if (!samples) {
        e.margin = std::numeric_limits<double>::quiet_NaN();
        return e;
    }
    se = std::sqrt(variance / samples);
    e.elo = elo_from_score(s);
    double lo = s - Z95 * se, hi = s + Z95 * se;
    e.margin = (lo <= 0 || hi >= 1) ? Inf : (elo_from_score(hi) - elo_from_score(lo)) / 2;
    return e;
}
} // namespace

EloEstimate estimate_elo_pairs(const Pentanomial& p) {
    double s = p.score(), se = 0;
    EloEstimate e = elo_and_margin(p.pairs(), s, p.variance(), se);
    if (!p.pairs()) return e;
    e.los = se > 0 ? 0.5 * (1 + std::erf((s - 0.5) / (std::sqrt(2.0) * se)))
                   : (s > 0.5        ? 1.0
                           : s < 0.5 ? 0.0
                                     : 0.5);
    return e;
}

EloEstimate estimate_elo(const Wdl& r) {
    double se = 0;
    EloEstimate e = elo_and_margin(r.games(), r.score(), r.variance(), se);
    int decisive = r.wins + r.losses;
    e.los = decisive ? 0.5 * (1 + std::erf((r.wins - r.losses) / std::sqrt(2.0 * decisive))) : 0.5;
    return e;
}

double Sprt::lower_bound() const { return std::log(beta / (1 - alpha)); }
double Sprt::upper_bound() const { return std::log((1 - beta) / alpha); }

double Sprt::llr(const Wdl& r) const {
    double var = r.variance();
    if (var <= 0) return 0;
    double s0 = score_from_elo(elo0), s1 = score_from_elo(elo1);
    return r.games() * (s1 - s0) * (2 * r.score() - s0 - s1) / (2 * var);
}

double Sprt::llr_pairs(const Pentanomial& p) const {
    double var = p.variance();
    if (var <= 0) return 0;
    double s0 = score_from_elo(elo0), s1 = score_from_elo(elo1);
    return p.pairs() * (s1 - s0) * (2 * p.score() - s0 - s1) / (2 * var);
}

Sprt::Decision Sprt::decide_llr(double l) const {
    if (l >= upper_bound()) return Decision::ACCEPT_H1;
    if (l <= lower_bound()) return Decision::ACCEPT_H0;
    return Decision::CONTINUE;
}

std::string elo_text(double elo) {
    if (std::isnan(elo)) return "nan";
    if (std::isinf(elo)) return elo > 0 ? "inf" : "-inf";
    return fmt::format("{:+.1f}", elo);
}

} // namespace hq
