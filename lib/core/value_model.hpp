#pragma once
// A learned value function: one seat's observation (the game's tensors, core/game.hpp HasTensors)
// to that seat's expected return in [0, 1]. Fitted by `nuraghe learn` (lib/learn/) from self-play
// (`nuraghe selfplay`), read from its JSON file (docs/learning.md, "The model file"), and used by
// the search where it would call the game's static evaluation (`eval=MODEL.json`).
//
// One layout serves the three kinds: the observation's kept features, standardised, go through
// `layers` (a linear or logistic model is one layer of one output; an MLP two or three, ReLU between
// them); the last layer's output is the value itself (`linear`, ridge regression's) or its logit
// (`logistic`, `mlp`).

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "core/files.hpp"
#include "core/game.hpp"
#include "core/hooks.hpp"
#include "core/json.hpp"

namespace nuraghe {

enum class ModelKind : std::uint8_t { Linear, Logistic, Mlp };

struct ValueModel {
  // What the model was fitted for: a search refuses it for another game, options, map, seat count
  // or observation size.
  std::string game;
  Json options = Json::object();  // the game's options as the self-play's manifest names them
  std::string map_hash;           // "" for a game without a map
  int players = 0;
  int observation_size = 0;

  ModelKind kind = ModelKind::Linear;
  std::string target = "returns";  // "returns" or "search-value"

  // Whether the input has one float past the observation: the logit of the game's hand-written
  // evaluation of the seat (evaluate_logit of G::evaluate's value; `learn --with-evaluate`), so that
  // the fit learns corrections to what a person wrote rather than starting from nothing. Its feature
  // index is observation_size.
  bool evaluate_input = false;
  int input_size() const { return observation_size + (evaluate_input ? 1 : 0); }

  // The input: input[features[i]], standardised as (x - mean[i]) / scale[i] (scale > 0), where
  // input is the observation (and the evaluation's logit). Features constant on the training data
  // are not among `features`.
  std::vector<int> features;
  std::vector<float> mean, scale;

  // Dense layers, in order. weights is row-major, outputs x inputs; the first layer's inputs are
  // the kept features, each later layer's the one before's outputs; the last has one output.
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

