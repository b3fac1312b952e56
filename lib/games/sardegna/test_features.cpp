// Sardegna's features of a seat's view and the evaluation's parts (features.hpp;
// docs/rules-sardegna.md, "Features"): their names, and their values on the rulebook's worked
// example (pages 8-9) and on positions built by hand. The invariant suite checks that they read
// nothing the seat cannot see.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "core/value_model.hpp"
#include "games/sardegna/features.hpp"
#include "games/sardegna/sardegna.hpp"
#include "games/sardegna/test_helpers.hpp"
#include "invariants.hpp"

using namespace nuraghe;
using namespace nuraghe::sardegna::test;

using nuraghe::testing::feature_of;
using nuraghe::testing::features_of;

namespace {

// The worked example of pages 8-9 before yellow's Sentinel (test_scoring.cpp plays it): seats 0
// yellow, 1 blue, 2 purple, 3 green; fort card 6 face up first, then 17.
S worked_example() {
  S s = empty_game(4);
  const int A = 4, B = 3, C = 2;
  villagers(s, 1, A, 1);
  fort(s, 2, 6);
  village(s, 0, B);
  ship(s, 0, 7);
  fort(s, 0, 2);
  villagers(s, 2, B, 2);
  villagers(s, 3, B, 3);
  village(s, 1, C);
  fort(s, 1, 1);
  villagers(s, 0, C, 1);
  row_card(s, 0, 6);
  row_card(s, 1, 17);
  return s;
}

}  // namespace

TEST_CASE("features: a name each, none twice, fifteen a seat and fourteen more") {
  for (int n = 2; n <= SG::kMaxPlayers; ++n) {
    CAPTURE(n);
    const S s = empty_game(n);
    const std::vector<std::string> names = SG::feature_names(s);
    CHECK(int(names.size()) == SG::feature_count(s));
    CHECK(std::set<std::string>(names.begin(), names.end()).size() == names.size());
    CHECK(SG::feature_count(s) == 15 * n + 14);
    CHECK(names.front() == "seat+0.score");
    CHECK(names.back() == "fort_next.province_3.influence_lead");
    for (Player p = 0; p < n; ++p) {
      const std::vector<float> f = features_of<SG>(s, p);
      CHECK(std::none_of(f.begin(), f.end(), [](float x) { return std::isnan(x); }));  // every one written
    }
  }
}

TEST_CASE("features: the worked example's fort, pages 8-9, as yellow and as blue see it") {
  const S s = worked_example();
  // The fort's points are what the Sentinel then scores (test_scoring.cpp): yellow 6, blue 7,
  // purple 7, green 2. Seats are counted from the viewer.
  CHECK(feature_of<SG>(s, 0, "seat+0.fort_now") == 6);
  CHECK(feature_of<SG>(s, 0, "seat+1.fort_now") == 7);
  CHECK(feature_of<SG>(s, 0, "seat+2.fort_now") == 7);
  CHECK(feature_of<SG>(s, 0, "seat+3.fort_now") == 2);
  CHECK(feature_of<SG>(s, 1, "seat+0.fort_now") == 7);  // blue's own
  CHECK(feature_of<SG>(s, 1, "seat+3.fort_now") == 6);  // yellow, three seats after blue
  CHECK(feature_of<SG>(s, 0, "fort_now.lead") == 6 - 7);
  CHECK(feature_of<SG>(s, 1, "fort_now.lead") == 0);  // blue ties purple
  CHECK(feature_of<SG>(s, 3, "fort_now.lead") == 2 - 7);
  // Fort space 6's provinces in id order: Anglona (C), Nurra (B), Logudoro (A); it has three, so
  // the fourth slot is 0. Yellow: C 2 against blue's 3, B 4 against 3, A 0 against 1.
  CHECK(feature_of<SG>(s, 0, "fort_now.province_0.influence_lead") == -1);
  CHECK(feature_of<SG>(s, 0, "fort_now.province_1.influence_lead") == 1);
  CHECK(feature_of<SG>(s, 0, "fort_now.province_2.influence_lead") == -1);
  CHECK(feature_of<SG>(s, 0, "fort_now.province_3.influence_lead") == 0);
  // Blue: C 3 against yellow's 2, B 0 against yellow's 4, A 1 against purple's 1.
  CHECK(feature_of<SG>(s, 1, "fort_now.province_0.influence_lead") == 1);
  CHECK(feature_of<SG>(s, 1, "fort_now.province_1.influence_lead") == -4);
  CHECK(feature_of<SG>(s, 1, "fort_now.province_2.influence_lead") == 0);
  // Pieces in supply: yellow has a villager, a village, a fort and a ship out, its priest home.
  CHECK(feature_of<SG>(s, 0, "seat+0.villagers_left") == 4);
  CHECK(feature_of<SG>(s, 0, "seat+0.villages_left") == 3);
  CHECK(feature_of<SG>(s, 0, "seat+0.forts_left") == 2);
  CHECK(feature_of<SG>(s, 0, "seat+0.ships_left") == 1);
  CHECK(feature_of<SG>(s, 0, "seat+0.priest_left") == 1);
  CHECK(feature_of<SG>(s, 0, "seat+2.villagers_left") == 3);  // purple: two villagers out
  CHECK(feature_of<SG>(s, 0, "seat+0.cards_in_hand") == 7);
  CHECK(feature_of<SG>(s, 0, "seat+0.sentinel_in_hand") == 1);
  CHECK(feature_of<SG>(s, 0, "scorings_left") == 11);
  CHECK(feature_of<SG>(s, 0, "tokens_left") == 16);
}

