// How the models of lib/learn/fit.hpp are fitted. Read top-down: checking the input, the group
// splits, the standardisation, then ridge and logistic (L-BFGS), fit and predict, and the metrics.
// The chunked sums that make a fit independent of the thread count are in lib/learn/fit_parts.hpp,
// the MLP (Adam) in lib/learn/mlp.cpp.
//
// Eigen runs a large matrix-matrix product (its own, or inside a Cholesky factorisation) on OpenMP
// threads of its own, split by the thread count it finds, which would make the result depend on the
// machine and on `threads`. So every such computation runs inside parallel_for, which tells Eigen
// one thread, and the only parallelism is ours: over chunks of rows and over folds. The MLP's
// products are moreover `lazyProduct` (coefficient by coefficient), whose result does not depend
// on the cache sizes that Eigen's blocked products read from the machine.

#include "learn/fit.hpp"
#include "learn/fit_parts.hpp"

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <exception>
#include <limits>
#include <map>
#include <numbers>
#include <numeric>
#include <set>
#include <string>
#include <thread>
#include <utility>

#include "core/error.hpp"
#include "core/rng.hpp"

namespace nuraghe::learn {
namespace detail {

// ---------------------------------------------------------------------------------------------
// Checking the input: each mistake a user can make is one line.

void check_options(const FitOptions& o) {
  if (o.threads < 1) input_error("learn: threads must be at least 1");
  if (o.kind == ModelKind::Linear) {
    if (o.penalties.empty()) input_error("learn: ridge needs at least one penalty");
    for (double p : o.penalties) {
      if (!(p > 0 && std::isfinite(p)))
        input_error("learn: a ridge penalty must be positive, not " + std::to_string(p));
    }
    if (o.penalties.size() > 1 && o.folds < 2) input_error("learn: cross-validation needs at least 2 folds");
  }
  if (!(o.l2 >= 0 && std::isfinite(o.l2))) input_error("learn: l2 must be a finite number >= 0");
  if (o.kind == ModelKind::Logistic) {
    if (o.max_iterations < 1 || o.memory < 1 || !(o.tolerance > 0))
      input_error("learn: L-BFGS needs max_iterations >= 1, memory >= 1 and a positive tolerance");
    if (o.logistic_penalties.empty()) input_error("learn: logistic regression needs at least one penalty");
    for (double p : o.logistic_penalties) {
      if (!(p >= 0 && std::isfinite(p)))
        input_error("learn: a logistic penalty must be a finite number >= 0, not " + std::to_string(p));
    }
    if (o.logistic_penalties.size() > 1 && o.folds < 2) input_error("learn: cross-validation needs at least 2 folds");
  }
  if (o.kind == ModelKind::Mlp) {
    if (o.hidden.empty() || o.hidden.size() > 2) input_error("learn: an MLP has one or two hidden layers");
    for (int h : o.hidden) {
      if (h < 1) input_error("learn: a hidden layer needs at least one unit");
    }
    if (o.epochs < 1 || o.batch < 1 || o.patience < 1) input_error("learn: epochs, batch and patience must be >= 1");
    if (!(o.learning_rate > 0)) input_error("learn: the learning rate must be positive");
    if (!(o.validation_fraction > 0 && o.validation_fraction < 1))
      input_error("learn: the validation fraction must be between 0 and 1");
  }
}

void check_rows(const Samples& data, const std::vector<int>& rows) {
  const Index n = data.x.rows();
  if (data.y.size() != n || Index(data.group.size()) != n || Index(data.position.size()) != n)
    input_error("learn: the samples' x, y, group and position have different row counts");
  if (rows.empty()) input_error("learn: no rows to fit");
  for (int r : rows) {
    if (r < 0 || r >= n) input_error("learn: row " + std::to_string(r) + " is not among the samples");
    const double y = data.y[r];
    if (!(y >= 0 && y <= 1)) input_error("learn: row " + std::to_string(r) + "'s target is outside [0, 1]");
    if (!data.x.row(r).allFinite()) input_error("learn: row " + std::to_string(r) + " has a NaN or infinite feature");
  }
}

// ---------------------------------------------------------------------------------------------
// Group splits.

// The distinct groups in a shuffled order that depends on the seed and the set of groups only.
std::vector<long long> shuffled_groups(const std::vector<long long>& group, std::uint64_t seed) {
  std::vector<long long> groups = group;
  std::sort(groups.begin(), groups.end());
  groups.erase(std::unique(groups.begin(), groups.end()), groups.end());
  Rng rng(seed);
  rng.shuffle(groups.begin(), static_cast<std::uint32_t>(groups.size()));
  return groups;
}

// The rows of `subset` (indices into a larger set) that split.train and split.test name.
Split restrict(const Split& split, const std::vector<int>& subset) {
  Split s;
  for (int i : split.train) s.train.push_back(subset[i]);
  for (int i : split.test) s.test.push_back(subset[i]);
  return s;
}

std::vector<long long> groups_of(const Samples& data, const std::vector<int>& rows) {
  std::vector<long long> g;
  g.reserve(rows.size());
  for (int r : rows) g.push_back(data.group[r]);
  return g;
}

// The k group folds of `rows` (the data's row indices).
std::vector<Split> folds_of(const Samples& data, const std::vector<int>& rows, int k, std::uint64_t seed) {
  std::vector<Split> folds = folds_by_group(groups_of(data, rows), k, seed);
  for (Split& s : folds) s = restrict(s, rows);
  return folds;
}

// ---------------------------------------------------------------------------------------------
// Standardisation, fitted on training rows (Standardiser: lib/learn/fit_parts.hpp).

Standardiser fit_standardiser(const Eigen::MatrixXf& x, const std::vector<int>& rows) {
  Standardiser s;
  const double n = static_cast<double>(rows.size());
  for (Index j = 0; j < x.cols(); ++j) {
    const float first = x(rows[0], j);
    double sum = 0;
    bool constant = true;
    for (int r : rows) {
      sum += x(r, j);
      constant = constant && x(r, j) == first;
    }
    if (constant) continue;  // nothing to learn from, and its scale would be 0
    const double mean = sum / n;
    double squares = 0;
    for (int r : rows) squares += (x(r, j) - mean) * (x(r, j) - mean);
    const auto scale = static_cast<float>(std::sqrt(squares / n));
    if (!(scale > 0)) continue;
    s.features.push_back(static_cast<int>(j));
    s.mean.push_back(static_cast<float>(mean));
    s.scale.push_back(scale);
  }
  if (s.features.empty()) input_error("learn: every feature is constant on the training rows");
  return s;
}

// One formula for training and prediction, on the stored float mean and scale, so that a model
// sees at prediction exactly the inputs it was trained on.
double standard(float x, float mean, float scale) { return (double(x) - double(mean)) / double(scale); }

Matrix standardise(const Eigen::MatrixXf& x, const std::vector<int>& rows, const std::vector<int>& features,
                   const std::vector<float>& mean, const std::vector<float>& scale) {
  Matrix z(rows.size(), features.size());
  for (std::size_t j = 0; j < features.size(); ++j) {
    for (std::size_t i = 0; i < rows.size(); ++i) z(i, j) = standard(x(rows[i], features[j]), mean[j], scale[j]);
  }
  return z;
}

Matrix standardise(const Eigen::MatrixXf& x, const std::vector<int>& rows, const Standardiser& s) {
  return standardise(x, rows, s.features, s.mean, s.scale);
}

Vector targets(const Samples& data, const std::vector<int>& rows) {
  Vector y(rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) y[i] = data.y[rows[i]];
  return y;
}

// A one-layer model's weights and bias in double, before they are stored as floats.
struct Linear {
  Vector w;
  double b = 0;
};

ValueModel::Layer as_layer(const Vector& w, double b) {
  ValueModel::Layer layer;
  layer.inputs = static_cast<int>(w.size());
  layer.outputs = 1;
  layer.weights.assign(w.data(), w.data() + w.size());
  layer.bias = {static_cast<float>(b)};
  return layer;
}

// ---------------------------------------------------------------------------------------------
// Ridge: minimise mean (y - z.w - b)^2 + penalty |w|^2 over standardised z, in closed form. With
// the columns of z centred the bias drops out; the normal equations are
//   (Zc'Zc / n + penalty I) w = Zc'(y - mean y) / n,   b = mean y - mean(z).w.

struct RidgeProblem {
  Standardiser st;
  Vector zmean, zy;
  Matrix gram;
  double ymean = 0;
};

RidgeProblem ridge_problem(const Samples& data, const std::vector<int>& rows) {
  RidgeProblem p;
  p.st = fit_standardiser(data.x, rows);
  Matrix z = standardise(data.x, rows, p.st);
  const Vector y = targets(data, rows);
  const double n = static_cast<double>(rows.size());
  p.zmean = z.colwise().mean().transpose();
  p.ymean = y.mean();
  z.rowwise() -= p.zmean.transpose();
  p.gram = Matrix::Zero(z.cols(), z.cols());
  p.gram.selfadjointView<Eigen::Lower>().rankUpdate(z.transpose(), 1 / n);
  p.gram = p.gram.selfadjointView<Eigen::Lower>();
  p.zy = z.transpose() * (y.array() - p.ymean).matrix() / n;
  return p;
}

Linear ridge_solve(const RidgeProblem& p, double penalty) {
  Matrix a = p.gram;
  a.diagonal().array() += penalty;
  Linear m;
  m.w = a.llt().solve(p.zy);  // positive definite: penalty > 0
  m.b = p.ymean - p.zmean.dot(m.w);
  return m;
}

// Every penalty's squared error on each fold's held-out rows; returns the chosen penalty: the
// lowest mean error, the larger penalty on a tie (the simpler model).
double cross_validate_ridge(const Samples& data, const std::vector<int>& rows, const FitOptions& o, FitReport& report,
                            FitSteps& steps) {
  const std::vector<Split> folds = folds_of(data, rows, o.folds, stream_seed(o.seed, kFolds));
  const std::size_t penalties = o.penalties.size();
  report.fold_error.assign(penalties, std::vector<double>(folds.size(), 0));
  std::vector<std::vector<double>> sse(folds.size(), std::vector<double>(penalties));
  parallel_for(int(folds.size()), o.threads, [&](int f) {
    const RidgeProblem p = ridge_problem(data, folds[f].train);
    const Matrix z = standardise(data.x, folds[f].test, p.st);
    const Vector y = targets(data, folds[f].test);
    for (std::size_t k = 0; k < penalties; ++k) {
      const Linear m = ridge_solve(p, o.penalties[k]);
      sse[f][k] = ((z * m.w).array() + m.b - y.array()).square().sum();
      report.fold_error[k][f] = sse[f][k] / double(y.size());
    }
    steps.step("cross-validation fold " + std::to_string(f + 1) + " of " + std::to_string(folds.size()));
  });
  std::vector<double> squared(penalties, 0);  // added in fold order, whatever thread ran each fold
  for (std::size_t f = 0; f < folds.size(); ++f) {
    for (std::size_t k = 0; k < penalties; ++k) squared[k] += sse[f][k];
  }
  report.cv_error.resize(penalties);
  std::size_t best = 0;
  for (std::size_t k = 0; k < penalties; ++k) {
    report.cv_error[k] = squared[k] / double(rows.size());
    const bool lower = report.cv_error[k] < report.cv_error[best];
    const bool tie_larger = report.cv_error[k] == report.cv_error[best] && o.penalties[k] > o.penalties[best];
    if (lower || tie_larger) best = k;
  }
  return o.penalties[best];
}

// ---------------------------------------------------------------------------------------------
// Logistic regression: minimise mean cross-entropy(z.w + b, y) + l2 / 2 |w|^2 by L-BFGS (Nocedal &
// Wright, "Numerical Optimization", algorithm 7.4). It keeps `memory` pairs of vectors of the
// parameters' size, so a few thousand features cost a few megabytes, where a Newton step would
// build and factor a features x features Hessian at every iteration.

// The objective and its gradient at theta = (w, b); the loss rides in one more entry of the chunked
// sum, so that one pass over the rows gives both.
class LogisticObjective {
 public:
  LogisticObjective(const Matrix& z, const Vector& y, double l2, int threads)
      : z_(z), y_(y), l2_(l2), threads_(threads), sum_(z.rows(), 256, z.cols() + 2) {}

