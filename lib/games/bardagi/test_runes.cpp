// Runes bought, cast and removed; Wind in the sails (Rulings: "Runes").
#include <doctest/doctest.h>

#include "games/bardagi/state.hpp"
#include "games/bardagi/test_helpers.hpp"

using namespace nuraghe::bardagi;
using namespace nuraghe::bardagi::test;

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
