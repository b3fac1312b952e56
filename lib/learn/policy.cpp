// A policy fitted to an expert search's visit shares (lib/learn/fit.hpp, "Policies"): multinomial
// logistic regression over each row's legal moves, by L-BFGS, its penalty by cross-validation over
// deals, the same model on any thread count (the sums over rows in chunks that depend on the row
// count only, as fit.cpp's).

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "core/error.hpp"
#include "learn/fit.hpp"
#include "learn/fit_parts.hpp"

namespace nuraghe::learn {

namespace {

using namespace detail;

}  // namespace

namespace detail {
UsedActions used_actions(const PolicyTargets& t, const std::vector<int>& rows) {
  UsedActions u;
  u.index.assign(std::size_t(t.num_actions), -1);
  for (const int r : rows)
    for (long long e = t.begin[std::size_t(r)]; e < t.begin[std::size_t(r) + 1]; ++e) {
      const int a = t.action[std::size_t(e)];
      if (a < 0 || a >= t.num_actions)
        input_error("learn: a policy target names action " + std::to_string(a) + ", not one of the game's " +
                    std::to_string(t.num_actions));
      u.index[std::size_t(a)] = 0;
    }
  for (int a = 0; a < t.num_actions; ++a)
    if (u.index[std::size_t(a)] == 0) {
      u.index[std::size_t(a)] = int(u.action.size());
      u.action.push_back(a);
    }
  return u;
}
}  // namespace detail

namespace {

// Mean cross-entropy of the softmax over each row's legal actions against its shares, plus l2 / 2
// |W|^2, at theta = (W row-major, used actions x features, then one bias an action), and its
// gradient; the loss rides in the chunked sum's last entry.
class PolicyObjective {
 public:
  PolicyObjective(const RowMajor& z, const PolicyTargets& t, const std::vector<int>& rows, const UsedActions& used,
                  double l2, int threads)
      : z_(z),
        t_(t),
        rows_(rows),
        used_(used),
        l2_(l2),
        threads_(threads),
        actions_(Index(used.action.size())),
        // at most 4 chunks: each holds a gradient the size of the weights
        sum_(z.rows(), std::max<Index>(256, (z.rows() + 3) / 4), actions_ * z.cols() + actions_ + 1) {}

  Index size() const { return actions_ * z_.cols() + actions_; }

  double operator()(const Vector& theta, Vector& gradient) {
    const Index f = z_.cols(), weights = actions_ * f;
    const Vector& total = sum_(threads_, [&](Index, Index begin, Index end, Vector& out) {
      std::vector<double> logit;
      for (Index i = begin; i < end; ++i) {
        const int r = rows_[std::size_t(i)];
        const long long b = t_.begin[std::size_t(r)], k = t_.begin[std::size_t(r) + 1] - b;
        logit.resize(std::size_t(k));
        double most = -std::numeric_limits<double>::infinity();
        for (long long j = 0; j < k; ++j) {
          const Index a = used_.index[std::size_t(t_.action[std::size_t(b + j)])];
          logit[std::size_t(j)] = theta.segment(a * f, f).dot(z_.row(i)) + theta[weights + a];
          most = std::max(most, logit[std::size_t(j)]);
        }
        double sum = 0;
        for (double& l : logit) sum += std::exp(l - most);
        const double log_sum = most + std::log(sum);
        for (long long j = 0; j < k; ++j) {
          const Index a = used_.index[std::size_t(t_.action[std::size_t(b + j)])];
          const double y = t_.share[std::size_t(b + j)], p = std::exp(logit[std::size_t(j)] - log_sum);
          out.segment(a * f, f).noalias() += (p - y) * z_.row(i).transpose();
          out[weights + a] += p - y;
          if (y > 0) out[weights + actions_] -= y * (logit[std::size_t(j)] - log_sum);
        }
      }
    });
    const double n = static_cast<double>(z_.rows());
    gradient = total.head(size()) / n;
    gradient.head(weights) += l2_ * theta.head(weights);
    return total[size()] / n + l2_ / 2 * theta.head(weights).squaredNorm();
  }

