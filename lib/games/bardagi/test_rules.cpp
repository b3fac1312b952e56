// Bardagi's rules (issue 13), case by case on crafted positions: setup, planning, the activation's
// moves, attacks, the Knerrir, trade, strengthening, runes, the rulebook's examples, upgrades, the
// claim and the end; then random games on both sides that keep every disk and Axe token. (Rulings: "Title")
// names the reading of docs/rules-bardagi.md that a case checks.
#include <doctest/doctest.h>

#include <algorithm>
#include <functional>
#include <optional>
#include <set>
#include <vector>

#include "games/bardagi/state.hpp"
#include "games/bardagi/test_helpers.hpp"

using namespace nuraghe::bardagi;
using namespace nuraghe::bardagi::test;

TEST_CASE("rounds: 10 / 9 / 8 / 7 for 2 / 3 / 4 / 5 players, two fewer in the short game; 6 cards, 8 from round 5") {
  for (int n = 2; n <= 5; ++n) {
    CHECK(start(n).rounds == 12 - n);
    CHECK(start(n, false, 1, true).rounds == 10 - n);
  }
  for (int r = 1; r <= 4; ++r) CHECK(cards_in_round(r) == 6);
  for (int r = 5; r <= 10; ++r) CHECK(cards_in_round(r) == 8);
}

TEST_CASE("setup: disks, gold, one rune, units at home, the Knerrir on the player board, seat 0 starts") {
  for (const bool winter : {false, true})
    for (int n = 2; n <= (winter ? 3 : 5); ++n) {
      CAPTURE(winter);
      CAPTURE(n);
      const State s = start(n, winter, 7);
      const Board& b = s.board();
      int runes_dealt = 0;
      for (int p = 0; p < n; ++p) {
        const auto q = std::size_t(p);
        const Village& v = s.villages[q];
        for (int k = 0; k < kBuildings; ++k) {
          CHECK(v.disks[std::size_t(k)] == 6);  // "6 disks are placed on Verslun ... Virki ... Hof"
          CHECK(v.cap[std::size_t(k)] == 6);    // "Maximum amount on building = 6"
        }
        CHECK(v.pile == 40 - 18);  // "disks (x 40)"
        CHECK(v.gold == 1);        // "1 small (1 gold) coin"
        int runes = 0;
        for (const auto r : v.runes) runes += r;
        CHECK(runes == 1);  // "1 token at random"
        runes_dealt += runes;
        CHECK(v.recruits == 0);
        CHECK(v.axes == 0);
        CHECK(v.glory == 0);
        CHECK(v.upgrades == 0);
        for (const auto a : s.unit_area[q]) CHECK(a == b.home[q]);  // "on your coloured location"
        CHECK(s.knerrir_route[q] == -1);                            // "Knerrir is placed on the harbour"
        CHECK(s.owned[q] == 0);
      }
      CHECK(s.rune_size == 48 - runes_dealt);
      CHECK(s.axes_pile == 20);
      CHECK(s.round == 1);
      CHECK(s.start_player == 0);
      CHECK(s.phase == Phase::Planning);
      CHECK(s.to_move() == nuraghe::kSimultaneous);
    }
}

TEST_CASE("setup: the upgrade stacks hold every tile once per copy; 2 small + 1 large face up (2-3), 3 + 2 (4-5)") {
  for (int n = 2; n <= 5; ++n) {
    CAPTURE(n);
    const State s = start(n, false, 11);
    const Tiles& tiles = s.tiles();
    std::array<int, kMaxTiles> seen{};
    for (int k = 0; k < kStacks; ++k) {
      const TileSize size = TileSize(k & 1);
      const Building building = Building(k / 2);
      int up = 0;
      for (const auto t : s.visible[std::size_t(k)])
        if (t != State::kNoTile) {
          ++up, ++seen[t];
          CHECK(tiles.tiles[t].size == size);
          CHECK(tiles.tiles[t].building == building);
        }
      CHECK(up == (size == TileSize::Small ? (n <= 3 ? 2 : 3) : (n <= 3 ? 1 : 2)));
      for (int i = 0; i < s.stack_size[std::size_t(k)]; ++i) {
        const auto t = s.stacks[std::size_t(k)][std::size_t(i)];
        ++seen[t];
        CHECK(tiles.tiles[t].size == size);
        CHECK(tiles.tiles[t].building == building);
      }
      CHECK(up + s.stack_size[std::size_t(k)] == (size == TileSize::Small ? 10 : 5));
    }
    for (int t = 0; t < tiles.num_tiles; ++t) CHECK(seen[std::size_t(t)] == tiles.tiles[std::size_t(t)].copies);
  }
}

TEST_CASE("setup: the seed shuffles the runes and the stacks; the same seed gives the same state") {
  CHECK(start(3, false, 5) == start(3, false, 5));
  int differ = 0;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const State a = start(3, false, seed), b = start(3, false, seed + 100);
    differ += a.rune_pile != b.rune_pile || a.visible != b.visible;
  }
  CHECK(differ == 10);
}

TEST_CASE("planning: 84 selections of 6 cards and 149 of 8, each count at most 6, none twice") {
  for (const auto& [n, expected] : {std::pair{6, 84}, std::pair{8, 149}}) {
    std::array<Selection, kMaxLegalMoves> all;
    const int count = State::selections(n, all);
    CHECK(count == expected);
    std::set<Selection> distinct;
    for (int i = 0; i < count; ++i) {
      const Selection sel = all[std::size_t(i)];
      distinct.insert(sel);
      CHECK(cards_of(sel) == n);
      for (int u = 0; u < kUnits; ++u) CHECK(count_of(sel, Unit(u)) <= kCardsPerUnit);
    }
    CHECK(int(distinct.size()) == count);
  }
}

TEST_CASE("planning: every seat selects at once; the selections are kept and the start player activates first") {
  State s = start(4, false, 3);
  MoveList moves;
  for (int p = 0; p < 4; ++p) {
    s.legal_moves(p, moves);
    CHECK(moves.size() == 84);
  }
  s.round = 5;
  s.legal_moves(2, moves);
  CHECK(moves.size() == 149);
  s.round = 1;
  s.start_player = 2;
  nuraghe::JointMove joint{};
  const std::array<Selection, 4> chosen = {make_selection({6, 0, 0, 0}), make_selection({1, 2, 3, 0}),
                                           make_selection({0, 0, 0, 6}), make_selection({2, 2, 1, 1})};
  for (int p = 0; p < 4; ++p) joint[std::size_t(p)] = make_move(MoveKind::Select, chosen[std::size_t(p)]);
  s.apply_joint(joint);
  for (int p = 0; p < 4; ++p) CHECK(s.selection[std::size_t(p)] == chosen[std::size_t(p)]);
  CHECK(s.phase == Phase::Activation);
  CHECK(s.to_move() == 2);
}

