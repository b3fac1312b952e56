// The activation: moves, overtakes, refills, cards played; the rulebook's example (Rulings: "Rounds and activations").
#include <doctest/doctest.h>

#include <vector>

#include "games/bardagi/state.hpp"
#include "games/bardagi/test_helpers.hpp"

using namespace nuraghe::bardagi;
using namespace nuraghe::bardagi::test;

namespace {
// Areas within `steps` land steps of `from`, never through or into a home but `from` (the board's
// own distance table, computed apart from the rules).
std::uint64_t within(const Board& b, int from, int steps) {
  std::uint64_t out = 0;
  for (int a = 0; a < b.num_areas; ++a)
    if (a != from && b.distance[std::size_t(from)][std::size_t(a)] <= steps && !b.is_home(a)) out |= bit(a);
  return out;
}
}  // namespace

TEST_CASE("move: two steps a card from home over barbarian land; never into a home") {
  const State s = activating(make_selection({2, 2, 2, 0}));
  const Board& b = s.board();
  const int home = b.home[0];
  for (const Unit u : {Unit::Berserkur, Unit::Godi, Unit::Kaupmadur}) {
    CHECK(s.reachable(u) == within(b, home, 2));
    CHECK((s.reachable(u) & b.homes) == 0);
  }
  CHECK(within(b, home, 2) != within(b, home, 1));
}

TEST_CASE("move: steps inside a group of own areas cost 1 together") {
  State s = activating(make_selection({2, 2, 2, 0}));
  const Board& b = s.board();
  const int home = b.home[0];
  // A chain of own areas leading away from home, each a step further: back from an area 4 steps
  // away with a neighbour 5 steps away, which one card reaches only if the chain's run costs 1.
  const auto steps_from_home = [&](int a) { return int(b.distance[std::size_t(home)][std::size_t(a)]); };
  int far = -1, beyond = -1;
  for (int a = 0; a < b.num_areas && far < 0; ++a) {
    if (b.is_home(a) || steps_from_home(a) != 4) continue;
    for (std::uint64_t n = b.neighbours[std::size_t(a)]; n && far < 0; n &= n - 1)
      if (!b.is_home(std::countr_zero(n)) && steps_from_home(std::countr_zero(n)) == 5)
        far = a, beyond = std::countr_zero(n);
  }
  REQUIRE(far >= 0);
  std::vector<int> chain = {far};
  while (b.distance[std::size_t(home)][std::size_t(chain.back())] > 1) {
    int back = -1;
    for (std::uint64_t n = b.neighbours[std::size_t(chain.back())]; n && back < 0; n &= n - 1) {
      const int a = std::countr_zero(n);
      if (!b.is_home(a) &&
          b.distance[std::size_t(home)][std::size_t(a)] + 1 == b.distance[std::size_t(home)][std::size_t(chain.back())])
        back = a;
    }
    REQUIRE(back >= 0);
    chain.push_back(back);
  }
  REQUIRE(chain.size() == 4);
  CHECK(!((s.reachable(Unit::Kaupmadur) >> far) & 1));
  for (const int a : chain) s.owned[0] |= bit(a), s.disks[std::size_t(a)] = 1;
  // Home and the chain are one group: one step for the run to its far end, one more beyond it.
  std::uint64_t expected = 0;
  for (const int a : chain) expected |= bit(a);
  for (const int a : chain) expected |= b.neighbours[std::size_t(a)] & ~b.homes;
  expected |= within(b, home, 2);
  expected &= ~bit(home);
  CHECK(s.reachable(Unit::Kaupmadur) == expected);
  CHECK(((s.reachable(Unit::Kaupmadur) >> far) & 1));
  // The group's run is one step: the area next to the chain's end, 5 steps from home, is in reach;
  // an area 6 steps away, or 5 steps away but not next to the chain, is not.
  CHECK(((s.reachable(Unit::Kaupmadur) >> beyond) & 1));
  REQUIRE(legal(s, make_unit_move(MoveKind::MoveUnit, Unit::Kaupmadur, beyond)));
  for (int a = 0; a < b.num_areas; ++a) {
    const bool next_to_chain = (expected >> a) & 1;
    if (!b.is_home(a) && steps_from_home(a) >= 5 && !next_to_chain)
      CHECK(!legal(s, make_unit_move(MoveKind::MoveUnit, Unit::Kaupmadur, a)));
  }
  // Another seat's areas are no group of seat 0's.
  State theirs = s;
  for (const int a : chain) theirs.owned[0] &= ~bit(a), theirs.owned[1] |= bit(a);
  CHECK(theirs.reachable(Unit::Kaupmadur) == within(b, home, 2));
}

