#pragma once
// Fitting a learned value function (core/value_model.hpp) to self-play rows: ridge regression,
// logistic regression and a small multilayer perceptron, all in Eigen (docs/learning.md,
// "How each model is fitted").
//
// Read top-down: the data, the options, the group splits, fit and predict, and the metrics.
//
// Three rules hold everywhere:
// - Rows of one deal (`group`) are always on one side of a split: rows of one game are strongly
//   correlated, and a deal on both sides would make every held-out figure optimistic.
// - Standardisation and the dropping of constant features are fitted on the training rows only.
// - One seed gives one model: bitwise the same on one thread count, and the same across thread
//   counts too, since every sum over rows is cut into chunks that depend on the row count only and
//   added in chunk order, whatever thread computed each chunk.

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/value_model.hpp"

namespace nuraghe::learn {

// The rows to learn from: row i has the features x.row(i), the target y[i] (the seat's return, in
// [0, 1]), the deal it was played in (group[i]) and the decision it belongs to (position[i]; every
// seat's row of one decision shares it).
struct Samples {
  Eigen::MatrixXf x;
  Eigen::VectorXd y;
  std::vector<long long> group;
  std::vector<long long> position;
};

struct FitOptions {
  ModelKind kind = ModelKind::Linear;
  std::string target = "returns";  // copied into the model: what y is ("returns" or "search-value")
  std::uint64_t seed = 1;          // the folds, the validation split, the MLP's weights and batches
  int threads = 1;                 // any count gives the same model (to 1e-9; in practice bitwise)

  // Ridge: the penalty lambda of mean squared error + lambda |w|^2, chosen by k-fold
  // cross-validation over deals among `penalties` (one penalty: no cross-validation).
  std::vector<double> penalties = {1e-4, 1e-3, 1e-2, 1e-1, 1, 10};
  int folds = 5;

  // Logistic: mean cross-entropy + l2 / 2 |w|^2 (biases are not penalised), l2 chosen by k-fold
  // cross-validation over deals among `logistic_penalties` by the held-out mean cross-entropy (one
  // penalty: no cross-validation).
  std::vector<double> logistic_penalties = {1e-4, 1e-3, 1e-2, 1e-1, 1};

  // MLP: mean cross-entropy + l2 / 2 |w|^2 (biases are not penalised).
  double l2 = 1e-4;

  // Logistic: L-BFGS until the largest gradient entry is below `tolerance`.
  int max_iterations = 500;
  double tolerance = 1e-6;
  int memory = 10;  // correction pairs kept

  // MLP: hidden layer sizes (one or two layers, ReLU), Adam on minibatches, early stopping when the
  // validation loss has not improved for `patience` epochs; the best epoch's weights are kept.
  std::vector<int> hidden = {64};
  int epochs = 200;
  int batch = 64;
  double learning_rate = 1e-3;
  int patience = 10;
  double validation_fraction = 0.2;  // of the deals

