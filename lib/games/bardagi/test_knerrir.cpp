// The Knerrir: launching, sailing, boarding and leaving, overtaking a barbarian harbour (Rulings: "The Knerrir").
#include <doctest/doctest.h>

#include <algorithm>
#include <functional>

#include "games/bardagi/state.hpp"
#include "games/bardagi/test_helpers.hpp"

using namespace nuraghe::bardagi;
using namespace nuraghe::bardagi::test;

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