TEST_CASE("move: a Godi never enters or crosses an area holding another player's Godi; next to him is fine") {
  State s = activating(make_selection({2, 2, 2, 0}));
  const Board& b = s.board();
  const int home = b.home[0];
  const int blocked = std::countr_zero(b.neighbours[std::size_t(home)] & ~b.homes);
  s.unit_area[1][std::size_t(Unit::Godi)] = std::uint8_t(blocked);
  const std::uint64_t godi = s.reachable(Unit::Godi);
  CHECK(!((godi >> blocked) & 1));
  CHECK(!legal(s, make_unit_move(MoveKind::MoveUnit, Unit::Godi, blocked)));
  CHECK(legal(s, make_unit_move(MoveKind::MoveUnit, Unit::Kaupmadur, blocked)));  // others may stand with him
  // Exactly the areas with a path of at most 2 steps that avoids his area (and every home).
  const std::uint64_t first = b.neighbours[std::size_t(home)] & ~b.homes & ~bit(blocked);
  std::uint64_t expected = first;
  for (std::uint64_t n = first; n; n &= n - 1) expected |= b.neighbours[std::size_t(std::countr_zero(n))];
  expected &= ~b.homes & ~bit(blocked);
  CHECK(godi == expected);
  // Both kinds are on the board: an area only reached across him (the Kaupmadur's card reaches
  // it), and an area next to him reached around him.
  const std::uint64_t behind = within(b, home, 2) & ~expected & ~bit(blocked);
  const std::uint64_t beside = expected & b.neighbours[std::size_t(blocked)];
  REQUIRE(behind != 0);
  REQUIRE(beside != 0);
  CHECK(!legal(s, make_unit_move(MoveKind::MoveUnit, Unit::Godi, std::countr_zero(behind))));
  CHECK(legal(s, make_unit_move(MoveKind::MoveUnit, Unit::Kaupmadur, std::countr_zero(behind))));
  CHECK(legal(s, make_unit_move(MoveKind::MoveUnit, Unit::Godi, std::countr_zero(beside))));
}

TEST_CASE("move: never into another colour's home, a player's or an unused colour's; one's own is fine") {
  // Seat 0's units next to seat 1's home, and on Summer with 2 players next to green's, unused.
  State s = activating(make_selection({2, 2, 2, 0}));
  const Board& b = s.board();
  for (const int target : {int(b.home[1]), int(b.home[std::size_t(Colour::Green)])}) {
    CAPTURE(target);
    const int next_to = std::countr_zero(b.neighbours[std::size_t(target)] & ~b.homes);
    for (auto& a : s.unit_area[0]) a = std::uint8_t(next_to);
    for (const Unit u : {Unit::Berserkur, Unit::Godi, Unit::Kaupmadur}) {
      CHECK(!((s.reachable(u) >> target) & 1));
      CHECK(!legal(s, make_unit_move(MoveKind::MoveUnit, u, target)));
    }
    // Nor across it: what a card reaches is what 2 steps reach around every home (seat 0's own is
    // too far away to matter here).
    REQUIRE(b.distance[std::size_t(b.home[0])][std::size_t(next_to)] > 2);
    CHECK(s.reachable(Unit::Kaupmadur) == within(b, next_to, 2));
  }
  // Back home from next to it: one's own home is no other colour's.
  const int next_home = std::countr_zero(b.neighbours[std::size_t(b.home[0])] & ~b.homes);
  s.unit_area[0][std::size_t(Unit::Godi)] = std::uint8_t(next_home);
  CHECK(legal(s, make_unit_move(MoveKind::MoveUnit, Unit::Godi, b.home[0])));
}

