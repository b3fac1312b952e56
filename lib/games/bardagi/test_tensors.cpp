// Bardagi's action and observation vectors (docs/rules-bardagi.md, "Action and observation
// vectors"); the invariant suite checks the contract along random games.
#include <doctest/doctest.h>

#include <algorithm>
#include <vector>

#include "games/bardagi/bardagi.hpp"
#include "games/bardagi/test_helpers.hpp"

using namespace nuraghe;
using namespace nuraghe::bardagi;
using nuraghe::bardagi::test::start;

namespace {

std::vector<float> observation(const State& s, Player p) {
  std::vector<float> out(std::size_t(Bardagi::observation_size(s)));
  Bardagi::observation(s, p, out.data());
  return out;
}

}  // namespace

TEST_CASE("tensors: every move of the board numbered once, the selections first") {
  const State s = start(2);
  CHECK(Bardagi::num_actions(s) == 3207);
  CHECK(Bardagi::num_actions(start(5)) == 3207);        // the seats change no action
  CHECK(Bardagi::num_actions(start(2, true)) == 2520);  // Winter: other areas and harbours
  CHECK(Bardagi::observation_size(s) == 1776);
  // The 84 selections of 6 cards, then the 149 of 8, then the land units' moves.
  CHECK(Bardagi::action_move(s, 0) == make_move(MoveKind::Select, make_selection({0, 0, 0, 6})));
  CHECK(Bardagi::action_index(s, make_move(MoveKind::Select, make_selection({6, 2, 0, 0}))) == 84 + 148);
  CHECK(Bardagi::action_move(s, 84 + 149) == make_unit_move(MoveKind::MoveUnit, Unit::Berserkur, 0));
  // The moves of the tiles come after every other, so that the numbers before them stay: the last
  // recruit placement is still 2801, then a Godi card as a Berserkur card, ..., the free runes.
  CHECK(Bardagi::action_move(s, 2801) == make_move(MoveKind::PlaceRecruit, kBuildings - 1));
  CHECK(Bardagi::action_move(s, 2802) == with_card(make_unit_move(MoveKind::MoveUnit, Unit::Berserkur, 0), Unit::Godi));
  const int areas = s.board().num_areas;
  CHECK(Bardagi::action_move(s, Bardagi::num_actions(s) - 1) ==
        make_move(MoveKind::CastRune, (kRuneKinds - 1) | (areas - 1) << 3 | kFreeRune));
  for (int a = 0; a < Bardagi::num_actions(s); ++a) CHECK(Bardagi::action_index(s, Bardagi::action_move(s, a)) == a);
}

TEST_CASE("tensors: a seat observes its runes and its selection; the others' only once shown") {
  State s = start(2, false, 3);
  // At planning: seat 1's rune of another kind is seen by seat 1 only.
  State rune = s;
  auto& runes = rune.villages[1].runes;
  const auto held = std::size_t(std::find_if(runes.begin(), runes.end(), [](int r) { return r > 0; }) - runes.begin());
  REQUIRE(held < runes.size());
  --runes[held], ++runes[(held + 1) % runes.size()];
  CHECK(observation(rune, 0) == observation(s, 0));
  CHECK(observation(rune, 1) != observation(s, 1));
  // After planning, seat 0 (the start player) activates: its selection is shown, seat 1's is not.
  JointMove joint{};
  joint[0] = make_move(MoveKind::Select, make_selection({2, 2, 1, 1}));
  joint[1] = make_move(MoveKind::Select, make_selection({0, 0, 0, 6}));
  s.apply_joint(joint);
  REQUIRE(s.to_move() == 0);
  State other = s;
  other.selection[1] = make_selection({6, 0, 0, 0});
  CHECK(observation(other, 0) == observation(s, 0));
  CHECK(observation(other, 1) != observation(s, 1));
  other = s;
  other.selection[0] = make_selection({6, 0, 0, 0});
  other.cards_left = {6, 0, 0, 0};
  CHECK(observation(other, 1) != observation(s, 1));
}
