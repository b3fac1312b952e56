// The claim and the rulebook's examples of it (Rulings: "The claim").
#include <doctest/doctest.h>

#include <algorithm>

#include "games/bardagi/state.hpp"
#include "games/bardagi/test_helpers.hpp"

using namespace nuraghe::bardagi;
using namespace nuraghe::bardagi::test;

TEST_CASE(
    "claim, the rulebook's example: Blue's 7 areas with the Kaupmadur and a Divine Powers rune on the gold mine") {
  // "Blue owns 7 areas ... 7 glory points. ... 1 stone. From the area with the gold mine he first
  // gains 2 gold as normal, then he gets 1 extra resource for his Kaupmadur standing there, plus
  // more for the Divine Rune ... 1 wood ... 1 iron. From the area where he can choose either hide
  // or meat, he takes meat. The Godi on an area gives 1 extra recruit ... and finally he can choose
  // either meat or wool from the new area. The 7th area not shown was 1 wood."
  State s = start(2, false, 17);
  const Board& b = s.board();
  const auto first_of = [&](AreaKind k, int skip = 0) {
    std::uint64_t m = b.of_kind[std::size_t(k)];
    for (int i = 0; i < skip; ++i) m &= m - 1;
    return std::countr_zero(m);
  };
  const int quarry = first_of(AreaKind::Quarry), mine = first_of(AreaKind::GoldMine),
            forest = first_of(AreaKind::Forest), iron = first_of(AreaKind::IronMine),
            cattle = first_of(AreaKind::Cattle), sheep = first_of(AreaKind::Sheep),
            forest2 = first_of(AreaKind::Forest, 1);
  for (const int a : {quarry, mine, forest, iron, cattle, sheep, forest2}) {
    s.owned[1] |= bit(a);
    s.disks[std::size_t(a)] = 1;
    --s.villages[1].pile;
  }
  s.runes[std::size_t(mine)] = 1 << int(Rune::DivinePowers);
  s.unit_area[1][std::size_t(Unit::Kaupmadur)] = std::uint8_t(mine);
  s.unit_area[1][std::size_t(Unit::Godi)] = std::uint8_t(sheep);
  s.villages[1].gold = 0;
  s.villages[1].disks[1] = 5;  // room on Hof for the recruit
  s.phase = Phase::Claim;
  s.start_player = 1;
  s.begin_claim(1);
  const Village& v = s.villages[1];
  CHECK(v.glory == 7);
  CHECK(v.storage[std::size_t(Resource::Stone)] == 1);
  CHECK(v.storage[std::size_t(Resource::Timber)] == 2);
  CHECK(v.storage[std::size_t(Resource::Iron)] == 1);
  CHECK(v.gold == 2 + 1 + 1);
  CHECK(v.recruits == 1);
  // The choices, in area order: the sheep's and the cattle's.
  REQUIRE(s.to_move() == 1);
  CHECK(s.claim_step == State::ClaimStep::Yields);
  const int chosen_first = std::min(sheep, cattle);
  CHECK(s.claim_cursor == chosen_first);
  s.apply(make_move(MoveKind::Yield, chosen_first | 1 << 6));  // meat
  s.apply(make_move(MoveKind::Yield, std::max(sheep, cattle) | 1 << 6));
  CHECK(v.storage[std::size_t(Resource::Meat)] == 2);
  // No camp, no Axes; the recruit: "He keeps his 1 recruit on his village".
  CHECK(s.claim_step == State::ClaimStep::PlaceRecruits);
  MoveList moves;
  s.legal_moves(moves);
  CHECK(moves.contains(make_move(MoveKind::PlaceRecruit, int(Building::Hof))));
  s.apply(make_move(MoveKind::End));
  CHECK(v.recruits == 1);
  CHECK(s.to_move() == 0);  // the next seat's claim
}