TEST_CASE(
    "overtake: 1 disk; a Town 2 (one discarded); a Camp 3 by the Berserkur only, 2 Axes; never a sacred location") {
  State s = activating(make_selection({2, 2, 2, 0}));
  const Board& b = s.board();
  const auto first_of = [&](AreaKind k) { return std::countr_zero(b.of_kind[std::size_t(k)]); };
  // A sheep area: one disk from the unit's building, placed there.
  State t = s;
  t.unit_area[0][std::size_t(Unit::Godi)] = std::uint8_t(first_of(AreaKind::Sheep));
  REQUIRE(legal(t, make_unit_move(MoveKind::Overtake, Unit::Godi)));
  t.apply(make_unit_move(MoveKind::Overtake, Unit::Godi));
  CHECK(t.villages[0].disks[std::size_t(Building::Hof)] == 5);
  CHECK(t.villages[0].pile == 22);
  CHECK(t.owner_of(first_of(AreaKind::Sheep)) == 0);
  CHECK(t.disks[std::size_t(first_of(AreaKind::Sheep))] == 1);
  CHECK(t.cards_left[std::size_t(Unit::Godi)] == 1);
  CHECK(!legal(t, make_unit_move(MoveKind::Overtake, Unit::Godi)));  // owned now
  // A Town: two disks, one discarded back beside the board.
  t = s;
  t.unit_area[0][std::size_t(Unit::Kaupmadur)] = std::uint8_t(first_of(AreaKind::Town));
  t.apply(make_unit_move(MoveKind::Overtake, Unit::Kaupmadur));
  CHECK(t.villages[0].disks[std::size_t(Building::Verslun)] == 4);
  CHECK(t.villages[0].pile == 23);
  // A Camp: not by the Godi or the Kaupmadur; the Berserkur pays 3 and takes 2 Axe tokens.
  t = s;
  const int camp = first_of(AreaKind::Camp);
  for (auto& a : t.unit_area[0]) a = std::uint8_t(camp);
  CHECK(!legal(t, make_unit_move(MoveKind::Overtake, Unit::Godi)));
  CHECK(!legal(t, make_unit_move(MoveKind::Overtake, Unit::Kaupmadur)));
  // Nor by the Knerrir, however many recruits ("Camp never": a board file may give a Camp a harbour).
  t.villages[0].recruits = 5;
  t.knerrir_harbour[0] = std::int8_t(camp);
  CHECK(!t.may_overtake(Unit::Knerrir));
  t.knerrir_harbour[0] = std::int8_t(first_of(AreaKind::Sheep));
  CHECK(t.may_overtake(Unit::Knerrir));
  t.knerrir_harbour[0] = -1;
  t.villages[0].disks[0] = 2;
  CHECK(!legal(t, make_unit_move(MoveKind::Overtake, Unit::Berserkur)));  // "at least 3 disks available at Virki"
  t.villages[0].disks[0] = 3;
  t.apply(make_unit_move(MoveKind::Overtake, Unit::Berserkur));
  CHECK(t.villages[0].disks[0] == 0);
  CHECK(t.villages[0].pile == 24);
  CHECK(t.villages[0].axes == 2);
  CHECK(t.axes_pile == 18);
  // Sacred locations, homes and another player's areas are never overtaken.
  t = s;
  t.unit_area[0][std::size_t(Unit::Godi)] = std::uint8_t(first_of(AreaKind::Sacred));
  CHECK(!legal(t, make_unit_move(MoveKind::Overtake, Unit::Godi)));
  t.unit_area[0][std::size_t(Unit::Godi)] = std::uint8_t(b.home[0]);
  CHECK(!legal(t, make_unit_move(MoveKind::Overtake, Unit::Godi)));
  t.unit_area[0][std::size_t(Unit::Godi)] = std::uint8_t(first_of(AreaKind::Forest));
  t.owned[1] |= bit(first_of(AreaKind::Forest));
  CHECK(!legal(t, make_unit_move(MoveKind::Overtake, Unit::Godi)));
  // No disk on the building, no overtake.
  t.owned[1] = 0;
  t.villages[0].disks[std::size_t(Building::Hof)] = 0;
  CHECK(!legal(t, make_unit_move(MoveKind::Overtake, Unit::Godi)));
}

