// Trade sessions and the Kaupmadur's home action (Rulings: "Trade sessions", "Free actions, once an activation").
#include <doctest/doctest.h>

#include "games/bardagi/state.hpp"
#include "games/bardagi/test_helpers.hpp"

using namespace nuraghe::bardagi;
using namespace nuraghe::bardagi::test;

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
