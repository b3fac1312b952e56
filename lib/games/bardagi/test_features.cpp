// Bardagi's features of a seat's view and the evaluation's parts (features.hpp, heuristic.hpp;
// docs/rules-bardagi.md, "Features"): their names, and their values at setup and on positions
// changed by hand. The invariant suite checks that they read nothing the seat cannot see.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "games/bardagi/bardagi.hpp"
#include "games/bardagi/features.hpp"
#include "games/bardagi/heuristic.hpp"
#include "games/bardagi/test_helpers.hpp"
#include "invariants.hpp"

using namespace nuraghe;
using namespace nuraghe::bardagi;
using namespace nuraghe::bardagi::test;

using nuraghe::testing::feature_of;
using nuraghe::testing::features_of;

namespace {

// The first area of a kind on the board.
int first_of(const State& s, AreaKind kind) {
  const Board& b = s.board();
  for (int a = 0; a < b.num_areas; ++a)
    if (b.kind[std::size_t(a)] == kind) return a;
  return -1;
}

}  // namespace

TEST_CASE("features: a name each, none twice, 33 a seat, 3 more and one an area") {
  for (const bool winter : {false, true})
    for (int n = 2; n <= (winter ? 3 : kMaxSeats); ++n) {
      CAPTURE(winter);
      CAPTURE(n);
      const State s = start(n, winter);
      const std::vector<std::string> names = feature_names(s);
      CHECK(int(names.size()) == feature_count(s));
      CHECK(std::set<std::string>(names.begin(), names.end()).size() == names.size());
      CHECK(feature_count(s) == 33 * n + 3 + s.board().num_areas);
      CHECK(names.front() == "seat+0.score");
      CHECK(names.back() == "area." + s.board().area_id[std::size_t(s.board().num_areas - 1)] + ".hold");
      for (Player p = 0; p < n; ++p) {
        const std::vector<float> f = features_of<Bardagi>(s, p);
        CHECK(std::all_of(f.begin(), f.end(), [](float x) { return std::isfinite(x); }));  // every one written
      }
    }
}

TEST_CASE("features: at setup, every seat has 1 gold and 1 rune, 6 disks on each building, nothing owned") {
  const State s = start(3);
  for (Player p = 0; p < 3; ++p)
    for (int k = 0; k < 3; ++k) {
      const std::string seat = "seat+" + std::to_string(k) + ".";
      CHECK(feature_of<Bardagi>(s, p, seat + "gold") == 1);
      CHECK(feature_of<Bardagi>(s, p, seat + "runes") == 1);
      CHECK(feature_of<Bardagi>(s, p, seat + "building.virki") == 6);
      CHECK(feature_of<Bardagi>(s, p, seat + "areas.town") == 0);
      CHECK(feature_of<Bardagi>(s, p, seat + "margin") == 0);  // every seat alike
    }
  CHECK(feature_of<Bardagi>(s, 0, "rounds_left") == s.rounds - 1);
  CHECK(feature_of<Bardagi>(s, 0, "eval.share") == doctest::Approx(1.0 / 3));
}

TEST_CASE("features: an area owned shows in its kind, its disks and its hold, from each seat's side") {
  State s = start(3, false, 2);
  const int town = first_of(s, AreaKind::Town);
  REQUIRE(town >= 0);
  s.owned[1] |= bit(town);
  s.disks[std::size_t(town)] = 2;
  const std::string hold = "area." + s.board().area_id[std::size_t(town)] + ".hold";
  CHECK(feature_of<Bardagi>(s, 1, "seat+0.areas.town") == 1);
  CHECK(feature_of<Bardagi>(s, 0, "seat+1.areas.town") == 1);  // seat 1, one after seat 0
  CHECK(feature_of<Bardagi>(s, 2, "seat+2.areas.town") == 1);  // seat 1, two after seat 2
  CHECK(feature_of<Bardagi>(s, 1, "seat+0.disks_on_areas") == 2);
  CHECK(feature_of<Bardagi>(s, 1, hold) == 2);
  CHECK(feature_of<Bardagi>(s, 0, hold) == -2);
  CHECK(feature_of<Bardagi>(s, 2, hold) == -2);
  // The evaluation ranks seat 1 first, and its parts say why.
  const Evaluation e = evaluation(s);
  CHECK(e.claim_income[1] > e.claim_income[0]);
  CHECK(feature_of<Bardagi>(s, 1, "seat+0.claim_income") == float(e.claim_income[1]));
  CHECK(feature_of<Bardagi>(s, 1, "seat+0.margin") > 0);
  CHECK(feature_of<Bardagi>(s, 0, "seat+0.margin") < 0);
  CHECK(feature_of<Bardagi>(s, 1, "eval.share") == float(evaluate(s)[1]));
}

TEST_CASE("features: the areas a seat's land units stand on or border, barbarian and another seat's") {
  State s = start(2, false, 3);
  const Board& b = s.board();
  // Seat 0's units stand on its home; every ownable neighbour of it is barbarian at setup.
  const int home = s.unit_area[0][0];
  std::uint64_t ownable_next = 0;
  for (std::uint64_t n = b.neighbours[std::size_t(home)]; n; n &= n - 1) {
    const int a = std::countr_zero(n);
    if (ownable(b.kind[std::size_t(a)])) ownable_next |= bit(a);
  }
  REQUIRE(ownable_next != 0);
  CHECK(feature_of<Bardagi>(s, 0, "seat+0.reach.barbarian") == std::popcount(ownable_next));
  CHECK(feature_of<Bardagi>(s, 0, "seat+0.reach.enemy") == 0);
  // One of them taken by seat 1: one barbarian area fewer, one enemy area more.
  const int taken = std::countr_zero(ownable_next);
  s.owned[1] |= bit(taken);
  s.disks[std::size_t(taken)] = 1;
  CHECK(feature_of<Bardagi>(s, 0, "seat+0.reach.barbarian") == std::popcount(ownable_next) - 1);
  CHECK(feature_of<Bardagi>(s, 0, "seat+0.reach.enemy") == 1);
  CHECK(feature_of<Bardagi>(s, 1, "seat+1.reach.enemy") == 1);  // seat 0 seen by seat 1
}

TEST_CASE("evaluation: its parts add up to the projection, and its shares are what evaluate returns") {
  State s = start(3, false, 4);
  s.villages[2].gold += 4;
  s.villages[0].storage[0] = 3;
  const Evaluation e = evaluation(s);
  for (int p = 0; p < 3; ++p) {
    CAPTURE(p);
    const auto q = std::size_t(p);
    CHECK(e.projected[q] == e.score[p] + e.claims_left[q] * e.claim_income[q] + e.holdings[q]);
    CHECK(e.claims_left[q] == s.rounds - s.round + 1);  // before any claim: this round's and each later one
  }
  CHECK(e.scale == 6.0 + 3.0 * (s.rounds - s.round + 1));
  CHECK(e.share == evaluate(s));
  CHECK(e.holdings[0] > e.holdings[1]);  // three meat in storage
}
