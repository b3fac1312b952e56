// The model file's reading, writing and hash (core/model_file.hpp).

#include "core/model_file.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <map>
#include <set>
#include <streambuf>
#include <string>
#include <string_view>
#include <vector>

#include "core/files.hpp"

namespace nuraghe {

Json model_to_json(const ValueModel& m) {
  Json layers = Json::array();
  for (const ValueModel::Layer& l : m.layers)
    layers.push_back(Json{{"inputs", l.inputs}, {"outputs", l.outputs}, {"weights", l.weights}, {"bias", l.bias}});
  Json j{{"nuraghe", model_tag(m)},
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
  if (m.inputs != ModelInputs::Observation) {
    j["inputs"] = kModelInputs[std::size_t(m.inputs)];
    j["feature_names"] = m.feature_names;
  }
  if (m.is_policy()) j["num_actions"] = m.num_actions;
  if (m.target_mix != 1) j["target_mix"] = m.target_mix;  // only when given, as evaluate_input
  return j;
}

namespace model_detail {
namespace {
// One line naming the entry i of a number list ("layers[0].weights[3] must be ..."), as JsonIn names
// fields. The number lists are read entry by entry, not through JsonIn's array(): a JsonIn an entry
// (its path and source as strings) took ten times the memory of the number's text.
[[noreturn]] void entry_fail(const std::string& source, const std::string& list, std::size_t i,
                             const std::string& what) {
  input_error(source, ": ", list, "[", i, "] ", what);
}
// An entry as a float: finite, and finite as a float too.
float float_entry(double v, const std::string& source, const std::string& list, std::size_t i) {
  if (!(std::abs(v) <= double(std::numeric_limits<float>::max())))
    entry_fail(source, list, i,
               "must be a number within a float's range (at most 3.4e38 in size), not " +
                   (std::isfinite(v) ? json_text(Json(v)) : std::string("one too large for a double")));
  return float(v);
}

// The list `field` of n floats: the one the parser kept, else the JSON tree's.
std::vector<float> floats(const JsonIn& field, std::size_t n, NumberLists* kept) {
  if (kept)
    if (const auto it = kept->find(field.path()); it != kept->end()) {
      if (it->second.size() != n)
        field.fail("must have " + std::to_string(n) + " entries, not " + std::to_string(it->second.size()));
      return std::move(it->second);
    }
  const Json& list = field.json();
  if (!list.is_array() || list.size() != n) field.array_of_size(n);  // fails, saying which
  std::vector<float> out;
  out.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    if (!list[i].is_number())
      entry_fail(field.source(), field.path(), i, "must be a number, not " + JsonIn(list[i], "").describe());
    out.push_back(float_entry(list[i].get<double>(), field.source(), field.path(), i));
  }
  return out;
}
}  // namespace
}  // namespace model_detail

ValueModel model_from_json(const JsonIn& in, model_detail::NumberLists* kept) {
  using namespace model_detail;
  in.allow_only({"nuraghe", "format", "game", "options", "map_hash", "players", "observation_size", "evaluate_input",
                 "inputs", "feature_names", "kind", "target", "target_mix", "num_actions", "features", "mean", "scale",
                 "layers", "data"});
  const JsonIn tag = in.at("nuraghe");
  const std::string file_kind = tag.string();
  if (file_kind != "value-model" && file_kind != "policy-model")
    tag.fail("must be \"value-model\" or \"policy-model\" (this is not a model file)");
  const bool policy = file_kind == "policy-model";
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
  if (auto e = in.find("evaluate_input")) {
    m.evaluate_input = e->boolean();
    if (policy && m.evaluate_input) e->fail("is a value model's (a policy reads the seat's view only)");
  }
  // What it reads: the observation unless the file says otherwise (files from before the field).
  if (auto inputs = in.find("inputs")) m.inputs = inputs->one_of<ModelInputs>(kModelInputs, "a model's inputs");
  if (m.inputs == ModelInputs::Observation) {
    if (auto names = in.find("feature_names")) names->fail("is for a model reading named features (\"inputs\")");
  } else {
    const std::vector<JsonIn> names = in.at("feature_names").array(1, std::size_t(kMaxObservation));
    std::set<std::string> seen;
    for (const JsonIn& name : names) {
      m.feature_names.push_back(name.string());
      if (m.feature_names.back().empty() || !seen.insert(m.feature_names.back()).second)
        name.fail("must be a feature's name, each once");
    }
  }
  m.kind = in.at("kind").one_of<ModelKind>(kModelKinds, "a model kind");
  if (policy) {
    if (m.kind == ModelKind::Linear)
      in.at("kind").fail("must be \"logistic\" or \"mlp\" for a policy model (its outputs are logits)");
    m.target = kPolicyTargets[std::size_t(in.at("target").one_of(kPolicyTargets, "a policy's target"))];
    m.num_actions = in.at("num_actions").int_in(1, kMaxActions);
  } else {
    m.target = kModelTargets[std::size_t(in.at("target").one_of(kModelTargets, "a target"))];
    if (auto n = in.find("num_actions")) n->fail("is a policy model's (this file says \"value-model\")");
  }
  if (auto mix = in.find("target_mix")) {
    if (m.target != "expert-value") mix->fail("is an expert-value model's (the expert's share of a mixed target)");
    m.target_mix = mix->real(0, 1);
  }

  const std::vector<JsonIn> features = in.at("features").array(1, std::size_t(m.input_size()));
  for (std::size_t i = 0; i < features.size(); ++i) {
    m.features.push_back(features[i].int_in(0, m.input_size() - 1));
    if (i > 0 && m.features[i] <= m.features[i - 1])
      features[i].fail("must be greater than the feature before it (features are strictly increasing)");
  }
  const std::size_t k = m.features.size();
  m.mean = floats(in.at("mean"), k, kept);
  const JsonIn scale = in.at("scale");
  m.scale = floats(scale, k, kept);
  for (std::size_t i = 0; i < k; ++i)
    if (!(m.scale[i] > 0) || !std::isfinite(1.0f / m.scale[i]))
      entry_fail(scale.source(), scale.path(), i,
                 "must be a positive number (a standard deviation), not " + json_text(Json(double(m.scale[i]))));

  // The layers' shapes first: the caps hold on what the file declares, before any layer is built.
  const std::vector<JsonIn> layers =
      m.kind == ModelKind::Mlp ? in.at("layers").array(2, 3) : in.at("layers").array_of_size(1);
  std::vector<int> outputs;
  std::size_t weights = 0;
  for (std::size_t l = 0; l < layers.size(); ++l) {
    const JsonIn& layer = layers[l];
    layer.allow_only({"inputs", "outputs", "weights", "bias"});
    const int inputs = l == 0 ? int(k) : outputs.back();
    layer.at("inputs").int_in(inputs, inputs);
    const int last_outputs = policy ? m.num_actions : 1;  // the value, or a logit an action
    outputs.push_back(l + 1 == layers.size() ? layer.at("outputs").int_in(last_outputs, last_outputs)
                                             : layer.at("outputs").int_in(1, kMaxUnits));
    weights += std::size_t(inputs) * std::size_t(outputs.back());
    if (weights > kMaxWeights)
      layer.fail("brings the model to " + std::to_string(weights) + " weights, more than the " +
                 std::to_string(kMaxWeights) + " a model may have");
  }
  if (const std::string why = model_size_error(m.input_size(), k, outputs); !why.empty()) in.fail(why);
  for (std::size_t l = 0; l < layers.size(); ++l) {
    ValueModel::Layer out;
    out.inputs = l == 0 ? int(k) : outputs[l - 1];
    out.outputs = outputs[l];
    out.weights = floats(layers[l].at("weights"), std::size_t(out.outputs) * std::size_t(out.inputs), kept);
    out.bias = floats(layers[l].at("bias"), std::size_t(out.outputs), kept);
    m.layers.push_back(std::move(out));
  }
  if (auto data = in.find("data")) {
    data->array();
    m.data = data->json();
  }
  return m;
}

namespace model_detail {
namespace {
// The rest of a model file besides its number lists (the game's identity, the features, the
// layers' shapes, `data`, which holds a few self-play manifests) is a small JSON tree: bounded, so
// that no field of any size may take memory the weights' caps do not allow.
constexpr std::size_t kMaxOtherValues = std::size_t(1) << 18;
constexpr std::size_t kMaxOtherText = std::size_t(16) << 20;  // bytes of its strings and keys
// The most bytes of one token (a string, a number) or of the space between two: the parser holds
// a token whole before it reaches the reader, so that the stream must stop it.
constexpr std::size_t kMaxToken = std::size_t(1) << 20;

// The file as the parser reads it, in blocks: at most kMaxModelBytes, and at most kMaxToken past
// the end of the last token the reader saw (mark()); beyond either it ends, and says so.
class BoundedInput : public std::streambuf {
 public:
  explicit BoundedInput(std::streambuf* from) : from_(from) {}
  void mark() { mark_ = consumed(); }
  bool too_large() const { return too_large_; }
  bool token_too_long() const { return token_too_long_; }

 protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    if (read_ - mark_ > kMaxToken) {
      token_too_long_ = true;
      return traits_type::eof();
    }
    const std::streamsize n = from_->sgetn(buffer_, sizeof buffer_);
    if (n <= 0) return traits_type::eof();
    if (read_ >= kMaxModelBytes) {
      too_large_ = true;
      return traits_type::eof();
    }
    read_ += std::size_t(n);
    setg(buffer_, buffer_, buffer_ + n);
    return traits_type::to_int_type(buffer_[0]);
  }

 private:
  std::size_t consumed() const { return read_ - std::size_t(egptr() - gptr()); }
  std::streambuf* from_;
  char buffer_[1 << 16];
  std::size_t read_ = 0, mark_ = 0;
  bool too_large_ = false, token_too_long_ = false;
};

// The SAX reader of a model file: its number lists into NumberLists, each number checked as it
// comes, the rest into a JSON tree through json_detail::CheckedBuilder, with its checks (a key given
// twice, nesting, integers beyond 64 bits) and within the bounds above.
class ModelParser {
 public:
  ModelParser(Json& tree, const std::string& source, NumberLists& lists, BoundedInput& input)
      : builder_(tree, source), source_(source), lists_(lists), input_(input) {}

  bool null() { return list_ ? not_a_number("null") : value() && builder_.null(); }
  bool boolean(bool v) { return list_ ? not_a_number(v ? "true" : "false") : value() && builder_.boolean(v); }
  bool number_integer(Json::number_integer_t v) {
    if (list_) return keep(double(v));
    shape(v);
    return value() && builder_.number_integer(v);
  }
  bool number_unsigned(Json::number_unsigned_t v) {
    if (list_) return keep(double(v));
    shape((long long)std::min<Json::number_unsigned_t>(v, std::numeric_limits<long long>::max()));
    return value() && builder_.number_unsigned(v);
  }
  bool number_float(Json::number_float_t v, const Json::string_t& text) {
    if (!list_) return value() && builder_.number_float(v, text);
    if (text.find_first_of(".eE") == std::string::npos)  // as CheckedBuilder says it
      input_error(source_, ": ", list_path_, "[", list_->size(), "] ", text,
                  " is beyond the integers this program reads (64 bits)");
    return keep(v);
  }
  bool string(Json::string_t& v) {
    if (list_) return not_a_number("a string");
    text(v.size());
    return value() && builder_.string(v);
  }
  bool binary(Json::binary_t& v) { return value() && builder_.binary(v); }  // not in JSON text
  bool start_object(std::size_t n) {
    if (list_) return not_a_number("an object");
    value();
    frames_.push_back({});
    if (at_layer()) layer_inputs_ = layer_outputs_ = -1;
    return builder_.start_object(n);
  }
  bool key(Json::string_t& k) {
    text(k.size());
    input_.mark();
    frames_.back().key = k;
    return builder_.key(k);
  }
  bool end_object() {
    input_.mark();
    frames_.pop_back();
    return builder_.end_object();
  }
  bool start_array(std::size_t n) {
    if (list_) return not_a_number("a list");
    value();
    frames_.push_back({});
    frames_.back().array = true;
    start_list();
    return builder_.start_array(n);
  }
  bool end_array() {
    input_.mark();
    frames_.pop_back();
    list_ = nullptr;
    return builder_.end_array();
  }
  template <class Exception>
  bool parse_error(std::size_t position, const std::string& token, const Exception& e) {
    return builder_.parse_error(position, token, e);
  }
  bool failed() const { return builder_.failed(); }

