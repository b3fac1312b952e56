// Ticket to Ride's rules, one by one: setup, the draws (docs/rules-ttr.md, Rulings: "Two draws a turn"),
// the three-locomotive reset, reshuffles. Work in progress: claims, stations, tickets and the end next.
#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <numeric>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "games/ttr/notation.hpp"
#include "games/ttr/position.hpp"
#include "games/ttr/state.hpp"
#include "games/ttr/ttr.hpp"

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

namespace {
const Map& sardinia() { return Map::sardinia(); }
int route_id(std::string_view a, std::string_view b, bool second = false) {
  const Map& m = sardinia();
  for (int r = 0; r < m.num_routes; ++r) {
    const Route& x = m.routes[std::size_t(r)];
    const bool ends = (m.city_id[x.a] == a && m.city_id[x.b] == b) || (m.city_id[x.a] == b && m.city_id[x.b] == a);
    if (ends && x.second == second) return r;
  }
  FAIL("no such route");
  return -1;
}
State playing(int players, std::uint64_t seed = 3) {
  State s = State::setup(sardinia(), players, {}, seed);
  std::array<std::uint64_t, kMaxSeats> keep{};
  for (int p = 0; p < players; ++p) keep[std::size_t(p)] = s.offered[std::size_t(p)];  // keep all four
  s.keep_setup_tickets(keep);
  return s;
}
}  // namespace

TEST_CASE(
    "tickets: the setup keep takes at least 2; a draw offers 3 and keeps at least 1; the rest go under the deck") {
  State s = State::setup(sardinia(), 3, {}, 5);
  CHECK(!s.may_keep(0b0));  // nothing kept: at least 2 at setup
  std::array<std::uint64_t, kMaxSeats> keep{};
  for (int p = 0; p < 3; ++p) {
    const std::uint64_t o = s.offered[std::size_t(p)];
    keep[std::size_t(p)] = o & (o - 1);  // drop the lowest: keep 3
  }
  s.keep_setup_tickets(keep);
  CHECK(s.phase == Phase::Turn);
  CHECK(s.turn == 0);
  for (int p = 0; p < 3; ++p) CHECK(std::popcount(s.tickets[std::size_t(p)]) == 3);
  const int deck = s.ticket_size;
  CHECK(deck == 38 - 9);  // setup's discards go to the box, not the deck
  const std::uint64_t top3 = std::uint64_t(1) << s.ticket_deck[std::size_t(deck - 1)] |
                             std::uint64_t(1) << s.ticket_deck[std::size_t(deck - 2)] |
                             std::uint64_t(1) << s.ticket_deck[std::size_t(deck - 3)];
  s.draw_tickets();
  CHECK(s.phase == Phase::KeepTickets);
  CHECK(s.offered[0] == top3);
  CHECK(!s.may_keep(0));
  const std::uint64_t kept = top3 & (~top3 + 1);  // the lowest id
  CHECK(s.may_keep(kept));
  s.keep_tickets(kept);
  CHECK(s.turn == 1);
  CHECK(s.ticket_size == deck - 1);
  // The two returned are now the bottom two, the higher id at the very bottom.
  const std::uint64_t back = top3 & ~kept;
  CHECK(s.ticket_deck[0] == 63 - std::countl_zero(back));
  CHECK(s.ticket_deck[1] == std::countr_zero(back));
  CHECK((s.placed_mask(0) & back) == back);  // (with its setup discard, in the box)
  // An empty deck is no draw; with fewer than 3 left, all of them are offered.
  s.ticket_size = 2;
  CHECK(s.may_draw_tickets());
  s.draw_tickets();
  CHECK(std::popcount(s.offered[1]) == 2);
  s.keep_tickets(s.offered[1]);
  s.ticket_size = 0;
  CHECK(!s.may_draw_tickets());
}

TEST_CASE("double routes: with 2-3 players one route of a pair; with 4-5 both, never by one player") {
  const int first = route_id("nuoro", "dorgali"), second = route_id("nuoro", "dorgali", true);
  for (int players : {2, 3, 4, 5}) {
    CAPTURE(players);
    State s = playing(players);
    s.cards[0][std::size_t(Colour::Yellow)] = 1, s.materials[0][std::size_t(Material::Railway)] = 1;
    REQUIRE(s.may_claim(first));
    s.claim(first, Payment{std::uint8_t(Colour::Yellow), 1, 0, 0, 1});
    CHECK(s.routes[0].has(first));
    CHECK(s.cars[0] == s.starting_cars - 2);
    CHECK(s.turn == 1);
    CHECK(s.may_claim(second) == (players >= 4));  // another player, the other route of the pair
    CHECK(!s.may_claim(first));                    // taken
    s.turn = 0;
    CHECK(!s.may_claim(second));  // never both by one player
  }
}

TEST_CASE("claims: cards and Materials go to their discards; not without the cars; stations cost 1, 2, 3 cards") {
  State s = playing(2);
  const int r = route_id("dorgali", "arbatax");  // grey, 6 spaces, a railway and a tunnel symbol
  s.cards[0] = {};
  s.cards[0][std::size_t(Colour::Black)] = 4;
  s.materials[0] = {0, 0, 0, 1, 1};
  const Cards discards = s.train_discards;
  s.cars[0] = 5;
  CHECK(!s.may_claim(r));  // 6 cars needed
  s.cars[0] = 6;
  REQUIRE(s.may_claim(r));
  s.claim(r, Payment{std::uint8_t(Colour::Black), 4, 0, 1, 1});
  CHECK(s.cards[0][std::size_t(Colour::Black)] == 0);
  CHECK(s.train_discards[std::size_t(Colour::Black)] == discards[std::size_t(Colour::Black)] + 4);
  CHECK(s.materials[0] == Materials{});
  CHECK(s.materials_discards[std::size_t(Material::Tunnel)] == 1);
  CHECK(s.cars[0] == 0);
  CHECK(s.last_round == 2);  // 0 cars left: every player gets one more turn

  // Stations: the n-th costs n cards; one per city; at most three.
  State t = playing(3);
  const int sassari = sardinia().city("sassari"), nuoro = sardinia().city("nuoro");
  CHECK(t.station_cost() == 1);
  REQUIRE(t.may_build_station(sassari));
  t.cards[0][std::size_t(Colour::Red)] = 5;
  t.build_station(sassari, Payment{std::uint8_t(Colour::Red), 1, 0, 0, 0});
  CHECK(t.stations[0] == std::uint64_t(1) << sassari);
  t.turn = 1;
  CHECK(!t.may_build_station(sassari));  // another player's station is there
  t.turn = 0;
  CHECK(t.station_cost() == 2);
  t.build_station(nuoro, Payment{std::uint8_t(Colour::Red), 2, 0, 0, 0});
  t.turn = 0;
  t.build_station(sardinia().city("olbia"), Payment{std::uint8_t(Colour::Red), 2, 1, 0, 0});
  t.turn = 0;
  CHECK(!t.may_build_station(sardinia().city("cagliari")));  // three built
  State::Options no_stations;
  no_stations.stations = false;
  State u = State::setup(sardinia(), 2, no_stations, 1);
  u.phase = Phase::Turn;
  CHECK(!u.may_build_station(sassari));
}

