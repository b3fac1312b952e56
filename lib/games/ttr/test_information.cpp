// What a seat knows: views, observations, determinizations, what render and draw show (Rulings: "Who knows what").
#include <doctest/doctest.h>

#include <bit>
#include <string>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "games/ttr/notation.hpp"
#include "games/ttr/position.hpp"
#include "games/ttr/presentation.hpp"
#include "games/ttr/state.hpp"
#include "games/ttr/test_helpers.hpp"
#include "games/ttr/ttr.hpp"

using namespace nuraghe::ttr;
using namespace nuraghe::ttr::test;

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

TEST_CASE("draw: claimed routes and stations in their seats' colours; another seat's cards only as counts") {
  State s = at_turn({red, red, blue, blue, green});
  const Map& m = s.board();
  s.routes[1].add(0);
  s.routes[1].add(3);
  s.stations[0] |= 1;  // a station in city 0
  const nuraghe::svg::Drawing seat1 = nuraghe::Ttr::Presentation::draw(s, 1),
                              all = nuraghe::Ttr::Presentation::draw(s, -1);
  CHECK(seat1.board == nuraghe::Ttr::Presentation::draw(at_turn({red, red, red, red, red}, 9), 0).board);
  // Each claimed route is an element of its own (the viewer marks the one a move adds), in its
  // seat's group and colour, with its owner's number on a white badge, which no route's colour can
  // be mistaken for.
  const std::size_t group = seat1.pieces.find("<g class=\"routes\" data-seat=\"1\" stroke=\"" +
                                              std::string(nuraghe::svg::seat_colour(1)) + "\"");
  REQUIRE(group != std::string::npos);
  for (const int r : {0, 3}) {
    const std::size_t at = seat1.pieces.find("<g class=\"claimed\" data-route=\"" + route_name(m, r) + "\">");
    REQUIRE(at != std::string::npos);
    CHECK(at > group);
    const std::string route = seat1.pieces.substr(at, seat1.pieces.find("</g>", at) - at);
    CHECK(route.find("<circle class=\"owner\"") != std::string::npos);
    CHECK(route.find("fill=\"#fff\"") != std::string::npos);
    CHECK(route.find(">1</text>") != std::string::npos);
  }
  CHECK(seat1.pieces.find("data-seat=\"0\" stroke") == std::string::npos);  // seat 0 has claimed nothing
  CHECK(seat1.pieces.find("<rect class=\"station\" data-city=\"" + m.city_id[0] + "\" data-seat=\"0\"") !=
        std::string::npos);
  // The hands are in the panel beside the board, not among the pieces on it. Seat 1 sees its own
  // hand card by card, seat 0's as counts (4 train cards, 3 Materials, the 4 tickets dealt, none
  // kept yet); the observer -1 sees both hands.
  CHECK(seat1.pieces.find("class=\"hand\"") == std::string::npos);
  CHECK(seat1.panel.find("<g class=\"hand\" data-seat=\"1\"") != std::string::npos);
  CHECK(seat1.panel.find("<g class=\"hand\" data-seat=\"0\"") == std::string::npos);
  CHECK(seat1.panel.find("data-seat=\"0\">4 cards, 3 materials, 0 tickets, 4 offered</text>") != std::string::npos);
  CHECK(all.panel.find("<g class=\"hand\" data-seat=\"0\"") != std::string::npos);
  CHECK(all.panel.find("<g class=\"hand\" data-seat=\"1\"") != std::string::npos);
  CHECK(all.panel.find("offered: ") != std::string::npos);
}