  // Progress, for a command to show: after each unit of a fit's work (a fold's fit, the final fit,
  // an MLP epoch) progress(done, total, what) with the units done and expected ("what" says the
  // last, e.g. "fold 2 of 5, penalty 0.01"); an MLP's total is its most epochs, and an early stop
  // calls it once more with done == total. The folds of ridge run in parallel: it is called under
  // a lock, one call at a time. Not part of the model.
  std::function<void(int done, int total, const std::string& what)> progress;
};

// What fitting did, for the log and the learning curve.
struct FitReport {
  int features_kept = 0, features_dropped = 0;
  // The penalty used: ridge's and logistic regression's chosen one, the MLP's l2. The
  // cross-validated error of each penalty (cv_error[p]) and of each fold (fold_error[p][f]): mean
  // squared error for ridge, mean cross-entropy for logistic regression; empty without
  // cross-validation.
  double penalty = 0;
  std::vector<double> cv_error;
  std::vector<std::vector<double>> fold_error;
  // Logistic: L-BFGS iterations and the final objective.
  int iterations = 0;
  double objective = 0;
  // MLP: the mean cross-entropy of each epoch on the training and validation rows, and the epoch
  // whose weights were kept (0-based).
  std::vector<double> train_loss, validation_loss;
  int best_epoch = -1;
};

// Row indices. A split of rows never puts rows of one group on both sides.
struct Split {
  std::vector<int> train, test;
};

// The deals are shuffled by `seed` and round(test_fraction * deals) of them (at least one, at most
// all but one) go to test. Throws InputError if there are fewer than two deals.
Split split_by_group(const std::vector<long long>& group, double test_fraction, std::uint64_t seed);

// k folds: the shuffled deals dealt round-robin, fold f's deals are its test rows and the others its
// training rows. Throws InputError if there are fewer deals than folds.
std::vector<Split> folds_by_group(const std::vector<long long>& group, int k, std::uint64_t seed);

// Fits a model of o.kind on data's `rows`. Fills kind, target, features, mean, scale and layers;
// the caller fills the game's identity (game, options, players, observation_size, data).
// Throws InputError on bad data (no rows, a target outside [0, 1], a NaN or infinite feature) or
// options, or when a needed split has too few deals.
ValueModel fit(const Samples& data, const std::vector<int>& rows, const FitOptions& o, FitReport* report = nullptr);

// The model's values for every row of x (x has the observation's columns, not only the kept ones):
// the last layer's output for a linear model, its sigmoid for logistic and MLP.
Eigen::VectorXd predict(const ValueModel& m, const Eigen::MatrixXf& x);

// ---- Policies: a softmax over each row's legal moves, fitted to an expert's visit shares
// (lib/learn/policy.cpp; docs/learning.md, "Policy models").

// Row r of Samples (a mover's row at a labelled decision) has the entries [begin[r], begin[r + 1]):
// its legal moves' actions and the expert's shares of them (summing to 1).
struct PolicyTargets {
  std::vector<long long> begin{0};
  std::vector<int> action;
  std::vector<float> share;
  int num_actions = 0;  // the game's action space
};

// A multinomial logistic policy (one logistic layer of num_actions outputs, logits) on data's
// `rows`: mean cross-entropy of the softmax over each row's legal actions against the shares, plus
// l2 / 2 |W|^2, by L-BFGS; l2 by k-fold cross-validation over deals among o.logistic_penalties.
// Actions legal in no training row keep weights 0 and the mean bias of the others. With o.kind
// Mlp: an MLP of o.hidden ReLU layers before the logits, the same loss plus o.l2 / 2 |weights|^2,
// trained by Adam with early stopping as a value's MLP.
ValueModel fit_policy(const Samples& data, const PolicyTargets& targets, const std::vector<int>& rows,
                      const FitOptions& o, FitReport* report = nullptr);

// Held-out figures of a policy: the mean cross-entropy of its softmax over each row's legal moves
// against the expert's shares (in nats), and the share of rows whose most probable move is the
// expert's most visited one (ties: the first in the row's order).
struct PolicyMetrics {
  double cross_entropy = 0, top1 = 0;
  long long rows = 0;
};
// `probability(r, out)` writes row r's probabilities of its entries, in order.
template <class Probability>
PolicyMetrics evaluate_policy(const PolicyTargets& t, const std::vector<int>& rows, Probability&& probability) {
  PolicyMetrics m;
  std::vector<double> p;
  for (const int r : rows) {
    const long long b = t.begin[std::size_t(r)], e = t.begin[std::size_t(r) + 1];
    p.assign(std::size_t(e - b), 0.0);
    probability(r, p.data());
    std::size_t model_best = 0, expert_best = 0;
    for (std::size_t i = 0; i < p.size(); ++i) {
      const double y = t.share[std::size_t(b) + i];
      if (y > 0) m.cross_entropy -= y * std::log(std::max(p[i], 1e-15));
      if (p[i] > p[model_best]) model_best = i;
      if (y > t.share[std::size_t(b) + expert_best]) expert_best = i;
    }
    m.top1 += model_best == expert_best;
    ++m.rows;
  }
  if (m.rows > 0) m.cross_entropy /= double(m.rows), m.top1 /= double(m.rows);
  return m;
}

// A policy model's probabilities of row r's entries (the softmax over their actions' logits).
void policy_probabilities(const ValueModel& m, const Eigen::MatrixXf& x, const PolicyTargets& t, int r, double* out);

// Held-out figures over positions. In each position the seats' predicted values are normalised to
// sum to 1, as the search does (a negative value counts as 0; all 0: equal shares), and compared
// with the targets (each seat's return; they sum to 1 when a shared win is split):
//   log_loss  mean over positions of -sum_seats y log p (p clamped to at least 1e-15)
//   brier     mean over positions of sum_seats (p - y)^2
//   accuracy  share of positions where the seat of highest p is among those of highest y
// `predicted` has one value per row of data (predict(model, data.x)); only `rows` count.
struct Metrics {
  double log_loss = 0, brier = 0, accuracy = 0;
  long long positions = 0;
};
Metrics evaluate_positions(const Eigen::VectorXd& predicted, const Samples& data, const std::vector<int>& rows);

}  // namespace nuraghe::learn
