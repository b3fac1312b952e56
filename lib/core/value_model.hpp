#pragma once
// A learned model of one seat's view (the game's tensors, core/game.hpp HasTensors):
// - a value model: the seat's observation to its expected return in [0, 1]. Fitted by `nuraghe
//   learn` (lib/learn/) from self-play (`nuraghe selfplay`), used by the search where it would call
//   the game's static evaluation (`eval=MODEL.json`);
// - a policy model: the mover's observation to one logit per action of the game's fixed action
//   space (num_actions, action_index), a softmax over the legal moves' logits giving the search's
//   priors (`prior=MODEL.json`, docs/search.md "Priors and PUCT").
// Both are read from the same JSON file format (docs/learning.md, "The model file";
// core/model_file.hpp).
//
// A model reads a seat's view as the game's observation, its named features (HasFeatures), or both,
// and may read the hand-written evaluation besides (InputLayout).
//
// One layout serves every kind: the input's kept columns, standardised, go through `layers`
// (a linear or logistic model is one layer; an MLP two or three, ReLU between them). A value
// model's last layer has one output, the value itself (`linear`, ridge regression's) or its logit
// (`logistic`, `mlp`); a policy model's has num_actions, the logits.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.hpp"
#include "core/hooks.hpp"
#include "core/json.hpp"

namespace nuraghe {

enum class ModelKind : std::uint8_t { Linear, Logistic, Mlp };

// What a model reads of a seat's view: the game's observation (its tensors), its named features
// (docs/game-concept.md, "Named features"), or both (`learn --inputs`).
enum class ModelInputs : std::uint8_t { Observation, Features, Both };

// Where each part of a model's input lies, in this order: the observation (`observation` floats,
// 0 when not read), the named features (`features`, 0 when not read), and with `evaluation` one
// float, the logit of the game's hand-written evaluation of the seat.
struct InputLayout {
  int observation = 0, features = 0;
  bool evaluation = false;
  int size() const { return observation + features + (evaluation ? 1 : 0); }
};

// ---- Size caps (docs/learning.md, "Limits")
// A file of a few bytes can declare layers of any size, and a searching bot spreads the first layer
// over the whole input (PreparedModel): 256 units over an observation of 2^24 floats took 16 GiB,
// from a 1 KB file. A model is refused beyond these, from the sizes it declares, before any layer
// is built. They are far above real use: the largest observation of any game is Bardagi's at 5
// players (2,820 floats), and the largest model `learn` fits there (--hidden 4096,4096 with
// --with-evaluate) has 28.3 million weights and its prepared copy takes 108 MiB.
inline constexpr int kMaxObservation = 1 << 16;                          // floats of an observation
inline constexpr int kMaxActions = 1 << 16;                              // a policy's outputs (Bardagi: 3,207)
inline constexpr int kMaxUnits = 4096;                                   // of a hidden layer: learn --hidden's most
inline constexpr std::size_t kMaxWeights = std::size_t(1) << 25;         // of all layers: 128 MiB as floats
inline constexpr std::size_t kMaxPreparedFloats = std::size_t(1) << 25;  // a bot's prepared copy: 128 MiB
inline constexpr std::size_t kMaxModelBytes = std::size_t(1) << 30;      // the file; read as it streams in

// The floats a model of these shapes holds: its weights, read and kept once, and what a searching
// bot's PreparedModel holds besides (the first layer spread over all `input_size` inputs, the
// later layers, the biases and every layer's outputs). `outputs` are its layers', the last 1 (a
// value model) or num_actions (a policy model).
struct ModelFootprint {
  std::size_t weights = 0, prepared_floats = 0;
};
ModelFootprint model_footprint(int input_size, std::size_t features, const std::vector<int>& outputs);

// Why a model of these shapes is beyond the caps, or "" (model_footprint's arguments; every count
// within kMaxObservation, kMaxUnits and kMaxActions, as a model file's are checked to be first).
std::string model_size_error(int input_size, std::size_t features, const std::vector<int>& outputs);

struct ValueModel {
  // What the model was fitted for: a search refuses it for another game, options, map, seat count
  // or observation size.
  std::string game;
  Json options = Json::object();  // the game's options as the self-play's manifest names them
  std::string map_hash;           // "" for a game without a map
  int players = 0;
  int observation_size = 0;

  ModelKind kind = ModelKind::Linear;
  // A value model's: "returns", "search-value" or "expert-value"; a policy model's: "visits" (a
  // search's visit shares) or "moves" (the moves played).
  std::string target = "returns";
  // An expert-value model's target was target_mix x the expert's root value + (1 - target_mix) x
  // the game's outcome (learn --target-mix); 1 for every other model.
  double target_mix = 1;