 private:
  struct Frame {
    bool array = false;
    long long index = -1;  // of the array's current entry
    std::string key;       // the object's current key
  };

  // A value of the tree starts: counted, and in an array, its next entry.
  bool value() {
    input_.mark();
    if (++values_ > kMaxOtherValues)
      input_error(source_, ": more than ", kMaxOtherValues,
                  " JSON values besides the number lists (mean, scale, weights, bias); no model has so many");
    if (!frames_.empty() && frames_.back().array) ++frames_.back().index;
    return true;
  }
  void text(std::size_t bytes) {
    if ((text_ += bytes) > kMaxOtherText)
      input_error(source_, ": more than ", kMaxOtherText >> 20, " MiB of strings and keys; no model has so many");
  }
  // Whether the open container is layers[k] (an object in the top object's list "layers").
  bool at_layer() const {
    return frames_.size() == 3 && !frames_[0].array && frames_[0].key == "layers" && frames_[1].array &&
           !frames_[2].array;
  }
  // An integer of the tree: layers[k].inputs and .outputs are kept, to reserve its weights.
  void shape(long long v) {
    if (!at_layer()) return;
    if (frames_[2].key == "inputs") layer_inputs_ = v;
    if (frames_[2].key == "outputs") layer_outputs_ = v;
  }
  // The array just opened: one of the number lists, or one for the tree.
  void start_list() {
    if (frames_.size() < 2) return;
    std::size_t most = 0;
    std::string path;
    const Frame& field = frames_[frames_.size() - 2];
    if (frames_.size() == 2 && !field.array && (field.key == "mean" || field.key == "scale")) {
      path = field.key, most = std::size_t(kMaxObservation) + 1;
    } else if (frames_.size() == 4 && !frames_[0].array && frames_[0].key == "layers" && frames_[1].array &&
               !field.array && (field.key == "weights" || field.key == "bias")) {
      path = "layers[" + std::to_string(frames_[1].index) + "]." + field.key;
      most = field.key == "bias" ? std::size_t(std::max(kMaxUnits, kMaxActions)) : kMaxWeights - weights_;
    } else {
      return;
    }
    list_ = &lists_[path];
    list_path_ = path, list_most_ = most, list_weights_ = field.key == "weights";
    // A file nuraghe wrote names a layer's inputs and outputs before its weights (keys are sorted).
    if (list_weights_ && layer_inputs_ > 0 && layer_outputs_ > 0 &&
        std::size_t(layer_inputs_) <= kMaxWeights / std::size_t(layer_outputs_) &&
        std::size_t(layer_inputs_ * layer_outputs_) <= most)
      list_->reserve(std::size_t(layer_inputs_ * layer_outputs_));
  }
  bool keep(double v) {
    input_.mark();
    if (list_->size() >= list_most_) {
      if (list_weights_)
        input_error(source_, ": ", list_path_, " brings the model past the ", kMaxWeights, " weights a model may have");
      input_error(source_, ": ", list_path_, " has more than the ", list_most_, " entries a model may have");
    }
    list_->push_back(float_entry(v, source_, list_path_, list_->size()));
    if (list_weights_) ++weights_;
    return true;
  }
  bool not_a_number(const char* what) {
    entry_fail(source_, list_path_, list_->size(), std::string("must be a number, not ") + what);
  }