TEST_CASE("the end: a turn ending with 2 cars or fewer gives every player one more turn; the safeguard") {
  State s = playing(3);
  s.cars[0] = 2;
  s.draw_deck(), s.draw_deck();  // seat 0 ends its turn with 2 cars
  CHECK(s.last_round == 3);
  for (int turn = 0; turn < 3; ++turn) {  // seats 1, 2 and 0 again
    CHECK(s.phase == Phase::Turn);
    s.draw_deck(), s.draw_deck();
  }
  CHECK(s.phase == Phase::Over);

  // Ten full rounds without a claim or a station end the game.
  State t = playing(2);
  for (int turn = 0; turn < kIdleRoundsLimit * 2 - 1; ++turn) {
    REQUIRE(t.phase == Phase::Turn);
    t.draw_materials(-1);
    if (t.phase == Phase::SecondDraw) t.draw_deck();
    for (int p = 0; p < 2; ++p) t.materials[std::size_t(p)] = {1, 1, 1, 0, 0};  // keep the hands below the limit
  }
  CHECK(t.phase == Phase::Turn);
  t.draw_deck(), t.draw_deck();
  CHECK(t.phase == Phase::Over);
}

namespace {
std::uint64_t ticket_mask(std::string_view from, std::string_view to) {
  const Map& m = sardinia();
  for (int t = 0; t < m.num_tickets; ++t) {
    const Ticket& k = m.tickets[std::size_t(t)];
    if (k.from == std::uint64_t(1) << m.city(from) && k.to == std::uint64_t(1) << m.city(to))
      return std::uint64_t(1) << t;
  }
  FAIL("no such ticket");
  return 0;
}
}  // namespace

TEST_CASE("final score: routes, tickets through stations, unused stations, the Express bonus; the winner") {
  State s = playing(2);
  const int tirso_nuoro = route_id("tirso", "nuoro"), nuoro_lanusei = route_id("nuoro", "lanusei");
  const int sorgono_nuoro = route_id("sorgono", "nuoro"), tirso_sorgono = route_id("tirso", "sorgono");
  s.routes[0] = {}, s.routes[1] = {};
  s.routes[0].add(tirso_nuoro), s.routes[0].add(nuoro_lanusei);                    // 2 + (4 + 3 for the tunnel) points
  s.routes[1].add(sorgono_nuoro), s.routes[1].add(tirso_sorgono);                  // (4 + 3) + (2 + 2 for the railway)
  s.tickets[0] = ticket_mask("tirso", "lanusei");                                  // 6, complete
  s.tickets[1] = ticket_mask("tirso", "lanusei") | ticket_mask("olbia", "tirso");  // 6 through a station; 7 lost
  s.stations[1] = std::uint64_t(1) << sardinia().city("nuoro");
  const auto b = s.breakdown();
  CHECK(b[0].routes == 9);
  CHECK(b[0].tickets == 6);
  CHECK(b[0].completed == 1);
  CHECK(b[0].unused_stations == 3);
  CHECK(b[0].trail == 6);
  CHECK(b[0].express == 0);
  CHECK(b[1].routes == 11);
  CHECK(b[1].tickets == 6 - 7);  // nuoro's station borrows nuoro - lanusei, seat 0's
  CHECK(b[1].borrowed[std::size_t(sardinia().city("nuoro"))] == nuoro_lanusei);
  CHECK(b[1].completed == 1);
  CHECK(b[1].unused_stations == 2);
  CHECK(b[1].trail == 7);  // tirso - sorgono - nuoro; the borrowed route never lengthens it
  CHECK(b[1].express == 10);
  CHECK(b[0].total() == 9 + 6 + 12);
  CHECK(b[1].total() == 11 - 1 + 8 + 10);
  CHECK(s.outcome()[1] == 1.0);  // 28 against 27
  CHECK(s.outcome()[0] == 0.0);

  // Equal in everything: both hold the longest trail (the full bonus each) and share the win.
  s.routes[1] = s.routes[0], s.tickets[1] = s.tickets[0], s.stations[1] = 0;
  const auto tied = s.breakdown();
  CHECK(tied[0].express == 10);
  CHECK(tied[1].express == 10);
  CHECK(s.outcome()[0] == 0.5);
  CHECK(s.outcome()[1] == 0.5);
  // The same points, but more tickets completed wins: seat 1 holds no ticket and two more routes
  // worth its 6 points (2 + 4, a trail of 5, shorter than the shared 6).
  s.tickets[1] = 0;
  s.routes[1].add(route_id("porto-torres", "sassari")), s.routes[1].add(route_id("sassari", "ozieri"));
  const auto close = s.breakdown();
  CHECK(close[1].total() == close[0].total());
  CHECK(close[0].completed == 1);
  CHECK(close[1].completed == 0);
  CHECK(s.outcome()[0] == 1.0);
}

