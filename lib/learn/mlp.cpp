// The MLP of lib/learn/fit.hpp: its network, loss, Adam and training with early stopping, for a
// value (one output logit) and for a policy (a logit an action, a softmax over each row's legal
// moves).

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <vector>

#include "core/rng.hpp"
#include "learn/fit_parts.hpp"

namespace nuraghe::learn::detail {

// ---------------------------------------------------------------------------------------------
// The MLP: standardised features, one or two hidden ReLU layers, output logits; mean
// cross-entropy + l2 / 2 |weights|^2, Adam (Kingma & Ba 2015) on shuffled minibatches, early
// stopping on a validation split by deal. All parameters live in one vector: each layer's weights
// (row-major, outputs x inputs, as the model file stores them), then its bias.

class Network {
 public:
  explicit Network(std::vector<int> sizes) : sizes_(std::move(sizes)) {
    for (int l = 0; l < layers(); ++l) {
      weight_at_.push_back(parameters_);
      parameters_ += Index(sizes_[l + 1]) * sizes_[l];
      bias_at_.push_back(parameters_);
      parameters_ += sizes_[l + 1];
    }
  }
  int layers() const { return int(sizes_.size()) - 1; }
  int width(int l) const { return sizes_[l + 1]; }  // layer l's outputs
  Index parameters() const { return parameters_; }

  Eigen::Map<const RowMajor> weights(const Vector& theta, int l) const {
    return {theta.data() + weight_at_[l], sizes_[l + 1], sizes_[l]};
  }
  Eigen::Map<RowMajor> weights(Vector& theta, int l) const {
    return {theta.data() + weight_at_[l], sizes_[l + 1], sizes_[l]};
  }
  Eigen::Map<const Vector> bias(const Vector& theta, int l) const {
    return {theta.data() + bias_at_[l], sizes_[l + 1]};
  }
  Eigen::Map<Vector> bias(Vector& theta, int l) const { return {theta.data() + bias_at_[l], sizes_[l + 1]}; }

  // He initialisation (a normal of variance 2 / inputs) for the ReLU layers, 1 / inputs for the
  // output; biases 0. Normals by Box-Muller from our own generator, the same on every library.
  Vector initial(std::uint64_t seed) const {
    Vector theta = Vector::Zero(parameters_);
    Rng rng(seed);
    for (int l = 0; l < layers(); ++l) {
      const double sd = std::sqrt((l + 1 < layers() ? 2.0 : 1.0) / sizes_[l]);
      auto w = weights(theta, l);
      for (Index i = 0; i < w.size(); ++i) {
        const double u = 1 - rng.uniform(), v = rng.uniform();
        w.data()[i] = sd * std::sqrt(-2 * std::log(u)) * std::cos(2 * std::numbers::pi * v);
      }
    }
    return theta;
  }

  // One chunk's buffers, sized once for its largest chunk, so that a minibatch allocates nothing.
  struct Work {
    Matrix input;                         // a minibatch's rows, gathered (whole-data passes read in place)
    std::vector<Matrix> pre, act, delta;  // per layer: pre-activation, activation, loss gradient
  };
  Work work(Index rows, bool gather) const {
    Work w;
    if (gather) w.input.resize(rows, sizes_[0]);
    for (int l = 0; l < layers(); ++l) {
      w.pre.emplace_back(rows, width(l));
      w.act.emplace_back(rows, width(l));
      w.delta.emplace_back(rows, width(l));
    }
    return w;
  }