TEST_CASE("evaluation: its parts are the evaluation's, and its shares are what evaluate returns") {
  const S s = worked_example();
  const sardegna::Evaluation e = sardegna::evaluation(s);
  int next[SG::kMaxPlayers] = {};
  s.fort_points(s.face_up(1), next);
  for (int p = 0; p < 4; ++p) {
    CAPTURE(p);
    CHECK(e.fort_next[std::size_t(p)] == next[p]);
    CHECK(e.projected[std::size_t(p)] == e.fort_now[std::size_t(p)] + 0.5 * next[p]);  // no points yet
    double best_other = -1e9;
    for (int o = 0; o < 4; ++o)
      if (o != p) best_other = std::max(best_other, e.projected[std::size_t(o)]);
    CHECK(e.margin[std::size_t(p)] == e.projected[std::size_t(p)] - best_other);
    CHECK(feature_of<SG>(s, p, "seat+0.margin") == float(e.margin[std::size_t(p)]));
    CHECK(feature_of<SG>(s, p, "eval.share") == float(e.share[std::size_t(p)]));
  }
  CHECK(e.scale == 4 + 2 * 11);
  CHECK(e.share == SG::evaluate(s));
  // The shares rank the seats as the margins do.
  for (int p = 0; p < 4; ++p)
    for (int o = 0; o < 4; ++o)
      if (e.margin[std::size_t(p)] > e.margin[std::size_t(o)]) CHECK(e.share[std::size_t(p)] > e.share[std::size_t(o)]);
}

TEST_CASE("features: the harvest to come, page 5: a villager on a ship's coast reaches its token") {
  S s = empty_game(2);
  // Nurra (3) touches harbour 7 (Alghero): a villager there with a ship in the harbour may harvest.
  CHECK(feature_of<SG>(s, 0, "seat+0.harvestable") == 0);
  CHECK(feature_of<SG>(s, 0, "seat+0.harvest_best") == 0);
  villagers(s, 0, 3, 1);
  ship(s, 0, 7);
  token(s, 3, SG::kOlive);
  CHECK(feature_of<SG>(s, 0, "seat+0.harvestable") == 1);
  CHECK(feature_of<SG>(s, 0, "seat+0.harvest_best") == 1);  // the first olive scores 1
  s.harvested[0][SG::kOlive] = 2;
  CHECK(feature_of<SG>(s, 0, "seat+0.harvest_best") == 3);  // the third scores 3
  CHECK(feature_of<SG>(s, 0, "seat+0.harvested") == 2);
  CHECK(feature_of<SG>(s, 1, "seat+1.harvest_best") == 3);  // the same seat, seen by the other
  CHECK(feature_of<SG>(s, 1, "seat+0.harvestable") == 0);
}

// A learned model that reads the features (learn --inputs features or both) sees them where the
// layout puts them: after the observation with `both`, alone with `features`, the evaluation's
// logit last. On the worked example, a model of one column, the seat's own fort points, gives each
// seat sigmoid(w (fort_now - 5) / 2), normalised over the seats, as the search takes it.
TEST_CASE("learned values: a model of the features reads them where its layout says") {
  const S s = worked_example();
  const std::vector<std::string> names = SG::feature_names(s);
  const int column = int(std::find(names.begin(), names.end(), "seat+0.fort_now") - names.begin());
  const int observation = SG::observation_size(s);
  const double fort[] = {6, 7, 7, 2};  // yellow, blue, purple, green (the test above)
  for (const ModelInputs inputs : {ModelInputs::Features, ModelInputs::Both}) {
    for (const bool evaluate_input : {false, true}) {
      CAPTURE(int(inputs));
      CAPTURE(evaluate_input);
      ValueModel m;
      m.game = "sardegna", m.players = 4, m.observation_size = observation, m.kind = ModelKind::Logistic;
      m.inputs = inputs, m.feature_names = names, m.evaluate_input = evaluate_input;
      const InputLayout layout = m.layout();
      CHECK(layout.observation == (inputs == ModelInputs::Both ? observation : 0));
      m.features = {layout.observation + column};
      m.mean = {5.0f}, m.scale = {2.0f};
      m.layers.push_back({1, 1, {0.5f}, {0.0f}});
      REQUIRE(model_mismatch(m, model_fit_of<SG>(s, Json::object(), "")).empty());
      ModelEvaluator evaluator(m);
      std::vector<float> input(std::size_t(m.input_size()));
      const Values v = learned_values<SG>(evaluator, s, input.data());
      double value[4], sum = 0;
      for (int p = 0; p < 4; ++p) sum += value[p] = 1 / (1 + std::exp(-0.5 * (fort[p] - 5) / 2));
      for (int p = 0; p < 4; ++p) CHECK(v[p] == doctest::Approx(value[p] / sum).epsilon(1e-6));
      // The input of the last seat written: its features where the layout puts them, its
      // observation before them with `both`, the evaluation's logit last.
      std::vector<float> seen(std::size_t(SG::feature_count(s)));
      SG::features(s, 3, seen.data());
      CHECK(std::equal(seen.begin(), seen.end(), input.begin() + layout.observation));
      if (inputs == ModelInputs::Both) {
        std::vector<float> obs(static_cast<std::size_t>(observation));
        SG::observation(s, 3, obs.data());
        CHECK(std::equal(obs.begin(), obs.end(), input.begin()));
      }
      if (evaluate_input) CHECK(input.back() == evaluate_logit(SG::evaluate(s)[3]));
    }
  }
  // The game's features renamed since the model was fitted: refused.
  ValueModel m;
  m.game = "sardegna", m.players = 4, m.observation_size = observation, m.inputs = ModelInputs::Features;
  m.feature_names = names;
  m.feature_names[std::size_t(column)] = "seat+0.fort";
  CHECK(model_mismatch(m, model_fit_of<SG>(s, Json::object(), "")).find("\"seat+0.fort\" in the model") !=
        std::string::npos);
}