TEST_CASE("score report: a station that borrows no route says why") {
  // Rulings, "Stations": a station borrows a route of another player at its city when that scores its
  // owner's tickets better. Where it borrows none, the report says whether there was one to borrow.
  State s = playing(2);
  s.routes[0] = {}, s.routes[1] = {};
  s.routes[0].add(route_id("porto-torres", "sassari"));
  s.tickets[1] = ticket_mask("tirso", "lanusei");  // porto-torres - sassari is no help to it
  s.stations[1] = std::uint64_t(1) << sardinia().city("sassari") | std::uint64_t(1) << sardinia().city("nuoro");
  REQUIRE(s.breakdown()[1].borrowed[std::size_t(sardinia().city("sassari"))] < 0);
  const std::string report = nuraghe::Ttr::score_report(s);
  CAPTURE(report);
  CHECK(report.find("sassari: borrowing gains nothing (1 route of another player here)") != std::string::npos);
  CHECK(report.find("nuoro: no route of another player here to borrow") != std::string::npos);
  CHECK(report.find("borrows nothing") == std::string::npos);
}

TEST_CASE("random games from setup to the end: every card kept, every move legal, every game ends") {
  nuraghe::Rng rng(11);
  int safeguard_ends = 0, decisions = 0, most_moves = 0;
  for (int game = 0; game < 40; ++game) {
    const int players = 2 + game % 4;
    State s = State::setup(sardinia(), players, {}, std::uint64_t(game));
    MoveList moves;
    int steps = 0;
    while (s.to_move() != nuraghe::kTerminal) {
      REQUIRE(++steps < 20000);
      if (s.to_move() == nuraghe::kSimultaneous) {
        nuraghe::JointMove joint{};
        for (int p = 0; p < players; ++p) {
          s.legal_moves(p, moves);
          REQUIRE(moves.size() == 11);  // 4 tickets, at least 2 kept
          joint[std::size_t(p)] = moves[rng.below(std::uint32_t(moves.size()))];
        }
        s.apply_joint(joint);
        continue;
      }
      s.legal_moves(moves);
      REQUIRE(!moves.empty());
      most_moves = std::max(most_moves, int(moves.size()));
      s.apply(moves[rng.below(std::uint32_t(moves.size()))]);
      ++decisions;
      CHECK(train_cards(s) == kTrainCards);
      CHECK(materials_cards(s) == kMaterialCards);
    }
    safeguard_ends += s.idle_turns >= kIdleRoundsLimit * players;
    // Every ticket is held by at most one seat, and none held is also in the deck.
    std::uint64_t held = 0, deck = 0;
    for (int p = 0; p < players; ++p) {
      CHECK((held & s.tickets[std::size_t(p)]) == 0);
      held |= s.tickets[std::size_t(p)];
    }
    for (int i = 0; i < s.ticket_size; ++i) deck |= std::uint64_t(1) << s.ticket_deck[std::size_t(i)];
    CHECK((held & deck) == 0);
  }
  MESSAGE(decisions << " decisions in 40 random games, at most " << most_moves << " legal moves at once, "
                    << safeguard_ends << " ended by the safeguard");
  CHECK(most_moves <= sardinia().most_moves);
}

TEST_CASE("notation: every legal move's text parses back to it, is unique, and holds no ',' or ';'") {
  nuraghe::Rng rng(5);
  long checked = 0;
  for (int game = 0; game < 12; ++game) {
    const int players = 2 + game % 4;
    State s = State::setup(sardinia(), players, {}, std::uint64_t(100 + game));
    MoveList moves;
    while (s.to_move() != nuraghe::kTerminal) {
      if (s.to_move() == nuraghe::kSimultaneous) {
        nuraghe::JointMove joint{};
        for (int p = 0; p < players; ++p) {
          s.legal_moves(p, moves);
          joint[std::size_t(p)] = moves[rng.below(std::uint32_t(moves.size()))];
        }
        s.apply_joint(joint);
        continue;
      }
      const nuraghe::Player seat = s.to_move();
      s.legal_moves(moves);
      std::set<std::string> texts;
      for (const nuraghe::Move m : moves) {
        const std::string t = move_text(s, seat, m);
        CHECK(t.find_first_of(",;") == std::string::npos);
        CHECK(texts.insert(t).second);
        CHECK(parse_move_text(s, seat, t) == m);
        CHECK(parse_move_text(s, seat, "  " + t + " ") == m);
        ++checked;
      }
      s.apply(moves[rng.below(std::uint32_t(moves.size()))]);
    }
  }
  MESSAGE(checked << " move texts parsed back");
  State s = playing(2);
  CHECK_THROWS_AS(parse_move_text(s, 0, "claim roma~napoli red2"), nuraghe::InputError);
  CHECK_THROWS_AS(parse_move_text(s, 1, "draw deck"), nuraghe::InputError);  // not its turn
}

TEST_CASE("notation: the issue's examples") {
  State s = playing(2);
  s.cards[0] = {};
  s.cards[0][std::size_t(Colour::Red)] = 3, s.cards[0][kLocomotive] = 1;
  s.materials[0] = {0, 0, 1, 1, 0};
  const nuraghe::Move m = parse_move_text(s, 0, "claim sorgono~nuoro red2+loco1+railway+stones");
  CHECK(kind_of(m) == MoveKind::Claim);
  CHECK(route_of(m) == route_id("sorgono", "nuoro"));
  CHECK(move_text(s, 0, m) == "claim sorgono~nuoro red2+loco1+railway+stones");
  CHECK(parse_move_text(s, 0, "claim  sorgono~nuoro stones+loco1+railway+red2") == m);  // any order of the cards
  CHECK(parse_move_text(s, 0, "station sassari red1") ==
        make_station(sardinia().city("sassari"), Payment{std::uint8_t(Colour::Red), 1, 0, 0, 0}));
  CHECK(parse_move_text(s, 0, "draw deck") == make_move(MoveKind::DrawDeck));
  CHECK(parse_move_text(s, 0, "draw materials") == make_move(MoveKind::DrawMaterials));
  CHECK(parse_move_text(s, 0, "draw tickets") == make_move(MoveKind::DrawTickets));
}

