#pragma once
// What the fits of lib/learn/fit.cpp and the MLP of lib/learn/mlp.cpp share, inside lib/learn:
// the random streams, the standardisation, the parallel loop and the chunked sums that make every
// fit independent of the thread count (fit.cpp's opening comment says why), and the loss.

#include <omp.h>

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "core/rng.hpp"
#include "learn/fit.hpp"

namespace nuraghe::learn::detail {

using Eigen::Index;
using Matrix = Eigen::MatrixXd;
using Vector = Eigen::VectorXd;
using RowMajor = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// Independent random streams from the one seed.
enum Stream : std::uint64_t { kFolds = 1, kValidation = 2, kWeights = 3, kBatches = 4 };
inline std::uint64_t stream_seed(std::uint64_t seed, Stream s) { return hash_combine(seed, s); }

// ---------------------------------------------------------------------------------------------
// Standardisation, fitted on training rows: the kept features and their mean and scale
// (lib/learn/fit.cpp).

struct Standardiser {
  std::vector<int> features;
  std::vector<float> mean, scale;
};
Standardiser fit_standardiser(const Eigen::MatrixXf& x, const std::vector<int>& rows);
Matrix standardise(const Eigen::MatrixXf& x, const std::vector<int>& rows, const Standardiser& s);
// A policy model of `kind` (target "visits"): `layers` over the features `st` keeps, standardised
// as it says, the last with an output a move of the game's `num_actions`.
inline ValueModel policy_model(ModelKind kind, const Standardiser& st, int num_actions,
                               std::vector<ValueModel::Layer> layers) {
  ValueModel m;
  m.kind = kind;
  m.target = "visits";
  m.num_actions = num_actions;
  m.features = st.features;
  m.mean = st.mean;
  m.scale = st.scale;
  m.layers = std::move(layers);
  return m;
}
// The targets of `rows`, in their order.
Vector targets(const Samples& data, const std::vector<int>& rows);
// The rows of `subset` (indices into a larger set) that split.train and split.test name.
Split restrict(const Split& split, const std::vector<int>& subset);
// The group of each of `rows`.
std::vector<long long> groups_of(const Samples& data, const std::vector<int>& rows);

// ---------------------------------------------------------------------------------------------
// body(i) for i in [0, count) on `threads` threads (one thread too: a region all the same). Inside,
// omp_set_num_threads(1) sets this region's thread count for Eigen, whose products and
// factorisations then never split themselves. An exception (an InputError of a fold) may not leave
// an OpenMP region: the first is thrown again after it. The ThreadSanitizer build runs the same
// bodies on std::thread, as lib/search/parallel.hpp does, since it cannot see libgomp's barriers.
template <class Body>
void parallel_for(int count, int threads, Body&& body) {
  std::vector<std::exception_ptr> failed(count);
  const auto guarded = [&](int i) {
    try {
      body(i);
    } catch (...) {
      failed[i] = std::current_exception();
    }
  };
#ifdef NURAGHE_TSAN
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) {
    pool.emplace_back([&, t] {
      omp_set_num_threads(1);
      for (int i = t; i < count; i += threads) guarded(i);
    });
  }
  for (std::thread& thread : pool) thread.join();
#else
#pragma omp parallel num_threads(threads)
  {
    omp_set_num_threads(1);
#pragma omp for schedule(static)
    for (int i = 0; i < count; ++i) guarded(i);
  }
#endif
  for (const std::exception_ptr& e : failed) {
    if (e) std::rethrow_exception(e);
  }
}

// ---------------------------------------------------------------------------------------------
// Sums over rows, the same on any thread count: rows [0, n) are cut into at most kMaxChunks
// contiguous chunks of at least `min_rows` rows (a cut that depends on n only), each chunk's
// partial sum is computed by one thread, and the partial sums are added in chunk order.

constexpr Index kMaxChunks = 64;

class ChunkedSum {
 public:
  ChunkedSum(Index n, Index min_rows, Index size) {
    const Index chunks = std::clamp<Index>((n + min_rows - 1) / min_rows, 1, kMaxChunks);
    for (Index c = 0; c <= chunks; ++c) start_.push_back(n * c / chunks);
    part_.assign(chunks, Vector::Zero(size));
    sum_ = Vector::Zero(size);
  }
  Index chunks() const { return Index(part_.size()); }
  Index largest() const {
    Index rows = 0;
    for (std::size_t c = 0; c + 1 < start_.size(); ++c) rows = std::max(rows, start_[c + 1] - start_[c]);
    return rows;
  }

  // partial(chunk, begin, end, out) adds its rows' share to out (zeroed before).
  template <class Partial>
  const Vector& operator()(int threads, Partial&& partial) {
    const int chunks = static_cast<int>(part_.size());
    parallel_for(chunks, threads, [&](int c) {
      part_[c].setZero();
      partial(c, start_[c], start_[c + 1], part_[c]);
    });
    sum_ = part_[0];
    for (int c = 1; c < chunks; ++c) sum_ += part_[c];
    return sum_;
  }

 private:
  std::vector<Index> start_;
  std::vector<Vector> part_;
  Vector sum_;
};