  // The m rows of `input` through the network; returns the summed loss, and with `gradient` adds
  // the summed gradient of the loss to it. output(i, logits, delta) is row i's loss from its output
  // logits, and writes the loss's gradient by them into delta (ValueOutput, PolicyOutput).
  template <class Output>
  double pass(const Vector& theta, const Eigen::Ref<const Matrix>& input, Work& w, const Output& output,
              Vector* gradient) const {
    const Index m = input.rows();
    for (int l = 0; l < layers(); ++l) {
      auto pre = w.pre[l].topRows(m);
      if (l == 0) pre.noalias() = input.lazyProduct(weights(theta, l).transpose());
      else pre.noalias() = w.act[l - 1].topRows(m).lazyProduct(weights(theta, l).transpose());
      pre.rowwise() += bias(theta, l).transpose();
      w.act[l].topRows(m) = pre.cwiseMax(0.0);
    }
    const int last = layers() - 1;
    double loss = 0;
    for (Index i = 0; i < m; ++i) loss += output(i, w.pre[last].row(i), w.delta[last].row(i));
    if (gradient == nullptr) return loss;
    for (int l = last; l >= 0; --l) {
      const auto delta = w.delta[l].topRows(m);
      if (l == 0) weights(*gradient, l).noalias() += delta.transpose().lazyProduct(input);
      else weights(*gradient, l).noalias() += delta.transpose().lazyProduct(w.act[l - 1].topRows(m));
      bias(*gradient, l) += delta.colwise().sum().transpose();
      if (l > 0) {
        w.delta[l - 1].topRows(m).noalias() = delta.lazyProduct(weights(theta, l));
        w.delta[l - 1].topRows(m).array() *= (w.pre[l - 1].topRows(m).array() > 0).cast<double>();
      }
    }
    return loss;
  }

  std::vector<ValueModel::Layer> as_layers(const Vector& theta) const {
    std::vector<ValueModel::Layer> out;
    for (int l = 0; l < layers(); ++l) {
      ValueModel::Layer layer;
      layer.inputs = sizes_[l];
      layer.outputs = sizes_[l + 1];
      const auto w = weights(theta, l);
      const auto b = bias(theta, l);
      layer.weights.assign(w.data(), w.data() + w.size());
      layer.bias.assign(b.data(), b.data() + b.size());
      out.push_back(std::move(layer));
    }
    return out;
  }

 private:
  std::vector<int> sizes_;
  std::vector<Index> weight_at_, bias_at_;
  Index parameters_ = 0;
};

// A value's output: one logit, its cross-entropy against y[i].
struct ValueOutput {
  const double* y;
  template <class Logits, class Delta>
  double operator()(Index i, const Logits& z, Delta&& delta) const {
    delta(0) = sigmoid(z(0)) - y[i];
    return cross_entropy(z(0), y[i]);
  }
};

// A value's targets: y of each row (in the rows' order), and a minibatch's gathered.
class ValueTargets {
 public:
  explicit ValueTargets(const Vector& y) : y_(y) {}
  Index rows() const { return y_.size(); }
  ValueOutput whole(Index begin) const { return {y_.data() + begin}; }
  void gather(const std::vector<int>& order, Index start, Index m) {
    batch_.resize(std::size_t(m));
    for (Index i = 0; i < m; ++i) batch_[std::size_t(i)] = y_[order[std::size_t(start + i)]];
  }
  ValueOutput batch(Index begin) const { return {batch_.data() + begin}; }

 private:
  const Vector& y_;
  std::vector<double> batch_;
};

// The mean loss of the network on all rows of z, in chunks.
template <class Targets>
class NetworkLoss {
 public:
  NetworkLoss(const Network& net, const Matrix& z, const Targets& targets)
      : net_(net), z_(z), targets_(targets), sum_(z.rows(), 256, 1) {
    for (Index c = 0; c < sum_.chunks(); ++c) work_.push_back(net.work(sum_.largest(), false));
  }
  double operator()(const Vector& theta, int threads) {
    const Vector& total = sum_(threads, [&](Index c, Index begin, Index end, Vector& out) {
      out[0] += net_.pass(theta, z_.middleRows(begin, end - begin), work_[c], targets_.whole(begin), nullptr);
    });
    return total[0] / double(z_.rows());
  }

