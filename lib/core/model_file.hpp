#pragma once
// The model file (docs/learning.md, "The model file"): a ValueModel (core/value_model.hpp) to
// JSON and back, every field checked as it is read, streamed so that the memory a file takes is
// that of its weights; and the hash that names a model's content. (The check that a model fits the
// game it is to serve, model_mismatch, is core/value_model.hpp's: the search makes it too.)

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/json.hpp"
#include "core/value_model.hpp"

namespace nuraghe {

inline constexpr int kModelFormat = 1;
inline constexpr std::array<std::string_view, 3> kModelKinds = {"linear", "logistic", "mlp"};
inline constexpr std::array<std::string_view, 3> kModelTargets = {"returns", "search-value", "expert-value"};
inline constexpr std::array<std::string_view, 2> kPolicyTargets = {"visits", "moves"};
inline constexpr std::array<std::string_view, 3> kModelInputs = {"observation", "features", "both"};

// The file's first field: which of the two a file holds.
inline std::string_view model_tag(const ValueModel& m) { return m.is_policy() ? "policy-model" : "value-model"; }

// The file's JSON, every field in one fixed way: numbers as the doubles the floats are, so that
// writing what was read gives the same text again (model_hash depends on it).
Json model_to_json(const ValueModel& m);

namespace model_detail {
// A model file's number lists (mean, scale, layers[k].weights, layers[k].bias) as read_model's
// parser keeps them: the floats themselves, by the path JsonIn gives the field ("layers[1].bias").
// A JSON tree of them took 16 to 48 bytes a number; the tree holds an empty list in their place.
using NumberLists = std::map<std::string, std::vector<float>>;
}  // namespace model_detail

// Reads a model, checking every field (InputError naming it): the file's kind and format, the
// game's identity, the kind and target, features strictly increasing inside the observation, one
// mean and positive scale a feature, and layers that chain from the features to one output (a
// value model) or num_actions (a policy model), within the size caps. `kept`: the number lists
// read_model's parser kept aside (model_detail::NumberLists).
ValueModel model_from_json(const JsonIn& in, model_detail::NumberLists* kept = nullptr);

// The model in the file at `path` (InputError, one line, when unreadable or malformed), read as it
// streams in: the memory it takes is that of its weights and a small tree of the rest, whatever the
// file's text (tests/test_value_model.cpp measures it).
ValueModel read_model(const std::string& path);

// What identifies a model's content: two files with one hash hold the same model.
namespace model_detail {
// json_text(model_to_json(m)), the compact text, piece by piece into out(std::string_view): keys in
// nlohmann's sorted order, each number as nlohmann writes it. The JSON tree of a large model took
// 16 to 48 bytes a weight, and its text as much again (tests/test_value_model.cpp compares both).
template <class Out>
void write_compact(const ValueModel& m, Out&& out) {
  const auto floats = [&](const std::vector<float>& v) {
    out("[");
    for (std::size_t i = 0; i < v.size(); ++i) {
      if (i) out(",");
      out(json_text(Json(double(v[i]))));
    }
    out("]");
  };
  out("{\"data\":");
  out(json_text(m.data));
  if (m.evaluate_input) out(",\"evaluate_input\":true");
  if (m.inputs != ModelInputs::Observation) {
    out(",\"feature_names\":");
    out(json_text(Json(m.feature_names)));
  }
  out(",\"features\":");
  out(json_text(Json(m.features)));
  out(",\"format\":" + std::to_string(kModelFormat) + ",\"game\":");
  out(json_text(Json(m.game)));
  if (m.inputs != ModelInputs::Observation)
    out(",\"inputs\":\"" + std::string(kModelInputs[std::size_t(m.inputs)]) + "\"");
  out(",\"kind\":");
  out(json_text(Json(std::string(kModelKinds[std::size_t(m.kind)]))));
  out(",\"layers\":[");
  for (std::size_t l = 0; l < m.layers.size(); ++l) {
    const ValueModel::Layer& layer = m.layers[l];
    out(l ? ",{\"bias\":" : "{\"bias\":");
    floats(layer.bias);
    out(",\"inputs\":" + std::to_string(layer.inputs) + ",\"outputs\":" + std::to_string(layer.outputs) +
        ",\"weights\":");
    floats(layer.weights);
    out("}");
  }
  out("],\"map_hash\":");
  out(json_text(Json(m.map_hash)));
  out(",\"mean\":");
  floats(m.mean);
  if (m.is_policy()) out(",\"num_actions\":" + std::to_string(m.num_actions));
  out(",\"nuraghe\":\"" + std::string(model_tag(m)) + "\",\"observation_size\":" + std::to_string(m.observation_size) +
      ",\"options\":");
  out(json_text(m.options));
  out(",\"players\":" + std::to_string(m.players) + ",\"scale\":");
  floats(m.scale);
  out(",\"target\":");
  out(json_text(Json(m.target)));
  if (m.target_mix != 1) {
    out(",\"target_mix\":");
    out(json_text(Json(m.target_mix)));
  }
  out("}");
}
}  // namespace model_detail

// hash_json(model_to_json(m)), FNV-1a over the same text, without building it.
std::uint64_t model_hash(const ValueModel& m);
inline std::string model_hash_text(const ValueModel& m) { return hash_text(model_hash(m)); }

}  // namespace nuraghe