namespace {
// A 2-player Summer game at seat 0's activation with the given selection.
State activating(Selection seat0, int players = 2) {
  State s = start(players, false, 9);
  nuraghe::JointMove joint{};
  joint[0] = make_move(MoveKind::Select, seat0);
  for (int p = 1; p < players; ++p) joint[std::size_t(p)] = make_move(MoveKind::Select, make_selection({0, 0, 0, 6}));
  s.apply_joint(joint);
  REQUIRE(s.to_move() == 0);
  return s;
}

// Areas within `steps` land steps of `from`, never through or into a home but `from` (the board's
// own distance table, computed apart from the rules).
std::uint64_t within(const Board& b, int from, int steps) {
  std::uint64_t out = 0;
  for (int a = 0; a < b.num_areas; ++a)
    if (a != from && b.distance[std::size_t(from)][std::size_t(a)] <= steps && !b.is_home(a)) out |= bit(a);
  return out;
}

bool legal(const State& s, nuraghe::Move m) {
  MoveList moves;
  s.legal_moves(moves);
  return moves.contains(m);
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

namespace {
// Seat 0's Berserkur on an area of seat 1's holding `defence` disks, seat 0 to act with 2 cards.
State battlefield(int defence) {
  State s = activating(make_selection({2, 2, 2, 0}));
  const Board& b = s.board();
  const int area = std::countr_zero(b.of_kind[std::size_t(AreaKind::Forest)] & ~b.homes);
  s.owned[1] |= bit(area);
  s.disks[std::size_t(area)] = std::uint8_t(defence);
  s.villages[1].pile = std::uint8_t(s.villages[1].pile - defence);
  s.unit_area[0][std::size_t(Unit::Berserkur)] = std::uint8_t(area);
  return s;
}
int area_of_battle(const State& s) { return s.unit_area[0][std::size_t(Unit::Berserkur)]; }
}  // namespace

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

namespace {
// Seat 0 (red) on Winter at its activation with `knerrir` Knerrir cards and 2 of each land unit.
State winter_sailing(int knerrir) {
  State s = start(2, true, 5);
  nuraghe::JointMove joint{};
  joint[0] = make_move(MoveKind::Select, make_selection({2, 2, 2 - knerrir, knerrir}));
  joint[1] = make_move(MoveKind::Select, make_selection({0, 0, 0, 6}));
  REQUIRE(cards_of(Selection(field_of(joint[0]))) == 6);
  s.apply_joint(joint);
  return s;
}
int area(const State& s, std::string_view id) { return s.board().area(id); }
}  // namespace

TEST_CASE("Knerrir: no launch before an own harbour area; then 3 squares a card, a square a decision") {
  State s = winter_sailing(2);
  CHECK(!legal(s, make_move(MoveKind::Launch, area(s, "fir-wood"))));  // not owned: only an idle card
  CHECK(legal(s, make_unit_move(MoveKind::Idle, Unit::Knerrir)));
  const int fir = area(s, "fir-wood"), visby = area(s, "visby");
  s.owned[0] |= bit(fir);
  s.disks[std::size_t(fir)] = 1;
  REQUIRE(legal(s, make_move(MoveKind::Launch, fir)));
  s.apply(make_move(MoveKind::Launch, fir));
  CHECK(s.cards_left[std::size_t(Unit::Knerrir)] == 1);
  CHECK(s.knerrir_harbour[0] == fir);
  CHECK(s.squares_left == 3);
  // Mid-move only sailing, boarding and leaving, or anchoring: no other card.
  MoveList moves;
  s.legal_moves(moves);
  for (const auto m : moves) {
    const MoveKind k = kind_of(m);
    CHECK((k == MoveKind::Toward || k == MoveKind::Anchor || k == MoveKind::Board || k == MoveKind::Leave));
  }
  CHECK(legal(s, make_move(MoveKind::Toward, visby)));                   // visby~fir-wood, 2 squares
  CHECK(legal(s, make_move(MoveKind::Toward, area(s, "flint-ness"))));   // flint-ness~fir-wood, 5
  CHECK(!legal(s, make_move(MoveKind::Toward, area(s, "snow-downs"))));  // no route from here
  s.apply(make_move(MoveKind::Toward, visby));
  CHECK(s.knerrir_route[0] >= 0);  // at sea
  CHECK(s.knerrir_harbour[0] == -1);
  s.apply(make_move(MoveKind::Toward, visby));
  CHECK(s.knerrir_harbour[0] == visby);  // in harbour, one square left
  CHECK(s.squares_left == 1);
  // The square is lost; empty in harbour, it stays (Rulings: "An empty Knerrir waits at its harbour").
  s.apply(make_move(MoveKind::Anchor));
  CHECK(s.squares_left == 0);
  CHECK(s.knerrir_harbour[0] == visby);
}

TEST_CASE("Knerrir: units board and leave for free; a unit aboard is on no area; it may stop at sea between cards") {
  State s = winter_sailing(2);
  const int fir = area(s, "fir-wood"), visby = area(s, "visby"), snow = area(s, "snow-downs");
  s.owned[0] |= bit(fir);
  s.disks[std::size_t(fir)] = 1;
  s.unit_area[0][std::size_t(Unit::Kaupmadur)] = std::uint8_t(fir);
  s.apply(make_move(MoveKind::Launch, fir));
  const int cards = s.cards_left[std::size_t(Unit::Kaupmadur)];
  REQUIRE(legal(s, make_unit_move(MoveKind::Board, Unit::Kaupmadur)));
  CHECK(!legal(s, make_unit_move(MoveKind::Board, Unit::Godi)));  // not at the harbour
  s.apply(make_unit_move(MoveKind::Board, Unit::Kaupmadur));
  CHECK(s.cards_left[std::size_t(Unit::Kaupmadur)] == cards);  // free
  CHECK(s.is_aboard(0, Unit::Kaupmadur));
  s.apply(make_move(MoveKind::Toward, visby));
  s.apply(make_move(MoveKind::Toward, visby));
  s.apply(make_move(MoveKind::Toward, snow));  // visby~snow-downs, 5 squares: the card ends at sea
  CHECK(s.squares_left == 0);
  CHECK(s.knerrir_route[0] >= 0);
  CHECK(s.knerrir_squares[0] >= 1);
  // Aboard, the Kaupmadur neither moves nor overtakes.
  MoveList moves;
  s.legal_moves(moves);
  for (const auto m : moves)
    if (kind_of(m) == MoveKind::MoveUnit || kind_of(m) == MoveKind::Overtake) CHECK(unit_of(m) != Unit::Kaupmadur);
  // The next card sails on toward snow-downs (4 squares left of 5: 3 now, 1 with no card left).
  s.apply(make_move(MoveKind::Sail));
  for (int i = 0; i < 3; ++i) s.apply(make_move(MoveKind::Toward, snow));
  CHECK(s.knerrir_route[0] >= 0);  // one square short
  CHECK(s.cards_left[std::size_t(Unit::Knerrir)] == 0);
  CHECK(s.is_aboard(0, Unit::Kaupmadur));  // units stay aboard at sea, also between rounds
}

// Boarding and leaving are free, so a unit stepping on and off a docked Knerrir was a series of
// decisions without end (a search that found them even kept playing it): between two cards or
// squares sailed each unit changes sides once at most (Rulings: "Boarding and leaving").
TEST_CASE("Knerrir: boarding and leaving never loop: a unit changes sides once between two cards or squares") {
  State s = winter_sailing(2);
  const int fir = area(s, "fir-wood"), visby = area(s, "visby");
  s.owned[0] |= bit(fir);
  s.disks[std::size_t(fir)] = 1;
  for (int u = 0; u < kLandUnits; ++u) s.unit_area[0][std::size_t(u)] = std::uint8_t(fir);
  s.apply(make_move(MoveKind::Launch, fir));
  // The longest series of free boardings and leavings from here, cut at 20.
  std::function<int(const State&, int)> longest = [&](const State& t, int depth) {
    if (depth == 20) return 0;
    MoveList moves;
    t.legal_moves(moves);
    int best = 0;
    for (const nuraghe::Move m : moves)
      if (kind_of(m) == MoveKind::Board || kind_of(m) == MoveKind::Leave) {
        State next = t;
        next.apply(m);
        best = std::max(best, 1 + longest(next, depth + 1));
      }
    return best;
  };
  CHECK(longest(s, 0) == kLandUnits);  // each land unit boards, once
  s.apply(make_unit_move(MoveKind::Board, Unit::Godi));
  s.apply(make_unit_move(MoveKind::Board, Unit::Kaupmadur));
  CHECK(!legal(s, make_unit_move(MoveKind::Leave, Unit::Godi)));  // not back off before a square
  CHECK(legal(s, make_unit_move(MoveKind::Board, Unit::Berserkur)));
  // Two squares to visby: there both may leave, and the one that leaves may not board again.
  s.apply(make_move(MoveKind::Toward, visby));
  s.apply(make_move(MoveKind::Toward, visby));
  REQUIRE(s.knerrir_harbour[0] == visby);
  CHECK(legal(s, make_unit_move(MoveKind::Leave, Unit::Godi)));
  s.apply(make_unit_move(MoveKind::Leave, Unit::Godi));
  CHECK(s.unit_area[0][std::size_t(Unit::Godi)] == visby);
  CHECK(!legal(s, make_unit_move(MoveKind::Board, Unit::Godi)));
  CHECK(longest(s, 0) == 1);  // the Kaupmadur's leaving
  // A card played opens the next change: the Godi moves off and back with cards, or the next card
  // sails on. Here the Knerrir card's last square is sailed and the Godi may board again.
  s.apply(make_move(MoveKind::Anchor));
  CHECK(legal(s, make_unit_move(MoveKind::Board, Unit::Godi)) == false);  // anchoring is no square
  s.apply(make_unit_move(MoveKind::Idle, Unit::Berserkur));
  CHECK(legal(s, make_unit_move(MoveKind::Board, Unit::Godi)));
}

TEST_CASE("Knerrir: leaving at a harbour, the empty ship stays; it overtakes a barbarian harbour with recruits") {
  State s = winter_sailing(2);
  const int fir = area(s, "fir-wood"), visby = area(s, "visby");
  s.owned[0] |= bit(fir);
  s.disks[std::size_t(fir)] = 1;
  s.unit_area[0][std::size_t(Unit::Berserkur)] = std::uint8_t(fir);
  s.apply(make_move(MoveKind::Launch, fir));
  s.apply(make_unit_move(MoveKind::Board, Unit::Berserkur));
  s.apply(make_move(MoveKind::Toward, visby));
  s.apply(make_move(MoveKind::Toward, visby));
  s.apply(make_move(MoveKind::Anchor));
  CHECK(s.knerrir_harbour[0] == visby);  // not empty: it stays
  // Visby is a barbarian Town: the Knerrir overtakes it for 2 recruits, not with fewer.
  CHECK(!legal(s, make_unit_move(MoveKind::Overtake, Unit::Knerrir)));
  s.villages[0].recruits = 2;
  REQUIRE(legal(s, make_unit_move(MoveKind::Overtake, Unit::Knerrir)));
  s.apply(make_unit_move(MoveKind::Overtake, Unit::Knerrir));
  CHECK(s.owner_of(visby) == 0);
  CHECK(s.villages[0].recruits == 0);
  CHECK(s.villages[0].pile == 22 + 1);  // a Town: one disk discarded
  s.apply(make_unit_move(MoveKind::Leave, Unit::Berserkur));
  CHECK(s.unit_area[0][std::size_t(Unit::Berserkur)] == visby);
  CHECK(!s.is_aboard(0, Unit::Berserkur));
  // Empty in harbour: home when the activation ends (Rulings: "An empty Knerrir waits at its harbour").
  CHECK(s.knerrir_harbour[0] == visby);
}

TEST_CASE(
    "Knerrir: 5 squares a card with a Knerrir tile; a Godi aboard blocks no area; an aboard Berserkur is not "
    "attacked") {
  State s = winter_sailing(1);
  s.villages[0].upgrades = 1u << s.tiles().tile("hof-knerrir-plus-two");
  const int fir = area(s, "fir-wood");
  s.owned[0] |= bit(fir);
  s.disks[std::size_t(fir)] = 1;
  s.apply(make_move(MoveKind::Launch, fir));
  CHECK(s.squares_left == 5);
  // Seat 1's Godi aboard its Knerrir does not bar seat 0's Godi from the area it was on.
  State t = start(2, false, 3);
  const Board& b = t.board();
  const int next_to_home = std::countr_zero(b.neighbours[std::size_t(b.home[0])] & ~b.homes);
  t.unit_area[1][std::size_t(Unit::Godi)] = std::uint8_t(next_to_home);
  nuraghe::JointMove joint{};
  joint[0] = make_move(MoveKind::Select, make_selection({2, 2, 2, 0}));
  joint[1] = make_move(MoveKind::Select, make_selection({0, 0, 0, 6}));
  t.apply_joint(joint);
  CHECK(!((t.reachable(Unit::Godi) >> next_to_home) & 1));
  t.aboard[1] = 1 << int(Unit::Godi);
  CHECK(((t.reachable(Unit::Godi) >> next_to_home) & 1));
  // An aboard defender's Berserkur is no step of an attack.
  State u = battlefield(1);
  u.unit_area[1][std::size_t(Unit::Berserkur)] = std::uint8_t(area_of_battle(u));
  u.aboard[1] = 1 << int(Unit::Berserkur);
  CHECK(u.attack_step() == State::AttackStep::Disks);
}

// Rulings: "A unit aboard takes no action of its own" (the rulebook's "To Sail", step 3: "While sailing, the
// unit cannot be used (but Godi can cast runes)"): not by its card, nor by a free action.
TEST_CASE("Knerrir: a unit aboard takes no action of its own; a Godi aboard casts runes") {
  State s = winter_sailing(1);
  const int fir = area(s, "fir-wood");
  s.owned[0] |= bit(fir);
  s.disks[std::size_t(fir)] = 1;
  for (int u = 0; u < kLandUnits; ++u) s.unit_area[0][std::size_t(u)] = std::uint8_t(fir);
  Village& v = s.villages[0];
  v.storage = {5, 5, 5, 0, 0, 0};  // every refill paid for
  v.disks = {2, 2, 2};
  v.gold = 4;
  v.runes = {1, 0, 1, 0, 0, 1};
  // On the area each of them has its actions: the checks below fail for the unit aboard only.
  const auto berserkur_refill = make_unit_move(MoveKind::Refill, Unit::Berserkur, 1 << int(Building::Virki));
  const auto kaupmadur_refill = make_unit_move(MoveKind::Refill, Unit::Kaupmadur, 1 << int(Building::Hof));
  REQUIRE(legal(s, berserkur_refill));
  REQUIRE(legal(s, kaupmadur_refill));
  REQUIRE(legal(s, make_move(MoveKind::Strengthen)));
  s.apply(make_move(MoveKind::Launch, fir));
  for (const Unit u : {Unit::Berserkur, Unit::Godi, Unit::Kaupmadur}) s.apply(make_unit_move(MoveKind::Board, u));
  s.apply(make_move(MoveKind::Anchor));
  REQUIRE(s.knerrir_harbour[0] == fir);
  REQUIRE(s.aboard[0] == 7);
  MoveList moves;
  s.legal_moves(moves);
  for (const auto m : moves) {
    const MoveKind k = kind_of(m);
    CHECK_MESSAGE((k == MoveKind::Idle || k == MoveKind::Leave || k == MoveKind::CastRune || k == MoveKind::Sail ||
                   k == MoveKind::Wind || k == MoveKind::End),
                  "aboard, no unit's action: " << int(k));
  }
  CHECK(!legal(s, berserkur_refill));  // his card refilled Virki aboard
  CHECK(!legal(s, kaupmadur_refill));
  CHECK(!legal(s, make_move(MoveKind::Strengthen)));  // a Berserkur aboard strengthened
  CHECK(!legal(s, make_move(MoveKind::Home)));
  // The Godi aboard casts: a rune on an own area.
  CHECK(legal(s, make_move(MoveKind::CastRune, int(Rune::DivinePowers) | fir << 3)));
}

// Rulings: "Leaving the Knerrir ends a move". A Berserkur leaving onto another player's area with Axes fights
// them from Virki as a move ending there does (Rulings: "Ending a move on another player's Axes"), or may not
// leave there; a Godi never leaves onto another player's Godi.
TEST_CASE("Knerrir: leaving onto an area ends a move there: a Berserkur pays for another player's Axes") {
  State s = winter_sailing(2);
  const int fir = area(s, "fir-wood"), visby = area(s, "visby");
  s.owned[0] |= bit(fir);
  s.disks[std::size_t(fir)] = 1;
  s.owned[1] |= bit(visby);
  s.disks[std::size_t(visby)] = 1;
  s.axes[std::size_t(visby)] = 2;
  s.axes_pile = kAxeTokens - 2;
  for (int u = 0; u < kLandUnits; ++u) s.unit_area[0][std::size_t(u)] = std::uint8_t(fir);
  s.apply(make_move(MoveKind::Launch, fir));
  for (const Unit u : {Unit::Berserkur, Unit::Godi, Unit::Kaupmadur}) s.apply(make_unit_move(MoveKind::Board, u));
  s.apply(make_move(MoveKind::Toward, visby));
  s.apply(make_move(MoveKind::Toward, visby));
  REQUIRE(s.knerrir_harbour[0] == visby);
  const auto leave = [](Unit u) { return make_unit_move(MoveKind::Leave, u); };
  s.villages[0].disks[0] = 3;  // 2 Axes take 4
  CHECK(!legal(s, leave(Unit::Berserkur)));
  CHECK(legal(s, leave(Unit::Kaupmadur)));  // the others just stand there
  s.villages[0].disks[0] = 4;
  REQUIRE(legal(s, leave(Unit::Berserkur)));
  const int pile = s.villages[0].pile;
  State t = s;
  t.apply(leave(Unit::Berserkur));
  CHECK(t.unit_area[0][std::size_t(Unit::Berserkur)] == visby);
  CHECK(t.villages[0].disks[0] == 0);
  CHECK(t.villages[0].pile == pile + 4);
  CHECK(t.axes[std::size_t(visby)] == 0);
  CHECK(t.axes_pile == kAxeTokens);
  CHECK(t.owner_of(visby) == 1);  // the Axes are beaten, the area is still theirs
  // The defender's hof-axes-four tile: 4 disks an Axe, as for a move.
  s.villages[1].upgrades = 1u << s.tiles().tile("hof-axes-four");
  CHECK(!legal(s, leave(Unit::Berserkur)));
  // No Godi leaves onto an area holding another player's Godi.
  CHECK(legal(s, leave(Unit::Godi)));
  s.unit_area[1][std::size_t(Unit::Godi)] = std::uint8_t(visby);
  CHECK(!legal(s, leave(Unit::Godi)));
}

// Rulings: "An empty Knerrir waits at its harbour" (the rulebook's "To Sail": "it is not required to have
// units on board for the Knerrir to overtake"): an empty Knerrir stays at the harbour area where its move
// ends, so that a later Knerrir card of the activation may overtake there; still empty there when its
// owner's activation ends, it goes home.
TEST_CASE("Knerrir: an empty ship stays where its move ends, overtakes with a later card, goes home at the end") {
  State s = winter_sailing(2);
  const int fir = area(s, "fir-wood"), visby = area(s, "visby");
  s.owned[0] |= bit(fir);
  s.disks[std::size_t(fir)] = 1;
  s.villages[0].recruits = 2;  // visby is a Town: 2 recruits
  s.apply(make_move(MoveKind::Launch, fir));
  s.apply(make_move(MoveKind::Toward, visby));
  s.apply(make_move(MoveKind::Toward, visby));
  s.apply(make_move(MoveKind::Anchor));
  REQUIRE(s.aboard[0] == 0);
  CHECK(s.knerrir_harbour[0] == visby);  // empty, its move over: it stays
  REQUIRE(legal(s, make_unit_move(MoveKind::Overtake, Unit::Knerrir)));
  State t = s;
  t.apply(make_unit_move(MoveKind::Overtake, Unit::Knerrir));
  CHECK(t.owner_of(visby) == 0);
  // Still empty at a harbour when the activation ends: home then, not before.
  for (const Unit u : {Unit::Berserkur, Unit::Berserkur, Unit::Godi, Unit::Godi}) {
    CHECK(t.knerrir_harbour[0] == visby);
    t.apply(make_unit_move(MoveKind::Idle, u));
  }
  REQUIRE(legal(t, make_move(MoveKind::End)));
  t.apply(make_move(MoveKind::End));
  CHECK(t.knerrir_home(0));
  CHECK(t.turn == 1);
  // A ship with a unit aboard stays, also after the activation; one left by its last unit stays
  // for the activation too.
  State u = winter_sailing(2);
  u.owned[0] |= bit(fir);
  u.disks[std::size_t(fir)] = 1;
  u.unit_area[0][std::size_t(Unit::Godi)] = std::uint8_t(fir);
  u.apply(make_move(MoveKind::Launch, fir));
  u.apply(make_unit_move(MoveKind::Board, Unit::Godi));
  u.apply(make_move(MoveKind::Toward, visby));
  u.apply(make_move(MoveKind::Toward, visby));
  u.apply(make_move(MoveKind::Anchor));
  u.apply(make_unit_move(MoveKind::Leave, Unit::Godi));
  CHECK(u.knerrir_harbour[0] == visby);
  u.apply(make_move(MoveKind::Sail));  // and it sails on empty with the next card
  CHECK(u.squares_left == kSquaresPerCard);
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

namespace {
int trade_value(const Village& v) {
  int value = kGoldValue * v.gold;
  for (int r = 0; r < kResources; ++r) value += kTradeValue[std::size_t(r)] * v.storage[std::size_t(r)];
  return value;
}
State at_town_with(std::array<std::uint8_t, kResources> storage, int gold) {
  State s = activating(make_selection({2, 2, 2, 0}));
  s.unit_area[0][std::size_t(Unit::Kaupmadur)] =
      std::uint8_t(std::countr_zero(s.board().of_kind[std::size_t(AreaKind::Town)]));
  s.villages[0].storage = storage;
  s.villages[0].gold = std::uint16_t(gold);
  return s;
}
}  // namespace

TEST_CASE("trade: every session keeps the value (basic 1, mining 2, gold 2), never dead-ends, and may change nothing") {
  nuraghe::Rng rng(21);
  int sessions = 0, changed = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    std::array<std::uint8_t, kResources> storage{};
    for (auto& r : storage) r = std::uint8_t(rng.below(6));
    State s = at_town_with(storage, int(rng.below(8)));
    const Village before = s.villages[0];
    REQUIRE(legal(s, make_move(MoveKind::Trade)));
    s.apply(make_move(MoveKind::Trade));
    CHECK(s.cards_left[std::size_t(Unit::Kaupmadur)] == 1);  // one card for the whole session
    for (int r = 0; r < kResources; ++r) {
      MoveList moves;
      s.legal_moves(moves);
      REQUIRE(!moves.empty());
      for (const auto m : moves) CHECK(kind_of(m) == MoveKind::Amount);
      s.apply(moves[rng.below(std::uint32_t(moves.size()))]);
    }
    CHECK(s.trade_next == kResources);
    CHECK(trade_value(s.villages[0]) == trade_value(before));
    changed += s.villages[0] != before;
    ++sessions;
    // "No trade is allowed": the amounts held are a session too, that changes nothing.
    State none = at_town_with(storage, before.gold);
    none.apply(make_move(MoveKind::Trade));
    for (int r = 0; r < kResources; ++r) {
      const auto held = make_move(MoveKind::Amount, r | none.villages[0].storage[std::size_t(r)] << 3);
      REQUIRE(legal(none, held));
      none.apply(held);
    }
    CHECK(none.villages[0] == before);
  }
  CHECK(sessions == 2000);
  CHECK(changed > 1000);
}

TEST_CASE(
    "trade: the rulebook's table: 2 basic or 1 mining for a gold, 2 basic for a mining resource; whole gold only") {
  // One meat: it can become a wool, not half a gold.
  State s = at_town_with({1, 0, 0, 0, 0, 0}, 0);
  s.apply(make_move(MoveKind::Trade));
  s.apply(make_move(MoveKind::Amount, 0 | 0 << 3));  // meat 0: the value must go somewhere basic
  s.apply(make_move(MoveKind::Amount, 1 | 1 << 3));  // wool 1
  for (int r = 2; r < kResources; ++r) {
    CHECK(!legal(s, make_move(MoveKind::Amount, r | 1 << 3)));  // nothing left to buy with
    s.apply(make_move(MoveKind::Amount, r | 0 << 3));
  }
  CHECK(s.villages[0].storage == std::array<std::uint8_t, kResources>{0, 1, 0, 0, 0, 0});
  CHECK(s.villages[0].gold == 0);
  // Two meat for one gold.
  s = at_town_with({2, 0, 0, 0, 0, 0}, 0);
  s.apply(make_move(MoveKind::Trade));
  for (int r = 0; r < kResources; ++r) s.apply(make_move(MoveKind::Amount, r | 0 << 3));
  CHECK(s.villages[0].gold == 1);
  // One iron for one gold; two basic for one stone.
  s = at_town_with({0, 1, 1, 0, 0, 1}, 0);
  s.apply(make_move(MoveKind::Trade));
  for (int r = 0; r < 4; ++r) s.apply(make_move(MoveKind::Amount, r | 0 << 3));
  s.apply(make_move(MoveKind::Amount, 4 | 1 << 3));          // stone 1 for the wool and the hide
  CHECK(legal(s, make_move(MoveKind::Amount, 5 | 1 << 3)));  // keeping the iron would do too
  s.apply(make_move(MoveKind::Amount, 5 | 0 << 3));          // the iron sold
  CHECK(s.villages[0].storage[std::size_t(Resource::Stone)] == 1);
  CHECK(s.villages[0].gold == 1);
  // No more than 5 of a kind, and no trade outside a Town.
  s = at_town_with({0, 0, 0, 0, 0, 0}, 9);
  s.apply(make_move(MoveKind::Trade));
  CHECK(legal(s, make_move(MoveKind::Amount, 0 | 5 << 3)));
  CHECK(!legal(s, make_move(MoveKind::Amount, 0 | 6 << 3)));
  State away = at_town_with({2, 0, 0, 0, 0, 0}, 0);
  away.unit_area[0][std::size_t(Unit::Kaupmadur)] =
      std::uint8_t(std::countr_zero(away.board().of_kind[std::size_t(AreaKind::Forest)]));
  CHECK(!legal(away, make_move(MoveKind::Trade)));
}

TEST_CASE("home action: free and once, the Kaupmadur on his home area: a trade, then refills of any buildings") {
  State s = activating(make_selection({2, 2, 2, 0}));
  s.villages[0].storage = {4, 4, 0, 1, 0, 0};
  s.villages[0].gold = 2;
  s.villages[0].disks = {1, 1, 6};
  REQUIRE(legal(s, make_move(MoveKind::Home)));  // at home from the start
  const auto cards = s.cards_left;
  s.apply(make_move(MoveKind::Home));
  CHECK(s.cards_left == cards);  // free
  // Trade 2 gold and the timber into hide: 4 hide for a Verslun refill (value 2 x 2 + 1 = 5).
  s.apply(make_move(MoveKind::Amount, 0 | 4 << 3));
  s.apply(make_move(MoveKind::Amount, 1 | 4 << 3));
  s.apply(make_move(MoveKind::Amount, 2 | 5 << 3));
  s.apply(make_move(MoveKind::Amount, 3 | 0 << 3));
  s.apply(make_move(MoveKind::Amount, 4 | 0 << 3));
  s.apply(make_move(MoveKind::Amount, 5 | 0 << 3));
  CHECK(s.villages[0].gold == 0);
  MoveList moves;
  s.legal_moves(moves);
  CHECK(moves.contains(make_move(MoveKind::Restock, 0)));       // no refill
  CHECK(moves.contains(make_move(MoveKind::Restock, 0b011)));   // Virki and Hof
  CHECK(!moves.contains(make_move(MoveKind::Restock, 0b111)));  // Verslun is full
  s.apply(make_move(MoveKind::Restock, 0b011));
  CHECK(s.villages[0].disks == std::array<std::uint8_t, kBuildings>{6, 6, 6});
  CHECK(s.villages[0].storage == std::array<std::uint8_t, kResources>{0, 0, 5, 0, 0, 0});
  CHECK(!legal(s, make_move(MoveKind::Home)));  // once an activation
  // Not away from home.
  State away = activating(make_selection({2, 2, 2, 0}));
  away.unit_area[0][std::size_t(Unit::Kaupmadur)] =
      std::uint8_t(std::countr_zero(away.board().neighbours[std::size_t(away.board().home[0])] & ~away.board().homes));
  CHECK(!legal(away, make_move(MoveKind::Home)));
}

TEST_CASE("strengthen: free and once; single disks from Virki or an own area keeping one, to own areas, in order") {
  State s = activating(make_selection({2, 2, 2, 0}));
  const Board& b = s.board();
  const std::uint64_t near = b.neighbours[std::size_t(b.home[0])] & ~b.homes;
  const int x = std::countr_zero(near), y = std::countr_zero(near & (near - 1));
  CHECK(!legal(s, make_move(MoveKind::Strengthen)));  // no area to strengthen
  s.owned[0] = bit(x) | bit(y);
  s.disks[std::size_t(x)] = 3;
  s.disks[std::size_t(y)] = 1;
  s.villages[0].pile = std::uint8_t(s.villages[0].pile - 4);
  REQUIRE(legal(s, make_move(MoveKind::Strengthen)));
  const auto cards = s.cards_left;
  s.apply(make_move(MoveKind::Strengthen));
  CHECK(s.cards_left == cards);
  const auto shift = [](int from, int to) { return make_move(MoveKind::Shift, from | to << 7); };
  CHECK(legal(s, shift(0, x)));       // from Virki
  CHECK(legal(s, shift(x + 1, y)));   // from x, which keeps 2
  CHECK(!legal(s, shift(y + 1, x)));  // y would keep none
  CHECK(!legal(s, shift(x + 1, x)));  // to itself
  s.apply(shift(0, y));
  CHECK(s.villages[0].disks[0] == 5);
  CHECK(s.disks[std::size_t(y)] == 2);
  CHECK(!legal(s, shift(y + 1, x)));  // never out of an area that received a disk
  s.apply(shift(x + 1, y));
  CHECK(s.disks[std::size_t(x)] == 2);
  CHECK(s.disks[std::size_t(y)] == 3);
  CHECK(!legal(s, shift(0, x)));  // Virki comes before x: out of order
  CHECK(legal(s, shift(x + 1, y)));
  s.apply(make_move(MoveKind::Stop));
  CHECK(!s.strengthening);
  CHECK(!legal(s, make_move(MoveKind::Strengthen)));  // once an activation
  // Not by a Berserkur sent home.
  State down = activating(make_selection({2, 2, 2, 0}));
  down.owned[0] = bit(x);
  down.disks[std::size_t(x)] = 1;
  down.berserkur_down = 1;
  CHECK(!legal(down, make_move(MoveKind::Strengthen)));
}

namespace {
State with_runes(std::array<std::uint8_t, kRuneKinds> runes, int gold = 0) {
  State s = activating(make_selection({1, 3, 2, 0}));
  s.villages[0].runes = runes;
  s.villages[0].gold = std::uint16_t(gold);
  return s;
}
int first(const State& s, AreaKind k) { return std::countr_zero(s.board().of_kind[std::size_t(k)]); }
nuraghe::Move rune(Rune r, int area) { return make_move(MoveKind::CastRune, int(r) | area << 3); }
}  // namespace

TEST_CASE("runes: bought by a Godi or Kaupmadur card at a sacred location, 2 gold for the pile's top 3") {
  State s = with_runes({}, 3);
  const int sacred = first(s, AreaKind::Sacred);
  for (auto& a : s.unit_area[0]) a = std::uint8_t(sacred);
  CHECK(!legal(s, make_unit_move(MoveKind::BuyRunes, Unit::Berserkur)));
  CHECK(legal(s, make_unit_move(MoveKind::BuyRunes, Unit::Kaupmadur)));
  REQUIRE(legal(s, make_unit_move(MoveKind::BuyRunes, Unit::Godi)));
  const int size = s.rune_size;
  std::array<int, kRuneKinds> expected{};
  for (int i = 1; i <= 3; ++i) ++expected[s.rune_pile[std::size_t(size - i)]];
  s.apply(make_unit_move(MoveKind::BuyRunes, Unit::Godi));
  CHECK(s.rune_size == size - 3);
  CHECK(s.villages[0].gold == 1);
  for (int k = 0; k < kRuneKinds; ++k) CHECK(s.villages[0].runes[std::size_t(k)] == expected[std::size_t(k)]);
  CHECK(!legal(s, make_unit_move(MoveKind::BuyRunes, Unit::Godi)));  // 1 gold left
  // The pile runs out: what is left is drawn.
  State t = with_runes({}, 2);
  for (auto& a : t.unit_area[0]) a = std::uint8_t(sacred);
  t.rune_size = 2;
  t.apply(make_unit_move(MoveKind::BuyRunes, Unit::Godi));
  int drawn = 0;
  for (const auto r : t.villages[0].runes) drawn += r;
  CHECK(drawn == 2);
  CHECK(t.rune_size == 0);
}

TEST_CASE("runes: one Godi card casts up to two, a Hof disk each, once an activation; where runes may go") {
  State s = with_runes({2, 1, 1, 1, 1, 1});
  const int own = first(s, AreaKind::Sheep), theirs = first(s, AreaKind::Cattle), far = first(s, AreaKind::Forest);
  s.owned[0] |= bit(own);
  s.disks[std::size_t(own)] = 1;
  s.owned[1] |= bit(theirs);
  s.disks[std::size_t(theirs)] = 1;
  CHECK(!legal(s, rune(Rune::Wind, own)));                  // Wind is for sailing
  CHECK(!legal(s, rune(Rune::DivinePowers, theirs)));       // "Place on own area"
  CHECK(!legal(s, rune(Rune::TheirsAreYours, own)));        // on an area of another, or nobody's
  CHECK(legal(s, rune(Rune::DivinePowers, own)));           // anywhere: no need to be there
  CHECK(!legal(s, rune(Rune::Double, s.board().home[1])));  // homes give nothing
  s.apply(rune(Rune::TheirsAreYours, theirs));              // the first rune comes with the Godi card
  CHECK(s.cards_left[std::size_t(Unit::Godi)] == 2);        // of 3
  CHECK(s.casts_left == 1);
  CHECK(s.thief[std::size_t(theirs)] == 1);
  CHECK(s.villages[0].disks[1] == 5);
  CHECK(s.villages[0].pile == 22);  // the Hof disk back beside the board, one disk out as the marker
  CHECK(!legal(s, rune(Rune::TheirsAreYours, theirs)));  // one of a kind an area (and none left)
  s.apply(rune(Rune::Defence, own));
  CHECK(s.casts_left == 0);                   // two runes: the cast is over
  CHECK(!legal(s, rune(Rune::Double, far)));  // once an activation
  // Defence blocks later runes; another player's Godi or Axes defend their area.
  State t = with_runes({1, 0, 0, 1, 0, 1});
  t.owned[0] |= bit(own);
  t.disks[std::size_t(own)] = 1;
  t.runes[std::size_t(own)] = 1 << int(Rune::Defence);
  t.owned[1] |= bit(theirs);
  t.disks[std::size_t(theirs)] = 1;
  t.axes[std::size_t(theirs)] = 1;
  t.unit_area[1][std::size_t(Unit::Godi)] = std::uint8_t(far);
  CHECK(!legal(t, rune(Rune::DivinePowers, own)));  // behind a Defence rune
  CHECK(!legal(t, rune(Rune::Double, theirs)));     // their Axes
  CHECK(!legal(t, rune(Rune::Double, far)));        // their Godi stands there
  REQUIRE(legal(t, rune(Rune::NoResources, first(t, AreaKind::Quarry))));
  t.apply(rune(Rune::NoResources, first(t, AreaKind::Quarry)));
  CHECK(t.casts_left == 1);
  t.apply(make_move(MoveKind::Stop));  // the second is optional
  CHECK(t.casts_left == 0);
  CHECK(t.villages[0].runes[std::size_t(Rune::Double)] == 1);
}

TEST_CASE("runes: a Godi card removes one where he stands for 2 gold; Wind in the sails gives 10 free squares") {
  State s = with_runes({0, 1, 0, 0, 0, 0}, 2);
  const int area = first(s, AreaKind::Cattle);
  s.owned[1] |= bit(area);
  s.disks[std::size_t(area)] = 1;
  s.runes[std::size_t(area)] = 1 << int(Rune::TheirsAreYours) | 1 << int(Rune::NoResources);
  s.thief[std::size_t(area)] = 2;  // seat 1's marker (on its own area: as placed by a position)
  s.villages[1].pile = 21;
  CHECK(!legal(s, make_move(MoveKind::RemoveRune, int(Rune::NoResources))));  // not there
  s.unit_area[0][std::size_t(Unit::Godi)] = std::uint8_t(area);
  REQUIRE(legal(s, make_move(MoveKind::RemoveRune, int(Rune::TheirsAreYours))));
  s.apply(make_move(MoveKind::RemoveRune, int(Rune::TheirsAreYours)));
  CHECK(s.runes[std::size_t(area)] == 1 << int(Rune::NoResources));
  CHECK(s.thief[std::size_t(area)] == 0);
  CHECK(s.villages[1].pile == 22);
  CHECK(s.villages[0].gold == 0);
  CHECK(!legal(s, make_move(MoveKind::RemoveRune, int(Rune::NoResources))));  // no gold left
  // Wind: with an own harbour, free, 10 squares, the rune discarded.
  State w = winter_sailing(0);
  const int fir = w.board().area("fir-wood");
  w.villages[0].runes[std::size_t(Rune::Wind)] = 1;
  CHECK(!legal(w, make_move(MoveKind::Wind, fir + 1)));
  w.owned[0] |= bit(fir);
  w.disks[std::size_t(fir)] = 1;
  REQUIRE(legal(w, make_move(MoveKind::Wind, fir + 1)));
  w.apply(make_move(MoveKind::Wind, fir + 1));
  CHECK(w.squares_left == 10);
  CHECK(w.knerrir_harbour[0] == fir);
  CHECK(w.villages[0].runes[std::size_t(Rune::Wind)] == 0);
  CHECK(w.cards_left[std::size_t(Unit::Knerrir)] == 0);
}

TEST_CASE(
    "the rulebook's example of Blue's activation: a Virki refill for 4 meat, to the gold mine, a rune there, a "
    "harbour by the Knerrir") {
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

namespace {
// Every disk of a seat in one place: its buildings, its areas, the village, beside the board, its
// Theirs are yours markers. Every Axe token too: the pile, the villages, the areas.
void check_supplies(const State& s) {
  int axes = s.axes_pile;
  for (int p = 0; p < s.players; ++p) {
    const auto q = std::size_t(p);
    const Village& v = s.villages[q];
    int disks = v.disks[0] + v.disks[1] + v.disks[2] + v.recruits + v.pile;
    for (int a = 0; a < s.board().num_areas; ++a) {
      if ((s.owned[q] >> a) & 1) disks += s.disks[std::size_t(a)];
      disks += s.thief[std::size_t(a)] == p + 1;
    }
    CHECK(disks == 40);
    axes += v.axes;
    for (int k = 0; k < kBuildings; ++k) CHECK(v.disks[std::size_t(k)] <= v.cap[std::size_t(k)]);
    for (const auto r : v.storage) CHECK(r <= 5);
  }
  for (int a = 0; a < s.board().num_areas; ++a) {
    axes += s.axes[std::size_t(a)];
    if (s.owner_of(a) < 0) CHECK(s.disks[std::size_t(a)] == 0);
    else CHECK(s.disks[std::size_t(a)] >= 1);
  }
  CHECK(axes == 20);
}
}  // namespace

TEST_CASE("random games from setup to the end on both sides: every decision has a move, supplies are kept, it ends") {
  nuraghe::Rng rng(31);
  int games = 0, decisions = 0;
  for (const bool winter : {false, true})
    for (int n = 2; n <= (winter ? 3 : 5); ++n)
      for (int g = 0; g < 6; ++g) {
        State s = start(n, winter, std::uint64_t(100 + g), g % 2 == 1);
        const int steps = play_out(s, rng, [](const State& t, int decision) {
          if (decision % 97 == 0) check_supplies(t);
        });
        CHECK(s.phase == Phase::Over);
        CHECK(s.round == s.rounds);
        check_supplies(s);
        double shares = 0;
        for (int p = 0; p < n; ++p) shares += s.returns()[std::size_t(p)];
        CHECK(shares == doctest::Approx(1.0));
        ++games;
        decisions += steps;
      }
  CHECK(games == 36);
  MESSAGE(decisions << " decisions in " << games << " random games");
}

namespace {
State at_upgrades(int players = 2) {
  State s = start(players, false, 13);
  s.phase = Phase::Upgrades;
  s.turn = s.start_player;
  return s;
}
int visible_tile(const State& s, Building b, TileSize size) { return s.visible[std::size_t(stack_of(b, size))][0]; }
}  // namespace

TEST_CASE("upgrades: a face-up tile the storage and gold pay; the cap rises at once, no disks; at most 2 a round") {
  State s = at_upgrades();
  const int small = visible_tile(s, Building::Hof, TileSize::Small);
  CHECK(!legal(s, make_move(MoveKind::Buy, small)));  // 1 gold, no timber or iron
  CHECK(legal(s, make_move(MoveKind::End)));
  s.villages[0].storage = {0, 0, 0, 4, 2, 3};
  s.villages[0].gold = 5;
  REQUIRE(legal(s, make_move(MoveKind::Buy, small)));
  s.apply(make_move(MoveKind::Buy, small));
  CHECK(s.villages[0].gold == 4);                                                          // small: 1 gold ...
  CHECK(s.villages[0].storage == std::array<std::uint8_t, kResources>{0, 0, 0, 2, 2, 2});  // ... 2 timber, 1 iron
  CHECK(s.villages[0].cap[std::size_t(Building::Hof)] == 7);
  CHECK(s.villages[0].disks[std::size_t(Building::Hof)] == 6);
  CHECK(s.visible[std::size_t(stack_of(Building::Hof, TileSize::Small))][0] == State::kNoTile);  // not refilled yet
  const int large = visible_tile(s, Building::Verslun, TileSize::Large);
  REQUIRE(legal(s, make_move(MoveKind::Buy, large)));
  s.apply(make_move(MoveKind::Buy, large));
  CHECK(s.villages[0].gold == 2);
  CHECK(s.villages[0].storage == std::array<std::uint8_t, kResources>{0, 0, 0, 2, 0, 0});  // 2 stone, 2 iron
  CHECK(s.villages[0].cap[std::size_t(Building::Verslun)] == 8);
  s.villages[0].storage = {5, 5, 5, 5, 5, 5};
  s.villages[0].gold = 9;
  MoveList moves;
  s.legal_moves(moves);
  CHECK(moves.size() == 1);  // two bought: only end
  s.apply(make_move(MoveKind::End));
  CHECK(s.to_move() == 1);
  s.apply(make_move(MoveKind::End));
  CHECK(s.phase == Phase::Claim);  // after the last seat's purchases
}

TEST_CASE("upgrades: never a second copy of an owned tile; 4 slots a building; caps at most 10, 12 for Virki's tiles") {
  State s = at_upgrades();
  s.villages[0].storage = {5, 5, 5, 5, 5, 5};
  s.villages[0].gold = 20;
  const Tiles& t = s.tiles();
  // Both copies of a small tile face up: the second is refused once the first is bought.
  const int tile = t.tile("hof-gold-two");
  s.visible[std::size_t(stack_of(Building::Hof, TileSize::Small))] = {std::uint8_t(tile), std::uint8_t(tile),
                                                                      State::kNoTile};
  s.apply(make_move(MoveKind::Buy, tile));
  CHECK(!legal(s, make_move(MoveKind::Buy, tile)));
  // Slots: two large Hof tiles fill Hof's 4.
  s.bought = {};
  s.villages[0].upgrades = 1u << t.tile("hof-glory-three") | 1u << t.tile("hof-axes-four");
  CHECK(s.slots_used(0, Building::Hof) == 4);
  const int another = t.tile("hof-glory-per-iron");
  s.visible[std::size_t(stack_of(Building::Hof, TileSize::Small))][2] = std::uint8_t(another);
  CHECK(!legal(s, make_move(MoveKind::Buy, another)));
  // Caps: Hof with 4 small tiles is 6 + 4 = 10; Virki reaches 12 only through its tiles.
  s.villages[0].upgrades = 1u << t.tile("hof-gold-two") | 1u << t.tile("hof-glory-per-iron") |
                           1u << t.tile("hof-glory-per-cattle") | 1u << t.tile("hof-knerrir-plus-two");
  CHECK(s.cap_of(0, Building::Hof) == 10);
  s.villages[0].upgrades = 1u << t.tile("virki-disks-plus-two");
  CHECK(s.cap_of(0, Building::Virki) == 6 + 1 + 2);
  s.villages[0].upgrades = 1u << t.tile("virki-disks-plus-two") | 1u << t.tile("virki-strong-berserkur");
  CHECK(s.cap_of(0, Building::Virki) == 12);  // 8 + 1 + 2 + 2, within 12
  s.villages[0].upgrades = 1u << t.tile("virki-strong-berserkur");
  CHECK(s.cap_of(0, Building::Virki) == 10);  // 8 + 2
}

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

TEST_CASE("the end: tiles, gold, the most gold (tie: gold mines, then split) and the most areas (tie: Axes on board)") {
  State s = start(3, false, 23);
  const Board& b = s.board();
  const Tiles& t = s.tiles();
  s.phase = Phase::Over;
  s.villages[0].glory = 30, s.villages[1].glory = 30, s.villages[2].glory = 20;
  s.villages[0].gold = 8, s.villages[1].gold = 8, s.villages[2].gold = 3;
  s.villages[0].upgrades = 1u << t.tile("hof-gold-two") | 1u << t.tile("virki-gold-three");  // small + large
  // Areas: seat 0 a gold mine, seat 1 a gold mine and a sheep, seat 2 two forests with an Axe.
  const int mine0 = std::countr_zero(b.of_kind[std::size_t(AreaKind::GoldMine)]);
  const int mine1 = std::countr_zero(b.of_kind[std::size_t(AreaKind::GoldMine)] & ~bit(mine0));
  const int sheep = std::countr_zero(b.of_kind[std::size_t(AreaKind::Sheep)]);
  const std::uint64_t forests = b.of_kind[std::size_t(AreaKind::Forest)];
  const int f1 = std::countr_zero(forests), f2 = std::countr_zero(forests & (forests - 1));
  s.owned[0] = bit(mine0);
  s.owned[1] = bit(mine1) | bit(sheep);
  s.owned[2] = bit(f1) | bit(f2);
  for (const int a : {mine0, mine1, sheep, f1, f2}) s.disks[std::size_t(a)] = 1;
  s.axes[std::size_t(f1)] = 1;
  auto d = s.breakdown();
  CHECK(d[0].small_tiles == 1);
  CHECK(d[0].large_tiles == 1);
  CHECK(d[0].most_gold == 7);  // 8 gold and 1 gold mine each: 15 split, rounded down
  CHECK(d[1].most_gold == 7);
  CHECK(d[2].most_gold == 0);
  CHECK(d[1].most_areas == 0);  // 2 areas each for seats 1 and 2: seat 2's Axe on the board wins
  CHECK(d[2].most_areas == 10);
  CHECK(d[0].total() == 30 + 3 + 5 + 8 + 7);
  CHECK(d[1].total() == 30 + 8 + 7);
  CHECK(d[2].total() == 20 + 3 + 10);
  CHECK(s.returns()[0] == 1.0);
  // Equal glory: most gold mines, then most Axe tokens, then most Towns, then shared.
  s.villages[0].upgrades = 0;
  s.villages[0].glory = 30;
  s.owned[0] = bit(mine0) | bit(sheep);
  s.owned[1] = bit(mine1) | bit(f2);
  s.owned[2] = bit(f1);
  d = s.breakdown();
  CHECK(d[0].total() == d[1].total());
  CHECK(s.returns()[0] == 0.5);  // the same mines, no Axes, no Towns: shared
  CHECK(s.returns()[1] == 0.5);
  s.villages[1].axes = 1;  // an Axe token in the village counts for the winner's tie
  CHECK(s.returns()[1] == 1.0);
}

TEST_CASE(
    "the end: each tie-break: the most gold by gold mines; the most areas by Axes on the board, not in villages") {
  State s = start(3, false, 23);
  const Board& b = s.board();
  s.phase = Phase::Over;
  const std::uint64_t mines = b.of_kind[std::size_t(AreaKind::GoldMine)];
  const std::uint64_t sheep = b.of_kind[std::size_t(AreaKind::Sheep)];
  const int mine0 = std::countr_zero(mines), mine1 = std::countr_zero(mines & (mines - 1));
  const int sheep0 = std::countr_zero(sheep), sheep1 = std::countr_zero(sheep & (sheep - 1));
  // Seat 0: two gold mines; seat 1: two sheep areas; seat 2: nothing. Two areas each for seats 0 and 1.
  s.owned[0] = bit(mine0) | bit(mine1);
  s.owned[1] = bit(sheep0) | bit(sheep1);
  for (const int a : {mine0, mine1, sheep0, sheep1}) s.disks[std::size_t(a)] = 1;
  // Each seat's share of a bonus, as breakdown() awards it.
  using Shares = std::array<int, 3>;
  const auto shares = [&](int State::Breakdown::*bonus) {
    const auto d = s.breakdown();
    return Shares{d[0].*bonus, d[1].*bonus, d[2].*bonus};
  };
  // The most gold: seat 2's 9 gold beats the gold mines; at 8 each for seats 0 and 1, the mines decide.
  s.villages[0].gold = 8, s.villages[1].gold = 8, s.villages[2].gold = 9;
  CHECK(shares(&State::Breakdown::most_gold) == Shares{0, 0, 15});
  s.villages[2].gold = 3;
  CHECK(shares(&State::Breakdown::most_gold) == Shares{15, 0, 0});
  // The most areas: tied at 2 and no Axes, split 5 and 5.
  CHECK(shares(&State::Breakdown::most_areas) == Shares{5, 5, 0});
  // An Axe token in seat 1's village does not count for the areas; on its area it does.
  s.villages[1].axes = 1;
  CHECK(shares(&State::Breakdown::most_areas) == Shares{5, 5, 0});
  s.villages[1].axes = 0;
  s.axes[std::size_t(sheep0)] = 1;
  CHECK(shares(&State::Breakdown::most_areas) == Shares{0, 10, 0});
  // Axes on both sides, one each: tied again, split.
  s.axes[std::size_t(mine0)] = 1;
  CHECK(shares(&State::Breakdown::most_areas) == Shares{5, 5, 0});
  // A third area beats any number of Axes.
  s.axes[std::size_t(sheep0)] = 3;
  const int forest = std::countr_zero(b.of_kind[std::size_t(AreaKind::Forest)]);
  s.owned[0] |= bit(forest);
  s.disks[std::size_t(forest)] = 1;
  CHECK(shares(&State::Breakdown::most_areas) == Shares{10, 0, 0});
}

TEST_CASE("the end: equal glory: the winner has the most gold mines, then the most Axe tokens, then the most Towns") {
  // Two seats with 5 gold and 2 areas each, no Axes on the board: the gold bonus goes by gold
  // mines and the areas bonus is split, 5 each; glory is set so that the totals are equal.
  State s = start(2, false, 31);
  const Board& b = s.board();
  s.phase = Phase::Over;
  const std::uint64_t mines = b.of_kind[std::size_t(AreaKind::GoldMine)];
  const std::uint64_t towns = b.of_kind[std::size_t(AreaKind::Town)];
  const std::uint64_t sheep = b.of_kind[std::size_t(AreaKind::Sheep)];
  const int mine0 = std::countr_zero(mines), mine1 = std::countr_zero(mines & (mines - 1));
  const int town0 = std::countr_zero(towns), town1 = std::countr_zero(towns & (towns - 1));
  const int sheep0 = std::countr_zero(sheep), sheep1 = std::countr_zero(sheep & (sheep - 1));
  for (const int a : {mine0, mine1, town0, town1, sheep0, sheep1}) s.disks[std::size_t(a)] = 1;
  s.villages[0].gold = 5, s.villages[1].gold = 5;
  const auto totals_equal = [&] {
    const auto d = s.breakdown();
    return d[0].total() == d[1].total();
  };
  // Gold mines: seat 0 has two (the gold bonus too: 20 + 5 + 15 + 5 = 35 + 5 + 0 + 5), seat 1 a Town.
  s.owned[0] = bit(mine0) | bit(mine1);
  s.owned[1] = bit(town0) | bit(sheep0);
  s.villages[0].glory = 20, s.villages[1].glory = 35;
  s.villages[1].axes = 2;
  REQUIRE(totals_equal());
  CHECK(s.returns()[0] == 1.0);
  CHECK(s.returns()[1] == 0.0);
  // One gold mine each (the gold bonus split, 7 each): seat 0's Axe token beats seat 1's Town.
  s.owned[0] = bit(mine0) | bit(sheep1);
  s.owned[1] = bit(mine1) | bit(town0);
  s.villages[0].glory = 20, s.villages[1].glory = 20;
  s.villages[0].axes = 1, s.villages[1].axes = 0;
  REQUIRE(totals_equal());
  CHECK(s.returns()[0] == 1.0);
  // No Axes: the Town decides.
  s.villages[0].axes = 0;
  REQUIRE(totals_equal());
  CHECK(s.returns()[1] == 1.0);
  // A Town each: shared.
  s.owned[0] = bit(mine0) | bit(town1);
  REQUIRE(totals_equal());
  CHECK(s.returns()[0] == 0.5);
  CHECK(s.returns()[1] == 0.5);
  // More glory wins before any tie-break.
  s.villages[1].glory = 21;
  CHECK(s.returns()[1] == 1.0);
}

// Rulings: "The tiles' texts": the three tiles whose text is an action.
TEST_CASE("virki-any-card: a card of another unit as a Berserkur card, two a round; not for a Berserkur aboard") {
  State s = activating(make_selection({0, 2, 2, 2}));
  s.villages[0].upgrades = 1u << s.tiles().tile("virki-any-card");
  const Board& b = s.board();
  const int next = std::countr_zero(b.neighbours[std::size_t(b.home[0])] & ~b.homes);
  const auto as = [](Unit card, nuraghe::Move m) { return with_card(m, card); };
  const auto move_there = make_unit_move(MoveKind::MoveUnit, Unit::Berserkur, next);
  REQUIRE(legal(s, as(Unit::Godi, move_there)));
  CHECK(legal(s, as(Unit::Knerrir, move_there)));
  CHECK(!legal(s, move_there));  // no Berserkur card of his own
  s.apply(as(Unit::Godi, move_there));
  CHECK(s.unit_area[0][std::size_t(Unit::Berserkur)] == next);
  CHECK(s.cards_left[std::size_t(Unit::Godi)] == 1);
  CHECK(s.as_berserkur == 1);
  // He overtakes the barbarian area with a Kaupmadur card: a Virki disk, as with his own.
  const auto overtake = as(Unit::Kaupmadur, make_unit_move(MoveKind::Overtake, Unit::Berserkur));
  REQUIRE(legal(s, overtake));
  s.apply(overtake);
  CHECK(s.owner_of(next) == 0);
  CHECK(s.villages[0].disks[0] == kStartingDisks - 1);
  CHECK(s.cards_left[std::size_t(Unit::Kaupmadur)] == 1);
  // Two a round: no third.
  MoveList moves;
  s.legal_moves(moves);
  CHECK(std::none_of(moves.begin(), moves.end(), [](nuraghe::Move m) { return card_of(m) != Unit::Berserkur; }));
  // Aboard, the Berserkur takes no action by any card (Rulings: "A unit aboard takes no action of its own").
  State t = activating(make_selection({0, 2, 2, 2}));
  t.villages[0].upgrades = s.villages[0].upgrades;
  t.aboard[0] = 1 << int(Unit::Berserkur);
  t.knerrir_route[0] = 0, t.knerrir_squares[0] = 1;
  t.legal_moves(moves);
  CHECK(std::none_of(moves.begin(), moves.end(), [](nuraghe::Move m) { return card_of(m) != Unit::Berserkur; }));
}

TEST_CASE("hof-free-rune: one rune a round without a card or a Hof disk, beside the card's two; aboard too") {
  State s = activating(make_selection({2, 2, 2, 0}));
  s.villages[0].upgrades = 1u << s.tiles().tile("hof-free-rune");
  s.villages[0].runes = {0, 0, 0, 0, 0, 3};  // three Double runes
  const Board& b = s.board();
  const int x = std::countr_zero(b.of_kind[std::size_t(AreaKind::Forest)] & ~b.homes);
  const int y = std::countr_zero(b.of_kind[std::size_t(AreaKind::Quarry)] & ~b.homes);
  const int z = std::countr_zero(b.of_kind[std::size_t(AreaKind::IronMine)] & ~b.homes);
  const auto free_rune = make_move(MoveKind::CastRune, int(Rune::Double) | x << 3 | kFreeRune);
  REQUIRE(legal(s, free_rune));
  const Village before = s.villages[0];
  s.apply(free_rune);
  CHECK(((s.runes[std::size_t(x)] >> int(Rune::Double)) & 1));
  CHECK(s.villages[0].disks == before.disks);         // no Hof disk
  CHECK(s.cards_left[std::size_t(Unit::Godi)] == 2);  // no card
  CHECK(s.casts_left == 0);
  CHECK(s.free_runes == 1);
  CHECK(!legal(s, make_move(MoveKind::CastRune, int(Rune::Double) | y << 3 | kFreeRune)));  // one a round
  // The Godi card still casts its two.
  const auto cast = [](int a) { return make_move(MoveKind::CastRune, int(Rune::Double) | a << 3); };
  REQUIRE(legal(s, cast(y)));
  s.apply(cast(y));
  REQUIRE(legal(s, cast(z)));
  s.apply(cast(z));
  CHECK(s.villages[0].runes[std::size_t(Rune::Double)] == 0);
  // The Godi aboard casts it too.
  State t = activating(make_selection({2, 2, 2, 0}));
  t.villages[0].upgrades = 1u << t.tiles().tile("hof-free-rune");
  t.villages[0].runes = {0, 0, 0, 0, 0, 1};
  t.aboard[0] = 1 << int(Unit::Godi);
  t.knerrir_route[0] = 0, t.knerrir_squares[0] = 1;
  CHECK(legal(t, free_rune));
}

TEST_CASE("verslun-free-home-action: the Kaupmadur's home action from any area, once; not aboard") {
  State s = activating(make_selection({2, 2, 2, 0}));
  const Board& b = s.board();
  const int away = std::countr_zero(b.of_kind[std::size_t(AreaKind::Town)] & ~b.homes);
  s.unit_area[0][std::size_t(Unit::Kaupmadur)] = std::uint8_t(away);
  CHECK(!legal(s, make_move(MoveKind::Home)));
  s.villages[0].upgrades = 1u << s.tiles().tile("verslun-free-home-action");
  REQUIRE(legal(s, make_move(MoveKind::Home)));
  State t = s;
  t.apply(make_move(MoveKind::Home));  // a trade session, then the refills, as at home
  CHECK(t.trade_next == 0);
  CHECK(t.restock_next);
  CHECK(t.cards_left == s.cards_left);
  CHECK(t.used(State::FreeAction::HomeAction));
  s.aboard[0] = 1 << int(Unit::Kaupmadur);
  s.knerrir_route[0] = 0, s.knerrir_squares[0] = 1;
  CHECK(!legal(s, make_move(MoveKind::Home)));
}

namespace {
// What owning tile t changes, measured on a position made for its effect kind: a number without
// the tile and with it (Rulings: "No tile is inert"). Never its cap raise or end glory.
// A kind without a probe here fails the test below, so that a new kind is implemented and tested.
std::optional<std::pair<long, long>> probe(EffectKind kind, int t) {
  const auto own = [t](State& s, int seat) { s.villages[std::size_t(seat)].upgrades |= 1u << t; };
  // Both states, without and with the tile for `seat`, measured.
  const auto both = [&](const State& base, int seat, const std::function<long(State)>& measure) {
    State with = base;
    own(with, seat);
    return std::make_pair(measure(base), measure(with));
  };
  const auto count_moves = [](const State& s, const std::function<bool(nuraghe::Move)>& which) {
    MoveList moves;
    s.legal_moves(moves);
    return long(std::count_if(moves.begin(), moves.end(), which));
  };
  // The claim's effects: seat 0 owns an area of every kind a player can own, has made an attack and
  // overtaken two areas. Measured when its claim begins: gold, glory, recruits or runes; or the
  // offers to sell hide seen while its claim is played with the first move offered at each choice.
  const auto claimed = [&](int field) {
    State s = activating(make_selection({2, 2, 2, 0}));
    const Board& b = s.board();
    for (const AreaKind k : {AreaKind::Sheep, AreaKind::Cattle, AreaKind::Forest, AreaKind::Quarry, AreaKind::IronMine,
                             AreaKind::GoldMine, AreaKind::Town, AreaKind::Camp}) {
      const int a = std::countr_zero(b.of_kind[std::size_t(k)] & ~b.homes);
      s.owned[0] |= bit(a);
      s.disks[std::size_t(a)] = 1;
    }
    s.attacks[0] = 1;
    s.overtakes[0] = 2;
    s.villages[0].storage[std::size_t(Resource::Hide)] = 3;
    s.cards_left = {};
    s.phase = Phase::Upgrades;
    return both(s, 0, [field](State c) {
      c.start_claim();  // what leaves no choice comes at once: measured before the first choice
      const Village& v = c.villages[0];
      int runes = 0;
      for (const int n : v.runes) runes += n;
      const std::array<long, 4> at_once = {v.gold, v.glory, v.recruits, runes};
      if (field < 4) return at_once[std::size_t(field)];
      long sells = 0;
      while (c.phase == Phase::Claim && c.turn == 0) {
        MoveList moves;
        c.legal_moves(moves);
        for (const auto m : moves) sells += kind_of(m) == MoveKind::Sell && field_of(m) > 0;
        c.apply(moves[0]);
      }
      return sells;
    });
  };
  switch (kind) {
    case EffectKind::None: return std::nullopt;
    case EffectKind::ClaimGold:
    case EffectKind::GoldPerArea:
    case EffectKind::GoldPerAttack: return claimed(0);
    case EffectKind::ClaimGlory:
    case EffectKind::GloryPerArea:
    case EffectKind::GloryIfOwns:
    case EffectKind::GloryPerOvertake: return claimed(1);
    case EffectKind::RecruitPerArea: return claimed(2);
    case EffectKind::RunePerTown: return claimed(3);
    case EffectKind::SellHide: return claimed(4);
    case EffectKind::KnerrirSquares: {  // the squares of a Knerrir card
      State s = winter_sailing(2);
      const int fir = area(s, "fir-wood");
      s.owned[0] |= bit(fir);
      s.disks[std::size_t(fir)] = 1;
      return both(s, 0, [fir](State c) {
        c.apply(make_move(MoveKind::Launch, fir));
        return long(c.squares_left);
      });
    }
    case EffectKind::BerserkurSteps:  // the areas one Berserkur card reaches
      return both(activating(make_selection({2, 2, 2, 0})), 0,
                  [](State c) { return long(std::popcount(c.reachable(Unit::Berserkur))); });
    case EffectKind::VirkiCap: {  // Virki's cap beyond the raise every tile gives its building
      const int raise = Tiles::standard().tiles[std::size_t(t)].cap_raise;
      const auto [without, with] = both(start(2), 0, [](State c) { return long(c.cap_of(0, Building::Virki)); });
      return std::make_pair(without, with - raise);
    }
    case EffectKind::BerserkurStrength: {  // an attack's first step against the defender's Berserkur
      State s = battlefield(1);
      s.unit_area[1][std::size_t(Unit::Berserkur)] = std::uint8_t(area_of_battle(s));
      return both(s, 1, [](State c) { return long(c.attack_cost()); });
    }
    case EffectKind::AxeDefence: {  // the Virki disks to fight the defender's Axe
      State s = battlefield(1);
      s.axes[std::size_t(area_of_battle(s))] = 1;
      return both(s, 1, [](State c) { return long(c.axes_cost(area_of_battle(c))); });
    }
    case EffectKind::FreeRune:  // free-rune moves offered: seat 0 holds a rune, no Godi card
      return both(activating(make_selection({2, 0, 2, 2})), 0, [&](State c) {
        c.villages[0].runes = {1, 0, 1, 0, 0, 1};
        return count_moves(
            c, [](nuraghe::Move m) { return kind_of(m) == MoveKind::CastRune && (field_of(m) & kFreeRune); });
      });
    case EffectKind::AnyCardBerserkur:  // Berserkur moves offered without a Berserkur card
      return both(activating(make_selection({0, 2, 2, 2})), 0, [&](State c) {
        return count_moves(c, [](nuraghe::Move m) { return card_of(m) != Unit::Berserkur; });
      });
    case EffectKind::FreeHomeAction: {  // the home action offered, the Kaupmadur away from home
      State s = activating(make_selection({2, 2, 2, 0}));
      const Board& b = s.board();
      s.unit_area[0][std::size_t(Unit::Kaupmadur)] =
          std::uint8_t(std::countr_zero(b.neighbours[std::size_t(b.home[0])] & ~b.homes));
      return both(
          s, 0, [&](State c) { return count_moves(c, [](nuraghe::Move m) { return kind_of(m) == MoveKind::Home; }); });
    }
  }
  return std::pair<long, long>{0, 0};  // an unknown kind: no effect measured
}
}  // namespace

TEST_CASE("upgrade tiles: every effect kind of tiles.json changes what its text says, beyond cap and end glory") {
  const Tiles& tiles = Tiles::standard();
  std::set<EffectKind> seen;
  for (int t = 0; t < tiles.num_tiles; ++t) {
    const EffectKind kind = tiles.tiles[std::size_t(t)].effect.kind;
    if (kind == EffectKind::None || !seen.insert(kind).second) continue;
    CAPTURE(tiles.tiles[std::size_t(t)].id);
    const auto measured = probe(kind, t);
    REQUIRE(measured.has_value());
    CHECK_MESSAGE(measured->first != measured->second,
                  "owning " << tiles.tiles[std::size_t(t)].id << " changed nothing (" << effect_kind_name(kind) << ")");
  }
  CHECK(seen.size() == kEffectKinds - 1);  // every kind but none is in the file
}