  json_detail::CheckedBuilder builder_;
  const std::string& source_;
  NumberLists& lists_;
  BoundedInput& input_;
  std::vector<Frame> frames_;  // the containers open
  std::size_t values_ = 0, text_ = 0, weights_ = 0;
  long long layer_inputs_ = -1, layer_outputs_ = -1;  // of the layer open, where given
  std::vector<float>* list_ = nullptr;                // the number list open, if any
  std::string list_path_;
  std::size_t list_most_ = 0;
  bool list_weights_ = false;
};
}  // namespace
}  // namespace model_detail

ValueModel read_model(const std::string& path) {
  using namespace model_detail;
  const std::string source = "model \"" + path + "\"";
  std::ifstream file;
  std::streambuf* from = std::cin.rdbuf();
  if (path != "-") {
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (!std::filesystem::exists(status)) input_error("cannot read ", source, ": no such file");
    if (std::filesystem::is_directory(status)) input_error("cannot read ", source, ": it is a directory");
    file.open(path, std::ios::binary);
    if (!file) input_error("cannot read ", source);
    from = file.rdbuf();
  }
  BoundedInput bounded(from);
  std::istream in(&bounded);
  Json tree;
  NumberLists lists;
  ModelParser parser(tree, source, lists, bounded);
  const bool ok = Json::sax_parse(in, &parser, nlohmann::detail::input_format_t::json, /*strict=*/true,
                                  /*ignore_comments=*/false);
  if (bounded.too_large()) input_error(source, " is larger than ", kMaxModelBytes >> 20, " MiB");
  if (bounded.token_too_long())
    input_error(source, ": a value, or a space between two, of more than ", kMaxToken >> 20, " MiB; no model has one");
  if (!ok || parser.failed() || (path != "-" && file.bad())) input_error(source, ": malformed JSON");
  return model_from_json(JsonIn(tree, source), &lists);
}

std::uint64_t model_hash(const ValueModel& m) {
  std::uint64_t h = 0xCBF29CE484222325ULL;
  model_detail::write_compact(m, [&h](std::string_view piece) {
    for (const unsigned char c : piece) {
      h ^= c;
      h *= 0x100000001B3ULL;
    }
  });
  return h;
}

}  // namespace nuraghe