// ---------------------------------------------------------------------------------------------
// The units of a fit's work as FitOptions::progress reports them: step() after each (from any
// thread), finish() when the work ends before its total (an MLP's early stop).
// A penalty as the progress says it: 0.01, 1e-05.
inline std::string penalty_text(double penalty) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", penalty);
  return text;
}

class FitSteps {
 public:
  FitSteps(const FitOptions& o, int total) : o_(o), total_(total) {}
  void step(const std::string& what) {
    if (!o_.progress) return;
    std::lock_guard lock(mutex_);
    o_.progress(++done_, total_, what);
  }
  void finish(const std::string& what) {
    if (!o_.progress || done_ == total_) return;
    std::lock_guard lock(mutex_);
    o_.progress(done_ = total_, total_, what);
  }

 private:
  const FitOptions& o_;
  int total_, done_ = 0;
  std::mutex mutex_;
};

// ---------------------------------------------------------------------------------------------
// Cross-entropy against a soft target y in [0, 1], from the logit z: softplus(z) - y z, written so
// that neither exp overflows.
inline double sigmoid(double z) {
  if (z >= 0) return 1 / (1 + std::exp(-z));
  const double e = std::exp(z);
  return e / (1 + e);
}
inline double cross_entropy(double z, double y) {
  const double softplus = z > 0 ? z + std::log1p(std::exp(-z)) : std::log1p(std::exp(z));
  return softplus - y * z;
}

// k folds of `rows` by their groups (folds_by_group's, on the rows' groups).
std::vector<Split> folds_of(const Samples& data, const std::vector<int>& rows, int k, std::uint64_t seed);

// ---------------------------------------------------------------------------------------------
// L-BFGS (Nocedal & Wright, "Numerical Optimization", algorithm 7.4) from theta = 0:
// objective(theta, gradient) returns the value and writes the gradient. Logistic regression's and
// the policy's.

// The L-BFGS direction -H g from the stored pairs (s, y), newest last: the two-loop recursion.
Vector lbfgs_direction(const Vector& g, const std::vector<Vector>& s, const std::vector<Vector>& y);

template <class Objective>
Vector minimise_lbfgs(Objective& objective, Index size, const FitOptions& o, FitReport& report) {
  // Pairs kept: o.memory, fewer where they would pass 256 MiB (a policy's weights over thousands of
  // actions), at least 2.
  const int memory = int(std::clamp<Index>((Index(1) << 28) / (16 * std::max<Index>(size, 1)), 2, o.memory));
  Vector theta = Vector::Zero(size), gradient(size), next_gradient(size);
  double value = objective(theta, gradient);
  std::vector<Vector> s, y;
  int iteration = 0;
  for (; iteration < o.max_iterations && gradient.lpNorm<Eigen::Infinity>() >= o.tolerance; ++iteration) {
    Vector direction = lbfgs_direction(gradient, s, y);
    double slope = gradient.dot(direction);
    if (!(slope < 0)) {  // lost its way (rounding): restart from steepest descent
      s.clear();
      y.clear();
      direction = -gradient;
      slope = -gradient.squaredNorm();
    }
    // Backtracking to the Armijo condition; the first step is scaled since there is no curvature yet.
    double step = s.empty() ? std::min(1.0, 1 / direction.norm()) : 1.0;
    Vector next = theta + step * direction;
    double next_value = objective(next, next_gradient);
    while (next_value > value + 1e-4 * step * slope && step > 1e-20) {
      step /= 2;
      next = theta + step * direction;
      next_value = objective(next, next_gradient);
    }
    if (!(next_value <= value)) break;  // no decrease left at double precision
    Vector ds = next - theta, dy = next_gradient - gradient;
    if (ds.dot(dy) > 1e-12 * ds.norm() * dy.norm()) {  // keep only pairs of positive curvature
      if (int(s.size()) == memory) {
        s.erase(s.begin());
        y.erase(y.begin());
      }
      s.push_back(std::move(ds));
      y.push_back(std::move(dy));
    }
    const bool stalled = value - next_value <= 1e-15 * std::max(1.0, std::abs(value));
    theta = next;
    gradient = next_gradient;
    value = next_value;
    if (stalled) {
      ++iteration;
      break;
    }
  }
  report.iterations = iteration;
  report.objective = value;
  return theta;
}

// The actions legal in some row of `rows` of a policy's targets, each once, in order: a policy's
// outputs are fitted for these only (a few hundred of Bardagi's 3,207), and `index` maps an action
// to its place or -1 (lib/learn/policy.cpp). InputError for an action outside the game's.
struct UsedActions {
  std::vector<int> action;
  std::vector<int> index;
};
UsedActions used_actions(const PolicyTargets& t, const std::vector<int>& rows);

// The MLP (lib/learn/mlp.cpp): a value's, and a policy's (its rows split for early stopping).
ValueModel fit_mlp(const Samples& data, const std::vector<int>& rows, const FitOptions& o, FitReport& report);
ValueModel fit_policy_mlp(const Samples& data, const PolicyTargets& t, const std::vector<int>& rows,
                          const FitOptions& o, FitReport& report);

}  // namespace nuraghe::learn::detail
