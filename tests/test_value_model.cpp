// The learned model's file and its use in the search (core/value_model.hpp, docs/learning.md).
#include <doctest/doctest.h>

#include <atomic>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <new>
#include <optional>

#include <malloc.h>
#include <unistd.h>

#include "arena/arena.hpp"
#include "bots/games.hpp"
#include "bots/registry.hpp"
#include "core/model_file.hpp"
#include "games/connect4/connect4.hpp"
#include "games/goofspiel/goofspiel.hpp"
#include "games/tictactoe/tictactoe.hpp"
#include "model_helpers.hpp"
#include "search/playout.hpp"
#include "toy_games.hpp"

// GCC pairs the library's inlined allocations with these replacements and warns of a mismatch
// that is not there: both replaced operators go to malloc and free.
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"

// Every allocation of this test program is counted, so that a test can say that a stretch of code
// allocated nothing (the evaluator's promise to the search), and its bytes too (malloc's usable
// size, which free gives back), so that a test can bound the most a stretch of code held at once.
namespace {
std::atomic<long long> g_allocations{0};
std::atomic<long long> g_live_bytes{0}, g_peak_bytes{0};

void* counted(void* p) {
  if (!p) throw std::bad_alloc();
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  const long long live = g_live_bytes.fetch_add((long long)malloc_usable_size(p), std::memory_order_relaxed) +
                         (long long)malloc_usable_size(p);
  for (long long peak = g_peak_bytes.load(); live > peak && !g_peak_bytes.compare_exchange_weak(peak, live);) {
  }
  return p;
}
void released(void* p) {
  if (p) g_live_bytes.fetch_sub((long long)malloc_usable_size(p), std::memory_order_relaxed);
  std::free(p);
}

// The most bytes held at once while f runs, beyond those held when it started.
template <class F>
long long peak_bytes_of(F&& f) {
  const long long before = g_live_bytes.load();
  g_peak_bytes.store(before);
  f();
  return g_peak_bytes.load() - before;
}
}  // namespace