TEST_CASE("notation: a payment's parts in any order are one move (docs/rules-ttr.md, Notation)") {
  State s = playing(2);
  s.cards[0] = {};
  s.cards[0][std::size_t(Colour::Red)] = 3, s.cards[0][kLocomotive] = 1;
  s.materials[0] = {0, 0, 1, 1, 0};
  const nuraghe::Move m = parse_move_text(s, 0, "claim sorgono~nuoro red2+loco1+railway+stones");
  std::vector<std::string> parts = {"loco1", "railway", "red2", "stones"};
  int orders = 0;
  do {
    const std::string text = "claim sorgono~nuoro " + parts[0] + "+" + parts[1] + "+" + parts[2] + "+" + parts[3];
    CAPTURE(text);
    CHECK(parse_move_text(s, 0, text) == m);
    ++orders;
  } while (std::next_permutation(parts.begin(), parts.end()));
  CHECK(orders == 24);
  // The parts are the payment's, each once: one left out or one twice is no move.
  CHECK_THROWS_AS(parse_move_text(s, 0, "claim sorgono~nuoro stones+red2+loco1"), nuraghe::InputError);
  CHECK_THROWS_AS(parse_move_text(s, 0, "claim sorgono~nuoro stones+red2+loco1+railway+stones"), nuraghe::InputError);
  s.stations[0] = std::uint64_t(1) << sardinia().city("sassari");  // the second station costs 2 cards
  CHECK(parse_move_text(s, 0, "station oristano loco1+red1") == parse_move_text(s, 0, "station oristano red1+loco1"));
  // A keep names the offered tickets in any order too.
  const State setup = State::setup(sardinia(), 2, {}, 3);
  CHECK(parse_move_text(setup, 0, "keep 3+1") == parse_move_text(setup, 0, "keep 1+3"));
  CHECK(parse_move_text(setup, 1, "keep 4+2+1") == parse_move_text(setup, 1, "keep 1+2+4"));
}

TEST_CASE("information: a seat's view and observations do not depend on what it has not seen") {
  State a = playing(3, 9);
  // Another deal of seat 1's hand with the same counts: seat 0 and seat 2 cannot tell.
  State b = a;
  b.cards[1] = a.cards[1];
  int moved = -1;
  for (int k = 0; k < kTrainColours && moved < 0; ++k)
    if (b.cards[1][std::size_t(k)] > 0 && b.cards_seen[1][std::size_t(k)] == 0) moved = k;
  REQUIRE(moved >= 0);
  --b.cards[1][std::size_t(moved)];
  ++b.cards[1][std::size_t((moved + 1) % kTrainColours)];
  CHECK(position(a, 0) == position(b, 0));
  CHECK(position(a, 2) == position(b, 2));
  CHECK(!(position(a, 1) == position(b, 1)));
  CHECK(!(position(a, -1) == position(b, -1)));
  // A blind draw: the drawer learns its card, the others only that it drew.
  State c = a, d = a;
  c.train_deck[std::size_t(c.train_size - 1)] = std::uint8_t(Colour::Red);
  d.train_deck[std::size_t(d.train_size - 1)] = std::uint8_t(Colour::Blue);
  const nuraghe::Move deck = make_move(MoveKind::DrawDeck);
  CHECK(observe(c, deck, 1) == observe(d, deck, 1));
  CHECK(observe(c, deck, 2) == observe(d, deck, 2));
  CHECK(observe(c, deck, 0) != observe(d, deck, 0));
  // A ticket draw: the drawer sees which, the others how many.
  State e = a, f = a;
  std::swap(f.ticket_deck[std::size_t(f.ticket_size - 1)], f.ticket_deck[0]);
  const nuraghe::Move draw = make_move(MoveKind::DrawTickets);
  CHECK(observe(e, draw, 1) == observe(f, draw, 1));
  CHECK(observe(e, draw, 0) != observe(f, draw, 0));
}

TEST_CASE("determinize: a state of the seat's information set; the unseen re-dealt, the seen kept") {
  nuraghe::Rng rng(21);
  int checked = 0, differed = 0;
  for (int game = 0; game < 12; ++game) {
    const int players = 2 + game % 4;
    State s = State::setup(sardinia(), players, {}, std::uint64_t(300 + game));
    MoveList moves;
    for (int step = 0; s.to_move() != nuraghe::kTerminal; ++step) {
      if (step % 7 == 0)
        for (int seat = 0; seat < players; ++seat) {
          const State d = s.determinize(seat, rng);
          CHECK(position(d, seat) == position(s, seat));
          CHECK(train_cards(d) == kTrainCards);
          CHECK(materials_cards(d) == kMaterialCards);
          for (int p = 0; p < players; ++p) {  // at most one long ticket a seat
            int longs = 0;
            for (std::uint64_t t = d.tickets[std::size_t(p)]; t; t &= t - 1)
              longs += sardinia().tickets[std::size_t(std::countr_zero(t))].long_route;
            CHECK(longs <= 1);
          }
          ++checked;
          differed += !(d == s);
        }
      if (s.to_move() == nuraghe::kSimultaneous) {
        nuraghe::JointMove joint{};
        for (int p = 0; p < players; ++p) {
          s.legal_moves(p, moves);
          joint[std::size_t(p)] = moves[rng.below(std::uint32_t(moves.size()))];
        }
        s.apply_joint(joint);
        continue;
      }
      s.legal_moves(moves);
      s.apply(moves[rng.below(std::uint32_t(moves.size()))]);
    }
  }
  MESSAGE(checked << " determinizations, " << differed << " differing from the true state");
  CHECK(differed > checked / 2);
}