  // A policy model's outputs: one logit per action of the game's action space (its num_actions,
  // which the model must match); 0 for a value model. A policy's kind is logistic or mlp.
  int num_actions = 0;
  bool is_policy() const { return num_actions > 0; }

  // What it reads: the observation, the named features or both. feature_names are the game's
  // names of the features read, in order, when it read them (empty otherwise): a model is refused
  // where the game now names its features otherwise (model_mismatch).
  ModelInputs inputs = ModelInputs::Observation;
  std::vector<std::string> feature_names;

  // Whether the input has one float past the rest: the logit of the game's hand-written
  // evaluation of the seat (evaluate_logit of G::evaluate's value; `learn --with-evaluate`), so that
  // the fit learns corrections to what a person wrote rather than starting from nothing.
  bool evaluate_input = false;

  InputLayout layout() const {
    return {inputs == ModelInputs::Features ? 0 : observation_size,
            inputs == ModelInputs::Observation ? 0 : int(feature_names.size()), evaluate_input};
  }
  int input_size() const { return layout().size(); }

  // The input (layout()): input[features[i]], standardised as (x - mean[i]) / scale[i] (scale >
  // 0). Columns constant on the training data are not among `features`.
  std::vector<int> features;
  std::vector<float> mean, scale;

  // Dense layers, in order. weights is row-major, outputs x inputs; the first layer's inputs are
  // the kept features, each later layer's the one before's outputs; the last has one output (a
  // value model) or num_actions (a policy model).
  struct Layer {
    int inputs = 0, outputs = 0;
    std::vector<float> weights, bias;
  };
  std::vector<Layer> layers;

  Json data = Json::array();  // the manifests of the self-play it was fitted on

  // Floats of scratch space value() needs: the standardised features and every layer's outputs.
  std::size_t scratch_floats() const {
    std::size_t n = features.size();
    for (const Layer& l : layers) n += std::size_t(l.outputs);
    return n;
  }