  // The seat's value in [0, 1] from its input (input_size() floats). `scratch` holds
  // scratch_floats() floats; nothing is allocated, so that the search may call it at every leaf.
  double value(const float* input, float* scratch) const;
};

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
// The layers on inputs x (the first layer's `inputs` floats), each layer's outputs written from
// `out` on; the value of the last output as `kind` reads it.
inline double forward(ModelKind kind, const std::vector<ValueModel::Layer>& layers, const float* x, float* out) {
  for (std::size_t l = 0; l < layers.size(); ++l) {
    const ValueModel::Layer& layer = layers[l];
    for (int o = 0; o < layer.outputs; ++o)
      out[o] = layer.bias[std::size_t(o)] +
               dot(layer.weights.data() + std::size_t(o) * std::size_t(layer.inputs), x, layer.inputs);
    if (l + 1 < layers.size())  // hidden layers: ReLU
      for (int o = 0; o < layer.outputs; ++o) out[o] = std::max(out[o], 0.0f);
    x = out;
    out += layer.outputs;
  }
  const double y = x[0];
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
// time. value() allocates nothing and equals the model's value() up to float rounding. One
// evaluator a thread; it keeps nothing of the model it was made from.
class ModelEvaluator {
 public:
  explicit ModelEvaluator(const ValueModel& m)
      : kind_(m.kind), observation_size_(m.observation_size), evaluate_input_(m.evaluate_input), layers_(m.layers) {
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
    std::size_t outputs = 0;
    for (const ValueModel::Layer& l : layers_) outputs += std::size_t(l.outputs);
    scratch_.resize(outputs);
  }

  // The seat's value in [0, 1] from its input (the model's input_size() floats).
  double value(const float* input) { return model_detail::forward(kind_, layers_, input, scratch_.data()); }

  int observation_size() const { return observation_size_; }
  bool evaluate_input() const { return evaluate_input_; }

 private:
  ModelKind kind_;
  int observation_size_;
  bool evaluate_input_;
  std::vector<ValueModel::Layer> layers_;
  std::vector<float> scratch_;  // every layer's outputs
};

// Each seat's learned value is at least this before the seats' values are normalised to sum to 1,
// so that a position every seat's model calls lost still shares its win (docs/learning.md).
inline constexpr double kLearnedValueFloor = 1e-3;

// The learned evaluation of s, as the search uses it at a leaf: each seat's value from its own
// observation (written into `input`, the model's input_size() floats; with evaluate_input, the
// last is the logit of G::evaluate(s)'s value of the seat), at least kLearnedValueFloor, then
// normalised to sum to 1, as the returns of a finished game do. A model with evaluate_input is
// refused before a search for a game without an evaluation (model_mismatch).
template <Game G>
requires HasTensors<G> Values learned_values(ModelEvaluator& evaluator, const typename G::State& s, float* input) {
  const int n = num_players_of<G>(s);
  Values hand{};
  if constexpr (HasEvaluation<G>)
    if (evaluator.evaluate_input()) hand = G::evaluate(s);
  Values v{};
  double sum = 0;
  for (int p = 0; p < n; ++p) {
    G::observation(s, p, input);
    if (evaluator.evaluate_input()) input[evaluator.observation_size()] = evaluate_logit(hand[p]);
    const double value = evaluator.value(input);
    v[p] = value >= kLearnedValueFloor ? value : kLearnedValueFloor;  // NaN too: never into the tree
    sum += v[p];
  }
  for (int p = 0; p < n; ++p) v[p] /= sum;
  return v;
}

// ---- The model file (docs/learning.md, "The model file")

inline constexpr int kModelFormat = 1;
inline constexpr std::array<std::string_view, 3> kModelKinds = {"linear", "logistic", "mlp"};
inline constexpr std::array<std::string_view, 2> kModelTargets = {"returns", "search-value"};

// The file's JSON, every field in one fixed way: numbers as the doubles the floats are, so that
// writing what was read gives the same text again (model_hash depends on it).
inline Json model_to_json(const ValueModel& m) {
  Json layers = Json::array();
  for (const ValueModel::Layer& l : m.layers)
    layers.push_back(Json{{"inputs", l.inputs}, {"outputs", l.outputs}, {"weights", l.weights}, {"bias", l.bias}});
  Json j{{"nuraghe", "value-model"},
         {"format", kModelFormat},
         {"game", m.game},
         {"options", m.options},
         {"map_hash", m.map_hash},
         {"players", m.players},
         {"observation_size", m.observation_size},
         {"kind", kModelKinds[std::size_t(m.kind)]},
         {"target", m.target},
         {"features", m.features},
         {"mean", m.mean},
         {"scale", m.scale},
         {"layers", layers},
         {"data", m.data}};
  // Written only when true, so that a model without it keeps the hash it had before the field.
  if (m.evaluate_input) j["evaluate_input"] = true;
  return j;
}

namespace model_detail {
// The largest observation and layer a file may ask for: far beyond any game's (~2800 floats) and
// any fitted network, small enough that outputs x inputs is never near overflowing.
inline constexpr int kMaxObservation = 1 << 24;
inline constexpr int kMaxUnits = 1 << 16;

// A number of the file as a float: finite, and finite as a float too.
inline float finite_float(const JsonIn& field) {
  const double lim = double(std::numeric_limits<float>::max());
  return float(field.real(-lim, lim));
}
inline std::vector<float> floats(const JsonIn& field, std::size_t n) {
  const std::vector<JsonIn> entries = field.array_of_size(n);  // the count first: n may be huge
  std::vector<float> out;
  out.reserve(n);
  for (const JsonIn& e : entries) out.push_back(finite_float(e));
  return out;
}
}  // namespace model_detail

// Reads a model, checking every field (InputError naming it): the file's kind and format, the
// game's identity, the kind and target, features strictly increasing inside the observation, one
// mean and positive scale a feature, and layers that chain from the features to one output.
inline ValueModel model_from_json(const JsonIn& in) {
  using namespace model_detail;
  in.allow_only({"nuraghe", "format", "game", "options", "map_hash", "players", "observation_size", "evaluate_input",
                 "kind", "target", "features", "mean", "scale", "layers", "data"});
  if (const JsonIn tag = in.at("nuraghe"); tag.string() != "value-model")
    tag.fail("must be \"value-model\" (this is not a value model file)");
  in.at("format").int_in(kModelFormat, kModelFormat);
  ValueModel m;
  m.game = in.at("game").string();
  if (!valid_id(m.game)) in.at("game").fail("\"" + m.game + "\" is not a game's name");
  const JsonIn options = in.at("options");
  options.expect_object();
  for (auto it = options.json().begin(); it != options.json().end(); ++it) options.at(it.key()).string();
  m.options = options.json();
  m.map_hash = in.at("map_hash").string();
  const bool hex = std::all_of(m.map_hash.begin(), m.map_hash.end(),
                               [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
  if (!(m.map_hash.empty() || (m.map_hash.size() == 16 && hex)))
    in.at("map_hash")
        .fail("must be \"\" (a game without a map) or 16 lowercase hex digits, not \"" + m.map_hash + "\"");
  m.players = in.at("players").int_in(1, kMaxPlayers);
  m.observation_size = in.at("observation_size").int_in(1, kMaxObservation);
  if (auto e = in.find("evaluate_input")) m.evaluate_input = e->boolean();
  m.kind = in.at("kind").one_of<ModelKind>(kModelKinds, "a model kind");
  m.target = kModelTargets[std::size_t(in.at("target").one_of(kModelTargets, "a target"))];

  const std::vector<JsonIn> features = in.at("features").array(1, std::size_t(m.input_size()));
  for (std::size_t i = 0; i < features.size(); ++i) {
    m.features.push_back(features[i].int_in(0, m.input_size() - 1));
    if (i > 0 && m.features[i] <= m.features[i - 1])
      features[i].fail("must be greater than the feature before it (features are strictly increasing)");
  }
  const std::size_t k = m.features.size();
  m.mean = floats(in.at("mean"), k);
  const std::vector<JsonIn> scale = in.at("scale").array_of_size(k);
  for (const JsonIn& s : scale) {
    m.scale.push_back(finite_float(s));
    if (!(m.scale.back() > 0) || !std::isfinite(1.0f / m.scale.back()))
      s.fail("must be a positive number (a standard deviation), not " + s.json().dump());
  }

  const std::vector<JsonIn> layers =
      m.kind == ModelKind::Mlp ? in.at("layers").array(2, 3) : in.at("layers").array_of_size(1);
  int inputs = int(k);
  for (std::size_t l = 0; l < layers.size(); ++l) {
    const JsonIn& layer = layers[l];
    layer.allow_only({"inputs", "outputs", "weights", "bias"});
    ValueModel::Layer out;
    out.inputs = layer.at("inputs").int_in(inputs, inputs);
    out.outputs = l + 1 == layers.size() ? layer.at("outputs").int_in(1, 1) : layer.at("outputs").int_in(1, kMaxUnits);
    out.weights = floats(layer.at("weights"), std::size_t(out.outputs) * std::size_t(out.inputs));
    out.bias = floats(layer.at("bias"), std::size_t(out.outputs));
    inputs = out.outputs;
    m.layers.push_back(std::move(out));
  }
  if (auto data = in.find("data")) {
    data->array();
    m.data = data->json();
  }
  return m;
}

// The model in the file at `path` (InputError, one line, when unreadable or malformed).
inline ValueModel read_model(const std::string& path) {
  const std::string source = "model \"" + path + "\"";
  const Json j = parse_json(read_input_file(path, "model"), source);
  return model_from_json(JsonIn(j, source));
}

// What identifies a model's content: two files with one hash hold the same model.
inline std::uint64_t model_hash(const ValueModel& m) { return hash_json(model_to_json(m)); }
inline std::string model_hash_text(const ValueModel& m) { return hash_text(model_hash(m)); }

// Why the model does not fit the game it is to evaluate, or "" when it does: its game, options,
// map (hash_text as results files write it, "" without a map), seat count and observation size,
// and, for a model reading the hand-written evaluation, whether the game has one.
inline std::string model_mismatch(const ValueModel& m, std::string_view game, const Json& options,
                                  const std::string& map_hash, int players, int observation_size, bool has_evaluation) {
  const auto differs = [](const std::string& what, const std::string& model, const std::string& here) {
    return "the model is for " + what + " " + model + ", not " + here;
  };
  if (m.game != game) return differs("the game", m.game, std::string(game));
  if (m.options != options) return differs("the options", m.options.dump(), options.dump());
  if (m.map_hash != map_hash)
    return differs("the map of hash", m.map_hash.empty() ? "(none)" : m.map_hash,
                   map_hash.empty() ? "(none)" : map_hash);
  if (m.players != players)
    return "the model is for " + std::to_string(m.players) + " players, not " + std::to_string(players);
  if (m.observation_size != observation_size)
    return "the model is for observations of " + std::to_string(m.observation_size) + " floats, not " +
           std::to_string(observation_size) + " (the game's observation has changed since it was fitted)";
  if (m.evaluate_input && !has_evaluation)
    return "the model reads the game's hand-written evaluation (evaluate_input), which " + std::string(game) +
           " does not have";
  return "";
}

}  // namespace nuraghe