TEST_CASE("refill: 4 of the building's resource, up to 6 disks within the cap; the Kaupmadur refills any buildings") {
  State s = activating(make_selection({2, 2, 2, 0}));
  const auto virki = make_unit_move(MoveKind::Refill, Unit::Berserkur, 1 << int(Building::Virki));
  CHECK(!legal(s, virki));  // no meat, and Virki is full
  s.villages[0].storage[std::size_t(Resource::Meat)] = 5;
  CHECK(!legal(s, virki));  // full: nothing to add
  s.villages[0].disks[0] = 2;
  REQUIRE(legal(s, virki));
  CHECK(!legal(s, make_unit_move(MoveKind::Refill, Unit::Berserkur, 1 << int(Building::Hof))));  // not his building
  State t = s;
  t.apply(virki);
  CHECK(t.villages[0].disks[0] == 6);  // the cap
  CHECK(t.villages[0].storage[std::size_t(Resource::Meat)] == 1);
  CHECK(t.villages[0].pile == 22 - 4);
  // The Kaupmadur: Virki and Hof with one card, 4 meat and 4 wool.
  s.villages[0].disks[1] = 0;
  s.villages[0].storage[std::size_t(Resource::Wool)] = 4;
  const auto both = make_unit_move(MoveKind::Refill, Unit::Kaupmadur, 0b011);
  REQUIRE(legal(s, both));
  CHECK(!legal(s, make_unit_move(MoveKind::Refill, Unit::Kaupmadur, 0b111)));  // no hide, Verslun full
  t = s;
  t.apply(both);
  CHECK(t.villages[0].disks[0] == 6);
  CHECK(t.villages[0].disks[1] == 6);
  CHECK(t.villages[0].storage[std::size_t(Resource::Wool)] == 0);
  CHECK(t.villages[0].pile == 22 - 4 - 6);
  // The disks beside the board run out: a refill adds what is left.
  s.villages[0].pile = 3;
  t = s;
  t.apply(virki);
  CHECK(t.villages[0].disks[0] == 5);
  CHECK(t.villages[0].pile == 0);
  // A Berserkur sent home acts again once Virki is refilled.
  s.berserkur_down = 1;
  CHECK(!legal(s, make_unit_move(MoveKind::Overtake, Unit::Berserkur)));
  MoveList moves;
  s.legal_moves(moves);
  for (const auto m : moves) CHECK(!(kind_of(m) == MoveKind::MoveUnit && unit_of(m) == Unit::Berserkur));
  s.apply(virki);
  CHECK(!s.is_down(0));
}

TEST_CASE("activation: every card is played, for an action or none; then end; the seats follow from the start player") {
  State s = start(3, false, 4);
  s.start_player = 1;
  nuraghe::JointMove joint{};
  for (int p = 0; p < 3; ++p) joint[std::size_t(p)] = make_move(MoveKind::Select, make_selection({0, 0, 0, 6}));
  joint[1] = make_move(MoveKind::Select, make_selection({1, 0, 0, 5}));
  s.apply_joint(joint);
  CHECK(s.to_move() == 1);
  CHECK(!legal(s, make_move(MoveKind::End)));
  CHECK(!legal(s, make_unit_move(MoveKind::Idle, Unit::Godi)));  // no Godi card selected
  for (int i = 0; i < 5; ++i) s.apply(make_unit_move(MoveKind::Idle, Unit::Knerrir));
  CHECK(!legal(s, make_unit_move(MoveKind::Idle, Unit::Knerrir)));
  s.apply(make_unit_move(MoveKind::Idle, Unit::Berserkur));
  MoveList moves;
  s.legal_moves(moves);
  CHECK(moves.size() == 2);  // end, or the Kaupmadur's free home action (he is at home)
  CHECK(moves.contains(make_move(MoveKind::End)));
  CHECK(moves.contains(make_move(MoveKind::Home)));
  s.apply(make_move(MoveKind::End));
  CHECK(s.to_move() == 2);
  CHECK(s.cards_left[std::size_t(Unit::Knerrir)] == 6);
  for (int i = 0; i < 6; ++i) s.apply(make_unit_move(MoveKind::Idle, Unit::Knerrir));
  s.apply(make_move(MoveKind::End));
  CHECK(s.to_move() == 0);
  for (int i = 0; i < 6; ++i) s.apply(make_unit_move(MoveKind::Idle, Unit::Knerrir));
  s.apply(make_move(MoveKind::End));
  CHECK(s.phase == Phase::Upgrades);  // after the seat before the start player
  CHECK(s.to_move() == 1);
}