  // A value model's value of the seat in [0, 1] from its input (input_size() floats). `scratch`
  // holds scratch_floats() floats; nothing is allocated, so that the search may call it at every
  // leaf.
  double value(const float* input, float* scratch) const;
};

// What a model must match in the game it is to serve (model_mismatch).
struct ModelFit {
  std::string_view game;
  Json options = Json::object();
  std::string map_hash;  // hash_text as results files write it, "" without a map
  int players = 0, observation_size = 0;
  bool has_evaluation = false;                  // the game's hand-written evaluate, for a model reading it
  int num_actions = 0;                          // the game's action space, for a policy model
  std::vector<std::string> feature_names = {};  // the game's named features (none without HasFeatures)
};

// What a model must match to serve in the game of state s, whose options and map hash the caller
// knows (a state does not keep its options).
template <Game G>
requires HasTensors<G> ModelFit model_fit_of(const typename G::State& s, Json options, std::string map_hash) {
  std::vector<std::string> names;
  if constexpr (HasFeatures<G>) names = G::feature_names(s);
  return {G::kName,         std::move(options), std::move(map_hash), num_players_of<G>(s), G::observation_size(s),
          HasEvaluation<G>, G::num_actions(s),  std::move(names)};
}

// Why the model does not fit the game it is to evaluate, or "" when it does: its game, options,
// map (hash_text as results files write it, "" without a map), seat count and observation size;
// for a model reading the hand-written evaluation, whether the game has one; for a model reading
// named features, the game's names of them; for a policy model, the game's number of actions.
std::string model_mismatch(const ValueModel& m, const ModelFit& here);

// The evaluation input of a seat whose hand-written value is v: its logit, v first kept inside
// [1e-3, 1 - 1e-3] so that a won or lost position stays a finite number.
inline float evaluate_logit(double v) {
  const double c = std::clamp(v, 1e-3, 1 - 1e-3);
  return float(std::log(c / (1 - c)));
}

// ---- Evaluation

namespace model_detail {
// sum a[i] * b[i] in 32 independent partial sums: without -ffast-math the compiler may not
// reorder one float sum, but eight lanes are a vector it can keep (and the order, so the result,
// is the same on every machine).
inline float dot(const float* a, const float* b, int n) {
  constexpr int kLanes = 32;
  float lane[kLanes] = {};
  int i = 0;
  for (; i + kLanes <= n; i += kLanes)
    for (int j = 0; j < kLanes; ++j) lane[j] += a[i + j] * b[i + j];
  float sum = 0;
  for (int j = 0; j < kLanes; ++j) sum += lane[j];
  for (; i < n; ++i) sum += a[i] * b[i];
  return sum;
}
}  // namespace model_detail

namespace model_detail {
// The first `count` layers on inputs x (the first layer's `inputs` floats), each layer's outputs
// written from `out` on; returns the last one's outputs (x itself for count 0).
inline const float* forward_layers(const std::vector<ValueModel::Layer>& layers, std::size_t count, const float* x,
                                   float* out) {
  for (std::size_t l = 0; l < count; ++l) {
    const ValueModel::Layer& layer = layers[l];
    for (int o = 0; o < layer.outputs; ++o)
      out[o] = layer.bias[std::size_t(o)] +
               dot(layer.weights.data() + std::size_t(o) * std::size_t(layer.inputs), x, layer.inputs);
    if (l + 1 < layers.size())  // hidden layers: ReLU
      for (int o = 0; o < layer.outputs; ++o) out[o] = std::max(out[o], 0.0f);
    x = out;
    out += layer.outputs;
  }
  return x;
}

// A value model's layers on x: the value of its one output as `kind` reads it.
inline double forward(ModelKind kind, const std::vector<ValueModel::Layer>& layers, const float* x, float* out) {
  const double y = forward_layers(layers, layers.size(), x, out)[0];
  if (kind == ModelKind::Linear) return std::clamp(y, 0.0, 1.0);
  return 1.0 / (1.0 + std::exp(-y));
}
}  // namespace model_detail

inline double ValueModel::value(const float* input, float* scratch) const {
  // The kept features, standardised: a gather, then a loop the compiler vectorises.
  const int k = int(features.size());
  for (int i = 0; i < k; ++i) scratch[i] = input[features[std::size_t(i)]];
  for (int i = 0; i < k; ++i) scratch[i] = (scratch[i] - mean[std::size_t(i)]) / scale[std::size_t(i)];
  return model_detail::forward(kind, layers, scratch, scratch + k);
}

// The model prepared for many evaluations, as the search makes them. Its first layer reads the
// whole input: the standardisation is folded into it (weight / scale[i] at column
// features[i], bias less the weights' products with mean), and a dropped feature's column is 0.
// A leaf then costs no gather and no division: one dense loop a row over the observation, which
// the compiler vectorises; measured, the gather alone took more than half of a linear model's
// time. It keeps nothing of the model it was made from and never changes, so every thread and
// every search of a bot shares one (a policy over Bardagi's 3,207 actions is tens of MiB); each
// thread evaluates through its own ModelEvaluator, which holds only the layers' outputs.
class PreparedModel {
 public:
  explicit PreparedModel(const ValueModel& m) : kind_(m.kind), layout_(m.layout()), layers_(m.layers) {
    const ValueModel::Layer& given = m.layers.front();
    ValueModel::Layer& first = layers_.front();
    first.inputs = m.input_size();
    first.weights.assign(std::size_t(first.outputs) * std::size_t(first.inputs), 0.0f);
    for (int o = 0; o < first.outputs; ++o) {
      const float* from = given.weights.data() + std::size_t(o) * std::size_t(given.inputs);
      float* row = first.weights.data() + std::size_t(o) * std::size_t(first.inputs);
      double shift = 0;
      for (std::size_t i = 0; i < m.features.size(); ++i) {
        row[m.features[i]] = from[i] / m.scale[i];
        shift += double(row[m.features[i]]) * m.mean[i];
      }
      first.bias[std::size_t(o)] -= float(shift);
    }
    for (const ValueModel::Layer& l : layers_) scratch_floats_ += std::size_t(l.outputs);
  }

  // Floats of scratch an evaluation writes: every layer's outputs.
  std::size_t scratch_floats() const { return scratch_floats_; }

  // A value model's value of the seat in [0, 1] from its input (the model's input_size() floats).
  double value(const float* input, float* scratch) const {
    return model_detail::forward(kind_, layers_, input, scratch);
  }
  // A policy model's logits of `k` actions, out[i] that of action action_of(i), from the mover's
  // input: the hidden layers whole, the last only at those actions' rows (a node's legal moves are
  // a few of the game's thousands of actions: Ticket to Ride's 2,665).
  template <class ActionOf>
  void logits(const float* input, int k, const ActionOf& action_of, double* out, float* scratch) const {
    const float* x = model_detail::forward_layers(layers_, layers_.size() - 1, input, scratch);
    const ValueModel::Layer& last = layers_.back();
    for (int i = 0; i < k; ++i) {
      const auto a = std::size_t(action_of(i));
      out[i] = last.bias[a] + model_detail::dot(last.weights.data() + a * std::size_t(last.inputs), x, last.inputs);
    }
  }

