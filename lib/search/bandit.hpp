#pragma once
// The bandits that choose at a node: UCB1 (UCT and decoupled UCT), Exp3 and regret matching
// (decoupled selection at simultaneous nodes), and the final policies they recommend.

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>

#include "core/rng.hpp"

namespace nuraghe::search {

enum class SimSelect : std::uint8_t { Ucb, Exp3, RegretMatching };

// UCB1 with ISMCTS availability: the parent count is how often this arm could have been chosen.
// `tries` (at least 1) is the arm's visits plus its virtual loss, which counts as visits that
// returned 0, steering other threads elsewhere. `exploration` is c * sqrt(log(available)): the
// logarithm and its root are the costly part and most arms of a node share their availability (in
// UCT all do), so callers compute it once a node (ExplorationCache); what is left per arm is one
// division and one square root.
inline double ucb_score(double reward_sum, std::uint32_t tries, double exploration) {
  const double inverse = 1.0 / double(tries);
  return reward_sum * inverse + exploration * std::sqrt(inverse);
}

// PUCT (Silver et al. 2017, AlphaZero's selection, as Rosin's 2011 predictor + UCB): an arm's mean
// q, its prior p, the parent's count n and the arm's tries; the exploration term shrinks as the
// arm is tried and favours the arms the prior expects to be good.
inline double puct_score(double q, double p, double n, std::uint32_t tries, double cpuct) {
  return q + cpuct * p * std::sqrt(n) / (1.0 + double(tries));
}

// log(n) for a count n >= 1, within 1e-12 of std::log and a few times cheaper (no library call): n
// = 2^e m with m in [sqrt(1/2), sqrt(2)), and log m = 2 atanh(t), t = (m - 1) / (m + 1), |t| < 0.172,
// by its series to t^13 (the next term is below 2e-13). Inlined into every caller: a call's cost
// was a measurable share of a simultaneous node's choice (callgrind, Goofspiel).
[[gnu::always_inline]] inline double log_of_count(std::uint32_t n) {
  const std::uint64_t bits = std::bit_cast<std::uint64_t>(double(n));
  int e = int(bits >> 52) - 1023;
  double m = std::bit_cast<double>((bits & ((std::uint64_t(1) << 52) - 1)) | (std::uint64_t(1023) << 52));
  if (m > 1.4142135623730951) m *= 0.5, ++e;
  const double t = (m - 1) / (m + 1), t2 = t * t;
  const double series =
      1 + t2 * (1.0 / 3 + t2 * (1.0 / 5 + t2 * (1.0 / 7 + t2 * (1.0 / 9 + t2 * (1.0 / 11 + t2 / 13)))));
  return e * 0.6931471805599453 + 2 * t * series;
}

// c * sqrt(log(max(available, 1))), recomputed only when the argument changes.
class ExplorationCache {
 public:
  explicit ExplorationCache(double c) : c_(c) {}
  [[gnu::always_inline]] double operator()(std::uint32_t available) {
    if (available != last_) {
      last_ = available;
      value_ = c_ * std::sqrt(log_of_count(std::max<std::uint32_t>(available, 1)));
    }
    return value_;
  }

 private:
  double c_;
  std::uint32_t last_ = 0;
  double value_ = 0;
};

// Exp3 (Auer et al. 2002): p_i = (1 - gamma) softmax(eta G_i) + gamma / K with eta = gamma / K,
// where G_i is the importance-weighted cumulative reward of arm i. Writes k probabilities.
inline void exp3_policy(const double* cumulative, int k, double gamma, double* p) {
  const double eta = gamma / k;
  double top = cumulative[0];
  for (int i = 1; i < k; ++i) top = std::max(top, cumulative[i]);
  double total = 0;
  for (int i = 0; i < k; ++i) total += (p[i] = std::exp(eta * (cumulative[i] - top)));
  for (int i = 0; i < k; ++i) p[i] = (1 - gamma) * p[i] / total + gamma / k;
}

// Regret matching (Hart & Mas-Colell 2000) mixed with gamma exploration: play in proportion to
// positive cumulative regret, uniformly when there is none.
inline void regret_matching_policy(const double* regret, int k, double gamma, double* p) {
  double total = 0;
  for (int i = 0; i < k; ++i) total += std::max(regret[i], 0.0);
  for (int i = 0; i < k; ++i) {
    const double sigma = total > 0 ? std::max(regret[i], 0.0) / total : 1.0 / k;
    p[i] = (1 - gamma) * sigma + gamma / k;
  }
}

// The exploration-free policy from visit counts of an arm mixed with gamma / K exploration: the
// frequency of the exploiting part, (n_i / N - gamma / K) / (1 - gamma), clipped and renormalised.
// For Exp3 this is the recommended policy; for regret matching it is the average strategy
// (actions are sampled from the current strategy, so visit frequencies estimate its average).
inline void exploration_free_policy(const std::uint32_t* visits, int k, double gamma, double* p) {
  double total_visits = 0;
  for (int i = 0; i < k; ++i) total_visits += visits[i];
  double total = 0;
  for (int i = 0; i < k; ++i) {
    p[i] = total_visits > 0 ? std::max(0.0, (visits[i] / total_visits - gamma / k) / (1 - gamma)) : 0.0;
    total += p[i];
  }
  for (int i = 0; i < k; ++i) p[i] = total > 0 ? p[i] / total : 1.0 / k;
}

// An index in [0, k) drawn with probability prob(i) by one uniform number (the probabilities sum
// to 1; the last index takes what rounding leaves): a mixed bandit's arm, a sampled final move.
template <class Prob>
int sample_index(int k, const Prob& prob, Rng& rng) {
  double x = rng.uniform();
  for (int i = 0; i < k - 1; ++i) {
    if (x < prob(i)) return i;
    x -= prob(i);
  }
  return k - 1;
}

}  // namespace nuraghe::search
