#pragma once
// What the tests and benchmarks of learned models share: a model read from JSON and the message
// of its refusal, a model's file for the bots to read, and a made-up model of any game's shape.

#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/game.hpp"
#include "core/hooks.hpp"
#include "core/model_file.hpp"
#include "core/rng.hpp"

namespace nuraghe::testing {

// A model read from j as read_model reads a file's, its messages headed `model "m.json"`.
inline ValueModel from_json(const Json& j) { return model_from_json(JsonIn(j, "model \"m.json\"")); }

// The message of the InputError that reading j as a model throws ("" if it reads).
inline std::string error_of(const Json& j) {
  try {
    from_json(j);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

// A model's file in the temporary folder for the bots to read, removed at the end of the test.
struct ModelFile {
  std::string path;
  ModelFile(const ValueModel& m, const std::string& name) {
    path =
        (std::filesystem::temp_directory_path() / ("nuraghe-test-" + std::to_string(::getpid()) + "-" + name)).string();
    std::ofstream(path) << json_text(model_to_json(m), 1);
  }
  ModelFile(const ModelFile&) = delete;
  ModelFile& operator=(const ModelFile&) = delete;
  ~ModelFile() { std::filesystem::remove(path); }
};

// A model for G at state s under `config` (the game, options, seats, observation size and action
// space s has): a policy (one logit an action of the game) or a value model, of `kind`, with the
// MLP's `hidden` layers. Every observation float is a feature, standardised as (x - 0.25) / 0.5;
// the weights and biases are drawn uniformly from [-0.1, 0.1) by a stream of `seed`. A search's
// model in shape, of no strength.
template <Game G>
requires HasTensors<G> ValueModel made_up_model(const typename G::State& s, const GameConfig& config, bool policy,
                                                ModelKind kind = ModelKind::Logistic,
                                                const std::vector<int>& hidden = {}, std::uint64_t seed = 1) {
  ValueModel m;
  m.game = std::string(G::kName);
  for (const auto& [k, v] : config.options) m.options[k] = v;
  m.players = num_players_of<G>(s);
  m.observation_size = G::observation_size(s);
  m.kind = kind;
  if (policy) m.num_actions = G::num_actions(s), m.target = "visits";
  for (int i = 0; i < m.observation_size; ++i) {
    m.features.push_back(i);
    m.mean.push_back(0.25f);
    m.scale.push_back(0.5f);
  }
  Rng rng(seed);
  const auto weight = [&] { return float(rng.uniform() * 0.2 - 0.1); };
  std::vector<int> outputs = hidden;
  outputs.push_back(policy ? m.num_actions : 1);
  int inputs = m.observation_size;
  for (const int o : outputs) {
    ValueModel::Layer l{inputs, o, {}, {}};
    for (long long i = 0; i < (long long)inputs * o; ++i) l.weights.push_back(weight());
    for (int b = 0; b < o; ++b) l.bias.push_back(weight());
    m.layers.push_back(std::move(l));
    inputs = o;
  }
  return m;
}

}  // namespace nuraghe::testing