TEST_CASE("initial: the options, and bad ones refused; render hides what the seat does not see") {
  nuraghe::GameConfig c;
  c.players = 4;
  c.seed = 3;
  c.options = {{"touring", "on"}, {"stations", "off"}};
  const State s = nuraghe::Ttr::initial(c);
  CHECK(s.players == 4);
  CHECK(s.touring);
  CHECK(!s.stations_option);
  CHECK(s.express);
  CHECK(!s.ferries);
  CHECK(s.cars[0] == 40);
  c.options = {{"cars", "30"}};
  CHECK(nuraghe::Ttr::initial(c).cars[3] == 30);
  for (const auto& option : std::vector<std::pair<std::string, std::string>>{
           {"touring", "yes"}, {"cars", "100"}, {"cars", "-1"}, {"colour", "red"}}) {
    CAPTURE(option.first);
    c.options = {option};
    CHECK_THROWS_AS(nuraghe::Ttr::initial(c), nuraghe::InputError);
  }
  c.options = {};
  c.players = 6;
  CHECK_THROWS_AS(nuraghe::Ttr::initial(c), nuraghe::InputError);
  c.players = 2;
  const std::string mine = nuraghe::Ttr::render(s, 0), all = nuraghe::Ttr::render(s, -1);
  const auto count = [](const std::string& text, const std::string& part) {
    int n = 0;
    for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
    return n;
  };
  // Seat 0 sees its own hand and offered tickets, and of seat 1 only the counts.
  CHECK(mine.find("player 1: 40 cars, 0 routes, 0 stations\n    4 cards, 3 materials, 0 tickets, 4 offered\n") !=
        std::string::npos);
  CHECK(count(mine, "    cards ") == 1);
  CHECK(count(mine, "    offered:\n      1. ") == 1);
  CHECK(count(all, "    cards ") == s.players);
  CHECK(count(all, "    offered:\n      1. ") == s.players);
  for (const std::string& text : {mine, all})
    for (std::size_t at = 0, next; at < text.size(); at = next + 1) {
      next = text.find('\n', at);
      CHECK(next - at <= 80);  // every line fits a terminal
    }
}

TEST_CASE("positions: every state of random games reads back to itself; unreachable positions are refused") {
  nuraghe::Rng rng(8);
  int checked = 0, last_round_ends = 0, safeguard_ends = 0;
  // The default cars, then few (1 to 12): the last round starts early, at the very first turn when
  // the cars start at 2 or fewer, so its countdown's states are read back too. The last 2 games
  // claim and build nothing while another move is legal, to the safeguard's end.
  for (int game = 0; game < 18; ++game) {
    const int players = 2 + game % 4;
    const bool idle = game >= 16;
    State::Options options;
    options.cars = game < 8 || idle ? 0 : std::array{1, 2, 3, 4, 6, 8, 10, 12}[std::size_t(game - 8)];
    State s = State::setup(sardinia(), players, options, std::uint64_t(500 + game));
    MoveList moves;
    while (s.to_move() != nuraghe::kTerminal) {
      const State back = read_position(position(s, -1));
      CHECK(back == s);
      ++checked;
      if (s.to_move() == nuraghe::kSimultaneous) {
        nuraghe::JointMove joint{};
        for (int p = 0; p < players; ++p) {
          s.legal_moves(p, moves);
          joint[std::size_t(p)] = moves[rng.below(std::uint32_t(moves.size()))];
        }
        s.apply_joint(joint);
        continue;
      }
      s.legal_moves(moves);
      std::vector<nuraghe::Move> choice;
      for (const nuraghe::Move m : moves)
        if (!idle || (kind_of(m) != MoveKind::Claim && kind_of(m) != MoveKind::Station)) choice.push_back(m);
      if (choice.empty()) choice.push_back(moves[0]);
      s.apply(choice[rng.below(std::uint32_t(choice.size()))]);
    }
    CHECK(read_position(position(s, -1)) == s);
    last_round_ends += s.last_round == 0;
    safeguard_ends += s.idle_turns >= kIdleRoundsLimit * players;
  }
  MESSAGE(checked << " positions read back; " << last_round_ends << " games ended by the last round, " << safeguard_ends
                  << " by the safeguard");
  CHECK(last_round_ends > 0);
  CHECK(safeguard_ends > 0);

  State s = playing(3, 4);
  s.routes[1].add(route_id("nuoro", "dorgali")), s.cars[1] = std::uint8_t(s.cars[1] - 2);
  const nuraghe::Json good = position(s, -1);
  CHECK(read_position(good) == s);
  const auto refused_from = [](const nuraghe::Json& base, auto change, const std::string& fragment) {
    nuraghe::Json j = base;
    change(j);
    try {
      read_position(j);
      FAIL("accepted: " << fragment);
    } catch (const nuraghe::InputError& e) {
      const std::string message = e.what();
      CAPTURE(message);
      CHECK(message.find(fragment) != std::string::npos);
      CHECK(message.find('\n') == std::string::npos);
    }
  };
  const auto refused = [&](auto change, const std::string& fragment) { refused_from(good, change, fragment); };
  refused([](nuraghe::Json& j) { j["seats"][1]["cars"] = 45; }, "seats[1].cars must be 43");
  refused([](nuraghe::Json& j) { j["seats"][2]["routes"].push_back("nuoro~dorgali"); }, "is claimed twice");
  refused([](nuraghe::Json& j) { j["seats"][2]["routes"].push_back("nuoro~dorgali#2"); },
          "with 2 or 3 players only one is used");
  refused([](nuraghe::Json& j) { j["seats"][0]["cards"]["red"] = 13; }, "red cards in all, not 12");
  refused([](nuraghe::Json& j) { j["seats"][0]["cards"]["purple"] = 1; }, "\"purple\" is not a train card");
  refused([](nuraghe::Json& j) { j["seats"][0]["offered"].push_back(j["ticket_deck"][0]); }, "elsewhere too");
  refused([](nuraghe::Json& j) { j["seats"][0]["routes"].push_back("roma~napoli"); }, "is not a route of the map");
  refused([](nuraghe::Json& j) { j["phase"] = "bidding"; }, "\"bidding\" is not a phase");
  refused([](nuraghe::Json& j) { j["first_draw"] = "materials"; }, "first_draw must be \"none\"");
  refused([](nuraghe::Json& j) { j["seats"][0]["stations"] = {"sassari", "sassari"}; }, "has a station already");
  refused([](nuraghe::Json& j) { j["map"] = "corsica"; }, "must be \"sardinia\" or a whole map object");
  refused([](nuraghe::Json& j) { j["seats"][0]["seen"]["loco"] = 9; }, "counts more cards than the hand holds");

  // What play implies. A hand holds at most 8 Materials cards: with 8, a draw discards one first.
  refused(
      [](nuraghe::Json& j) {
        j["seats"][0]["materials"] = {{"wood", 5}, {"tunnel", 4}};
      },
      "seats[0].materials holds 9 cards: at most 8");
  // A long ticket is dealt to each seat at setup, one, and the deck holds none.
  std::uint64_t held = 0;
  for (int p = 0; p < 3; ++p) held |= s.tickets[std::size_t(p)];
  int box_long = -1;
  for (int t = 0; t < sardinia().num_tickets && box_long < 0; ++t)
    if (sardinia().tickets[std::size_t(t)].long_route && !(held >> t & 1)) box_long = t;
  REQUIRE(box_long >= 0);
  refused([&](nuraghe::Json& j) { j["seats"][2]["tickets"].push_back(box_long); }, "seats[2] holds 2 long tickets");
  // The setup keep: every seat at once, before any turn ended.
  const nuraghe::Json setup = position(State::setup(sardinia(), 3, {}, 4), -1);
  CHECK(read_position(setup) == State::setup(sardinia(), 3, {}, 4));
  refused_from(
      setup, [](nuraghe::Json& j) { j["turn"] = 1; }, "turn must be 0 during keep-setup-tickets");
  refused_from(
      setup, [](nuraghe::Json& j) { j["idle_turns"] = 1; }, "idle_turns must be 0 during keep-setup-tickets");
  refused_from(
      setup, [](nuraghe::Json& j) { j["last_round"] = 3; }, "last_round must be -1 during keep-setup-tickets");
  // The end (State::end_turn): 10 rounds without a claim or a station, or the last round played
  // out (last_round 0), and the game is over; over for no such reason is no game's end.
  refused([](nuraghe::Json& j) { j["idle_turns"] = 30; }, "idle_turns is 30: the game is over");
  refused([](nuraghe::Json& j) { j["last_round"] = 0; }, "last_round is 0: the game is over");
  refused([](nuraghe::Json& j) { j["phase"] = "over", j["idle_turns"] = 29; }, "phase is over, but");
  // The seat that started the last round ended that turn with 2 cars or fewer, and keeps them; a
  // claim that leaves 2 or fewer starts it. With 3 players, last_round 2 at seat 0's turn: seat 1
  // started it, one turn ago.
  refused([](nuraghe::Json& j) { j["last_round"] = 2; },
          "last_round is 2: seats[1] ended the turn that started the last round with 2 cars or fewer, not 43");
  nuraghe::Json few = good;  // 4 cars each: seat 1 has 2 left after its claim
  few["options"]["cars"] = 4, few["seats"][0]["cars"] = 4, few["seats"][1]["cars"] = 2, few["seats"][2]["cars"] = 4;
  refused_from(
      few, [](nuraghe::Json&) {}, "seats[1].cars is 2 after a claim");
  few["last_round"] = 2;
  CHECK(read_position(few).last_round == 2);
  few["idle_turns"] = 1;  // (the claim ended its turn with 0; seat 2's turn added 1)
  CHECK(read_position(few).idle_turns == 1);
  refused_from(
      few, [](nuraghe::Json& j) { j["idle_turns"] = 2; }, "idle_turns must be at most 1");
  few["phase"] = "over", few["last_round"] = 0;  // three turns on: over, seat 1's turn again
  few["turn"] = 2, few["idle_turns"] = 3;
  CHECK(read_position(few).phase == Phase::Over);
  refused_from(
      few, [](nuraghe::Json& j) { j["turn"] = 0; }, "last_round is 0: seats[2] ended the turn");
}

