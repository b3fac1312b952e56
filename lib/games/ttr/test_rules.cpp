// Ticket to Ride's rules, one by one: setup, the draws (rule 2 of the rulings), the
// three-locomotive reset, reshuffles. Work in progress: claims, stations, tickets and the end next.
#include <doctest/doctest.h>

#include <numeric>

#include "games/ttr/state.hpp"

using namespace nuraghe::ttr;

namespace {

int total(const Cards& c) { return std::accumulate(c.begin(), c.end(), 0); }
int total(const Materials& m) { return std::accumulate(m.begin(), m.end(), 0); }

// Every train card is somewhere: hands, deck, discards, face up.
int train_cards(const State& s) {
  int n = s.train_size + total(s.train_discards);
  for (int p = 0; p < s.players; ++p) n += total(s.cards[std::size_t(p)]);
  for (const auto k : s.face_up) n += k < kCardKinds;
  return n;
}
int materials_cards(const State& s) {
  int n = s.materials_size + total(s.materials_discards);
  for (int p = 0; p < s.players; ++p) n += total(s.materials[std::size_t(p)]);
  return n;
}

// A state at the first turn whose face-up cards are `up` (kinds; the deck keeps its cards).
State at_turn(std::array<int, kFaceUp> up, std::uint64_t seed = 1) {
  State s = State::setup(Map::sardinia(), 2, {}, seed);
  s.phase = Phase::Turn;
  for (int i = 0; i < kFaceUp; ++i) s.face_up[std::size_t(i)] = std::uint8_t(up[std::size_t(i)]);
  return s;
}
constexpr int red = int(Colour::Red), blue = int(Colour::Blue), green = int(Colour::Green);

}  // namespace

TEST_CASE("setup: 4 train cards, 3 Materials, 1 long + 3 regular tickets a seat; 5 face up; cars by seats") {
  for (int players = 2; players <= 5; ++players) {
    CAPTURE(players);
    const State s = State::setup(Map::sardinia(), players, {}, 7);
    CHECK(train_cards(s) == kTrainCards);
    CHECK(materials_cards(s) == kMaterialCards);
    for (int p = 0; p < players; ++p) {
      CHECK(total(s.cards[std::size_t(p)]) == kStartingCards);
      CHECK(total(s.materials[std::size_t(p)]) == kStartingMaterials);
      CHECK(std::popcount(s.offered[std::size_t(p)]) == kSetupLong + kSetupRegular);
      int longs = 0;
      for (std::uint64_t t = s.offered[std::size_t(p)]; t; t &= t - 1)
        longs += Map::sardinia().tickets[std::size_t(std::countr_zero(t))].long_route;
      CHECK(longs == 1);
      CHECK(s.cars[std::size_t(p)] == (players <= 3 ? 45 : 40));
      CHECK(s.tickets[std::size_t(p)] == 0);
    }
    CHECK(s.ticket_size == 38 - 3 * players);  // the undealt long tickets go to the box
    CHECK((s.face_up_count(kLocomotive) < kFaceUpLocomotiveLimit || s.train_discards[kLocomotive] > 0));
    CHECK(s.phase == Phase::KeepSetupTickets);
  }
  // Another seed, another deal; the same seed, the same deal.
  CHECK(State::setup(Map::sardinia(), 3, {}, 7) == State::setup(Map::sardinia(), 3, {}, 7));
  CHECK(!(State::setup(Map::sardinia(), 3, {}, 7) == State::setup(Map::sardinia(), 3, {}, 8)));
  State::Options o;
  o.cars = 30;
  CHECK(State::setup(Map::sardinia(), 4, o, 7).cars[0] == 30);
}

