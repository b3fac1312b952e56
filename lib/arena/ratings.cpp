// The ratings' functions (lib/arena/ratings.hpp declares and documents them), compiled once: the
// pairwise points, the Bradley-Terry fit, the bootstrap's bounds, and the SPRT.

#include "arena/ratings.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <charconv>
#include <cmath>
#include <limits>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/error.hpp"

namespace nuraghe {

// ---------------------------------------------------------------------------------------------
// Rating data.

Eigen::MatrixXd pairwise_points(const std::vector<DuplicateSet>& sets, int bots) {
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

Eigen::VectorXd bradley_terry_elo(const Eigen::MatrixXd& points, double prior) {
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

namespace detail {

std::pair<double, double> percentile_bounds(std::vector<double> values, double level) {
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

EloIntervals elo_with_intervals(const std::vector<DuplicateSet>& sets, int bots, int resamples, std::uint64_t seed,
                                double level, double prior) {
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
                      Eigen::VectorXd::Constant(bots, kUnknown), Eigen::MatrixXd::Constant(bots, bots, kUnknown),
                      Eigen::MatrixXd::Constant(bots, bots, kUnknown)};
  if (n_sets < 2 || resamples < 1) return result;

  // The groups a resample's games link the bots into (union-find by root).
  auto groups = [&](const Eigen::MatrixXd& points) {
    std::vector<int> group(bots);
    for (int i = 0; i < bots; ++i) group[i] = i;
    auto root = [&](int i) {
      while (group[i] != i) i = group[i];
      return i;
    };
    for (int i = 0; i < bots; ++i)
      for (int j = 0; j < bots; ++j)
        if (i != j && points(i, j) + points(j, i) > 0 && root(i) != root(j)) group[root(i)] = root(j);
    for (int i = 0; i < bots; ++i) group[i] = root(i);
    return group;
  };
  std::vector<std::vector<double>> samples(bots);             // samples[bot][resample]
  std::vector<std::vector<double>> differences(bots * bots);  // [a * bots + c][resample]
  detail::for_each_resample(n_sets, resamples, seed, [&](const std::vector<int>& indices) {
    const Eigen::MatrixXd points = sum_of(indices);
    const Eigen::VectorXd elo = bradley_terry_elo(points, prior);
    const Eigen::VectorXd met = met_anyone(points);
    const std::vector<int> group = groups(points);
    for (int b = 0; b < bots; ++b) {
      samples[b].push_back(met[b] > 0 ? elo[b] : kUnknown);
      for (int c = 0; c < bots; ++c)
        if (c != b)
          differences[b * bots + c].push_back(met[b] > 0 && group[b] == group[c] ? elo[b] - elo[c] : kUnknown);
    }
  });
  const Eigen::VectorXd met = met_anyone(all_points);
  for (int b = 0; b < bots; ++b) {
    if (met[b] <= 0) continue;  // rated 0 by convention; its bounds stay unknown
    const auto [low, high] = detail::percentile_bounds(std::move(samples[b]), level);
    result.low[b] = low;
    result.high[b] = high;
    for (int c = 0; c < bots; ++c)
      if (c != b && met[c] > 0)
        std::tie(result.diff_low(b, c), result.diff_high(b, c)) =
            detail::percentile_bounds(std::move(differences[b * bots + c]), level);
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// SPRT.

SprtSettings parse_sprt(const std::string& text) {
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

namespace detail {
namespace {

// The distribution closest to the empirical pdf p (in likelihood) among those with mean s, on the
// outcomes a: q_i = p_i / (1 + x (a_i - s)), where x solves sum_i p_i (a_i - s) / (1 + x (a_i - s)) = 0
// (Van den Bergh, "Comments on normalized Elo", Proposition 1.1). Returns log(1 + x (a_i - s)),
// i.e. log(p_i / q_i), for outcomes a in ascending order. The left side is strictly decreasing in x and runs from +inf
// to -inf across the interval where every 1 + x (a_i - s) is positive, so bisection always finds the root.
inline void log_p_over_q(const double* p, const double* a, std::size_t n, double s, double* out) {
  assert(n >= 2 && s > a[0] && s < a[n - 1]);
  double lo = -1.0 / (a[n - 1] - s), hi = 1.0 / (s - a[0]);
  auto f = [&](double x) {
    double sum = 0;
    for (std::size_t i = 0; i < n; ++i) sum += p[i] * (a[i] - s) / (1 + x * (a[i] - s));
    return sum;
  };
  for (int step = 0; step < 200; ++step) {
    const double mid = lo + (hi - lo) / 2;
    if (mid <= lo || mid >= hi) break;  // the interval is down to adjacent doubles
    (f(mid) > 0 ? lo : hi) = mid;
  }
  const double x = lo + (hi - lo) / 2;
  for (std::size_t i = 0; i < n; ++i) out[i] = std::log1p(x * (a[i] - s));
}

template <std::size_t N>
std::array<double, N> log_p_over_q(const std::array<double, N>& p, const std::array<double, N>& a, double s) {
  std::array<double, N> out{};
  log_p_over_q(p.data(), a.data(), N, s, out.data());
  return out;
}

}  // namespace
}  // namespace detail

double sprt_llr(const std::array<double, 5>& pair_counts, double elo0, double elo1) {
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

double sprt_llr_scores(const std::vector<double>& scores, double elo0, double elo1) {
  if (scores.empty()) return 0;
  // The outcomes: the distinct scores seen, and 0 and 1 with a pseudo-count of 1e-3 where unseen
  // (as sprt_llr's empty bins), so that the support spans both hypotheses' means.
  std::map<double, double> count{{0.0, 1e-3}, {1.0, 1e-3}};
  for (double x : scores) {
    assert(x >= 0 && x <= 1);
    auto [it, fresh] = count.emplace(x, 1.0);
    if (!fresh) it->second = it->second == 1e-3 ? 1.0 : it->second + 1;
  }
  std::vector<double> p, a;
  double total = 0;
  for (const auto& [value, c] : count) a.push_back(value), p.push_back(c), total += c;
  for (double& pi : p) pi /= total;
  std::vector<double> log0(p.size()), log1(p.size());
  detail::log_p_over_q(p.data(), a.data(), p.size(), score_from_elo(elo0), log0.data());
  detail::log_p_over_q(p.data(), a.data(), p.size(), score_from_elo(elo1), log1.data());
  double llr = 0;
  for (std::size_t i = 0; i < p.size(); ++i) llr += p[i] * (log0[i] - log1[i]);
  return double(scores.size()) * llr;
}

}  // namespace nuraghe