namespace {
// The reader refuses `j` in one line holding `fragment`.
void check_refused(const nuraghe::Json& j, const std::string& fragment) {
  try {
    read_position(j);
    FAIL("accepted: " << fragment);
  } catch (const nuraghe::InputError& e) {
    const std::string message = e.what();
    CAPTURE(message);
    CHECK(message.find(fragment) != std::string::npos);
    CHECK(message.find('\n') == std::string::npos);
  }
}
// Moves the ticket on top of the deck to seat p's list `field`.
void deal_from_deck(nuraghe::Json& j, int p, const char* field) {
  j["seats"][std::size_t(p)][field].push_back(j["ticket_deck"].back());
  j["ticket_deck"].erase(j["ticket_deck"].size() - 1);
}
// The ids of a mask's tickets that are long (or regular).
std::vector<int> tickets_of(std::uint64_t mask, bool long_route) {
  std::vector<int> out;
  for (; mask; mask &= mask - 1)
    if (sardinia().tickets[std::size_t(std::countr_zero(mask))].long_route == long_route)
      out.push_back(std::countr_zero(mask));
  return out;
}
// A long ticket that no seat holds or is offered: one of the box.
int boxed_long(const State& s) {
  std::uint64_t dealt = 0;
  for (int p = 0; p < s.players; ++p) dealt |= s.tickets[std::size_t(p)] | s.offered[std::size_t(p)];
  for (int t = 0; t < s.board().num_tickets; ++t)
    if (s.board().tickets[std::size_t(t)].long_route && !(dealt >> t & 1)) return t;
  FAIL("no long ticket in the box");
  return -1;
}
}  // namespace

