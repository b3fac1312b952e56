// Policy models (docs/learning.md, "Policy models"): the file, its refusals, the priors it gives
// (a softmax over the legal moves' logits, from the mover's view only), and PUCT steered by it in
// every search mode.
#include <doctest/doctest.h>

#include <unistd.h>
#include <cmath>
#include <filesystem>
#include <fstream>

#include "arena/arena.hpp"
#include "bots/games.hpp"
#include "bots/registry.hpp"
#include "bots/search_bot.hpp"
#include "core/model_file.hpp"
#include "game_tests.hpp"
#include "games/connect4/connect4.hpp"
#include "games/kuhn/kuhn.hpp"
#include "games/tictactoe/tictactoe.hpp"
#include "model_helpers.hpp"
#include "search/search.hpp"

using namespace nuraghe;
using testing::error_of;
using testing::from_json;
using testing::ModelFile;
using testing::refusal;

namespace {

// The configuration of a game without options (tic-tac-toe's).
const GameConfig kNoOptions;

const std::string kExample = std::string(NURAGHE_SOURCE_DIR) + "/tests/models/tictactoe-policy.json";

// A tic-tac-toe policy of one feature (the seat's mark in cell `from`, tic-tac-toe's observation:
// the seat's marks in 0-8, the opponent's in 9-17, whether the seat is to move in 18) and a bias:
// logit `bias` on cell `to` whatever the board, `weight` more when the seat holds `from`.
ValueModel cell_policy(int to, float bias = 4.0f, int from = 0, float weight = 0.0f) {
  ValueModel m;
  m.game = "tictactoe";
  m.players = 2;
  m.observation_size = 19;
  m.kind = ModelKind::Logistic;
  m.target = "visits";
  m.num_actions = 9;
  m.features = {from};
  m.mean = {0.0f};
  m.scale = {1.0f};
  ValueModel::Layer layer{1, 9, std::vector<float>(9, 0.0f), std::vector<float>(9, 0.0f)};
  layer.weights[std::size_t(to)] = weight;
  layer.bias[std::size_t(to)] = bias;
  m.layers.push_back(layer);
  return m;
}

TicTacToe::State position(std::initializer_list<int> cells) {
  TicTacToe::State s = TicTacToe::initial(GameConfig{});
  for (int c : cells) s.apply(Move(c));
  return s;
}

// The evaluator's priors of the mover's legal moves at s, by move.
std::map<Move, double> priors_at(const TicTacToe::State& s, const search::SearchConfig& cfg) {
  const search::Evaluator<TicTacToe> evaluator(cfg);
  TicTacToe::MoveList legal;
  s.legal_moves(legal);
  std::vector<double> p(legal.size());
  Rng rng(1);
  evaluator.priors(s, s.to_move(), legal.begin(), int(legal.size()), p.data(), rng);
  std::map<Move, double> out;
  for (std::size_t i = 0; i < legal.size(); ++i) out[legal[i]] = p[i];
  return out;
}

}  // namespace

TEST_CASE("docs/learning.md's policy model: its priors are those worked by hand") {
  const ValueModel m = read_model(kExample);
  CHECK(m.is_policy());
  CHECK(m.num_actions == 9);
  CHECK(m.target == "visits");
  search::SearchConfig cfg;
  cfg.prior = search::Prior::Model;
  cfg.policy = &m;
  // X holds cells 0 and 1, O cells 3 and 4: the logit of cell 2 is 2 + 2 = 4, every other 0, and
  // the five legal moves share e^4 + 4.
  const auto p = priors_at(position({0, 3, 1, 4}), cfg);
  REQUIRE(p.size() == 5);
  const double z = std::exp(4.0) + 4;
  CHECK(p.at(2) == doctest::Approx(std::exp(4.0) / z));
  for (Move c : {5, 6, 7, 8}) CHECK(p.at(c) == doctest::Approx(1 / z));
  // O to move sees its own marks (3, 4) as "the seat's": neither cell 0 nor 1 is O's, so every
  // logit is 0 and the legal moves share equally.
  // (Pairs, not structured bindings: clang 14 lets no lambda, CAPTURE's included, capture one.)
  for (const auto& prior : priors_at(position({0, 3, 1}), cfg)) {
    const Move move = prior.first;
    const double share = prior.second;
    CAPTURE(move);
    CHECK(share == doctest::Approx(1.0 / 6));
  }
}

