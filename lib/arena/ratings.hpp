#pragma once
// Ratings for tournament results: Bradley-Terry Elo with bootstrap intervals, and a sequential
// probability ratio test (SPRT) for "is bot A stronger than bot B" as run by Stockfish's fishtest.
//
// Read top-down: the data (duplicate sets), their pairwise points, the Bradley-Terry fit, the
// bootstrap over duplicate sets, and the SPRT. None of this is a hot loop; clarity wins over speed.

#include <Eigen/Dense>

#include <algorithm>
#include <array>
#include <cassert>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "core/rng.hpp"

namespace nuraghe {

// ---------------------------------------------------------------------------------------------
// Elo and expected score. This is logistic Elo throughout: a difference of d Elo means an expected
// score of 1 / (1 + 10^(-d/400)). It is not fishtest's "normalised Elo", which also depends on the
// draw rate.

inline double score_from_elo(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

// The inverse of score_from_elo; -inf at s = 0 and +inf at s = 1, which is the honest answer.
inline double elo_from_score(double s) { return -400.0 * std::log10(1.0 / s - 1.0); }

// ---------------------------------------------------------------------------------------------
// Rating data.

// One finished game: for every seat, which bot sat there and its final score (higher is better).
struct RatedGame {
  std::vector<int> bot;
  std::vector<double> score;
};

// All the seatings of one deal (docs/arena.md). Games inside a set share the deal's luck and are correlated;
// the sets are independent, so every statistic below resamples whole sets, never single games.
using DuplicateSet = std::vector<RatedGame>;

// A multi-player game counts as all its pairwise results: for every pair of seats held by different
// bots b and c, b gets a point against c if it scored more, half a point each on equal scores.
// Entry (i, j) is the points of bot i against bot j, so (i, j) + (j, i) is the number of
// comparisons between them. Seats held by the same bot are not compared: they say nothing about
// its strength relative to anyone.
inline Eigen::MatrixXd pairwise_points(const std::vector<DuplicateSet>& sets, int bots) {
  Eigen::MatrixXd points = Eigen::MatrixXd::Zero(bots, bots);
  for (const DuplicateSet& set : sets) {
    for (const RatedGame& game : set) {
      assert(game.bot.size() == game.score.size());
      const std::size_t seats = game.bot.size();
      for (std::size_t s = 0; s < seats; ++s) {
        for (std::size_t t = s + 1; t < seats; ++t) {
          const int b = game.bot[s], c = game.bot[t];
          assert(b >= 0 && b < bots && c >= 0 && c < bots);
          if (b == c) continue;
          if (game.score[s] > game.score[t]) {
            points(b, c) += 1.0;
          } else if (game.score[s] < game.score[t]) {
            points(c, b) += 1.0;
          } else {
            points(b, c) += 0.5;
            points(c, b) += 0.5;
          }
        }
      }
    }
  }
  return points;
}

// ---------------------------------------------------------------------------------------------
// Bradley-Terry fit.

// Maximum-likelihood Bradley-Terry strengths gamma_i (P(i beats j) = gamma_i / (gamma_i + gamma_j),
// a draw counting as half a win each), returned as Elo = 400 log10(gamma).
//
// The plain maximum-likelihood estimate does not exist when a bot won (or lost) every comparison:
// its rating runs off to infinity. So `prior` virtual drawn games are added between every pair of
// bots that met (half a point to each side per virtual game). This is a bias toward 0 Elo
// difference: between two bots that met n times it pulls the estimated score from w/n to
// (w + prior/2) / (n + prior), which is negligible after a few dozen games and keeps a bot with a
// perfect record finite (10 wins out of 10 with prior 0.5 gives 400 log10(10.25 / 0.25) = 645
// Elo instead of infinity). prior = 0 gives the plain estimate, which is only finite under Hunter's
// condition: however the bots are split into two groups, each group took points from the other.
// Otherwise some ratings come out infinite or NaN.
//
// Bots that never met anyone get 0. Ratings are only comparable inside a connected group of bots
// (bots linked by a chain of games); each group is centred on mean 0 separately, which for the
// usual single group means the mean of all ratings is 0.
//
// Fitted by the MM algorithm (Hunter 2004, "MM algorithms for generalized Bradley-Terry models"):
// each step increases the likelihood, needs no step size, and for a handful of bots converges in
// well under a second; stops at 1e-10 relative change in every gamma or after 10000 steps.
inline Eigen::VectorXd bradley_terry_elo(const Eigen::MatrixXd& points, double prior = 0.5) {
  assert(points.rows() == points.cols() && prior >= 0);
  const Eigen::Index n = points.rows();

  // Comparisons between every pair, then the prior's virtual draws between pairs that met.
  Eigen::MatrixXd games = points + points.transpose();
  Eigen::MatrixXd won = points;
  for (Eigen::Index i = 0; i < n; ++i) {
    games(i, i) = 0;  // a bot is never compared with itself; ignore anything on the diagonal
    won(i, i) = 0;
    for (Eigen::Index j = 0; j < n; ++j) {
      if (i != j && games(i, j) > 0) {
        won(i, j) += prior / 2;
        games(i, j) += prior;
      }
    }
  }
  const Eigen::VectorXd wins = won.rowwise().sum();

  // Connected groups of bots (component label per bot, -1 for bots that met nobody).
  std::vector<int> group(n, -1);
  int groups = 0;
  for (Eigen::Index start = 0; start < n; ++start) {
    if (group[start] != -1 || games.row(start).sum() <= 0) continue;
    std::vector<Eigen::Index> stack{start};
    group[start] = groups;
    while (!stack.empty()) {
      const Eigen::Index i = stack.back();
      stack.pop_back();
      for (Eigen::Index j = 0; j < n; ++j) {
        if (games(i, j) > 0 && group[j] == -1) {
          group[j] = groups;
          stack.push_back(j);
        }
      }
    }
    ++groups;
  }

  // The likelihood only fixes ratios inside a group, so each step rescales every group to mean
  // gamma 1; that keeps the numbers in range and makes the relative-change test meaningful.
  auto normalise = [&](Eigen::VectorXd& gamma) {
    for (int g = 0; g < groups; ++g) {
      double sum = 0;
      int size = 0;
      for (Eigen::Index i = 0; i < n; ++i) {
        if (group[i] != g) continue;
        sum += gamma[i];
        ++size;
      }
      for (Eigen::Index i = 0; i < n; ++i) {
        if (group[i] == g) gamma[i] *= size / sum;
      }
    }
  };

  Eigen::VectorXd gamma = Eigen::VectorXd::Ones(n);
  for (int step = 0; step < 10000; ++step) {
    Eigen::VectorXd next = gamma;
    for (Eigen::Index i = 0; i < n; ++i) {
      if (group[i] == -1) continue;
      double denominator = 0;
      for (Eigen::Index j = 0; j < n; ++j) {
        if (games(i, j) > 0) denominator += games(i, j) / (gamma[i] + gamma[j]);
      }
      next[i] = wins[i] / denominator;
    }
    normalise(next);
    double change = 0;
    for (Eigen::Index i = 0; i < n; ++i) {
      if (gamma[i] > 0) change = std::max(change, std::abs(next[i] - gamma[i]) / gamma[i]);
    }
    gamma = next;
    if (change < 1e-10) break;
  }

  Eigen::VectorXd elo = Eigen::VectorXd::Zero(n);
  for (int g = 0; g < groups; ++g) {
    double sum = 0;
    int size = 0;
    for (Eigen::Index i = 0; i < n; ++i) {
      if (group[i] != g) continue;
      elo[i] = 400.0 * std::log10(gamma[i]);
      sum += elo[i];
      ++size;
    }
    for (Eigen::Index i = 0; i < n; ++i) {
      if (group[i] == g) elo[i] -= sum / size;
    }
  }
  return elo;
}

// ---------------------------------------------------------------------------------------------
// Bootstrap over duplicate sets.
//
// Percentile bootstrap: resample the n sets with replacement `resamples` times, recompute the
// statistic on each resample, and report the (1-level)/2 and (1+level)/2 quantiles. Resampling
// whole sets keeps the correlation between the games of one deal, which a per-game interval would
// ignore (and so come out too narrow).
//
// With fewer than 2 sets there is nothing to resample: every resample is the original data, and a
// zero-width interval would claim certainty. The bounds are then NaN, meaning "unknown"; callers
// print them as such rather than as a number.
//
// Resample r draws its indices from one Rng(seed) stream in order, so the same seed gives the same
// resamples in bootstrap_interval and elo_with_intervals: a win-rate interval and an Elo interval
// computed with one seed describe the same resampled tournaments.

namespace detail {

// Calls visit(indices) for each of `resamples` resamples of n_sets set indices.
template <class Visit>
void for_each_resample(int n_sets, int resamples, std::uint64_t seed, Visit visit) {
  Rng rng(seed);
  std::vector<int> indices(n_sets);
  for (int r = 0; r < resamples; ++r) {
    for (int& index : indices) index = static_cast<int>(rng.below(static_cast<std::uint32_t>(n_sets)));
    visit(static_cast<const std::vector<int>&>(indices));
  }
}

// The two-sided percentile bounds of the non-NaN values, interpolating linearly between order
// statistics (Hyndman & Fan type 7, the default of R and NumPy). NaN bounds if no value is left.
inline std::pair<double, double> percentile_bounds(std::vector<double> values, double level) {
  assert(level > 0 && level < 1);
  std::erase_if(values, [](double v) { return std::isnan(v); });
  constexpr double kUnknown = std::numeric_limits<double>::quiet_NaN();
  if (values.empty()) return {kUnknown, kUnknown};
  std::sort(values.begin(), values.end());
  auto quantile = [&](double q) {
    const double position = q * static_cast<double>(values.size() - 1);
    const auto below = static_cast<std::size_t>(std::floor(position));
    const std::size_t above = std::min(below + 1, values.size() - 1);
    return values[below] + (position - static_cast<double>(below)) * (values[above] - values[below]);
  };
  return {quantile((1 - level) / 2), quantile((1 + level) / 2)};
}

}  // namespace detail

// A percentile bootstrap interval for any statistic of the sets: statistic_of_indices receives
// the resampled set indices (const std::vector<int>&, duplicates allowed) and returns a double,
// e.g. a bot's win rate over those sets. NaN results are left out; NaN bounds if n_sets < 2.
template <class F>
std::pair<double, double> bootstrap_interval(int n_sets, F statistic_of_indices, int resamples, std::uint64_t seed,
                                             double level = 0.95) {
  constexpr double kUnknown = std::numeric_limits<double>::quiet_NaN();
  if (n_sets < 2 || resamples < 1) return {kUnknown, kUnknown};
  std::vector<double> values;
  values.reserve(resamples);
  detail::for_each_resample(n_sets, resamples, seed, [&](const std::vector<int>& indices) {
    values.push_back(static_cast<double>(statistic_of_indices(indices)));
  });
  return detail::percentile_bounds(std::move(values), level);
}

struct EloIntervals {
  Eigen::VectorXd elo, low, high;  // per bot: the fit on all sets and its bootstrap bounds
};

// Bradley-Terry Elo of every bot from all sets, with percentile bootstrap bounds at `level`.
// low/high are NaN with fewer than 2 sets, and for a bot that met nobody. A resample in which a bot
// met nobody (possible when a bot sat out some deals) gives no rating for it, rather than a
// made-up 0, and is left out of that bot's bounds.
inline EloIntervals elo_with_intervals(const std::vector<DuplicateSet>& sets, int bots, int resamples,
                                       std::uint64_t seed, double level = 0.95, double prior = 0.5) {
  const int n_sets = static_cast<int>(sets.size());
  constexpr double kUnknown = std::numeric_limits<double>::quiet_NaN();

  // Each set's own points, so that a resample is a sum of matrices rather than a copy of games.
  std::vector<Eigen::MatrixXd> set_points;
  set_points.reserve(n_sets);
  for (const DuplicateSet& set : sets) set_points.push_back(pairwise_points({set}, bots));
  auto sum_of = [&](const auto& indices) {
    Eigen::MatrixXd points = Eigen::MatrixXd::Zero(bots, bots);
    for (int index : indices) points += set_points[index];
    return points;
  };
  auto met_anyone = [](const Eigen::MatrixXd& points) {
    return Eigen::VectorXd((points + points.transpose()).rowwise().sum());
  };

  std::vector<int> all(n_sets);
  for (int i = 0; i < n_sets; ++i) all[i] = i;
  const Eigen::MatrixXd all_points = sum_of(all);
  EloIntervals result{bradley_terry_elo(all_points, prior), Eigen::VectorXd::Constant(bots, kUnknown),
                      Eigen::VectorXd::Constant(bots, kUnknown)};
  if (n_sets < 2 || resamples < 1) return result;

  std::vector<std::vector<double>> samples(bots);  // samples[bot][resample]
  detail::for_each_resample(n_sets, resamples, seed, [&](const std::vector<int>& indices) {
    const Eigen::MatrixXd points = sum_of(indices);
    const Eigen::VectorXd elo = bradley_terry_elo(points, prior);
    const Eigen::VectorXd met = met_anyone(points);
    for (int b = 0; b < bots; ++b) samples[b].push_back(met[b] > 0 ? elo[b] : kUnknown);
  });
  const Eigen::VectorXd met = met_anyone(all_points);
  for (int b = 0; b < bots; ++b) {
    if (met[b] <= 0) continue;  // rated 0 by convention; its bounds stay unknown
    const auto [low, high] = detail::percentile_bounds(std::move(samples[b]), level);
    result.low[b] = low;
    result.high[b] = high;
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// SPRT, as in Stockfish's fishtest (pentanomial model).
//
// Games come in pairs: one deal played twice with the seats swapped. A pair's score for bot A is
// 0, 0.5, 1, 1.5 or 2; pair_counts[k] is the number of pairs in which A scored k / 2. Counting
// pairs instead of games removes the deal's luck from the variance, the way duplicate bridge does.
//
// The test: H0 "A is elo0 stronger than B" against H1 "A is elo1 stronger", logistic Elo. Stop and
// accept H1 when the log-likelihood ratio reaches sprt_upper_bound, accept H0 at sprt_lower_bound;
// alpha and beta are then the false-positive and false-negative rates.

struct SprtSettings {
  double elo0, elo1, alpha, beta;
};

// "elo0,elo1,alpha,beta", e.g. "0,10,0.05,0.05" (spaces around numbers allowed).
inline SprtSettings parse_sprt(const std::string& text) {
  const std::string where = "sprt \"" + text + "\": ";
  std::array<double, 4> value{};
  std::size_t field = 0, start = 0;
  while (true) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    std::string_view part(text.data() + start, comma - start);
    while (!part.empty() && part.front() == ' ') part.remove_prefix(1);
    while (!part.empty() && part.back() == ' ') part.remove_suffix(1);
    double v = 0;
    const auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), v);
    if (field == value.size() || part.empty() || ec != std::errc() || end != part.data() + part.size() ||
        !std::isfinite(v))
      input_error(where + "expected four numbers elo0,elo1,alpha,beta such as 0,10,0.05,0.05");
    value[field++] = v;
    if (comma == text.size()) break;
    start = comma + 1;
  }
  if (field != value.size()) input_error(where + "expected four numbers elo0,elo1,alpha,beta such as 0,10,0.05,0.05");
  const SprtSettings s{value[0], value[1], value[2], value[3]};
  if (!(s.elo0 < s.elo1)) input_error(where + "elo0 must be below elo1");
  // Beyond +-1000 Elo the expected score is within 0.3% of 0 or 1 and the test means nothing.
  if (s.elo0 < -1000 || s.elo1 > 1000) input_error(where + "elo0 and elo1 must be within -1000..1000");
  if (!(s.alpha > 0 && s.alpha < 0.5 && s.beta > 0 && s.beta < 0.5))
    input_error(where + "alpha and beta must be between 0 and 0.5 (exclusive)");
  return s;
}

inline double sprt_lower_bound(const SprtSettings& s) { return std::log(s.beta / (1 - s.alpha)); }
inline double sprt_upper_bound(const SprtSettings& s) { return std::log((1 - s.beta) / s.alpha); }

namespace detail {

// The distribution closest to the empirical pdf p (in likelihood) among those with mean s, on the
// outcomes a: q_i = p_i / (1 + x (a_i - s)), where x solves sum_i p_i (a_i - s) / (1 + x (a_i - s)) = 0
// (Van den Bergh, "Comments on normalized Elo", Proposition 1.1). Returns log(1 + x (a_i - s)),
// i.e. log(p_i / q_i). The left side is strictly decreasing in x and runs from +inf to -inf across
// the interval where every 1 + x (a_i - s) is positive, so bisection always finds the root.
inline std::array<double, 5> log_p_over_q(const std::array<double, 5>& p, const std::array<double, 5>& a, double s) {
  assert(s > a.front() && s < a.back());
  double lo = -1.0 / (a.back() - s), hi = 1.0 / (s - a.front());
  auto f = [&](double x) {
    double sum = 0;
    for (std::size_t i = 0; i < p.size(); ++i) sum += p[i] * (a[i] - s) / (1 + x * (a[i] - s));
    return sum;
  };
  for (int step = 0; step < 200; ++step) {
    const double mid = lo + (hi - lo) / 2;
    if (mid <= lo || mid >= hi) break;  // the interval is down to adjacent doubles
    (f(mid) > 0 ? lo : hi) = mid;
  }
  const double x = lo + (hi - lo) / 2;
  std::array<double, 5> out{};
  for (std::size_t i = 0; i < p.size(); ++i) out[i] = std::log1p(x * (a[i] - s));
  return out;
}

}  // namespace detail

// The generalized SPRT log-likelihood ratio of H1 (elo1) against H0 (elo0) for pentanomial pair
// counts: N_pairs * sum_i p_i log(q1_i / q0_i), with p the empirical distribution of the
// normalised pair scores a = 0, 0.25, 0.5, 0.75, 1 and q0, q1 the maximum-likelihood distributions
// with mean score_from_elo(elo0) and score_from_elo(elo1). Like fishtest, an empty bin counts
// as 1e-3 pairs when forming p: with a true zero the support of q would shrink and the bisection
// interval with it; the pseudo-count changes the result by well under 1% once there are dozens of
// pairs. 0 when there are no pairs.
inline double sprt_llr(const std::array<double, 5>& pair_counts, double elo0, double elo1) {
  double pairs = 0;
  for (double c : pair_counts) {
    assert(c >= 0);
    pairs += c;
  }
  if (pairs <= 0) return 0;

  std::array<double, 5> p{};
  double total = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    p[i] = pair_counts[i] > 0 ? pair_counts[i] : 1e-3;
    total += p[i];
  }
  for (double& pi : p) pi /= total;

  const std::array<double, 5> a{0, 0.25, 0.5, 0.75, 1};
  const auto log_p_over_q0 = detail::log_p_over_q(p, a, score_from_elo(elo0));
  const auto log_p_over_q1 = detail::log_p_over_q(p, a, score_from_elo(elo1));
  double llr = 0;
  for (std::size_t i = 0; i < p.size(); ++i) llr += p[i] * (log_p_over_q0[i] - log_p_over_q1[i]);
  return pairs * llr;
}

}  // namespace nuraghe