 private:
  const Network& net_;
  const Matrix& z_;
  const Targets& targets_;
  ChunkedSum sum_;
  std::vector<Network::Work> work_;
};

struct Adam {
  Adam(double learning_rate, Index size) : rate(learning_rate), m(Vector::Zero(size)), v(Vector::Zero(size)) {}
  double rate, beta1 = 0.9, beta2 = 0.999, epsilon = 1e-8;
  Vector m, v;  // the moving averages of the gradient and of its square
  long long t = 0;
  void step(Vector& theta, const Vector& gradient) {
    ++t;
    m = beta1 * m + (1 - beta1) * gradient;
    v = beta2 * v + (1 - beta2) * gradient.cwiseAbs2();
    const double c1 = 1 - std::pow(beta1, double(t)), c2 = 1 - std::pow(beta2, double(t));
    theta.array() -= rate * (m.array() / c1) / ((v.array() / c2).sqrt() + epsilon);
  }
};

// The rows of a minibatch are cut into chunks of at least this many.
constexpr Index kBatchChunkRows = 16;

// The network trained on z (its targets y) with early stopping on zv (yv): the best epoch's weights.
template <class Targets>
Vector train_mlp(const Network& net, const Matrix& z, Targets& y, const Matrix& zv, const Targets& yv,
                 const FitOptions& o, FitReport& report) {
  Vector theta = net.initial(stream_seed(o.seed, kWeights)), best = theta;
  Adam adam(o.learning_rate, theta.size());
  NetworkLoss<Targets> train_loss(net, z, y), validation_loss(net, zv, yv);

  const Index n = z.rows(), batch = std::min<Index>(o.batch, n);
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  Rng rng(stream_seed(o.seed, kBatches));
  // One chunked sum for full batches and one for the last, shorter one: each cut is fixed.
  ChunkedSum full(batch, kBatchChunkRows, net.parameters() + 1), rest(n % batch, kBatchChunkRows, net.parameters() + 1);
  std::vector<Network::Work> work;
  for (Index c = 0; c < full.chunks(); ++c) work.push_back(net.work(std::max(full.largest(), rest.largest()), true));
  Vector gradient(net.parameters());

  double best_loss = std::numeric_limits<double>::infinity();
  int since_best = 0;
  FitSteps steps(o, o.epochs);
  for (int epoch = 0; epoch < o.epochs && since_best < o.patience; ++epoch) {
    rng.shuffle(order.begin(), static_cast<std::uint32_t>(n));
    for (Index start = 0; start < n; start += batch) {
      const Index m = std::min(batch, n - start);
      y.gather(order, start, m);
      const Vector& total = (m == batch ? full : rest)(o.threads, [&](Index c, Index begin, Index end, Vector& out) {
        Network::Work& w = work[c];
        for (Index i = begin; i < end; ++i) w.input.row(i - begin) = z.row(order[start + i]);
        net.pass(theta, w.input.topRows(end - begin), w, y.batch(begin), &out);
      });
      gradient = total.head(net.parameters()) / double(m);
      for (int l = 0; l < net.layers(); ++l) net.weights(gradient, l) += o.l2 * net.weights(theta, l);
      adam.step(theta, gradient);
    }
    report.train_loss.push_back(train_loss(theta, o.threads));
    report.validation_loss.push_back(validation_loss(theta, o.threads));
    if (report.validation_loss.back() < best_loss) {
      best_loss = report.validation_loss.back();
      best = theta;
      report.best_epoch = epoch;
      since_best = 0;
    } else {
      ++since_best;
    }
    char what[96];
    std::snprintf(what, sizeof what, "epoch %d, validation loss %.4f (best %.4f, epoch %d)", epoch + 1,
                  report.validation_loss.back(), best_loss, report.best_epoch + 1);
    steps.step(what);
  }
  steps.finish("stopped early after epoch " + std::to_string(report.train_loss.size()) +
               ": no better validation loss in " + std::to_string(o.patience) + " epochs");
  return best;
}

ValueModel fit_mlp(const Samples& data, const std::vector<int>& rows, const FitOptions& o, FitReport& report) {
  const Split split =
      restrict(split_by_group(groups_of(data, rows), o.validation_fraction, stream_seed(o.seed, kValidation)), rows);
  const Standardiser st = fit_standardiser(data.x, split.train);
  const Matrix z = standardise(data.x, split.train, st), zv = standardise(data.x, split.test, st);
  const Vector y = targets(data, split.train), yv = targets(data, split.test);
  std::vector<int> sizes = {int(st.features.size())};
  sizes.insert(sizes.end(), o.hidden.begin(), o.hidden.end());
  sizes.push_back(1);
  const Network net(sizes);
  ValueModel m;
  m.features = st.features;
  m.mean = st.mean;
  m.scale = st.scale;
  ValueTargets train(y);
  m.layers = net.as_layers(train_mlp(net, z, train, zv, ValueTargets(yv), o, report));
  return m;
}

// ---------------------------------------------------------------------------------------------
// An MLP policy: the network's outputs are the logits of the actions legal in some row of the fit
// (UsedActions); a row's loss is the cross-entropy of the softmax over its legal moves against the
// expert's shares, as the logistic policy's (lib/learn/policy.cpp), and the outputs of the moves
// not legal in it get no gradient from it.

// A policy's output at row rows[i] of the targets.
struct PolicyOutput {
  const PolicyTargets& t;
  const UsedActions& used;
  const int* rows;
  template <class Logits, class Delta>
  double operator()(Index i, const Logits& z, Delta&& delta) const {
    delta.setZero();
    const auto r = std::size_t(rows[i]);
    const long long b = t.begin[r], e = t.begin[r + 1];
    double most = -std::numeric_limits<double>::infinity();
    for (long long j = b; j < e; ++j) most = std::max(most, z(used.index[std::size_t(t.action[std::size_t(j)])]));
    double sum = 0;
    for (long long j = b; j < e; ++j) sum += std::exp(z(used.index[std::size_t(t.action[std::size_t(j)])]) - most);
    const double log_sum = most + std::log(sum);
    double loss = 0;
    for (long long j = b; j < e; ++j) {
      const int a = used.index[std::size_t(t.action[std::size_t(j)])];
      const double y = t.share[std::size_t(j)], log_p = z(a) - log_sum;
      delta(a) += std::exp(log_p) - y;
      if (y > 0) loss -= y * log_p;
    }
    return loss;
  }
};

class PolicyRows {
 public:
  PolicyRows(const PolicyTargets& t, const UsedActions& used, std::vector<int> rows)
      : t_(t), used_(used), rows_(std::move(rows)) {}
  Index rows() const { return Index(rows_.size()); }
  PolicyOutput whole(Index begin) const { return {t_, used_, rows_.data() + begin}; }
  void gather(const std::vector<int>& order, Index start, Index m) {
    batch_.resize(std::size_t(m));
    for (Index i = 0; i < m; ++i) batch_[std::size_t(i)] = rows_[std::size_t(order[std::size_t(start + i)])];
  }
  PolicyOutput batch(Index begin) const { return {t_, used_, batch_.data() + begin}; }