 private:
  const RowMajor& z_;  // row-major: a row's features are read once a legal move, contiguously
  const PolicyTargets& t_;
  const std::vector<int>& rows_;  // z's rows are these rows of the samples, in order
  const UsedActions& used_;
  double l2_;
  int threads_;
  Index actions_;
  ChunkedSum sum_;
};

// The fitted theta of the used actions, as a model's one layer over all of the game's actions:
// an action legal in no training row gets weights 0 and the used ones' mean bias (no opinion).
ValueModel::Layer policy_layer(const Vector& theta, const UsedActions& used, int features, int num_actions) {
  const Index f = features, weights = Index(used.action.size()) * f;
  ValueModel::Layer l{features, num_actions, std::vector<float>(std::size_t(num_actions) * std::size_t(f), 0.0f),
                      std::vector<float>(std::size_t(num_actions), 0.0f)};
  double mean_bias = 0;
  for (std::size_t u = 0; u < used.action.size(); ++u) mean_bias += theta[weights + Index(u)];
  if (!used.action.empty()) mean_bias /= double(used.action.size());
  for (int a = 0; a < num_actions; ++a) {
    const int u = used.index[std::size_t(a)];
    l.bias[std::size_t(a)] = float(u < 0 ? mean_bias : theta[weights + u]);
    if (u >= 0)
      for (Index j = 0; j < f; ++j)
        l.weights[std::size_t(a) * std::size_t(f) + std::size_t(j)] = float(theta[u * f + j]);
  }
  return l;
}

// A fit with penalty l2 on `train`, as a model (standardised on `train`).
ValueModel fit_with(const Samples& data, const PolicyTargets& t, const std::vector<int>& train, double l2,
                    const FitOptions& o, FitReport& report) {
  const Standardiser st = fit_standardiser(data.x, train);
  const RowMajor z = standardise(data.x, train, st);
  const UsedActions used = used_actions(t, train);
  PolicyObjective objective(z, t, train, used, l2, o.threads);
  const Vector theta = minimise_lbfgs(objective, objective.size(), o, report);
  return policy_model(ModelKind::Logistic, st, t.num_actions,
                      {policy_layer(theta, used, int(st.features.size()), t.num_actions)});
}

}  // namespace

void policy_probabilities(const ValueModel& m, const Eigen::MatrixXf& x, const PolicyTargets& t, int r, double* out) {
  std::vector<double> z(m.features.size());
  for (std::size_t i = 0; i < z.size(); ++i)
    z[i] = (double(x(r, m.features[i])) - double(m.mean[i])) / double(m.scale[i]);
  for (std::size_t h = 0; h + 1 < m.layers.size(); ++h) {  // an MLP's hidden layers, ReLU
    const ValueModel::Layer& hidden = m.layers[h];
    std::vector<double> next(std::size_t(hidden.outputs));
    for (std::size_t o = 0; o < next.size(); ++o) {
      double sum = hidden.bias[o];
      for (std::size_t i = 0; i < z.size(); ++i) sum += double(hidden.weights[o * z.size() + i]) * z[i];
      next[o] = std::max(0.0, sum);
    }
    z = std::move(next);
  }
  const ValueModel::Layer& l = m.layers.back();
  const long long b = t.begin[std::size_t(r)], k = t.begin[std::size_t(r) + 1] - b;
  double most = -std::numeric_limits<double>::infinity();
  for (long long j = 0; j < k; ++j) {
    const auto a = std::size_t(t.action[std::size_t(b + j)]);
    double logit = l.bias[a];
    for (std::size_t i = 0; i < z.size(); ++i) logit += double(l.weights[a * z.size() + i]) * z[i];
    out[j] = logit;
    most = std::max(most, logit);
  }
  double sum = 0;
  for (long long j = 0; j < k; ++j) sum += out[j] = std::exp(out[j] - most);
  for (long long j = 0; j < k; ++j) out[j] /= sum;
}

ValueModel fit_policy(const Samples& data, const PolicyTargets& t, const std::vector<int>& rows, const FitOptions& o,
                      FitReport* report) {
  FitReport local;
  FitReport& r = report ? *report : local;
  if (rows.empty()) input_error("learn: no rows with a policy target to fit");
  if (t.num_actions < 1) input_error("learn: a policy needs the game's action space");
  used_actions(t, rows);           // every row's actions within the game's, before any fold reads them
  if (o.kind == ModelKind::Mlp) {  // early stopping on a validation split, no cross-validation
    ValueModel m = fit_policy_mlp(data, t, rows, o, r);
    r.penalty = o.l2;
    r.features_kept = int(m.features.size());
    r.features_dropped = int(data.x.cols()) - r.features_kept;
    return m;
  }
  const std::vector<double>& penalties = o.logistic_penalties;
  FitSteps steps(o, penalties.size() == 1 ? 1 : o.folds * int(penalties.size()) + 1);
  if (penalties.size() == 1) {
    r.penalty = penalties[0];
  } else {  // each fold's policy with each penalty, scored by its held-out cross-entropy
    const std::vector<Split> folds = folds_of(data, rows, o.folds, stream_seed(o.seed, kFolds));
    r.fold_error.assign(penalties.size(), std::vector<double>(folds.size(), 0));
    r.cv_error.assign(penalties.size(), 0);
    for (std::size_t f = 0; f < folds.size(); ++f)
      for (std::size_t k = 0; k < penalties.size(); ++k) {
        FitReport scratch;
        const ValueModel m = fit_with(data, t, folds[f].train, penalties[k], o, scratch);
        const PolicyMetrics held = evaluate_policy(
            t, folds[f].test, [&](int row, double* out) { policy_probabilities(m, data.x, t, row, out); });
        r.fold_error[k][f] = held.cross_entropy;
        r.cv_error[k] += held.cross_entropy * double(held.rows) / double(rows.size());
        steps.step("cross-validation fold " + std::to_string(f + 1) + " of " + std::to_string(folds.size()) +
                   ", penalty " + penalty_text(penalties[k]));
      }
    std::size_t best = 0;
    for (std::size_t k = 1; k < penalties.size(); ++k)
      if (r.cv_error[k] < r.cv_error[best] || (r.cv_error[k] == r.cv_error[best] && penalties[k] > penalties[best]))
        best = k;
    r.penalty = penalties[best];
  }
  ValueModel m = fit_with(data, t, rows, r.penalty, o, r);
  steps.step("the fit on every row, penalty " + penalty_text(r.penalty));
  r.features_kept = int(m.features.size());
  r.features_dropped = int(data.x.cols()) - r.features_kept;
  return m;
}

}  // namespace nuraghe::learn