TEST_CASE(
    "move: a Berserkur stays on an enemy area with Axes only by fighting them, 2 Virki disks an Axe (4 upgraded)") {
  State s = activating(make_selection({2, 2, 2, 0}));
  const Board& b = s.board();
  const int target = std::countr_zero(b.neighbours[std::size_t(b.home[0])] & ~b.homes);
  s.owned[1] |= bit(target);
  s.disks[std::size_t(target)] = 1;
  s.axes[std::size_t(target)] = 2;
  s.axes_pile = 18;
  const auto there = make_unit_move(MoveKind::MoveUnit, Unit::Berserkur, target);
  s.villages[0].disks[0] = 3;
  CHECK(!legal(s, there));
  CHECK(legal(s, make_unit_move(MoveKind::MoveUnit, Unit::Godi, target)));  // others just stand there
  s.villages[0].disks[0] = 4;
  REQUIRE(legal(s, there));
  State t = s;
  t.apply(there);
  CHECK(t.villages[0].disks[0] == 0);
  CHECK(t.axes[std::size_t(target)] == 0);
  CHECK(t.axes_pile == 20);
  CHECK(t.owner_of(target) == 1);  // the Axes are beaten, the area is still theirs
  // The defender's hof-axes-four tile: 4 disks an Axe.
  s.villages[1].upgrades = 1u << s.tiles().tile("hof-axes-four");
  CHECK(!legal(s, there));
  s.villages[0].disks[0] = 8;
  CHECK(legal(s, there));
}