 private:
  const PolicyTargets& t_;
  const UsedActions& used_;
  std::vector<int> rows_, batch_;
};

ValueModel fit_policy_mlp(const Samples& data, const PolicyTargets& t, const std::vector<int>& rows,
                          const FitOptions& o, FitReport& report) {
  const Split split =
      restrict(split_by_group(groups_of(data, rows), o.validation_fraction, stream_seed(o.seed, kValidation)), rows);
  const Standardiser st = fit_standardiser(data.x, split.train);
  const Matrix z = standardise(data.x, split.train, st), zv = standardise(data.x, split.test, st);
  const UsedActions used = used_actions(t, rows);
  std::vector<int> sizes = {int(st.features.size())};
  sizes.insert(sizes.end(), o.hidden.begin(), o.hidden.end());
  sizes.push_back(int(used.action.size()));
  const Network net(sizes);
  PolicyRows train(t, used, split.train);
  std::vector<ValueModel::Layer> layers =
      net.as_layers(train_mlp(net, z, train, zv, PolicyRows(t, used, split.test), o, report));
  // The output layer over all of the game's actions: an action legal in no row of the fit gets
  // weights 0 and the others' mean bias (no opinion), as the logistic policy's.
  ValueModel::Layer& last = layers.back();
  const std::size_t inputs = std::size_t(last.inputs);
  ValueModel::Layer full{last.inputs, t.num_actions, std::vector<float>(std::size_t(t.num_actions) * inputs, 0.0f),
                         std::vector<float>(std::size_t(t.num_actions), 0.0f)};
  double mean_bias = 0;
  for (const float b : last.bias) mean_bias += b;
  if (!last.bias.empty()) mean_bias /= double(last.bias.size());
  for (int a = 0; a < t.num_actions; ++a) {
    const int u = used.index[std::size_t(a)];
    full.bias[std::size_t(a)] = u < 0 ? float(mean_bias) : last.bias[std::size_t(u)];
    if (u >= 0)
      std::copy_n(last.weights.begin() + long(std::size_t(u) * inputs), inputs,
                  full.weights.begin() + long(std::size_t(a) * inputs));
  }
  last = std::move(full);
  return policy_model(ModelKind::Mlp, st, t.num_actions, std::move(layers));
}

}  // namespace nuraghe::learn::detail