TEST_CASE("three face-up locomotives: all five are replaced, at most three times in a row") {
  State s = at_turn({red, blue, green, red, blue});
  // The next 15 cards of the deck are locomotives: every replacement shows 5 of them.
  for (int i = 0; i < 15; ++i) s.train_deck[std::size_t(s.train_size - 1 - i)] = kLocomotive;
  s.face_up = {kLocomotive, kLocomotive, kLocomotive, std::uint8_t(red), std::uint8_t(blue)};
  const int before = s.train_size;
  s.check_face_up_locomotives();
  CHECK(s.face_up_count(kLocomotive) == 5);  // the third replacement is left as it is
  CHECK(s.train_size == before - 15);
  CHECK(s.train_discards[kLocomotive] == 3 + 5 + 5);
  CHECK(s.train_discards[std::size_t(red)] >= 1);
  // Two face-up locomotives are no reason.
  State t = at_turn({kLocomotive, kLocomotive, red, blue, green});
  const State copy = t;
  t.check_face_up_locomotives();
  CHECK(t == copy);
}

TEST_CASE("draws: a face-up locomotive never follows a train card and pairs with one Materials card at most") {
  // A train card first: no face-up locomotive second, anything else.
  State s = at_turn({kLocomotive, red, blue, green, red});
  CHECK(s.may_draw_face_up(kLocomotive));
  s.draw_face_up(red);
  CHECK(s.phase == Phase::SecondDraw);
  CHECK(s.turn == 0);
  CHECK(!s.may_draw_face_up(kLocomotive));
  CHECK(s.may_draw_deck());
  CHECK(s.may_draw_materials());
  s.draw_deck();
  CHECK(s.turn == 1);  // two draws: the turn is over
  CHECK(s.phase == Phase::Turn);
  CHECK(total(s.cards[0]) == kStartingCards + 2);

  // A face-up locomotive first: no train card second, a Materials card yes.
  s = at_turn({kLocomotive, red, blue, green, red});
  s.draw_face_up(kLocomotive);
  CHECK(s.turn == 0);
  for (int k = 0; k < kCardKinds; ++k) CHECK(!s.may_draw_face_up(k));
  CHECK(!s.may_draw_deck());
  CHECK(s.may_draw_materials());
  s.draw_materials(-1);
  CHECK(s.turn == 1);
  CHECK(s.cards[0][kLocomotive] >= 1);
  CHECK(s.cards_seen[0][kLocomotive] == 1);  // a face-up card is seen by all
  CHECK(total(s.materials[0]) == kStartingMaterials + 1);

  // A Materials card first: a face-up locomotive second is legal.
  s = at_turn({kLocomotive, red, blue, green, red});
  s.draw_materials(-1);
  CHECK(s.may_draw_face_up(kLocomotive));
  s.draw_face_up(kLocomotive);
  CHECK(s.turn == 1);

  // A face-up locomotive first with no Materials card left anywhere: the turn ends at once.
  s = at_turn({kLocomotive, red, blue, green, red});
  s.materials_size = 0, s.materials_discards = {};
  s.draw_face_up(kLocomotive);
  CHECK(s.turn == 1);
}

TEST_CASE("draws: an empty source is no draw; an exhausted deck is reshuffled from its discards") {
  State s = at_turn({red, blue, green, red, blue});
  s.train_size = 0;
  s.train_discards = {};
  CHECK(!s.may_draw_deck());
  CHECK(!s.may_draw_face_up(kLocomotive));  // none face up
  s.train_discards[std::size_t(green)] = 2, s.train_discards[kLocomotive] = 1;
  CHECK(s.may_draw_deck());
  State copy = s;
  const int card = s.train_top();
  CHECK((card == green || card == kLocomotive));
  CHECK(s.train_size == 2);
  CHECK(total(s.train_discards) == 0);
  CHECK(copy.train_top() == card);  // the reshuffle is drawn from the state: the same every time
}

TEST_CASE("draws: with 8 Materials cards one is discarded first, face up on the discard pile") {
  State s = at_turn({red, blue, green, red, blue});
  s.materials[0] = {2, 2, 2, 1, 1};
  s.draw_materials(int(Material::Stones));
  CHECK(total(s.materials[0]) == 8);
  CHECK(s.materials_discards[std::size_t(Material::Stones)] == 1);
}