// The human seat's view of its tickets (Ttr::render): each done, or the spaces left on its cheapest
// open path and the cards that path still lacks, counted here from the path's routes alone.
TEST_CASE("render: the seat's own routes, and each of its tickets done or with what its cheapest open path lacks") {
  State s = playing(2);
  const Map& m = s.board();
  const int ticket = std::countr_zero(s.tickets[0]);
  const Ticket& t = m.tickets[std::size_t(ticket)];
  const TicketPath path = ticket_path(s, 0, t);
  REQUIRE(path.spaces > 0);
  // What the path takes: train cards by colour, grey spaces, ships, railway and tunnel symbols.
  std::array<int, kTrainColours> colour{};
  int grey = 0, ships = 0, railways = 0, tunnels = 0;
  path.routes.for_each([&](int r) {
    const Route& route = m.routes[std::size_t(r)];
    const int train = route.length - route.railways - route.tunnels - route.ships;
    (route.colour == Colour::Grey ? grey : colour[std::size_t(route.colour)]) += train;
    ships += route.ships, railways += route.railways, tunnels += route.tunnels;
  });
  const auto line_of = [&](const State& state) {
    const std::string text = nuraghe::Ttr::render(state, 0);
    const std::string head =
        ticket_name(m, ticket) + " " + std::to_string(int(t.value)) + (t.long_route ? " long" : "") + ":";
    const std::size_t at = text.find(head);
    REQUIRE(at != std::string::npos);
    const std::size_t end = text.find('\n', text.find('\n', at) + 1);
    std::string line = text.substr(at + head.size(), text.find('\n', at) - at - head.size());
    if (line.empty()) line = text.substr(text.find('\n', at) + 1, end - text.find('\n', at) - 1);  // wrapped
    while (!line.empty() && line.front() == ' ') line.erase(0, 1);
    return line;
  };
  // An empty hand lacks all of it.
  s.cards[0] = {};
  s.materials[0] = {};
  std::string expected;
  const auto add = [&](const std::string& what, int n) {
    if (n > 0) expected += (expected.empty() ? "" : ", ") + what + " " + std::to_string(n);
  };
  for (int c = 0; c < kTrainColours; ++c) add(std::string(kColourNames[std::size_t(c)]), colour[std::size_t(c)]);
  add("any", grey);
  add("loco", ships);
  add("railway", railways);
  add("tunnel", tunnels);
  CHECK(line_of(s) == std::to_string(path.spaces) + (path.spaces == 1 ? " space" : " spaces") + ", lacks " + expected);
  // The hand of exactly those cards pays them: each colour, the grey spaces in a colour of their
  // own beyond that, the ships in locomotives, the symbols in Railway and Tunnel cards.
  for (int c = 0; c < kTrainColours; ++c) s.cards[0][std::size_t(c)] = std::uint8_t(colour[std::size_t(c)]);
  const int spare = colour[std::size_t(Colour::Red)] > 0 ? int(Colour::Green) : int(Colour::Red);
  s.cards[0][std::size_t(spare)] = std::uint8_t(s.cards[0][std::size_t(spare)] + grey);
  s.cards[0][kLocomotive] = std::uint8_t(ships);
  s.materials[0][std::size_t(Material::Railway)] = std::uint8_t(railways);
  s.materials[0][std::size_t(Material::Tunnel)] = std::uint8_t(tunnels);
  CHECK(line_of(s) == std::to_string(path.spaces) + (path.spaces == 1 ? " space" : " spaces") + ", cards in hand");
  // A locomotive stands in for a missing colour card.
  for (int c = 0; c < kTrainColours; ++c)
    if (colour[std::size_t(c)] > 0) {
      State wild = s;
      --wild.cards[0][std::size_t(c)];
      ++wild.cards[0][kLocomotive];
      CHECK(line_of(wild) == line_of(s));
      --wild.cards[0][kLocomotive];
      CHECK(line_of(wild).find("lacks " + std::string(kColourNames[std::size_t(c)]) + " 1") != std::string::npos);
      break;
    }
  // Claimed, the path's routes are listed as the seat's, and the ticket is done.
  path.routes.for_each([&](int r) { s.routes[0].add(r); });
  CHECK(line_of(s) == "done");
  const std::string mine = nuraghe::Ttr::render(s, 0);
  path.routes.for_each([&](int r) { CHECK(mine.find(route_name(m, r)) != std::string::npos); });
  CHECK(mine.find("    routes ") != std::string::npos);
  CHECK(nuraghe::Ttr::render(s, 1).find("    routes ") == std::string::npos);  // another seat's view: counts
  for (std::size_t at = 0, next; at < mine.size(); at = next + 1) {
    next = mine.find('\n', at);
    CHECK(next - at <= 80);
  }
}

TEST_CASE("explain_to: a seat is told the card it drew blind; nobody else, and not a face-up card") {
  const State s = at_turn({red, red, blue, blue, green});
  REQUIRE(s.to_move() == 0);
  State after = s;
  const nuraghe::Move deck = make_move(MoveKind::DrawDeck);
  after.apply(deck);
  std::string drawn;
  for (int k = 0; k < kCardKinds; ++k)
    if (after.cards[0][std::size_t(k)] > s.cards[0][std::size_t(k)])
      drawn = k == kLocomotive ? "a locomotive" : std::string(kColourNames[std::size_t(k)]);
  REQUIRE(!drawn.empty());
  CHECK(nuraghe::Ttr::Presentation::explain_to(s, deck, 0) == "  you drew " + drawn + "\n");
  CHECK(nuraghe::Ttr::Presentation::explain_to(s, deck, 1).empty());
  CHECK(nuraghe::Ttr::Presentation::explain_to(s, make_move(MoveKind::DrawFaceUp, red), 0).empty());
  const nuraghe::Move materials = make_move(MoveKind::DrawMaterials, 0);
  State with = s;
  with.apply(materials);
  std::string material;
  for (int k = 0; k < kMaterialKinds; ++k)
    if (with.materials[0][std::size_t(k)] > s.materials[0][std::size_t(k)]) material = kMaterialNames[std::size_t(k)];
  CHECK(nuraghe::Ttr::Presentation::explain_to(s, materials, 0) == "  you drew " + material + "\n");
}
