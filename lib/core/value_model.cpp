// The checks of a model's size and of its fit to a game (core/value_model.hpp).

#include "core/value_model.hpp"

#include <string>
#include <vector>

namespace nuraghe {

ModelFootprint model_footprint(int input_size, std::size_t features, const std::vector<int>& outputs) {
  ModelFootprint f;
  std::size_t inputs = features;
  for (std::size_t l = 0; l < outputs.size(); ++l) {
    const auto o = std::size_t(outputs[l]);
    f.weights += inputs * o;
    f.prepared_floats += (l == 0 ? std::size_t(input_size) : inputs) * o + 2 * o;
    inputs = o;
  }
  return f;
}

std::string model_size_error(int input_size, std::size_t features, const std::vector<int>& outputs) {
  const ModelFootprint f = model_footprint(input_size, features, outputs);
  if (f.weights > kMaxWeights)
    return cat("it has ", f.weights, " weights, more than the ", kMaxWeights, " a model may have");
  if (f.prepared_floats > kMaxPreparedFloats)
    return cat("a searching bot would hold ", (f.prepared_floats * sizeof(float) + (1 << 19)) >> 20,
               " MiB for it (the first layer's ", outputs.front(), " outputs spread over the ", input_size,
               " floats of its input), more than the ", kMaxPreparedFloats * sizeof(float) >> 20,
               " MiB a model's prepared copy may take");
  return "";
}

std::string model_mismatch(const ValueModel& m, const ModelFit& here) {
  const auto& [game, options, map_hash, players, observation_size, has_evaluation, num_actions, feature_names] = here;
  const auto differs = [](const std::string& what, const std::string& model, const std::string& here) {
    return "the model is for " + what + " " + model + ", not " + here;
  };
  if (m.game != game) return differs("the game", m.game, std::string(game));
  if (m.options != options) return differs("the options", json_text(m.options), json_text(options));
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
  if (m.inputs != ModelInputs::Observation) {
    if (feature_names.empty()) return "the model reads named features, which " + std::string(game) + " does not have";
    if (m.feature_names != feature_names) {
      std::size_t i = 0;
      while (i < m.feature_names.size() && i < feature_names.size() && m.feature_names[i] == feature_names[i]) ++i;
      const auto name = [](const std::vector<std::string>& names, std::size_t i) {
        return i < names.size() ? "\"" + names[i] + "\"" : std::string("none");
      };
      return "the model reads " + std::to_string(m.feature_names.size()) + " named features, the game has " +
             std::to_string(feature_names.size()) + " (feature " + std::to_string(i) + " is " +
             name(m.feature_names, i) + " in the model, " + name(feature_names, i) +
             " in the game): the game's features have changed since it was fitted";
    }
  }
  if (m.is_policy() && m.num_actions != num_actions)
    return "the policy is over " + std::to_string(m.num_actions) + " actions, not the game's " +
           std::to_string(num_actions);
  return "";
}

}  // namespace nuraghe