TEST_CASE("positions: the tickets offered are those play deals") {
  // At the setup keep each seat is offered what the setup deals it: 1 long and 3 regular tickets.
  // More would not fit the keep moves' masks (13 offered: 8191 keep moves, past the list's 4096;
  // 5 or more: texts past `keep 1+2+3+4`; 9 or more: past the heuristic's arrays).
  const State setup = State::setup(sardinia(), 3, {}, 4);
  const nuraghe::Json start = position(setup, -1);
  REQUIRE(read_position(start) == setup);
  const std::string deals = "the setup deals each seat " + std::to_string(kSetupLong + kSetupRegular) + ": " +
                            std::to_string(kSetupLong) + " long and " + std::to_string(kSetupRegular) + " regular";
  for (const int n : {5, 9, 13}) {
    nuraghe::Json j = start;
    while (int(j["seats"][0]["offered"].size()) < n) deal_from_deck(j, 0, "offered");
    check_refused(j, "seats[0].offered holds " + std::to_string(n) + " tickets, 1 of them long: " + deals);
  }
  nuraghe::Json one = start;  // a seat offered 1 ticket would have no legal keep
  one["seats"][1]["offered"] = tickets_of(setup.offered[1], true);
  check_refused(one, "seats[1].offered holds 1 tickets, 1 of them long: " + deals);
  nuraghe::Json no_long = start;  // its long ticket swapped for a regular one of the deck
  no_long["seats"][2]["offered"] = tickets_of(setup.offered[2], false);
  deal_from_deck(no_long, 2, "offered");
  check_refused(no_long, "seats[2].offered holds 4 tickets, 0 of them long: " + deals);

  // After `draw tickets`: 3 regular tickets, fewer only when the deck held fewer.
  State drew = playing(3, 4);
  drew.draw_tickets();
  const nuraghe::Json after = position(drew, -1);
  REQUIRE(read_position(after) == drew);
  REQUIRE(drew.ticket_size > 0);
  for (const int n : {4, 5, 9, 13}) {
    nuraghe::Json j = after;
    while (int(j["seats"][0]["offered"].size()) < n) deal_from_deck(j, 0, "offered");
    check_refused(
        j, "seats[0].offered holds " + std::to_string(n) + " tickets: a draw offers " + std::to_string(kTicketDraw));
  }
  nuraghe::Json two = after;  // one of the three to the box, with tickets left in the deck
  two["seats"][0]["offered"].erase(0);
  check_refused(two, "seats[0].offered holds 2 tickets: a draw offers " + std::to_string(kTicketDraw) +
                         ", fewer only when the deck held fewer, and " + std::to_string(drew.ticket_size) +
                         " are left in it");
  nuraghe::Json long_one = after;  // its long ticket among those drawn: the deck holds none
  long_one["seats"][0]["offered"][0] = tickets_of(drew.tickets[0], true)[0];
  long_one["seats"][0]["tickets"] = tickets_of(drew.tickets[0], false);
  check_refused(long_one, "a long ticket: a draw offers regular tickets only");
  // The deck held 2: both are offered, and the deck is empty.
  State short_deck = playing(3, 4);
  for (int i = 2; i < short_deck.ticket_size; ++i) short_deck.ticket_deck[std::size_t(i)] = 0;  // (to the box)
  short_deck.ticket_size = 2;
  short_deck.draw_tickets();
  CHECK(std::popcount(short_deck.offered[0]) == 2);
  CHECK(read_position(position(short_deck, -1)) == short_deck);
}

TEST_CASE("positions: setup_kept fits the phase and the tickets held") {
  // Before the setup keep nothing is kept or put back; after it, each seat kept 2 to 4 of its
  // tickets and holds them still (a keep of all 4 holds the long one).
  const State setup = State::setup(sardinia(), 3, {}, 4);
  const nuraghe::Json start = position(setup, -1);
  nuraghe::Json j = start;
  j["seats"][1]["setup_kept"] = 2;
  check_refused(j, "seats[1].setup_kept must be 0 during keep-setup-tickets");
  j = start;
  deal_from_deck(j, 1, "tickets");
  check_refused(j, "seats[1].tickets must be empty during keep-setup-tickets");
  j = start;
  j["seats"][1]["placed"] = nuraghe::Json::array({boxed_long(setup)});
  check_refused(j, "seats[1].placed must be empty during keep-setup-tickets");

  State s = playing(3, 4);  // every seat kept its 4
  const nuraghe::Json good = position(s, -1);
  REQUIRE(read_position(good) == s);
  for (const int kept : {0, 1}) {
    j = good;
    j["seats"][2]["setup_kept"] = kept;
    check_refused(j, "seats[2].setup_kept is " + std::to_string(kept) + ": the setup keep keeps 2 to 4");
  }
  j = good;  // 4 kept and none held: determinize read past its ticket array
  j["seats"][1]["tickets"] = nuraghe::Json::array();
  check_refused(j, "seats[1].setup_kept is 4, more than the 0 tickets it holds");
  j = good;  // 4 kept, the long one among them
  j["seats"][1]["tickets"] = tickets_of(s.tickets[1], false);
  deal_from_deck(j, 1, "tickets");
  check_refused(j, "seats[1].setup_kept is 4, so it kept its long ticket, but it holds none");
  // A ticket put back under the deck was drawn after the setup keep: with 4 kept of 4 held, none is.
  j = good;
  const nuraghe::Json drawn = j["seats"][1]["tickets"][3];
  j["seats"][0]["placed"] = nuraghe::Json::array({drawn});
  check_refused(j, "seats[1] holds 1 tickets put back by a seat, drawn after the setup keep, but only 0 were drawn");
  // A long ticket put back went to the box at the setup keep and is never drawn again.
  j = good;
  j["seats"][0]["placed"] = nuraghe::Json::array({tickets_of(s.tickets[1], true)[0]});
  j["seats"][1]["tickets"].push_back(j["ticket_deck"].back());  // (one drawn after the keep)
  j["ticket_deck"].erase(j["ticket_deck"].size() - 1);
  check_refused(j, "is a long ticket put back at the setup keep: it is in the box, not held");
}

TEST_CASE("positions: every determinization of random games' states reads back to itself") {
  // The reader's ticket invariants hold in every state of a seat's information set too, as the
  // fuzz harnesses ask (tests/fuzz/fuzz_common.hpp: a determinization round-trips).
  nuraghe::Rng rng(21);
  int checked = 0;
  for (int game = 0; game < 8; ++game) {
    const int players = 2 + game % 4;
    State s = State::setup(sardinia(), players, {}, std::uint64_t(900 + game));
    MoveList moves;
    for (int step = 0; s.to_move() != nuraghe::kTerminal; ++step) {
      if (step % 7 == 0)
        for (int p = 0; p < players; ++p) {
          const State d = s.determinize(p, rng);
          CHECK(read_position(position(d, -1)) == d);
          ++checked;
        }
      if (s.to_move() == nuraghe::kSimultaneous) {
        nuraghe::JointMove joint{};
        for (int p = 0; p < players; ++p) {
          s.legal_moves(p, moves);
          joint[std::size_t(p)] = moves[rng.below(std::uint32_t(moves.size()))];
        }
        s.apply_joint(joint);
        continue;
      }
      s.legal_moves(moves);
      // Tickets drawn often, so that tickets put back are drawn again.
      nuraghe::Move chosen = moves[rng.below(std::uint32_t(moves.size()))];
      for (const nuraghe::Move m : moves)
        if (kind_of(m) == MoveKind::DrawTickets && rng.below(3) == 0) chosen = m;
      s.apply(chosen);
    }
  }
  MESSAGE(checked << " determinizations read back");
  CHECK(checked > 100);
}