void* operator new(std::size_t n) { return counted(std::malloc(n ? n : 1)); }
void* operator new[](std::size_t n) { return operator new(n); }
void* operator new(std::size_t n, std::align_val_t a) {
  const std::size_t align = std::size_t(a);
  return counted(std::aligned_alloc(align, (n + align - 1) / align * align));
}
void* operator new[](std::size_t n, std::align_val_t a) { return operator new(n, a); }
void operator delete(void* p) noexcept { released(p); }
void operator delete[](void* p) noexcept { released(p); }
void operator delete(void* p, std::size_t) noexcept { released(p); }
void operator delete[](void* p, std::size_t) noexcept { released(p); }
void operator delete(void* p, std::align_val_t) noexcept { released(p); }
void operator delete[](void* p, std::align_val_t) noexcept { released(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { released(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { released(p); }

using namespace nuraghe;
using testing::error_of;
using testing::from_json;
using testing::ModelFile;

namespace {

// The configuration of a game without options (tic-tac-toe's).
const GameConfig kNoOptions;

// Tic-tac-toe's observation (19 floats): the seat's marks (cells 0-8), the opponent's (9-17),
// whether the seat is to move (18). A model of one feature: the seat's mark in `cell`.
ValueModel cell_model(int cell, ModelKind kind = ModelKind::Logistic, float weight = 4.0f) {
  ValueModel m;
  m.game = "tictactoe";
  m.players = 2;
  m.observation_size = 19;
  m.kind = kind;
  m.features = {cell};
  m.mean = {0.0f};
  m.scale = {1.0f};
  m.layers.push_back({1, 1, {weight}, {0.0f}});
  return m;
}

// A small model of every kind's shape: three features, and for the MLP a hidden layer of two.
ValueModel small_model(ModelKind kind) {
  ValueModel m = cell_model(0, kind);
  m.features = {0, 4, 9};
  m.mean = {0.5f, 0.25f, 0.0f};
  m.scale = {0.5f, 0.5f, 2.0f};
  m.layers.clear();
  if (kind == ModelKind::Mlp) {
    m.layers.push_back({3, 2, {1.0f, -1.0f, 0.5f, 0.25f, 0.5f, -2.0f}, {0.1f, -0.2f}});
    m.layers.push_back({2, 1, {1.5f, -0.5f}, {0.3f}});
  } else {
    m.layers.push_back({3, 1, {0.25f, -0.125f, 0.5f}, {0.375f}});
  }
  return m;
}

}  // namespace

TEST_CASE("model file: a model written and read again is the same model, with the same hash") {
  for (ModelKind kind : {ModelKind::Linear, ModelKind::Logistic, ModelKind::Mlp}) {
    ValueModel m = small_model(kind);
    m.options = Json{{"variant", "x"}};
    m.map_hash = "0123456789abcdef";
    m.target = "search-value";
    m.data = Json::array({Json{{"games", 10}}});
    const Json j = model_to_json(m);
    const ValueModel back = from_json(Json::parse(json_text(j)));
    CHECK(back.game == m.game);
    CHECK(back.options == m.options);
    CHECK(back.map_hash == m.map_hash);
    CHECK(back.players == m.players);
    CHECK(back.observation_size == m.observation_size);
    CHECK(back.kind == m.kind);
    CHECK(back.target == m.target);
    CHECK(back.features == m.features);
    CHECK(back.mean == m.mean);
    CHECK(back.scale == m.scale);
    REQUIRE(back.layers.size() == m.layers.size());
    for (std::size_t l = 0; l < m.layers.size(); ++l) {
      CHECK(back.layers[l].inputs == m.layers[l].inputs);
      CHECK(back.layers[l].outputs == m.layers[l].outputs);
      CHECK(back.layers[l].weights == m.layers[l].weights);
      CHECK(back.layers[l].bias == m.layers[l].bias);
    }
    CHECK(back.data == m.data);
    CHECK(model_to_json(back) == j);
    CHECK(model_hash(back) == model_hash(m));
    CHECK(model_hash(m) == hash_json(j));  // written piece by piece, the same text
    for (const bool evaluate_input : {false, true}) {
      m.evaluate_input = evaluate_input;
      std::string text;
      model_detail::write_compact(m, [&](std::string_view piece) { text += piece; });
      CHECK(text == json_text(model_to_json(m)));
    }
  }
  // Floats that are not short decimals (0.1f) come back bit for bit.
  ValueModel m = small_model(ModelKind::Linear);
  m.layers[0].weights = {0.1f, 1.0f / 3.0f, -7.123456e-20f};
  CHECK(from_json(Json::parse(json_text(model_to_json(m)))).layers[0].weights == m.layers[0].weights);
  // A changed weight is another model.
  ValueModel other = m;
  other.layers[0].weights[1] = 0.3f;
  CHECK(model_hash(other) != model_hash(m));
  // "data" may be left out (a model written by another program).
  Json j = model_to_json(m);
  j.erase("data");
  CHECK(from_json(j).data == Json::array());
}

TEST_CASE("model file: what a model reads (inputs, feature_names) is written, read and hashed with it") {
  // A model of the observation is written without the fields, so its hash is the one it had before them.
  const ValueModel plain = small_model(ModelKind::Logistic);
  CHECK_FALSE(model_to_json(plain).contains("inputs"));
  CHECK_FALSE(model_to_json(plain).contains("feature_names"));
  CHECK(plain.layout().size() == 19);
  for (const ModelInputs inputs : {ModelInputs::Features, ModelInputs::Both}) {
    ValueModel m = small_model(ModelKind::Logistic);
    m.inputs = inputs;
    m.feature_names = {"seat+0.score", "seat+1.score", "margin", "left", "right", "sum", "x", "y", "z", "w"};
    m.evaluate_input = true;
    const InputLayout l = m.layout();
    CHECK(l.observation == (inputs == ModelInputs::Both ? 19 : 0));
    CHECK(l.features == 10);
    CHECK(l.size() == l.observation + 10 + 1);
    const Json j = model_to_json(m);
    CHECK(j.at("inputs") == (inputs == ModelInputs::Both ? "both" : "features"));
    const ValueModel back = from_json(Json::parse(json_text(j)));
    CHECK(back.inputs == m.inputs);
    CHECK(back.feature_names == m.feature_names);
    CHECK(back.input_size() == m.input_size());
    CHECK(model_to_json(back) == j);
    std::string text;
    model_detail::write_compact(m, [&](std::string_view piece) { text += piece; });
    CHECK(text == json_text(j));  // the hash's text, piece by piece, has the fields in their sorted places
    CHECK(model_hash(m) != model_hash(plain));
    ValueModel renamed = m;
    renamed.feature_names[2] = "lead";
    CHECK(model_hash(renamed) != model_hash(m));
  }
}

TEST_CASE("model checks: a model reading named features is refused where the game names none or others") {
  ValueModel m = cell_model(0);
  m.inputs = ModelInputs::Both;
  m.feature_names = {"a", "b"};
  const ModelFit without{"tictactoe", Json::object(), "", 2, 19, false};
  CHECK(model_mismatch(m, without).find("reads named features, which tictactoe does not have") != std::string::npos);
  ModelFit with = without;
  with.feature_names = {"a", "b"};
  CHECK(model_mismatch(m, with).empty());
  with.feature_names = {"a", "c"};
  CHECK(model_mismatch(m, with).find("feature 1 is \"b\" in the model, \"c\" in the game") != std::string::npos);
  with.feature_names = {"a"};
  CHECK(model_mismatch(m, with).find("feature 1 is \"b\" in the model, none in the game") != std::string::npos);
  // A model of the observation alone does not care what features the game has.
  CHECK(model_mismatch(cell_model(0), with).empty());
}

TEST_CASE("model file: every malformed model is one InputError naming the field") {
  const Json good = model_to_json(small_model(ModelKind::Mlp));
  REQUIRE(error_of(good).empty());
  struct Case {
    const char* what;
    Json j;
    const char* field;  // what the message must name
  };
  std::vector<Case> cases;
  const auto with = [&](const char* what, const char* field, auto change) {
    Json j = good;
    change(j);
    cases.push_back({what, j, field});
  };
  with("not a model", "nuraghe", [](Json& j) { j["nuraghe"] = "arena"; });
  with("another format", "format", [](Json& j) { j["format"] = 2; });
  with("format as text", "format", [](Json& j) { j["format"] = "1"; });
  with("unknown field", "\"weight\"", [](Json& j) { j["weight"] = 1; });
  with("missing game", "game", [](Json& j) { j.erase("game"); });
  with("game not a name", "game", [](Json& j) { j["game"] = "Tic Tac Toe"; });
  with("options not strings", "options.cards", [](Json& j) { j["options"] = Json{{"cards", 13}}; });
  with("map hash not hex", "map_hash", [](Json& j) { j["map_hash"] = "xyz"; });
  with("players out of range", "players", [](Json& j) { j["players"] = 9; });
  with("observation size as a float", "observation_size", [](Json& j) { j["observation_size"] = 19.0; });
  with("unknown kind", "kind", [](Json& j) { j["kind"] = "forest"; });
  with("unknown target", "target", [](Json& j) { j["target"] = "scores"; });
  with("feature beyond the observation", "features[2]", [](Json& j) { j["features"][2] = 19; });
  with("features not increasing", "features[1]", [](Json& j) { j["features"][1] = 0; });
  with("negative feature", "features[0]", [](Json& j) { j["features"][0] = -1; });
  with("no features", "features", [](Json& j) { j["features"] = Json::array(); });
  with("mean of another size", "mean", [](Json& j) { j["mean"].push_back(0.0); });
  with("mean not a number", "mean[1]", [](Json& j) { j["mean"][1] = "0.5"; });
  with("zero scale", "scale[0]", [](Json& j) { j["scale"][0] = 0.0; });
  with("negative scale", "scale[2]", [](Json& j) { j["scale"][2] = -1.0; });
  with("scale of another size", "scale", [](Json& j) { j["scale"].erase(0); });
  with("weight beyond a float", "layers[0].weights[3]", [](Json& j) { j["layers"][0]["weights"][3] = 1e300; });
  with("first layer's inputs", "layers[0].inputs", [](Json& j) { j["layers"][0]["inputs"] = 4; });
  with("layers not chaining", "layers[1].inputs", [](Json& j) { j["layers"][1]["inputs"] = 3; });
  with("last layer of two outputs", "layers[1].outputs", [](Json& j) { j["layers"][1]["outputs"] = 2; });
  with("weights of another size", "layers[1].weights", [](Json& j) { j["layers"][1]["weights"].push_back(1.0); });
  with("bias of another size", "layers[0].bias", [](Json& j) { j["layers"][0]["bias"] = Json::array({0.0}); });
  with("unknown layer field", "layers[0]", [](Json& j) { j["layers"][0]["activation"] = "relu"; });
  with("an MLP of one layer", "layers", [](Json& j) { j["layers"].erase(1); });
  with("a logistic model of two layers", "layers", [](Json& j) { j["kind"] = "logistic"; });
  with("an MLP of four layers", "layers", [](Json& j) {
    j["layers"].push_back(j["layers"][1]);
    j["layers"].push_back(j["layers"][1]);
  });
  with("data not a list", "data", [](Json& j) { j["data"] = Json::object(); });
  with("a list, not an object", "must be a JSON object", [](Json& j) { j = Json::array(); });
  with("a mean entry that is a list", "mean[2]", [](Json& j) { j["mean"][2] = Json::array({1.0}); });
  with("a weight that is null", "layers[1].weights[0]", [](Json& j) { j["layers"][1]["weights"][0] = nullptr; });
  with("a bias that is an object", "layers[0].bias[1]", [](Json& j) { j["layers"][0]["bias"][1] = Json::object(); });
  with("a feature written as a float", "features[1]", [](Json& j) { j["features"][1] = 4.0; });
  with("a feature that is true", "features[0]", [](Json& j) { j["features"][0] = true; });
  with("unknown inputs", "inputs", [](Json& j) { j["inputs"] = "pixels"; });
  with("feature names without inputs", "feature_names", [](Json& j) { j["feature_names"] = Json::array({"a"}); });
  with("features read without their names", "feature_names", [](Json& j) { j["inputs"] = "features"; });
  with("a feature named twice", "feature_names[1]", [](Json& j) {
    j["inputs"] = "both";
    j["feature_names"] = Json::array({"a", "a"});
  });
  with("a feature name that is a number", "feature_names[0]", [](Json& j) {
    j["inputs"] = "both";
    j["feature_names"] = Json::array({1});
  });
  with("a column past the named features", "features[1]", [](Json& j) {
    j["inputs"] = "features";  // 3 named features: columns 0 to 2, where the model keeps 0, 4 and 9
    j["feature_names"] = Json::array({"a", "b", "c"});
  });
  REQUIRE(cases.size() >= 10);
  for (const Case& c : cases) {
    CAPTURE(c.what);
    const std::string message = error_of(c.j);
    CHECK(message.find(c.field) != std::string::npos);
    CHECK(message.find("model \"m.json\"") == 0);
    CHECK(message.find('\n') == std::string::npos);
    // The same from the file, which read_model parses without a JSON tree of its number lists.
    const ModelFile file(small_model(ModelKind::Mlp), "malformed.json");
    std::ofstream(file.path) << json_text(c.j, 1);
    std::string from_file;
    try {
      read_model(file.path);
    } catch (const InputError& e) {
      from_file = e.what();
    }
    CAPTURE(from_file);
    CHECK(from_file.find(c.field) != std::string::npos);
    CHECK(from_file.find("model \"" + file.path + "\": ") == 0);
    CHECK(from_file.find('\n') == std::string::npos);
  }
}

TEST_CASE("read_model: a missing or malformed file is one InputError line") {
  CHECK_THROWS_WITH_AS(read_model("/nonexistent/m.json"), doctest::Contains("no such file"), InputError);
  const ModelFile broken(small_model(ModelKind::Linear), "broken.json");
  std::ofstream(broken.path) << "{\"nuraghe\": ";
  CHECK_THROWS_WITH_AS(read_model(broken.path), doctest::Contains("malformed JSON"), InputError);
  const ModelFile good(small_model(ModelKind::Linear), "good.json");
  CHECK(model_hash(read_model(good.path)) == model_hash(small_model(ModelKind::Linear)));
}

// A model's JSON of `features` kept features over an observation of `observation` floats, hidden
// layers of `hidden` units each and one output: its numbers all 0 but the scales (1).
Json model_of_shape(int observation, int features, const std::vector<int>& hidden) {
  Json j = model_to_json(small_model(ModelKind::Mlp));
  j["observation_size"] = observation;
  j["features"] = Json::array(), j["mean"] = Json::array(), j["scale"] = Json::array();
  for (int i = 0; i < features; ++i) j["features"].push_back(i), j["mean"].push_back(0.0), j["scale"].push_back(1.0);
  j["layers"] = Json::array();
  int inputs = features;
  for (const int outputs : [&] {
         std::vector<int> all = hidden;
         all.push_back(1);
         return all;
       }()) {
    j["layers"].push_back(Json{{"inputs", inputs},
                               {"outputs", outputs},
                               {"weights", std::vector<float>(std::size_t(inputs) * std::size_t(outputs), 0.0f)},
                               {"bias", std::vector<float>(std::size_t(outputs), 0.0f)}});
    inputs = outputs;
  }
  return j;
}

TEST_CASE("model file: a model beyond the size caps is refused in one line before anything is allocated") {
  // The largest observation of any game (Bardagi at 5 players: 2,820 floats) with the evaluation's
  // input, and the largest layers learn fits (--hidden 4096,4096), are within the caps.
  CHECK(model_size_error(2821, 2821, {4096, 4096, 1}).empty());
  CHECK(model_size_error(kMaxObservation + 1, 1, {64, 1}).empty());
  REQUIRE(error_of(model_of_shape(19, 3, {64})).empty());

  struct Case {
    std::string what;
    Json j;
    std::vector<const char*> words;  // what the message must say
  };
  const std::vector<Case> cases = {
      // 1 KB that asked for 16 GiB: 256 hidden units over an observation of 2^24 floats.
      {"an observation of 2^24 floats", model_of_shape(1 << 24, 1, {256}), {"observation_size", "65536"}},
      // 1.2 MB that took 1.9 GB at threads=4: 65,536 hidden units.
      {"65,536 hidden units", model_of_shape(19, 1, {1 << 16}), {"layers[0].outputs", "4096"}},
      // 60 KB that a bot would spread over 4096 x 65,536 floats (1 GiB).
      {"a first layer too large spread over the observation",
       model_of_shape(kMaxObservation, 1, {4096}),
       {"1024 MiB", "a searching bot", "128 MiB"}},
  };
  for (const Case& c : cases) {
    CAPTURE(c.what);
    std::string message;
    const long long peak = peak_bytes_of([&] { message = error_of(c.j); });
    CAPTURE(message);
    for (const char* word : c.words) CHECK(message.find(word) != std::string::npos);
    CHECK(message.find("model \"m.json\"") == 0);
    CHECK(message.find('\n') == std::string::npos);
    CHECK(peak < (1 << 20));  // refused from the sizes the file declares, before its layers are built
  }
  // More weights than a model may have, declared by inputs and outputs before any is read: the
  // list itself is not even looked at.
  Json many = model_of_shape(8193, 1, {4096});
  many["features"] = Json::array(), many["mean"] = Json::array(), many["scale"] = Json::array();
  for (int i = 0; i < 8193; ++i)
    many["features"].push_back(i), many["mean"].push_back(0.0), many["scale"].push_back(1.0);
  many["layers"][0]["inputs"] = 8193;
  many["layers"][0]["weights"] = Json::array();
  const std::string message = error_of(many);
  CAPTURE(message);
  CHECK(message.find("layers[0]") != std::string::npos);
  CHECK(message.find("33554432") != std::string::npos);
}

TEST_CASE("model file: reading a model holds memory in proportion to its weights, not to its text") {
  // An MLP of 1,000 features and 500 hidden units: 500,500 random weights, a file of about 10 MB.
  Rng rng(4);
  ValueModel m = small_model(ModelKind::Mlp);
  m.observation_size = 1000;
  m.features.clear(), m.mean.assign(1000, 0.5f), m.scale.assign(1000, 0.25f);
  for (int i = 0; i < 1000; ++i) m.features.push_back(i);
  m.layers = {{1000, 500, {}, std::vector<float>(500, 0.125f)}, {500, 1, {}, {0.5f}}};
  for (auto& layer : m.layers)
    for (int i = 0; i < layer.inputs * layer.outputs; ++i) layer.weights.push_back(float(rng.uniform() - 0.5));
  const ModelFile file(m, "big.json");
  const double weight_bytes = 4.0 * (1000 * 500 + 500);
  ValueModel back;
  const long long peak = peak_bytes_of([&] { back = read_model(file.path); });
  MESSAGE("reading ", std::filesystem::file_size(file.path), " bytes held at most ", peak, " bytes, ",
          double(peak) / weight_bytes, " bytes a byte of weights");
  CHECK(back.layers[0].weights == m.layers[0].weights);
  CHECK(back.layers[1].weights == m.layers[1].weights);
  CHECK(peak < 1.5 * weight_bytes + (1 << 20));
  // Its hash is that of model_to_json's text, made without that JSON tree or text.
  std::uint64_t hash = 0;
  const long long hash_peak = peak_bytes_of([&] { hash = model_hash(back); });
  CHECK(hash == hash_json(model_to_json(back)));
  CHECK(hash_peak < (1 << 16));
}

TEST_CASE("model file: the rest of the file is bounded too, its values, a long string, a long gap") {
  const ModelFile file(small_model(ModelKind::Linear), "rest.json");
  const auto message_of = [&](const std::string& text) {
    std::ofstream(file.path) << text;
    try {
      read_model(file.path);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  Json j = model_to_json(small_model(ModelKind::Linear));
  CHECK(message_of(json_text(j)).empty());
  j["data"] = Json::array({Json{{"note", std::string(2 << 20, 'x')}}});
  CHECK(message_of(json_text(j)).find("more than 1 MiB") != std::string::npos);
  j["data"] = Json::array({std::vector<int>(300000, 7)});
  CHECK(message_of(json_text(j)).find("262144") != std::string::npos);
  CHECK(message_of(std::string(2 << 20, ' ') + json_text(model_to_json(small_model(ModelKind::Linear))))
            .find("more than 1 MiB") != std::string::npos);
  // Still refused as before: a key given twice, an integer beyond 64 bits, not JSON at all.
  CHECK(message_of(R"({"format": 1, "format": 1})").find("given twice") != std::string::npos);
  std::string huge = json_text(model_to_json(small_model(ModelKind::Linear)));
  huge.replace(huge.find("\"players\":2"), 11, "\"players\":184467440737095516160");
  CHECK(message_of(huge).find("beyond the integers") != std::string::npos);
  CHECK(message_of("\x01").find("malformed JSON") != std::string::npos);
  CHECK_THROWS_WITH_AS(read_model("/dev/zero"), doctest::Contains("malformed JSON"), InputError);
}

TEST_CASE("value(): it is the model's formula, worked by hand") {
  // Observation: cell 0 and cell 4 are the seat's, cell 9 is the opponent's.
  std::vector<float> obs(19, 0.0f);
  obs[0] = 1, obs[4] = 1, obs[9] = 1;
  // Standardised: (1 - 0.5) / 0.5 = 1, (1 - 0.25) / 0.5 = 1.5, (1 - 0) / 2 = 0.5.
  const double x0 = 1, x1 = 1.5, x2 = 0.5;
  const double linear = 0.375 + 0.25 * x0 - 0.125 * x1 + 0.5 * x2;          // 0.6375
  const double h0 = std::max(0.0, 0.1 + 1.0 * x0 - 1.0 * x1 + 0.5 * x2);    // 0.1 + 1 - 1.5 + 0.25 = -0.15 -> 0
  const double h1 = std::max(0.0, -0.2 + 0.25 * x0 + 0.5 * x1 - 2.0 * x2);  // -0.2 + 0.25 + 0.75 - 1 = -0.2 -> 0
  const double mlp_logit = 0.3 + 1.5 * h0 - 0.5 * h1;
  const auto sigmoid = [](double y) { return 1 / (1 + std::exp(-y)); };
  for (ModelKind kind : {ModelKind::Linear, ModelKind::Logistic, ModelKind::Mlp}) {
    const ValueModel m = small_model(kind);
    std::vector<float> scratch(m.scratch_floats());
    const double want = kind == ModelKind::Linear     ? linear
                        : kind == ModelKind::Logistic ? sigmoid(linear)
                                                      : sigmoid(mlp_logit);
    CHECK(m.value(obs.data(), scratch.data()) == doctest::Approx(want).epsilon(1e-6));
  }
  // A hidden unit that is positive passes through its ReLU.
  ValueModel m = small_model(ModelKind::Mlp);
  m.layers[0].bias = {1.0f, 1.0f};  // h0 = 0.75, h1 = 1.0
  std::vector<float> scratch(m.scratch_floats());
  CHECK(m.value(obs.data(), scratch.data()) == doctest::Approx(sigmoid(0.3 + 1.5 * 0.75 - 0.5 * 1.0)).epsilon(1e-6));
  // A linear model's output is clamped into [0, 1].
  ValueModel high = cell_model(0, ModelKind::Linear, 5.0f), low = cell_model(0, ModelKind::Linear, -5.0f);
  CHECK(high.value(obs.data(), scratch.data()) == 1.0);
  CHECK(low.value(obs.data(), scratch.data()) == 0.0);
  // Many features (the tail after the eight lanes of the dot product included).
  ValueModel wide = cell_model(0, ModelKind::Linear, 0.0f);
  wide.features.clear();
  wide.mean.assign(19, 0.0f);
  wide.scale.assign(19, 1.0f);
  for (int i = 0; i < 19; ++i) wide.features.push_back(i);
  wide.layers[0] = {19, 1, std::vector<float>(19, 0.01f), {0.0f}};
  std::vector<float> ones(19, 1.0f), wide_scratch(wide.scratch_floats());
  CHECK(wide.value(ones.data(), wide_scratch.data()) == doctest::Approx(0.19).epsilon(1e-6));
}

TEST_CASE("evaluator: with the standardisation folded in, it gives the model's value") {
  Rng rng(9);
  for (ModelKind kind : {ModelKind::Linear, ModelKind::Logistic, ModelKind::Mlp}) {
    for (int trial = 0; trial < 20; ++trial) {
      ValueModel m = small_model(kind);
      m.kind = kind;
      // Random kept features, means, scales and weights over tic-tac-toe's 19 entries.
      m.features.clear(), m.mean.clear(), m.scale.clear();
      for (int i = 0; i < 19; ++i)
        if (rng.below(3) != 0) {
          m.features.push_back(i);
          m.mean.push_back(float(rng.uniform()));
          m.scale.push_back(float(0.1 + rng.uniform()));
        }
      if (m.features.empty()) m.features = {3}, m.mean = {0.5f}, m.scale = {0.5f};
      int inputs = int(m.features.size());
      for (auto& layer : m.layers) {
        layer.inputs = inputs;
        layer.weights.clear();
        for (int i = 0; i < layer.inputs * layer.outputs; ++i) layer.weights.push_back(float(rng.uniform() * 2 - 1));
        inputs = layer.outputs;
      }
      std::vector<float> obs(19), scratch(m.scratch_floats());
      for (float& x : obs) x = float(rng.below(2));
      ModelEvaluator evaluator(m);
      CHECK(evaluator.value(obs.data()) == doctest::Approx(m.value(obs.data(), scratch.data())).epsilon(1e-5));
    }
  }
}

TEST_CASE("evaluator: neither it nor a search with cutoff=leaf allocates after warm-up") {
  const ValueModel m = small_model(ModelKind::Mlp);
  std::vector<float> obs(19, 1.0f), scratch(m.scratch_floats());
  double sum = 0;
  long long before = g_allocations.load();
  for (int i = 0; i < 10000; ++i) sum += m.value(obs.data(), scratch.data());
  CHECK(g_allocations.load() == before);
  CHECK(sum > 0);

  // The worker of a search: its buffers are allocated when it is built; iterations then allocate
  // nothing (the tree is one arena reserved up front, the path's scratch grown during warm-up).
  search::SearchConfig cfg;
  cfg.algorithm = search::Algorithm::Uct;
  cfg.cutoff = search::kLeafCutoff;
  cfg.eval = &m;
  cfg.memory_bytes = std::size_t(8) << 20;
  auto forest = search::make_forest<false>(cfg.algorithm, 2, 0, cfg.memory_bytes);
  search::Worker<TicTacToe, false> worker(cfg, search::PreparedModels(cfg), forest);
  const TicTacToe::State root = TicTacToe::initial(GameConfig{});
  Rng rng(3);
  for (int i = 0; i < 200; ++i) worker.iterate(root, rng);
  before = g_allocations.load();
  for (int i = 0; i < 2000; ++i) worker.iterate(root, rng);
  CHECK(g_allocations.load() == before);
  // A leaf evaluated directly, by the evaluator the worker holds: a value per seat, summing to 1.
  const search::Evaluator<TicTacToe> leaf(cfg);
  TicTacToe::State s = root;
  s.apply(4);
  before = g_allocations.load();
  const Values v = leaf.rollout(s, rng);
  CHECK(g_allocations.load() == before);
  CHECK(v[0] + v[1] == doctest::Approx(1.0));
  CHECK(s == [&] {
    TicTacToe::State t = root;
    t.apply(4);
    return t;
  }());  // no rollout step was played
}

TEST_CASE("search bots: a bot prepares its model once, so a search after the first holds only scratch") {
  // An MLP of 4,096 hidden units: its prepared first layer, spread over the 19 floats of the
  // observation, is 4,096 x 19 floats (311 KB); a thread's scratch is the layers' 4,097 outputs.
  ValueModel m = small_model(ModelKind::Mlp);
  constexpr int kHidden = 4096;
  m.layers = {{3, kHidden, std::vector<float>(std::size_t(3) * kHidden, 0.01f), std::vector<float>(kHidden, 0.0f)},
              {kHidden, 1, std::vector<float>(kHidden, 0.01f), {0.0f}}};
  const long long prepared = static_cast<long long>(sizeof(float)) * kHidden * 19;
  search::SearchConfig cfg;
  cfg.algorithm = search::Algorithm::Uct;
  cfg.iterations = 50;
  cfg.cutoff = search::kLeafCutoff;
  cfg.eval = &m;
  cfg.memory_bytes = std::size_t(1) << 20;
  const TicTacToe::State root = TicTacToe::initial(GameConfig{});
  Rng rng(5);
  for (const int threads : {1, 2}) {
    CAPTURE(threads);
    cfg.threads = threads;
    long long built = 0;
    std::optional<search::Mcts<TicTacToe>> mcts;
    built = peak_bytes_of([&] { mcts.emplace(cfg, false); });
    CHECK(built >= prepared);  // the bot's one copy
    for (int search = 0; search < 3; ++search) {
      CAPTURE(search);
      const long long held = peak_bytes_of([&] { mcts->search([&](Rng&) { return root; }, 0, 2, false, rng); });
      CHECK(held < prepared / 4);
    }
  }
}

TEST_CASE("cutoff=leaf: a model that favours a cell steers the search there") {
  const TicTacToe::State root = TicTacToe::initial(GameConfig{});
  for (int cell : {0, 8, 5}) {
    CAPTURE(cell);
    const ValueModel m = cell_model(cell);
    search::SearchConfig cfg;
    cfg.algorithm = search::Algorithm::Uct;
    cfg.iterations = 3000;
    cfg.cutoff = search::kLeafCutoff;
    cfg.eval = &m;
    search::Mcts<TicTacToe> mcts(cfg, false);
    Rng rng(7);
    const auto r = mcts.search(RootState<TicTacToe>{root}, 0, 2, false, rng);
    CHECK(r.best == Move(cell));
  }
  // The seats' values at a leaf: 1 / (1 + e^-4) for the seat on the cell, 1/2 for the other,
  // normalised to sum to 1.
  const ValueModel m = cell_model(0);
  search::SearchConfig cfg;
  cfg.cutoff = search::kLeafCutoff;
  cfg.eval = &m;
  const search::Evaluator<TicTacToe> leaf(cfg);
  TicTacToe::State s = root;
  s.apply(0);
  Rng rng(1);
  const double a = 1 / (1 + std::exp(-4.0)), b = 0.5;
  const Values v = leaf.rollout(s, rng);
  CHECK(v[0] == doctest::Approx(a / (a + b)));
  CHECK(v[1] == doctest::Approx(b / (a + b)));
}

TEST_CASE("mix=a: a leaf's value is a * its evaluation + (1 - a) * its rollout's result") {
  const ValueModel m = cell_model(0);
  TicTacToe::State leaf_state = TicTacToe::initial(GameConfig{});
  leaf_state.apply(0);  // the model favours seat 0 here: its evaluation is not a game's result
  search::SearchConfig pure, mixed;
  pure.eval = mixed.eval = &m;
  mixed.mix = 0.3;
  const search::Evaluator<TicTacToe> rollout_only(pure), mixing(mixed);
  const Values e = rollout_only.evaluation(leaf_state);
  int differ = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    CAPTURE(seed);
    TicTacToe::State a = leaf_state, b = leaf_state;
    Rng ra(seed), rb(seed);
    const Values r = rollout_only.value(a, ra);  // mix=0: the rollout alone, to the game's end
    const Values v = mixing.value(b, rb);
    CHECK(a == b);  // the same rollout was played
    for (int p = 0; p < 2; ++p) CHECK(v[p] == doctest::Approx(0.3 * e[p] + 0.7 * r[p]));
    differ += v[0] != doctest::Approx(r[0]);
  }
  CHECK(differ == 20);
  // A terminal leaf is its result, unmixed.
  TicTacToe::State won = TicTacToe::initial(GameConfig{});
  for (int cell : {0, 3, 1, 4, 2}) won.apply(Move(cell));
  Rng rng(1);
  CHECK(mixing.value(won, rng) == won.returns());
}

TEST_CASE("model checks: a model for another game, seat count, observation size, options or map is refused") {
  const ValueModel m = cell_model(0);
  CHECK(model_mismatch(m, {"tictactoe", Json::object(), "", 2, 19, false}).empty());
  CHECK(model_mismatch(m, {"connect4", Json::object(), "", 2, 19, false}).find("the game tictactoe, not connect4") !=
        std::string::npos);
  CHECK(model_mismatch(m, {"tictactoe", Json::object(), "", 3, 19, false}).find("2 players, not 3") !=
        std::string::npos);
  CHECK(model_mismatch(m, {"tictactoe", Json::object(), "", 2, 20, false}).find("19 floats") != std::string::npos);
  CHECK(model_mismatch(m, {"tictactoe", Json{{"cards", "13"}}, "", 2, 19, false}).find("options") != std::string::npos);
  CHECK(model_mismatch(m, {"tictactoe", Json::object(), "0123456789abcdef", 2, 19, false}).find("map") !=
        std::string::npos);

  // Through the bots, as the command line builds them.
  const ModelFile good(m, "good-ttt.json");
  const std::string spec = "uct:iters=50,cutoff=leaf,eval=" + good.path;
  const TicTacToe::State root = TicTacToe::initial(GameConfig{});
  CHECK_NOTHROW(check_models<TicTacToe>({spec, "random"}, root, &kNoOptions));
  CHECK_THROWS_WITH_AS(make_bot<Connect4>(spec, 1), doctest::Contains("the model is for the game tictactoe"),
                       InputError);
  ValueModel three = m;
  three.players = 3;
  const ModelFile three_file(three, "three-ttt.json");
  CHECK_THROWS_WITH_AS(check_models<TicTacToe>({"uct:cutoff=leaf,eval=" + three_file.path}, root, &kNoOptions),
                       doctest::Contains("3 players, not 2"), InputError);
  ValueModel wide = m;
  wide.observation_size = 20;
  const ModelFile wide_file(wide, "wide-ttt.json");
  CHECK_THROWS_WITH_AS(check_models<TicTacToe>({"uct:cutoff=leaf,eval=" + wide_file.path}, root, &kNoOptions),
                       doctest::Contains("observations of 20 floats, not 19"), InputError);
  // The search itself refuses it too (a caller that skipped the check), before any iteration.
  search::SearchConfig cfg;
  cfg.algorithm = search::Algorithm::Uct;
  cfg.cutoff = search::kLeafCutoff;
  cfg.eval = &wide;
  search::Mcts<TicTacToe> mcts(cfg, false);
  Rng rng(1);
  CHECK_THROWS_AS(mcts.search(RootState<TicTacToe>{root}, 0, 2, false, rng), InputError);

  // A game without tensors; eval= without a cut-off; with reward=score.
  CHECK_THROWS_WITH_AS(make_bot<testing::BiasedRps>("ismcts:cutoff=leaf,eval=" + good.path, 1),
                       doctest::Contains("no observation tensors"), InputError);
  CHECK_THROWS_WITH_AS(make_bot<TicTacToe>("uct:eval=" + good.path, 1), doctest::Contains("cutoff=leaf"), InputError);
  CHECK_THROWS_WITH_AS(make_bot<TicTacToe>("uct:cutoff=leaf,reward=score,eval=" + good.path, 1),
                       doctest::Contains("reward=score"), InputError);
  CHECK_THROWS_WITH_AS(make_bot<TicTacToe>("uct:cutoff=lea", 1), doctest::Contains("or leaf"), InputError);
  CHECK_THROWS_WITH_AS(make_bot<TicTacToe>("uct:cutoff=leaf", 1), doctest::Contains("no static evaluation"),
                       InputError);
}

TEST_CASE(
    "evaluate_input: a model of the evaluation's logit gives the evaluation, its file keeps the flag, a game without "
    "an evaluation refuses it") {
  // Goofspiel has both tensors and an evaluation. A logistic model of one feature, the evaluation's
  // logit (index observation_size), with weight 1: its value is the evaluation itself (clamped).
  GameConfig config;
  config.players = 3;
  const Goofspiel::State s = Goofspiel::initial(config);
  const int size = Goofspiel::observation_size(s);
  ValueModel m;
  m.game = "goofspiel", m.players = 3, m.observation_size = size, m.kind = ModelKind::Logistic;
  m.evaluate_input = true;
  m.features = {size}, m.mean = {0.0f}, m.scale = {1.0f};
  m.layers.push_back({1, 1, {1.0f}, {0.0f}});
  CHECK(m.input_size() == size + 1);

  Goofspiel::State later = s;
  Rng rng(5);
  for (int step = 0; step < 3 && later.to_move() != kTerminal; ++step)
    random_step<Goofspiel>(later, later.to_move(), rng);
  REQUIRE(later.to_move() != kTerminal);
  const Values hand = Goofspiel::evaluate(later);
  ModelEvaluator evaluator(m);
  std::vector<float> input(std::size_t(m.input_size()));
  const Values learned = learned_values<Goofspiel>(evaluator, later, input.data());
  double clamped_sum = 0;
  for (int p = 0; p < 3; ++p) clamped_sum += std::clamp(hand[p], 1e-3, 1 - 1e-3);
  for (int p = 0; p < 3; ++p) {
    CHECK(learned[p] == doctest::Approx(std::clamp(hand[p], 1e-3, 1 - 1e-3) / clamped_sum).epsilon(1e-5));
    Goofspiel::observation(later, p, input.data());
    input[std::size_t(size)] = evaluate_logit(hand[p]);
    std::vector<float> scratch(m.scratch_floats());
    CHECK(m.value(input.data(), scratch.data()) == doctest::Approx(std::clamp(hand[p], 1e-3, 1 - 1e-3)).epsilon(1e-5));
  }
  CHECK(evaluate_logit(0.5) == 0.0f);
  CHECK(evaluate_logit(1.0) == doctest::Approx(std::log(999.0)));

  // The file: the field is written only when true (a model without it keeps its hash), read back.
  const Json j = model_to_json(m);
  CHECK(j.at("evaluate_input") == true);
  CHECK(from_json(j).evaluate_input);
  CHECK(from_json(j).input_size() == size + 1);
  CHECK_FALSE(model_to_json(small_model(ModelKind::Linear)).contains("evaluate_input"));
  Json without = j;
  without.erase("evaluate_input");  // then feature `size` is past the observation
  CHECK(error_of(without).find("features[0]") != std::string::npos);
  Json wrong = j;
  wrong["evaluate_input"] = 1;
  CHECK(error_of(wrong).find("true or false") != std::string::npos);

  // Refused for a game without an evaluation: by model_mismatch, the bots and the search.
  CHECK(model_mismatch(m, {"goofspiel", Json::object(), "", 3, size, true}).empty());
  CHECK(model_mismatch(m, {"goofspiel", Json::object(), "", 3, size, false}).find("hand-written evaluation") !=
        std::string::npos);
  ValueModel ttt = cell_model(0);
  ttt.evaluate_input = true;
  const ModelFile file(ttt, "evaluate-ttt.json");
  const TicTacToe::State root = TicTacToe::initial(GameConfig{});
  CHECK_THROWS_WITH_AS(check_models<TicTacToe>({"uct:cutoff=leaf,eval=" + file.path}, root, &kNoOptions),
                       doctest::Contains("hand-written evaluation"), InputError);
  search::SearchConfig cfg;
  cfg.algorithm = search::Algorithm::Uct;
  cfg.cutoff = search::kLeafCutoff;
  cfg.eval = &ttt;
  search::Mcts<TicTacToe> mcts(cfg, false);
  Rng search_rng(1);
  CHECK_THROWS_WITH_AS(mcts.search(RootState<TicTacToe>{root}, 0, 2, false, search_rng),
                       doctest::Contains("hand-written evaluation"), InputError);
}

TEST_CASE("model sharing: bots naming one model file share one loaded model") {
  const ModelFile file(cell_model(0), "shared-ttt.json");
  const auto a = shared_model(file.path);
  const std::filesystem::path path(file.path);
  const auto b = shared_model((path.parent_path() / "." / path.filename()).string());
  CHECK(a.get() == b.get());
  CHECK(a == shared_model(file.path));
}

TEST_CASE("results header: it records each model's hash, and only where a bot has eval=") {
  const ModelFile file(cell_model(0), "header-ttt.json");
  ArenaSettings a;
  a.game = "tictactoe";
  a.bots = {"uct:iters=10", "random"};
  const Json plain = arena_header<TicTacToe>(a, 2);
  CHECK_FALSE(plain.contains("models"));
  a.bots[0] = "uct:iters=10,cutoff=leaf,eval=" + file.path;
  const Json with = arena_header<TicTacToe>(a, 2);
  REQUIRE(with.contains("models"));
  CHECK(with["models"][file.path] == model_hash_text(cell_model(0)));
  CHECK_NOTHROW(header_from_line(with, "r.jsonl"));
}

TEST_CASE("docs/learning.md's model: it loads and gives the value worked by hand") {
  const ValueModel m = read_model(std::string(NURAGHE_SOURCE_DIR) + "/tests/models/tictactoe-mlp.json");
  CHECK(m.kind == ModelKind::Mlp);
  CHECK(m.data == Json::parse(R"([{"selfplay": "example"}])"));
  std::vector<float> obs(19, 0.0f), scratch(m.scratch_floats());
  obs[0] = 1, obs[4] = 1;
  CHECK(m.value(obs.data(), scratch.data()) == doctest::Approx(1 / (1 + std::exp(-4.75))).epsilon(1e-6));
  // Its hash, as results files written before policy models existed recorded it (bed9419's binary):
  // a value model's file text, and so its hash, did not change when the format gained policies.
  CHECK(model_hash_text(m) == "77a6e071ae493e8f");
}

TEST_CASE("model file: an expert-value model's target_mix is written only when mixed, read, hashed, and checked") {
  ValueModel m = small_model(ModelKind::Logistic);
  m.target = "expert-value";
  const std::uint64_t pure = model_hash(m);
  CHECK_FALSE(model_to_json(m).contains("target_mix"));  // the expert's value alone: the file it was before
  m.target_mix = 0.25;
  const Json j = model_to_json(m);
  CHECK(j.at("target_mix") == 0.25);
  CHECK(from_json(Json::parse(json_text(j))).target_mix == 0.25);
  CHECK(model_hash(m) != pure);
  std::string text;
  model_detail::write_compact(m, [&](std::string_view piece) { text += piece; });
  CHECK(text == json_text(j));  // after "target", in its sorted place
  Json out_of_range = j;
  out_of_range["target_mix"] = 1.5;
  CHECK(error_of(out_of_range).find("target_mix") != std::string::npos);
  Json wrong_target = j;
  wrong_target["target"] = "returns";
  CHECK(error_of(wrong_target).find("is an expert-value model's") != std::string::npos);
}
