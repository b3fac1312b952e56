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

#include <cstdint>
#include <string>
#include <vector>

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

  // The input: observation[features[i]], standardised as (x - mean[i]) / scale[i] (scale > 0).
  // Features constant on the training data are not among `features`.
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
};

}  // namespace nuraghe
