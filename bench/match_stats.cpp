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

double elo_from_score(double s) {
    if (s <= 0) return -Inf;
    if (s >= 1) return Inf;
    return -400.0 * std::log10(1.0 / s - 1.0);
}

double score_from_elo(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

EloEstimate estimate_elo(const Wdl& r) {
    EloEstimate e;
    int n = r.games();
    if (!n) {
        e.margin = std::numeric_limits<double>::quiet_NaN();
        return e;
    }
    double s = r.score();
    e.elo = elo_from_score(s);
    double se = std::sqrt(r.variance() / n);
    double lo = s - Z95 * se, hi = s + Z95 * se;
    e.margin = (lo <= 0 || hi >= 1) ? Inf : (elo_from_score(hi) - elo_from_score(lo)) / 2;
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

Sprt::Decision Sprt::decide(const Wdl& r) const {
    double l = llr(r);
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