TEST_CASE("prior_temperature: the policy's logits divided by it before the softmax") {
  const ValueModel m = read_model(kExample);
  search::SearchConfig cfg;
  cfg.prior = search::Prior::Model;
  cfg.policy = &m;
  // The same position as above: cell 2's logit is 4, the four others' 0.
  for (double t : {0.5, 2.0, 4.0}) {
    CAPTURE(t);
    cfg.prior_temperature = t;
    const auto p = priors_at(position({0, 3, 1, 4}), cfg);
    const double z = std::exp(4.0 / t) + 4;
    CHECK(p.at(2) == doctest::Approx(std::exp(4.0 / t) / z));
    CHECK(p.at(5) == doctest::Approx(1 / z));
  }
  // From a spec: the parameter reaches the search, and is refused without a policy model.
  const Params given = bot_params(parse_spec("uct:prior=" + std::string(kExample) + ",prior_temperature=2", "bot"));
  CHECK(search_config("uct", given).prior_temperature == 2.0);
  CHECK(search_config("uct", bot_params(parse_spec("uct:prior=uniform", "bot"))).prior_temperature == 1.0);
  CHECK_THROWS_WITH_AS(search_config("uct", bot_params(parse_spec("uct:prior=heuristic,prior_temperature=2", "bot"))),
                       doctest::Contains("prior_temperature= is a policy model's"), InputError);
  CHECK_THROWS_AS(bot_params(parse_spec("uct:prior=uniform,prior_temperature=0", "bot")), InputError);
  // Progressive bias is taken beside a policy model (it raises the heuristic's move in PUCT).
  CHECK(search_config("uct", bot_params(parse_spec("uct:prior=" + std::string(kExample) + ",bias=5", "bot"))).bias ==
        5.0);
}

TEST_CASE("policy model file: written, read and hashed, apart from a value model's") {
  const ValueModel m = cell_policy(4, 1.5f, 0, -0.5f);
  const Json j = model_to_json(m);
  CHECK(j["nuraghe"] == "policy-model");
  CHECK(j["num_actions"] == 9);
  const ValueModel back = from_json(j);
  CHECK(model_to_json(back) == j);
  CHECK(model_hash(back) == hash_json(j));
  // The same layers as a value model would be another model (and its file has no num_actions).
  ValueModel value = m;
  value.num_actions = 0;
  value.target = "returns";
  value.layers[0] = {1, 1, {1.0f}, {0.0f}};
  CHECK_FALSE(model_to_json(value).contains("num_actions"));
  CHECK(model_to_json(value)["nuraghe"] == "value-model");
  // The example file reads, and writes back the text its hash names; so does an MLP policy, whose
  // compact text (written piece by piece for the hash) is the JSON's own.
  const ValueModel example = read_model(kExample);
  CHECK(model_hash(example) == hash_json(model_to_json(example)));
  ValueModel mlp = m;
  mlp.kind = ModelKind::Mlp;
  mlp.layers = {{1, 2, {0.5f, -1.25f}, {0.0f, 0.125f}},
                {2, 9, std::vector<float>(18, 0.375f), std::vector<float>(9, -2.0f)}};
  std::string text;
  model_detail::write_compact(mlp, [&](std::string_view piece) { text += piece; });
  CHECK(text == json_text(model_to_json(mlp)));
  CHECK(model_hash(mlp) == hash_json(model_to_json(mlp)));
  CHECK(model_to_json(from_json(model_to_json(mlp))) == model_to_json(mlp));
}

