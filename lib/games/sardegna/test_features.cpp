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
