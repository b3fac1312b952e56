// The end: the final bonuses, their tie-breaks and the winner's (Rulings: "The end and its ties").
#include <doctest/doctest.h>

#include "games/bardagi/state.hpp"
#include "games/bardagi/test_helpers.hpp"

using namespace nuraghe::bardagi;
using namespace nuraghe::bardagi::test;

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