TEST_CASE("positions: card totals are counted without wrapping; a wrong card kind names every kind") {
  // 256 cards more of one kind than the game has once wrapped to the right total in 8 bits: a
  // search then overflowed determinize's 110-card pool.
  const State s = playing(3, 4);
  const nuraghe::Json good = position(s, -1);
  for (const std::string kind : {"red", "loco"}) {
    nuraghe::Json j = good;
    const auto add = [&](nuraghe::Json& counts, int n) { counts[kind] = counts.value(kind, 0) + n; };
    add(j["seats"][0]["cards"], 100);
    add(j["seats"][1]["cards"], 100);
    add(j["train_discards"], 56);
    const int all = kind == "loco" ? kLocomotives : kCardsPerColour;
    check_refused(j, "has " + std::to_string(all + 256) + " " + kind + " cards in all, not " + std::to_string(all));
  }
  // A card kind that is none lists them all, the locomotive too.
  nuraghe::Json j = good;
  j["seats"][0]["cards"]["purple"] = 1;
  check_refused(j, "\"purple\" is not a train card (pink, white, blue, yellow, orange, black, red, green or loco)");
  j = good;
  j["face_up"][0] = "locomotive";
  check_refused(
      j,
      "face_up[0] \"locomotive\" is not a train card (pink, white, blue, yellow, orange, black, red, green or loco)");
}

TEST_CASE("draws: a face-up slot left empty is refilled at the end of the first turn that leaves a card for it") {
  // Play leaves a slot empty when no card is left to refill it; a claim then puts cards on the
  // discards, and the turn's end refills the slot from them.
  // docs/rules-ttr.md, Rulings: "An empty face-up slot is refilled as soon as it can be".
  State s = playing(2, 6);
  for (int k = 0; k < kCardKinds; ++k)
    s.cards[1][std::size_t(k)] = std::uint8_t(s.cards[1][std::size_t(k)] + s.train_discards[std::size_t(k)]);
  s.train_discards = {};
  for (int i = 0; i < s.train_size; ++i) ++s.cards[1][s.train_deck[std::size_t(i)]], s.train_deck[std::size_t(i)] = 0;
  s.train_size = 0;  // seat 1 drew every card left
  REQUIRE(read_position(position(s, -1)) == s);
  int kind = -1;
  for (int k = 0; k < kTrainColours; ++k)
    if (s.face_up_count(k) > 0) kind = k;
  REQUIRE(kind >= 0);
  s.draw_face_up(kind);  // no card to refill the slot
  CHECK(s.face_up_count(kCardKinds) == 1);
  s.draw_materials(-1);  // the turn ends with nothing to refill it from: it stays empty
  REQUIRE(s.turn == 1);
  CHECK(s.face_up_count(kCardKinds) == 1);
  CHECK(read_position(position(s, -1)) == s);
  MoveList moves;
  s.legal_moves(moves);
  int paid = -1;
  for (std::size_t i = 0; i < moves.size() && paid < 0; ++i)
    if (kind_of(moves[i]) == MoveKind::Claim) {
      const Route& route = s.board().routes[std::size_t(route_of(moves[i]))];
      paid = claim_payment(moves[i], route).colour_cards + claim_payment(moves[i], route).locomotives;
      s.apply(moves[i]);
    }
  REQUIRE(paid > 0);  // its cards went to the discards, and one of them fills the slot
  CHECK(s.face_up_count(kCardKinds) == 0);
  CHECK(s.train_size + total(s.train_discards) == paid - 1);
  CHECK(read_position(position(s, -1)) == s);
  // At a decision, an empty slot beside cards that could fill it is unreachable.
  State unreachable = s;
  unreachable.train_deck[unreachable.train_size++] = unreachable.face_up[0];
  unreachable.face_up[0] = kCardKinds;
  try {
    read_position(position(unreachable, -1));
    FAIL("an empty face-up slot beside a train card in the deck was accepted");
  } catch (const nuraghe::InputError& e) {
    CHECK(std::string(e.what()).find("face_up[0] is empty while train cards are left to draw") != std::string::npos);
  }
}

TEST_CASE("draw: claimed routes and stations in their seats' colours; another seat's cards only as counts") {
  State s = at_turn({red, red, blue, blue, green});
  const Map& m = s.board();
  s.routes[1].add(0);
  s.stations[0] |= 1;  // a station in city 0
  const nuraghe::svg::Drawing seat1 = nuraghe::Ttr::draw(s, 1), all = nuraghe::Ttr::draw(s, -1);
  CHECK(seat1.board == nuraghe::Ttr::draw(at_turn({red, red, red, red, red}, 9), 0).board);
  CHECK(seat1.pieces.find("<g class=\"claimed\" data-seat=\"1\" data-routes=\"" + route_name(m, 0) + "\"") !=
        std::string::npos);
  CHECK(seat1.pieces.find("data-seat=\"0\" data-routes") == std::string::npos);  // seat 0 has claimed nothing
  CHECK(seat1.pieces.find("<rect class=\"station\" data-city=\"" + m.city_id[0] + "\" data-seat=\"0\"") !=
        std::string::npos);
  // Seat 1 sees its own hand card by card, seat 0's as counts (4 train cards, 3 Materials, the 4
  // tickets dealt, none kept yet); the observer -1 sees both hands.
  CHECK(seat1.pieces.find("<g class=\"hand\" data-seat=\"1\"") != std::string::npos);
  CHECK(seat1.pieces.find("<g class=\"hand\" data-seat=\"0\"") == std::string::npos);
  CHECK(seat1.pieces.find("data-seat=\"0\">4 cards, 3 materials, 0 tickets, 4 offered</text>") != std::string::npos);
  CHECK(all.pieces.find("<g class=\"hand\" data-seat=\"0\"") != std::string::npos);
  CHECK(all.pieces.find("<g class=\"hand\" data-seat=\"1\"") != std::string::npos);
  CHECK(all.pieces.find("offered: ") != std::string::npos);
}
