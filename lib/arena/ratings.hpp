#pragma once
// Ratings for tournament results: Bradley-Terry Elo with bootstrap intervals, and a sequential
// probability ratio test (SPRT) for "is bot A stronger than bot B" as run by Stockfish's fishtest.
//
// Read top-down: the data (duplicate sets), their pairwise points, the Bradley-Terry fit, the
// bootstrap over duplicate sets, and the SPRT. None of this is a hot loop; clarity wins over speed.

#include <Eigen/Dense>

#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
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
Eigen::MatrixXd pairwise_points(const std::vector<DuplicateSet>& sets, int bots);

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
Eigen::VectorXd bradley_terry_elo(const Eigen::MatrixXd& points, double prior = 0.5);

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
std::pair<double, double> percentile_bounds(std::vector<double> values, double level);

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
  // Every two bots a and c: the bounds of elo[a] - elo[c] over the same resamples (row a, column c).
  Eigen::MatrixXd diff_low, diff_high;
};

// Bradley-Terry Elo of every bot from all sets, with percentile bootstrap bounds at `level`, and
// the bounds of every two bots' difference from the very same resamples (each resample's
// difference), so that a table's pair and its two rows agree. low/high are NaN with fewer than 2
// sets, and for a bot that met nobody. A resample in which a bot met nobody (possible when a bot
// sat out some deals) gives no rating for it, rather than a made-up 0, and is left out of that
// bot's bounds; one in which two bots' games do not link them (each group is centred on its own
// mean) gives no difference.
EloIntervals elo_with_intervals(const std::vector<DuplicateSet>& sets, int bots, int resamples, std::uint64_t seed,
                                double level = 0.95, double prior = 0.5);

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
SprtSettings parse_sprt(const std::string& text);

inline double sprt_lower_bound(const SprtSettings& s) { return std::log(s.beta / (1 - s.alpha)); }
inline double sprt_upper_bound(const SprtSettings& s) { return std::log((1 - s.beta) / s.alpha); }

// The generalized SPRT log-likelihood ratio of H1 (elo1) against H0 (elo0) for pentanomial pair
// counts: N_pairs * sum_i p_i log(q1_i / q0_i), with p the empirical distribution of the
// normalised pair scores a = 0, 0.25, 0.5, 0.75, 1 and q0, q1 the maximum-likelihood distributions
// with mean score_from_elo(elo0) and score_from_elo(elo1). Like fishtest, an empty bin counts
// as 1e-3 pairs when forming p: with a true zero the support of q would shrink and the bisection
// interval with it; the pseudo-count changes the result by well under 1% once there are dozens of
// pairs. 0 when there are no pairs.
double sprt_llr(const std::array<double, 5>& pair_counts, double elo0, double elo1);

// The same generalized SPRT for samples of any score in [0, 1] (a deal's mean score at a table of
// three or more seats, whose outcomes are not five): the empirical distribution is over the
// distinct scores seen, with 0 and 1 added at a pseudo-count of 1e-3 where unseen. On the five
// pentanomial outcomes, all seen, it equals sprt_llr of their counts. 0 without samples.
double sprt_llr_scores(const std::vector<double>& scores, double elo0, double elo1);

}  // namespace nuraghe
