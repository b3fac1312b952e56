// Strengthening defences, a disk at a time onto own areas (Rulings: "Free actions, once an activation").
#include <doctest/doctest.h>

#include "games/bardagi/state.hpp"
#include "games/bardagi/test_helpers.hpp"

using namespace nuraghe::bardagi;
using namespace nuraghe::bardagi::test;

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