  double operator()(const Vector& theta, Vector& gradient) {
    const Index f = z_.cols();
    const Vector& total = sum_(threads_, [&](Index, Index begin, Index end, Vector& out) {
      const auto zb = z_.middleRows(begin, end - begin);
      Vector logit = zb * theta.head(f);
      logit.array() += theta[f];
      Vector residual(logit.size());
      double loss = 0;
      for (Index i = 0; i < logit.size(); ++i) {
        residual[i] = sigmoid(logit[i]) - y_[begin + i];
        loss += cross_entropy(logit[i], y_[begin + i]);
      }
      out.head(f).noalias() += zb.transpose() * residual;
      out[f] += residual.sum();
      out[f + 1] += loss;
    });
    const double n = static_cast<double>(z_.rows());
    gradient = total.head(f + 1) / n;
    gradient.head(f) += l2_ * theta.head(f);
    return total[f + 1] / n + l2_ / 2 * theta.head(f).squaredNorm();
  }

 private:
  const Matrix& z_;
  const Vector& y_;
  double l2_;
  int threads_;
  ChunkedSum sum_;
};

// The L-BFGS direction -H g from the stored pairs (s, y), newest last: the two-loop recursion.
Vector lbfgs_direction(const Vector& g, const std::vector<Vector>& s, const std::vector<Vector>& y) {
  Vector q = g;
  std::vector<double> alpha(s.size());
  for (std::size_t i = s.size(); i-- > 0;) {
    alpha[i] = s[i].dot(q) / y[i].dot(s[i]);
    q -= alpha[i] * y[i];
  }
  if (!s.empty()) q *= s.back().dot(y.back()) / y.back().squaredNorm();  // the usual initial scaling
  for (std::size_t i = 0; i < s.size(); ++i) {
    const double beta = y[i].dot(q) / y[i].dot(s[i]);
    q += (alpha[i] - beta) * s[i];
  }
  return -q;
}

// Logistic regression's penalty by k-fold cross-validation over deals: each fold's model fitted
// with each penalty, scored by its mean cross-entropy on the fold's held-out rows; the penalty of
// the least held-out cross-entropy over all rows (a tie: the larger penalty).
double cross_validate_logistic(const Samples& data, const std::vector<int>& rows, const FitOptions& o,
                               FitReport& report, FitSteps& steps) {
  const std::vector<Split> folds = folds_of(data, rows, o.folds, stream_seed(o.seed, kFolds));
  const std::size_t penalties = o.logistic_penalties.size();
  report.fold_error.assign(penalties, std::vector<double>(folds.size(), 0));
  std::vector<double> total(penalties, 0);
  for (std::size_t f = 0; f < folds.size(); ++f) {  // the fits are parallel inside (o.threads)
    const Standardiser st = fit_standardiser(data.x, folds[f].train);
    const Matrix z = standardise(data.x, folds[f].train, st), zt = standardise(data.x, folds[f].test, st);
    const Vector y = targets(data, folds[f].train), yt = targets(data, folds[f].test);
    for (std::size_t k = 0; k < penalties; ++k) {
      LogisticObjective objective(z, y, o.logistic_penalties[k], o.threads);
      FitReport scratch;
      const Vector theta = minimise_lbfgs(objective, z.cols() + 1, o, scratch);
      const Vector logit = (zt * theta.head(z.cols())).array() + theta[z.cols()];
      double loss = 0;
      for (Index i = 0; i < logit.size(); ++i) loss += cross_entropy(logit[i], yt[i]);
      report.fold_error[k][f] = loss / double(yt.size());
      total[k] += loss;
      steps.step("cross-validation fold " + std::to_string(f + 1) + " of " + std::to_string(folds.size()) +
                 ", penalty " + penalty_text(o.logistic_penalties[k]));
    }
  }
  report.cv_error.resize(penalties);
  std::size_t best = 0;
  for (std::size_t k = 0; k < penalties; ++k) {
    report.cv_error[k] = total[k] / double(rows.size());
    const bool lower = report.cv_error[k] < report.cv_error[best];
    const bool tie_larger =
        report.cv_error[k] == report.cv_error[best] && o.logistic_penalties[k] > o.logistic_penalties[best];
    if (lower || tie_larger) best = k;
  }
  return o.logistic_penalties[best];
}

ValueModel fit_logistic(const Samples& data, const std::vector<int>& rows, const FitOptions& o, FitReport& report) {
  const bool cv = o.logistic_penalties.size() > 1;
  FitSteps steps(o, cv ? o.folds * int(o.logistic_penalties.size()) + 1 : 1);
  report.penalty = cv ? cross_validate_logistic(data, rows, o, report, steps) : o.logistic_penalties[0];
  const Standardiser st = fit_standardiser(data.x, rows);
  const Matrix z = standardise(data.x, rows, st);
  const Vector y = targets(data, rows);
  LogisticObjective objective(z, y, report.penalty, o.threads);
  const Vector theta = minimise_lbfgs(objective, z.cols() + 1, o, report);
  ValueModel m;
  m.features = st.features;
  m.mean = st.mean;
  m.scale = st.scale;
  m.layers = {as_layer(theta.head(z.cols()), theta[z.cols()])};
  steps.step("the fit on every row, penalty " + penalty_text(report.penalty));
  return m;
}

ValueModel fit_ridge(const Samples& data, const std::vector<int>& rows, const FitOptions& o, FitReport& report) {
  const bool cv = o.penalties.size() > 1;
  FitSteps steps(o, cv ? o.folds + 1 : 1);
  report.penalty = cv ? cross_validate_ridge(data, rows, o, report, steps) : o.penalties[0];
  RidgeProblem p;
  Linear fitted;
  parallel_for(1, 1, [&](int) {
    p = ridge_problem(data, rows);
    fitted = ridge_solve(p, report.penalty);
  });
  ValueModel m;
  m.features = p.st.features;
  m.mean = p.st.mean;
  m.scale = p.st.scale;
  m.layers = {as_layer(fitted.w, fitted.b)};
  steps.step("the fit on every row, penalty " + penalty_text(report.penalty));
  return m;
}

}  // namespace detail

using namespace detail;

// ---------------------------------------------------------------------------------------------

Split split_by_group(const std::vector<long long>& group, double test_fraction, std::uint64_t seed) {
  const std::vector<long long> groups = shuffled_groups(group, seed);
  if (groups.size() < 2) input_error("learn: a held-out split needs rows of at least 2 deals");
  const auto test_groups =
      std::clamp<std::size_t>(std::size_t(std::llround(test_fraction * double(groups.size()))), 1, groups.size() - 1);
  const std::set<long long> test(groups.begin(), groups.begin() + std::ptrdiff_t(test_groups));
  Split s;
  for (std::size_t i = 0; i < group.size(); ++i) (test.count(group[i]) ? s.test : s.train).push_back(int(i));
  return s;
}

std::vector<Split> folds_by_group(const std::vector<long long>& group, int k, std::uint64_t seed) {
  const std::vector<long long> groups = shuffled_groups(group, seed);
  if (k < 2 || int(groups.size()) < k)
    input_error("learn: " + std::to_string(k) + "-fold cross-validation needs rows of at least " +
                std::to_string(std::max(k, 2)) + " deals, not " + std::to_string(groups.size()));
  std::map<long long, int> fold_of;
  for (std::size_t i = 0; i < groups.size(); ++i) fold_of[groups[i]] = int(i % std::size_t(k));
  std::vector<Split> folds(k);
  for (std::size_t i = 0; i < group.size(); ++i) {
    const int f = fold_of[group[i]];
    for (int other = 0; other < k; ++other) (other == f ? folds[other].test : folds[other].train).push_back(int(i));
  }
  return folds;
}

ValueModel fit(const Samples& data, const std::vector<int>& rows, const FitOptions& o, FitReport* report) {
  check_options(o);
  check_rows(data, rows);
  FitReport local;
  FitReport& r = report ? *report : local;
  r = FitReport{};
  ValueModel m;
  switch (o.kind) {
    case ModelKind::Linear: m = fit_ridge(data, rows, o, r); break;
    case ModelKind::Logistic: m = fit_logistic(data, rows, o, r); break;
    case ModelKind::Mlp: m = fit_mlp(data, rows, o, r); break;
  }
  if (o.kind == ModelKind::Mlp) r.penalty = o.l2;
  m.kind = o.kind;
  m.target = o.target;
  r.features_kept = int(m.features.size());
  r.features_dropped = int(data.x.cols()) - r.features_kept;
  return m;
}

Eigen::VectorXd predict(const ValueModel& m, const Eigen::MatrixXf& x) {
  std::vector<int> all(x.rows());
  std::iota(all.begin(), all.end(), 0);
  Matrix h = standardise(x, all, m.features, m.mean, m.scale);
  for (std::size_t l = 0; l < m.layers.size(); ++l) {
    const ValueModel::Layer& layer = m.layers[l];
    using FloatRowMajor = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
    const Matrix w = Eigen::Map<const FloatRowMajor>(layer.weights.data(), layer.outputs, layer.inputs).cast<double>();
    const Vector b = Eigen::Map<const Eigen::VectorXf>(layer.bias.data(), layer.outputs).cast<double>();
    Matrix next = h.lazyProduct(w.transpose());
    next.rowwise() += b.transpose();
    if (l + 1 < m.layers.size()) next = next.cwiseMax(0.0);
    h = std::move(next);
  }
  Vector out = h.col(0);
  if (m.kind != ModelKind::Linear) out = out.unaryExpr([](double z) { return sigmoid(z); });
  return out;
}

Metrics evaluate_positions(const Eigen::VectorXd& predicted, const Samples& data, const std::vector<int>& rows) {
  if (predicted.size() != data.y.size() || Index(data.position.size()) != data.y.size())
    input_error("learn: one predicted value and one position per row of the samples are needed");
  std::map<long long, std::vector<int>> seats;  // position -> its rows, in row order
  for (int r : rows) seats[data.position[r]].push_back(r);
  Metrics out;
  for (const auto& [position, rs] : seats) {
    double total = 0;
    for (int r : rs) total += std::max(predicted[r], 0.0);
    int predicted_best = 0;
    double target_best = -1;
    for (std::size_t i = 0; i < rs.size(); ++i) {
      const double p = total > 0 ? std::max(predicted[rs[i]], 0.0) / total : 1.0 / double(rs.size());
      const double y = data.y[rs[i]];
      out.log_loss -= y * std::log(std::max(p, 1e-15));
      out.brier += (p - y) * (p - y);
      if (predicted[rs[i]] > predicted[rs[predicted_best]]) predicted_best = int(i);
      target_best = std::max(target_best, y);
    }
    if (data.y[rs[predicted_best]] >= target_best) out.accuracy += 1;  // a tie counts if the seat is among the best
    ++out.positions;
  }
  if (out.positions > 0) {
    out.log_loss /= double(out.positions);
    out.brier /= double(out.positions);
    out.accuracy /= double(out.positions);
  }
  return out;
}

}  // namespace nuraghe::learn