  // What an evaluation reads, and where (ValueModel::layout()).
  const InputLayout& layout() const { return layout_; }

 private:
  ModelKind kind_;
  InputLayout layout_;
  std::vector<ValueModel::Layer> layers_;
  std::size_t scratch_floats_ = 0;
};

// One thread's evaluations with a prepared model: the model shared, the scratch its own. value()
// and logits() allocate nothing.
class ModelEvaluator {
 public:
  explicit ModelEvaluator(std::shared_ptr<const PreparedModel> m)
      : model_(std::move(m)), scratch_(model_->scratch_floats()) {}
  // For a one-off use: prepares a model of its own.
  explicit ModelEvaluator(const ValueModel& m) : ModelEvaluator(std::make_shared<const PreparedModel>(m)) {}

  double value(const float* input) { return model_->value(input, scratch_.data()); }
  template <class ActionOf>
  void logits(const float* input, int k, const ActionOf& action_of, double* out) {
    model_->logits(input, k, action_of, out, scratch_.data());
  }

  const InputLayout& layout() const { return model_->layout(); }

 private:
  std::shared_ptr<const PreparedModel> model_;
  std::vector<float> scratch_;
};

// Each seat's learned value is at least this before the seats' values are normalised to sum to 1,
// so that a position every seat's model calls lost still shares its win (docs/learning.md).
inline constexpr double kLearnedValueFloor = 1e-3;

// Seat p's input to a model of this layout at s, into `input` (layout.size() floats): its
// observation, its named features, and the logit of `hand` (the seat's hand-written value, read only
// with layout.evaluation). A model reading features or the evaluation is refused before a search
// of a game without them (model_mismatch).
template <Game G>
requires HasTensors<G>
void write_model_input(const InputLayout& layout, const typename G::State& s, Player p, double hand, float* input) {
  if (layout.observation > 0) G::observation(s, p, input);
  if constexpr (HasFeatures<G>)
    if (layout.features > 0) G::features(s, p, input + layout.observation);
  if (layout.evaluation) input[layout.observation + layout.features] = evaluate_logit(hand);
}

// The learned evaluation of s, as the search uses it at a leaf: each seat's value from its own
// view (its input written into `input`, the model's input_size() floats), at least
// kLearnedValueFloor, then normalised to sum to 1, as the returns of a finished game do.
template <Game G>
requires HasTensors<G> Values learned_values(ModelEvaluator& evaluator, const typename G::State& s, float* input) {
  const int n = num_players_of<G>(s);
  const InputLayout& layout = evaluator.layout();
  Values hand{};
  if constexpr (HasEvaluation<G>)
    if (layout.evaluation) hand = G::evaluate(s);
  Values v{};
  double sum = 0;
  for (int p = 0; p < n; ++p) {
    write_model_input<G>(layout, s, p, hand[p], input);
    const double value = evaluator.value(input);
    v[p] = value >= kLearnedValueFloor ? value : kLearnedValueFloor;  // NaN too: never into the tree
    sum += v[p];
  }
  for (int p = 0; p < n; ++p) v[p] /= sum;
  return v;
}

// The priors of seat p's `k` moves `legal` at s, into out[0..k): the policy model's softmax over
// their actions' logits divided by `temperature` (the search's prior_temperature=), from p's own view (its input
// written into `input`, the model's input_size() floats). It reads only what p sees, as the observation and the
// features do (the invariant suite checks both), so a search may take it at any state of p's information set. A model's
// num_actions is checked against the game's before a search (model_mismatch).
template <Game G>
requires HasTensors<G>
void policy_priors(ModelEvaluator& policy, const typename G::State& s, Player p, const Move* legal, int k, double* out,
                   float* input, double temperature = 1.0) {
  write_model_input<G>(policy.layout(), s, p, 0.0, input);
  policy.logits(
      input, k, [&](int i) { return G::action_index(s, legal[i]); }, out);
  double most = -std::numeric_limits<double>::infinity();
  for (int i = 0; i < k; ++i) most = std::max(most, out[i]);
  double sum = 0;
  for (int i = 0; i < k; ++i) sum += out[i] = std::exp((out[i] - most) / temperature);
  if (!(sum > 0) || !std::isfinite(sum)) {  // NaN logits: equal shares, never a NaN into the tree
    for (int i = 0; i < k; ++i) out[i] = 1.0 / k;
    return;
  }
  for (int i = 0; i < k; ++i) out[i] /= sum;
}

}  // namespace nuraghe