TEST_CASE(
    "activation, the rulebook's example: Blue refills Virki for 4 meat, moves to the gold mine, casts a rune there and "
    "claims a harbour with the Knerrir") {
  // "Blue uses one Kaupmadur card to refill his disks on Virki by discarding 4 meat, then his 2nd
  // Kaupmadur card to move the Kaupmadur to the gold mine to the left of his village. Blue now uses
  // his Godi card to cast a Rune on his gold mine. The 6th card is a Knerrir card and that is used
  // to claim a harbour." On Winter, where a gold mine is one card from home (docs/rules-bardagi.md),
  // Blue is seat 1 and starts the round. Virki is empty (as after the rulebook's attack, his first
  // cards); he owns the gold mine (the claim example's Divine Powers is there) and a harbour, and
  // his Knerrir lies at a barbarian harbour of an isle, the Berserkur aboard.
  State s = start(2, true, 29);
  const Board& b = s.board();
  const auto home = std::size_t(b.home[1]);
  const int mine = b.area("gold-pass"), harbour = b.area("flint-ness"), own_harbour = b.area("snow-downs");
  REQUIRE(b.kind[std::size_t(mine)] == AreaKind::GoldMine);
  REQUIRE(b.point[std::size_t(mine)].x < b.point[home].x);  // to the left of his village
  REQUIRE(b.distance[home][std::size_t(mine)] == 2);
  REQUIRE(b.has_harbour(harbour));
  REQUIRE(b.kind[std::size_t(harbour)] == AreaKind::Quarry);
  s.start_player = 1;
  nuraghe::JointMove joint{};
  joint[0] = make_move(MoveKind::Select, make_selection({0, 0, 0, 6}));
  joint[1] = make_move(MoveKind::Select, make_selection({2, 1, 2, 1}));
  s.apply_joint(joint);
  REQUIRE(s.to_move() == 1);
  Village& v = s.villages[1];
  v.disks[std::size_t(Building::Virki)] = 0;
  v.pile = std::uint8_t(v.pile + 6);
  v.storage[std::size_t(Resource::Meat)] = 4;
  for (const int a : {mine, own_harbour}) s.owned[1] |= bit(a), s.disks[std::size_t(a)] = 1, --v.pile;
  v.runes = {};
  v.runes[std::size_t(Rune::DivinePowers)] = 1;
  v.recruits = 0;
  s.knerrir_harbour[1] = std::int8_t(harbour);
  s.aboard[1] = 1 << int(Unit::Berserkur);
  const int pile = v.pile;
  // Without a recruit the Knerrir claims nothing; without 4 meat there is no Virki refill.
  CHECK(!legal(s, make_unit_move(MoveKind::Overtake, Unit::Knerrir)));
  v.recruits = 1;
  const auto refill_virki = make_unit_move(MoveKind::Refill, Unit::Kaupmadur, 1 << int(Building::Virki));
  v.storage[std::size_t(Resource::Meat)] = 3;
  CHECK(!legal(s, refill_virki));
  v.storage[std::size_t(Resource::Meat)] = 4;

  // 1st Kaupmadur card: Virki refilled, 6 disks from beside the board, for the 4 meat.
  REQUIRE(legal(s, refill_virki));
  s.apply(refill_virki);
  CHECK(v.disks[std::size_t(Building::Virki)] == 6);
  CHECK(v.storage[std::size_t(Resource::Meat)] == 0);
  CHECK(v.pile == pile - 6);
  CHECK(s.cards_left[std::size_t(Unit::Kaupmadur)] == 1);
  // 2nd Kaupmadur card: to the gold mine, two steps.
  const auto to_mine = make_unit_move(MoveKind::MoveUnit, Unit::Kaupmadur, mine);
  REQUIRE(legal(s, to_mine));
  s.apply(to_mine);
  CHECK(s.unit_area[1][std::size_t(Unit::Kaupmadur)] == mine);
  CHECK(s.cards_left[std::size_t(Unit::Kaupmadur)] == 0);
  // The Godi card: a Divine Powers rune on the gold mine, for a Hof disk (back beside the board).
  const auto cast = make_move(MoveKind::CastRune, int(Rune::DivinePowers) | mine << 3);
  REQUIRE(legal(s, cast));
  s.apply(cast);
  CHECK(s.runes[std::size_t(mine)] == 1 << int(Rune::DivinePowers));
  CHECK(v.runes[std::size_t(Rune::DivinePowers)] == 0);
  CHECK(v.disks[std::size_t(Building::Hof)] == 5);
  CHECK(v.pile == pile - 6 + 1);
  CHECK(s.cards_left[std::size_t(Unit::Godi)] == 0);
  CHECK(s.casts_left == 0);  // no rune left for a second
  // The Knerrir card: the harbour is Blue's, the recruit its disk.
  const auto claim = make_unit_move(MoveKind::Overtake, Unit::Knerrir);
  REQUIRE(legal(s, claim));
  s.apply(claim);
  CHECK(s.owner_of(harbour) == 1);
  CHECK(s.disks[std::size_t(harbour)] == 1);
  CHECK(v.recruits == 0);
  CHECK(v.pile == pile - 6 + 1);  // the recruit is on the area: nothing discarded
  CHECK(s.cards_left[std::size_t(Unit::Knerrir)] == 0);
  CHECK(s.overtakes[1] == 1);
  CHECK(s.knerrir_harbour[1] == harbour);  // the Berserkur is aboard: it stays
  // The Berserkur's two cards (the rulebook's attack) are left; then Red's activation.
  CHECK(!legal(s, make_move(MoveKind::End)));
  s.apply(make_unit_move(MoveKind::Idle, Unit::Berserkur));
  s.apply(make_unit_move(MoveKind::Idle, Unit::Berserkur));
  s.apply(make_move(MoveKind::End));
  CHECK(s.to_move() == 0);
  CHECK(std::popcount(s.owned[1]) == 3);
}