TEST_CASE("policy model file: every malformed one is one InputError naming the field") {
  const Json good = model_to_json(cell_policy(2));
  REQUIRE(error_of(good).empty());
  const auto with = [&](auto change) {
    Json j = good;
    change(j);
    return error_of(j);
  };
  CHECK(with([](Json& j) { j["kind"] = "linear"; }).find("kind must be \"logistic\" or \"mlp\" for a policy") !=
        std::string::npos);
  CHECK(with([](Json& j) { j.erase("num_actions"); }).find("num_actions") != std::string::npos);
  CHECK(with([](Json& j) { j["num_actions"] = 0; }).find("num_actions") != std::string::npos);
  CHECK(with([](Json& j) { j["num_actions"] = 70000; }).find("num_actions") != std::string::npos);
  CHECK(with([](Json& j) { j["num_actions"] = "9"; }).find("num_actions") != std::string::npos);
  CHECK(with([](Json& j) { j["num_actions"] = 8; }).find("layers[0].outputs") != std::string::npos);
  CHECK(with([](Json& j) { j["target"] = "returns"; }).find("target") != std::string::npos);
  CHECK(with([](Json& j) { j["evaluate_input"] = true; }).find("evaluate_input is a value model's") !=
        std::string::npos);
  CHECK(with([](Json& j) {
          j["nuraghe"] = "value-model", j["target"] = "returns";
        }).find("num_actions is a policy model's") != std::string::npos);
  CHECK(with([](Json& j) { j["nuraghe"] = "policy"; }).find("\"value-model\" or \"policy-model\"") !=
        std::string::npos);
  CHECK(with([](Json& j) { j["layers"][0]["bias"].erase(0); }).find("layers[0].bias") != std::string::npos);
  // A hidden layer first, then num_actions outputs: an MLP policy reads.
  Json mlp = good;
  mlp["kind"] = "mlp";
  mlp["layers"] = Json::array({Json{{"inputs", 1}, {"outputs", 2}, {"weights", {1.0, -1.0}}, {"bias", {0.0, 0.0}}},
                               Json{{"inputs", 2},
                                    {"outputs", 9},
                                    {"weights", std::vector<double>(18, 0.5)},
                                    {"bias", std::vector<double>(9, 0.0)}}});
  CHECK(error_of(mlp).empty());
}

