// Ticket to Ride's rules, one by one: setup, the draws (docs/rules-ttr.md, Rulings: "Two draws a turn"), the
// three-locomotive reset, reshuffles, tickets, claims, the end and the final score; then random games. The notation,
// what each seat knows and the position reader have files of their own: test_notation.cpp, test_information.cpp,
// test_position.cpp.
#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <string>

#include "core/error.hpp"
#include "games/ttr/position.hpp"
#include "games/ttr/presentation.hpp"
#include "games/ttr/state.hpp"
#include "games/ttr/test_helpers.hpp"
#include "games/ttr/ttr.hpp"

using namespace nuraghe::ttr;
using namespace nuraghe::ttr::test;
using nuraghe::Json;

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

TEST_CASE("face-up cards: three locomotives among them replace all five, at most three times in a row") {
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
  // The JSON breakdown says the same: who won and on what, the station's borrowed route and its owner.
  const Json score = nuraghe::Ttr::Presentation::score_json(s);
  CHECK(score["winner"] == Json{{"seats", {1}}, {"decided_by", "points"}});
  CHECK(score["seats"][1]["station_list"][0]["owner"] == 0);
  CHECK(score["seats"][1]["station_list"][0]["borrows"] == nuraghe::ttr::route_name(sardinia(), nuoro_lanusei));
  CHECK(score["seats"][0]["route_list"][0]["cars"].get<int>() + score["seats"][0]["route_list"][1]["cars"].get<int>() ==
        sardinia().routes[std::size_t(tirso_nuoro)].length + sardinia().routes[std::size_t(nuoro_lanusei)].length);
  CHECK(score["seats"][0]["route_list"][0]["points"].get<int>() +
            score["seats"][0]["route_list"][1]["points"].get<int>() ==
        9);

  // Equal in everything: both hold the longest trail (the full bonus each) and share the win.
  s.routes[1] = s.routes[0], s.tickets[1] = s.tickets[0], s.stations[1] = 0;
  const auto tied = s.breakdown();
  CHECK(tied[0].express == 10);
  CHECK(tied[1].express == 10);
  CHECK(s.outcome()[0] == 0.5);
  CHECK(s.outcome()[1] == 0.5);
  CHECK(nuraghe::Ttr::Presentation::score_json(s)["winner"] == Json{{"seats", {0, 1}}, {"decided_by", "shared"}});
  // The same points, but more tickets completed wins: seat 1 holds no ticket and two more routes
  // worth its 6 points (2 + 4, a trail of 5, shorter than the shared 6).
  s.tickets[1] = 0;
  s.routes[1].add(route_id("porto-torres", "sassari")), s.routes[1].add(route_id("sassari", "ozieri"));
  const auto close = s.breakdown();
  CHECK(close[1].total() == close[0].total());
  CHECK(close[0].completed == 1);
  CHECK(close[1].completed == 0);
  CHECK(s.outcome()[0] == 1.0);
  CHECK(nuraghe::Ttr::Presentation::score_json(s)["winner"] == Json{{"seats", {0}}, {"decided_by", "tickets"}});
  CHECK(nuraghe::Ttr::Presentation::score_report(s).find(
            "winner: player 0 (tied on points; the most completed tickets)") != std::string::npos);
}

TEST_CASE("score: below zero points a tie is a shared win, and a clear leader wins on points") {
  // Both seats hold two lost tickets (6 and 7) and their 3 unused stations (12): -1 each, tied on
  // everything. The reason read "the most points" when the totals were below zero (the best total
  // started from 0).
  State s = playing(2);
  s.routes[0] = {}, s.routes[1] = {};
  s.tickets[0] = s.tickets[1] = ticket_mask("tirso", "lanusei") | ticket_mask("olbia", "tirso");
  REQUIRE(s.breakdown()[0].total() == -1);
  CHECK(nuraghe::Ttr::Presentation::score_json(s)["winner"] == Json{{"seats", {0, 1}}, {"decided_by", "shared"}});
  CHECK(nuraghe::Ttr::Presentation::score_report(s).find(
            "shared win: player 0, player 1 (tied on points, tickets, stations and the Express bonus)") !=
        std::string::npos);
  // Every seat below zero with a clear leader: the leader wins on points (a best total started
  // from 0 would find no seat at it, and call the game shared).
  s.tickets[1] |= ticket_mask("palau", "iglesias");  // 18 more lost
  REQUIRE(s.breakdown()[1].total() == -19);
  CHECK(s.outcome()[0] == 1.0);
  CHECK(nuraghe::Ttr::Presentation::score_json(s)["winner"] == Json{{"seats", {0}}, {"decided_by", "points"}});
  CHECK(nuraghe::Ttr::Presentation::score_report(s).find("winner: player 0 (the most points)") != std::string::npos);
}

TEST_CASE("score: the text is drawn from the JSON breakdown alone") {
  State s = playing(3);
  s.stations_option = true;
  Json score = nuraghe::Ttr::Presentation::score_json(s);
  CHECK(nuraghe::ttr::score_text(score) == nuraghe::Ttr::Presentation::score_report(s));
  // A part changed in the JSON shows in the text: the text reads nothing else.
  score["seats"][2]["total"] = 123;
  score["seats"][2]["win"] = 1.0;
  score["winner"] = Json{{"seats", {2}}, {"decided_by", "express"}};
  score["title"] = "Another map";
  score["options"]["stations"] = false;
  const std::string text = nuraghe::ttr::score_text(score);
  CAPTURE(text);
  CHECK(text.rfind("Another map, 3 players: the game is not over", 0) == 0);
  CHECK(text.find("player 2: 123 points, a winner\n") != std::string::npos);
  CHECK(text.find("winner: player 2 (tied on points, tickets and stations; the Express bonus)") != std::string::npos);
  CHECK(text.find("\n  stations ") == std::string::npos);
  CHECK(nuraghe::Ttr::Presentation::score_report(s).find("\n  stations ") != std::string::npos);
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
  const std::string report = nuraghe::Ttr::Presentation::score_report(s);
  CAPTURE(report);
  CHECK(report.find("sassari: borrowing gains nothing (1 route of another player here)") != std::string::npos);
  CHECK(report.find("nuoro: no route of another player here to borrow") != std::string::npos);
  CHECK(report.find("borrows nothing") == std::string::npos);
}

TEST_CASE("random games: from setup to the end every card is kept, every move is legal, and every game ends") {
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
