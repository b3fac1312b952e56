// The attack step by step and the rulebook's example; an area won is overtaken (Rulings: "The attack, step by step").
#include <doctest/doctest.h>

#include "games/bardagi/state.hpp"
#include "games/bardagi/test_helpers.hpp"

using namespace nuraghe::bardagi;
using namespace nuraghe::bardagi::test;

TEST_CASE("attack, the rulebook's example: 3 disks against 3, one to claim, two more as defence; Virki empty") {
  // "Blue discards 3 disks from his Virki and Yellow must remove her 3 disks from her area. Blue
  // places one disk, taken from Virki, on the new area. In addition, he places two more disks as
  // extra defence. His Virki now has no disks."
  State s = battlefield(3);
  const int a = area_of_battle(s);
  REQUIRE(legal(s, make_move(MoveKind::Attack)));
  s.apply(make_move(MoveKind::Attack));
  CHECK(s.cards_left[std::size_t(Unit::Berserkur)] == 1);  // the whole attack is one card
  CHECK(s.owner_of(a) == -1);                              // the disks are gone: barbarian for now
  CHECK(s.villages[0].disks[0] == 3);
  CHECK(s.villages[1].pile == 22);  // "All disks are returned to players' disk piles"
  CHECK(s.villages[0].pile == 22 + 3);
  MoveList moves;
  s.legal_moves(moves);
  CHECK(moves.size() == 2);                // continue or stop, nothing else mid-attack
  s.apply(make_move(MoveKind::Continue));  // claim
  CHECK(s.owner_of(a) == 0);
  CHECK(s.disks[std::size_t(a)] == 1);
  s.apply(make_move(MoveKind::Continue));
  s.apply(make_move(MoveKind::Continue));  // two more for defence
  CHECK(s.disks[std::size_t(a)] == 3);
  CHECK(s.villages[0].disks[0] == 0);
  CHECK(s.defender == -1);  // Virki is empty: the attack is over
  CHECK(s.attacks[0] == 1);
  CHECK(legal(s, make_unit_move(MoveKind::Idle, Unit::Berserkur)));
}

TEST_CASE(
    "attack: the defender's Berserkur (4, he goes home and is down), each Axe (2), the disks and a Defence rune (+1)") {
  State s = battlefield(2);
  const int a = area_of_battle(s);
  s.unit_area[1][std::size_t(Unit::Berserkur)] = std::uint8_t(a);
  s.axes[std::size_t(a)] = 2;
  s.axes_pile = 18;
  s.runes[std::size_t(a)] = std::uint8_t(1 << int(Rune::Defence));
  s.villages[0].disks[0] = 3;
  CHECK(!legal(s, make_move(MoveKind::Attack)));  // 4 for the Berserkur first
  s.villages[0].cap[0] = 12;
  s.villages[0].disks[0] = 12;
  s.apply(make_move(MoveKind::Attack));
  CHECK(s.unit_area[1][std::size_t(Unit::Berserkur)] == s.board().home[1]);
  CHECK(s.is_down(1));
  CHECK(s.villages[1].disks[0] == 2);  // "defender removes 4 disks ... from his Virki"
  CHECK(s.villages[0].disks[0] == 8);
  CHECK(s.axes[std::size_t(a)] == 2);
  s.apply(make_move(MoveKind::Continue));  // an Axe
  CHECK(s.axes[std::size_t(a)] == 1);
  CHECK(s.axes_pile == 19);
  CHECK(s.villages[0].disks[0] == 6);
  s.apply(make_move(MoveKind::Continue));  // the other
  CHECK(s.axes[std::size_t(a)] == 0);
  CHECK(s.villages[0].disks[0] == 4);
  s.apply(make_move(MoveKind::Continue));  // 2 disks + 1 for the Defence rune
  CHECK(s.villages[0].disks[0] == 1);
  CHECK(s.owner_of(a) == -1);
  CHECK(s.runes[std::size_t(a)] == 1 << int(Rune::Defence));  // runes stay with the area
  s.apply(make_move(MoveKind::Stop));                         // removals stand; the area stays barbarian
  CHECK(s.owner_of(a) == -1);
  CHECK(s.defender == -1);
  CHECK(!legal(s, make_move(MoveKind::Attack)));  // nobody's area: overtake it instead
  CHECK(legal(s, make_unit_move(MoveKind::Overtake, Unit::Berserkur)));
}

TEST_CASE("attack: it ends by itself when Virki cannot pay the next step; the strong Berserkur costs 6") {
  State s = battlefield(3);
  const int a = area_of_battle(s);
  s.unit_area[1][std::size_t(Unit::Berserkur)] = std::uint8_t(a);
  s.villages[0].disks[0] = 5;
  s.apply(make_move(MoveKind::Attack));  // 4 for the Berserkur; 1 left, the 3 disks cost 3
  CHECK(s.defender == -1);
  CHECK(s.owner_of(a) == 1);
  CHECK(s.villages[0].disks[0] == 1);
  // Against the strong Berserkur (virki-strong-berserkur) the first step costs 6.
  State t = battlefield(1);
  t.unit_area[1][std::size_t(Unit::Berserkur)] = std::uint8_t(area_of_battle(t));
  t.villages[1].upgrades = 1u << t.tiles().tile("virki-strong-berserkur");
  t.villages[0].disks[0] = 5;
  CHECK(!legal(t, make_move(MoveKind::Attack)));  // 5 would beat the plain Berserkur's 4
  t.villages[0].disks[0] = 6;
  REQUIRE(legal(t, make_move(MoveKind::Attack)));  // the first step alone is an attack too
  t.apply(make_move(MoveKind::Attack));
  CHECK(t.villages[0].disks[0] == 0);
  CHECK(t.is_down(1));
}

TEST_CASE("attack: only on another player's area, never one's own or a barbarian one; a Berserkur sent home cannot") {
  State s = battlefield(1);
  CHECK(legal(s, make_move(MoveKind::Attack)));
  State own = s;
  own.owned[1] = 0;
  own.owned[0] |= bit(area_of_battle(s));
  CHECK(!legal(own, make_move(MoveKind::Attack)));
  State barbarian = s;
  barbarian.owned[1] = 0;
  CHECK(!legal(barbarian, make_move(MoveKind::Attack)));
  s.berserkur_down = 1;
  CHECK(!legal(s, make_move(MoveKind::Attack)));
}

// Rulings: "An area won by an attack is overtaken": "each area you overtake" counts every area the player
// came to own this round, a won attack included (the rulebook calls taking an area from another player
// overtaking it).
TEST_CASE("glory-per-overtake: an area won by an attack counts as overtaken") {
  State s = battlefield(1);
  const int a = area_of_battle(s);
  s.overtakes[0] = 1;                    // a barbarian area overtaken before
  s.apply(make_move(MoveKind::Attack));  // 1 disk against 1: the area is left barbarian
  REQUIRE(s.defender >= 0);
  s.apply(make_move(MoveKind::Continue));  // claimed
  REQUIRE(s.owner_of(a) == 0);
  CHECK(s.overtakes[0] == 2);
  CHECK(s.attacks[0] == 1);
  // At the claim the tile pays 1 glory for each.
  State c = s;
  c.villages[0].upgrades = 1u << c.tiles().tile("virki-glory-per-overtake");
  c.phase = Phase::Upgrades;
  c.turn = c.start_player;
  c.defender = -1;
  c.start_claim();
  CHECK(c.villages[0].glory_from[std::size_t(GlorySource::GloryPerOvertake)] == 2);
}