TEST_CASE(
    "policy model checks: a policy model is refused for another game or action space, and where a value model "
    "belongs") {
  const ModelFile policy(cell_policy(2), "ttt-policy.json");
  const ModelFile value(read_model(std::string(NURAGHE_SOURCE_DIR) + "/tests/models/tictactoe-mlp.json"),
                        "ttt-value.json");
  const TicTacToe::State root = TicTacToe::initial(GameConfig{});
  CHECK_NOTHROW(check_models<TicTacToe>({"uct:iters=10,prior=" + policy.path}, root, &kNoOptions));
  CHECK(model_mismatch(cell_policy(2), {"tictactoe", Json::object(), "", 2, 19, false, 9}).empty());
  CHECK(model_mismatch(cell_policy(2), {"tictactoe", Json::object(), "", 2, 19, false, 10})
            .find("the policy is over 9 actions, not the game's 10") != std::string::npos);
  CHECK(refusal([&] {
          make_bot<Connect4>("uct:prior=" + policy.path, 1);
        }).find("the model is for the game tictactoe, not connect4") != std::string::npos);
  CHECK(refusal([&] {
          make_bot<TicTacToe>("uct:prior=" + value.path, 1);
        }).find("is a value model; prior= takes a policy model") != std::string::npos);
  CHECK(refusal([&] {
          make_bot<TicTacToe>("uct:cutoff=leaf,eval=" + policy.path, 1);
        }).find("is a policy model; eval= takes a value model") != std::string::npos);
  CHECK(refusal([&] {
          make_bot<TicTacToe>("uct:prior=heurstic", 1);
        }).find("prior=heurstic is neither none, uniform nor heuristic, nor a policy model's file") !=
        std::string::npos);
  CHECK(refusal([&] { make_bot<TicTacToe>("uct:prior=" + policy.path + ",sim=exp3", 1); }).find("sim=exp3") !=
        std::string::npos);
  // Its seat count is checked where the game is known, before any game starts.
  ValueModel three = cell_policy(2);
  three.players = 3;
  const ModelFile wrong(three, "ttt-policy-3.json");
  CHECK(refusal([&] {
          check_models<TicTacToe>({"uct:iters=10,prior=" + wrong.path}, root, &kNoOptions);
        }).find("prior=" + wrong.path + ": the model is for 3 players, not 2") != std::string::npos);
  // The search itself refuses a policy of another action space, seat count or kind (a caller that
  // skipped the check), before any iteration: a logit row past the model's last would be read.
  for (const auto& named : std::vector<std::pair<std::string, ValueModel>>{
           {"8 actions",
            [] {
              ValueModel m = cell_policy(2);
              m.num_actions = 8;
              m.layers.back().outputs = 8;
              m.layers.back().weights.resize(8), m.layers.back().bias.resize(8);
              return m;
            }()},
           {"3 players", three},
           {"a value model", read_model(std::string(NURAGHE_SOURCE_DIR) + "/tests/models/tictactoe-mlp.json")}}) {
    const std::string& what = named.first;
    const ValueModel& model = named.second;
    CAPTURE(what);
    search::SearchConfig cfg;
    cfg.algorithm = search::Algorithm::Uct;
    cfg.prior = search::Prior::Model;
    cfg.policy = &model;
    search::Mcts<TicTacToe> mcts(cfg, false);
    Rng rng(1);
    CHECK_THROWS_AS(mcts.search(RootState<TicTacToe>{root}, 0, 2, false, rng), InputError);
  }
  // A results header names the policy's file and hash, as it does a value model's.
  CHECK(model_paths({"uct:prior=" + policy.path + ",cutoff=leaf,eval=" + value.path, "uct:prior=heuristic"}) ==
        std::vector<std::string>{policy.path, value.path});
}

TEST_CASE("policy priors: a policy model steers every search mode to the move it favours") {
  // X (cells 0, 1) can win at 2; O (3, 4) threatens 5. The example policy puts e^4 / (e^4 + 4) =
  // 93% of its mass on cell 2 here. With it, every mode plays 2 after a handful of iterations.
  const TicTacToe::State s = position({0, 3, 1, 4});
  for (const std::string mode : {"uct", "cheat-uct", "ismcts", "mo-ismcts", "pimc"}) {
    CAPTURE(mode);
    const std::string extra = mode == "pimc" ? ",dets=2" : "";
    auto bot = make_bot<TicTacToe>(mode + ":iters=6,prior=" + kExample + extra, 3);
    bot->start(0);
    CHECK(bot->choose(InfoSet<TicTacToe>(s, 0)) == Move(2));
    auto* searcher = dynamic_cast<MctsBot<TicTacToe>*>(bot.get());
    REQUIRE(searcher);
    CHECK_FALSE(searcher->last_result().moves.empty());
  }
}

TEST_CASE("policy priors: with the example policy, PUCT finds the winning move in fewer iterations than UCB") {
  // The same tactic at budgets of 3 to 40 iterations, 20 seeds each: the smallest budget at which
  // every seed plays the win, with the example policy and without a prior.
  const TicTacToe::State s = position({0, 3, 1, 4});
  const auto wins_at = [&](const std::string& spec, int iters) {
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      auto bot = make_bot<TicTacToe>("uct:iters=" + std::to_string(iters) + spec, seed);
      bot->start(0);
      if (bot->choose(InfoSet<TicTacToe>(s, 0)) != Move(2)) return false;
    }
    return true;
  };
  const auto budget = [&](const std::string& spec) {
    for (int iters = 3; iters <= 40; ++iters)
      if (wins_at(spec, iters)) return iters;
    return 41;
  };
  const int with_prior = budget(",prior=" + kExample), without = budget("");
  CAPTURE(with_prior);
  CAPTURE(without);
  CHECK(with_prior < without);
}