TEST_CASE(
    "claim, the rulebook's example: \"Blue places 1 Axe token on the new area he just claimed, as extra defence\"") {
  // Blue (seat 1) holds an Axe token in the village and has just claimed an area; he places the Axe
  // there and keeps his recruit in the village ("in case his Knerrir sets out to overtake new
  // harbours").
  State s = start(2, false, 17);
  const Board& b = s.board();
  const int forest = std::countr_zero(b.of_kind[std::size_t(AreaKind::Forest)]);
  s.owned[1] |= bit(forest);
  s.disks[std::size_t(forest)] = 1;
  --s.villages[1].pile;
  s.villages[1].axes = 1;
  s.unit_area[1][std::size_t(Unit::Kaupmadur)] =  // on a barbarian area: no extra resource to choose
      std::uint8_t(std::countr_zero(b.of_kind[std::size_t(AreaKind::Sheep)]));
  --s.axes_pile;
  s.phase = Phase::Upgrades;
  s.start_player = 1;
  s.turn = 1;
  s.start_claim();
  REQUIRE(s.to_move() == 1);
  REQUIRE(s.claim_step == State::ClaimStep::PlaceAxes);
  REQUIRE(legal(s, make_move(MoveKind::PlaceAxe, forest)));
  s.apply(make_move(MoveKind::PlaceAxe, forest));
  CHECK(s.axes[std::size_t(forest)] == 1);
  CHECK(s.villages[1].axes == 0);
  // The Axe is defence: 2 Virki disks more for an attacking Berserkur.
  CHECK(s.axes_cost(forest) == kAxeDefence);
}

TEST_CASE("claim: runes change yields (Double, No resources, Theirs are yours); camps sell Axes; storage holds 5") {
  State s = start(2, false, 19);
  const Board& b = s.board();
  const int mine = std::countr_zero(b.of_kind[std::size_t(AreaKind::GoldMine)]);
  const int quarry = std::countr_zero(b.of_kind[std::size_t(AreaKind::Quarry)]);
  const int forest = std::countr_zero(b.of_kind[std::size_t(AreaKind::Forest)]);
  const int camp = std::countr_zero(b.of_kind[std::size_t(AreaKind::Camp)]);
  for (const int a : {mine, quarry, forest, camp}) s.owned[0] |= bit(a), s.disks[std::size_t(a)] = 1;
  s.villages[0].pile = std::uint8_t(s.villages[0].pile - 4);
  s.runes[std::size_t(mine)] = 1 << int(Rune::Double);
  s.runes[std::size_t(quarry)] = 1 << int(Rune::NoResources);
  s.runes[std::size_t(forest)] = 1 << int(Rune::TheirsAreYours);
  s.thief[std::size_t(forest)] = 2;  // seat 1's
  --s.villages[1].pile;
  s.villages[0].storage[std::size_t(Resource::Stone)] = 5;
  s.villages[0].gold = 0;
  for (auto& a : s.unit_area[0]) a = std::uint8_t(s.board().home[0]);
  for (auto& a : s.unit_area[1]) a = std::uint8_t(s.board().home[1]);
  s.phase = Phase::Claim;
  s.begin_claim(0);
  CHECK(s.villages[0].gold == 4);  // x2
  CHECK(s.villages[0].storage[std::size_t(Resource::Stone)] == 5);
  CHECK(s.villages[0].storage[std::size_t(Resource::Timber)] == 0);  // it is seat 1's
  CHECK(s.villages[0].glory == 4);                                   // the forest is still seat 0's: its glory too
  // The Kaupmadur at home adds any one resource or a gold: a choice.
  REQUIRE(s.claim_step == State::ClaimStep::Extra);
  MoveList moves;
  s.legal_moves(moves);
  CHECK(moves.size() == 7);
  s.apply(make_move(MoveKind::Extra, int(Resource::Stone)));  // a sixth stone is lost
  CHECK(s.villages[0].storage[std::size_t(Resource::Stone)] == 5);
  // One camp: at most one Axe, 1 gold.
  REQUIRE(s.claim_step == State::ClaimStep::BuyAxes);
  s.legal_moves(moves);
  CHECK(moves.size() == 2);
  s.apply(make_move(MoveKind::BuyAxes, 1));
  CHECK(s.villages[0].gold == 3);
  CHECK(s.axes_pile == 19);
  REQUIRE(s.claim_step == State::ClaimStep::PlaceAxes);
  s.apply(make_move(MoveKind::PlaceAxe, mine));
  CHECK(s.axes[std::size_t(mine)] == 1);
  // Seat 1 gets the forest's timber.
  while (s.to_move() == 0) {
    s.legal_moves(moves);
    s.apply(moves[0]);
  }
  REQUIRE(s.to_move() == 1);
  CHECK(s.villages[1].storage[std::size_t(Resource::Timber)] == 1);
  CHECK(s.villages[1].glory == 0);
}