// The no-peeking property of a prior, directly: at two states of one information set of the mover,
// its priors over the mover's moves are the same. A policy model reads the mover's observation,
// which is the same there; a prior that reads the other seat's hidden card is caught.
namespace {

// Kuhn poker with an observation that peeks: seat p's observation is written from the other
// seat's view, which holds the other seat's card. A deliberately wrong game, for the test only.
struct PeekingKuhn : Kuhn {
  static void observation(const State& s, Player p, float* out) { Kuhn::observation(s, 1 - p, out); }
};

ValueModel kuhn_policy() {
  ValueModel m;
  m.game = "kuhn";
  m.players = 2;
  const Kuhn::State s = Kuhn::initial(GameConfig{});
  m.observation_size = Kuhn::observation_size(s);
  m.kind = ModelKind::Logistic;
  m.target = "visits";
  m.num_actions = 2;
  for (int i = 0; i < m.observation_size; ++i) {
    m.features.push_back(i);
    m.mean.push_back(0.0f);
    m.scale.push_back(1.0f);
  }
  ValueModel::Layer layer{m.observation_size, 2, {}, {0.0f, 0.0f}};
  for (int o = 0; o < 2; ++o)
    for (int i = 0; i < m.observation_size; ++i) layer.weights.push_back(float((o + 1) * (i % 5) - 2) * 0.7f);
  m.layers.push_back(layer);
  return m;
}

// Whether the priors of the mover's moves are equal at every pair of states of one information set
// of the mover: every deal of Kuhn against every other with the mover's card the same.
template <Game G>
bool priors_see_only_the_mover(const ValueModel& policy) {
  search::SearchConfig cfg;
  cfg.prior = search::Prior::Model;
  cfg.policy = &policy;
  const search::Evaluator<G> evaluator(cfg);
  const auto priors = [&](const typename G::State& s) {
    typename G::MoveList legal;
    s.legal_moves(legal);
    std::vector<double> p(legal.size());
    Rng rng(1);
    evaluator.priors(s, s.to_move(), legal.begin(), int(legal.size()), p.data(), rng);
    return p;
  };
  bool same = true;
  int pairs = 0;
  for (std::uint64_t a = 1; a < 60; ++a)
    for (std::uint64_t b = a + 1; b < 60; ++b) {
      GameConfig ca, cb;
      ca.seed = a, cb.seed = b;
      typename G::State sa = G::initial(ca), sb = G::initial(cb);
      for (const Move first : {Move(0), Move(1)}) {  // at the opening and after either first action
        for (int depth = 0; depth < 2; ++depth) {
          if (sa == sb || sa.to_move() == kTerminal) break;
          const Player mover = sa.to_move();
          if (sa.view_hash(mover) == sb.view_hash(mover)) {
            ++pairs;
            same = same && priors(sa) == priors(sb);
          }
          sa.apply(first), sb.apply(first);
        }
        sa = G::initial(ca), sb = G::initial(cb);
      }
    }
  REQUIRE(pairs > 10);
  return same;
}

}  // namespace

TEST_CASE("no peeking: a policy model's priors are the same across the mover's information set") {
  const ValueModel policy = kuhn_policy();
  CHECK(priors_see_only_the_mover<Kuhn>(policy));
  // The same check fails a prior that reads the other seat's card.
  CHECK_FALSE(priors_see_only_the_mover<PeekingKuhn>(policy));
}
