// Claim payments: the rulebook's four Materials examples ("Claiming Building Routes") and its
// ferry example, each with every valid payment, and their points.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <tuple>

#include "core/rng.hpp"
#include "games/ttr/map.hpp"
#include "games/ttr/payments.hpp"

using namespace nuraghe::ttr;

namespace {

Route route(Colour c, int length, int ships, int railways, int tunnels) {
  Route r;
  r.colour = c, r.length = std::uint8_t(length), r.ships = std::uint8_t(ships);
  r.railways = std::uint8_t(railways), r.tunnels = std::uint8_t(tunnels);
  return r;
}

Cards cards(std::initializer_list<std::pair<Colour, int>> colours, int locomotives = 0) {
  Cards c{};
  for (auto [colour, n] : colours) c[std::size_t(colour)] = std::uint8_t(n);
  c[kLocomotive] = std::uint8_t(locomotives);
  return c;
}

// A payment as (colour, colour cards, locomotives, Wood, Rails, Stones, Railway, Tunnel).
using Paid = std::tuple<int, int, int, int, int, int, int, int>;
std::set<Paid> payments(const Route& r, const Cards& c, const Materials& m) {
  std::set<Paid> out;
  for_each_payment(r, c, m, [&](const Payment& p) {
    const Materials s = p.materials(r);
    CHECK(out.insert({p.colour, p.colour_cards, p.locomotives, s[0], s[1], s[2], s[3], s[4]}).second);  // each once
  });
  return out;
}
constexpr int kNone = kNoColour;
const int red = int(Colour::Red), blue = int(Colour::Blue), green = int(Colour::Green), black = int(Colour::Black),
          orange = int(Colour::Orange);

}  // namespace

TEST_CASE("payments: Nuoro - Dorgali, 1 yellow (or pink) card + 1 Wood and 1 Rails (or 1 Railway): 3 points") {
  for (const Colour c : {Colour::Yellow, Colour::Pink}) {
    const Route r = route(c, 2, 0, 1, 0);
    CHECK(route_points(r) == 3);
    const int k = int(c);
    CHECK(payments(r, cards({{Colour::Yellow, 2}, {Colour::Pink, 2}}), {1, 1, 0, 1, 0}) ==
          std::set<Paid>{{k, 1, 0, 1, 1, 0, 0, 0}, {k, 1, 0, 0, 0, 0, 1, 0}});
    // A locomotive is wild: with one, the colour card may be replaced, and that payment has no colour.
    CHECK(payments(r, cards({{Colour::Yellow, 1}, {Colour::Pink, 1}}, 1), {0, 0, 0, 1, 0}) ==
          std::set<Paid>{{k, 1, 0, 0, 0, 0, 1, 0}, {kNone, 0, 1, 0, 0, 0, 1, 0}});
  }
  // Not the other colour of the double, and not without Materials.
  CHECK(payments(route(Colour::Yellow, 2, 0, 1, 0), cards({{Colour::Pink, 3}}), {1, 1, 0, 1, 0}).empty());
  CHECK(payments(route(Colour::Yellow, 2, 0, 1, 0), cards({{Colour::Yellow, 3}}), {1, 0, 3, 0, 1}).empty());
}

TEST_CASE("payments: Tirso - Sorgono, 2 cards of one colour + 1 Wood and 1 Rails (or 1 Railway): 4 points") {
  const Route r = route(Colour::Grey, 3, 0, 1, 0);
  CHECK(route_points(r) == 4);
  CHECK(payments(r, cards({{Colour::Red, 2}, {Colour::Blue, 3}, {Colour::Green, 1}}), {1, 1, 0, 1, 0}) ==
        std::set<Paid>{{red, 2, 0, 1, 1, 0, 0, 0},
                       {red, 2, 0, 0, 0, 0, 1, 0},
                       {blue, 2, 0, 1, 1, 0, 0, 0},
                       {blue, 2, 0, 0, 0, 0, 1, 0}});
  // Two colours never mix on one route.
  CHECK(payments(r, cards({{Colour::Red, 1}, {Colour::Blue, 1}}), {1, 1, 0, 1, 0}).empty());
}

TEST_CASE("payments: Sorgono - Nuoro, 3 cards + Wood, Rails and Stones (or Railway and Stones, or Tunnel): 7 points") {
  const Route r = route(Colour::Grey, 4, 0, 0, 1);
  CHECK(route_points(r) == 7);
  CHECK(payments(r, cards({{Colour::Green, 3}}), {1, 1, 1, 1, 1}) ==
        std::set<Paid>{{green, 3, 0, 1, 1, 1, 0, 0}, {green, 3, 0, 0, 0, 1, 1, 0}, {green, 3, 0, 0, 0, 0, 0, 1}});
  // Wood and Rails alone do not make a tunnel; a Railway card needs its Stones.
  CHECK(payments(r, cards({{Colour::Green, 3}}), {1, 1, 0, 1, 0}).empty());
}

TEST_CASE(
    "payments: Dorgali - Arbatax, 4 cards + 2 Wood, 2 Rails and 1 Stones (or Tunnel and Railway, or any other "
    "valid combination): 12 points") {
  const Route r = route(Colour::Grey, 6, 0, 1, 1);
  CHECK(route_points(r) == 12);
  CHECK(payments(r, cards({{Colour::Black, 4}}), {2, 2, 1, 2, 1}) ==
        std::set<Paid>{
            {black, 4, 0, 2, 2, 1, 0, 0},  // the rulebook's first
            {black, 4, 0, 1, 1, 1, 1, 0},
            {black, 4, 0, 0, 0, 1, 2, 0},
            {black, 4, 0, 1, 1, 0, 0, 1},
            {black, 4, 0, 0, 0, 0, 1, 1},  // Tunnel + Railway
        });
  // With only the rulebook's first combination in hand, only it.
  CHECK(payments(r, cards({{Colour::Black, 4}}), {2, 2, 1, 0, 0}) == std::set<Paid>{{black, 4, 0, 2, 2, 1, 0, 0}});
}

TEST_CASE("payments: the ferry Porto Torres - Genova, 3 orange cards and a locomotive for its ship") {
  const Route r = route(Colour::Orange, 4, 1, 0, 0);
  CHECK(route_points(r) == 7);
  CHECK(payments(r, cards({{Colour::Orange, 3}}, 1), {}) == std::set<Paid>{{orange, 3, 1, 0, 0, 0, 0, 0}});
  // No locomotive, no ferry; more locomotives stand in for orange cards.
  CHECK(payments(r, cards({{Colour::Orange, 5}}), {}).empty());
  CHECK(payments(r, cards({{Colour::Orange, 2}}, 4), {}) ==
        std::set<Paid>{{orange, 2, 2, 0, 0, 0, 0, 0}, {orange, 1, 3, 0, 0, 0, 0, 0}, {kNone, 0, 4, 0, 0, 0, 0, 0}});
}

TEST_CASE("payments: may_afford never rules out a route that has a payment (every route of the map, random hands)") {
  nuraghe::Rng rng(17);
  const Map& m = Map::sardinia();
  int ruled_out = 0, afforded = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    Cards hand{};
    Materials have{};
    for (auto& k : hand) k = std::uint8_t(rng.below(trial % 3 == 0 ? 7 : 3));
    for (auto& k : have) k = std::uint8_t(rng.below(3));
    const int most = *std::max_element(hand.begin(), hand.begin() + kTrainColours);
    for (int r = 0; r < m.num_routes; ++r) {
      const Route& route = m.routes[std::size_t(r)];
      int count = 0;
      for_each_payment(route, hand, have, [&](const Payment&) { ++count; });
      if (!may_afford(route, hand, have, most)) {
        CHECK(count == 0);
        ++ruled_out;
      } else {
        afforded += count > 0;
      }
    }
  }
  CHECK(ruled_out > 1000);  // it does rule out, and ...
  CHECK(afforded > 1000);   // ... lets the payable ones through
}

TEST_CASE("payments: affordable_routes is may_afford and the car count over every route at once") {
  nuraghe::Rng rng(29);
  const Map& m = Map::sardinia();
  int differences = 0, kept = 0, dropped = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    Cards hand{};
    Materials have{};
    // Hands up to 12 of a kind reach the clamp at kMaxRouteLength; cars from 0 to 9 cut long routes.
    for (auto& k : hand) k = std::uint8_t(rng.below(trial % 3 == 0 ? 13 : 4));
    for (auto& k : have) k = std::uint8_t(rng.below(trial % 5 == 0 ? 9 : 3));
    const int cars = int(rng.below(10));
    const int most = *std::max_element(hand.begin(), hand.begin() + kTrainColours);
    const RouteSet set = affordable_routes(m, hand, have, cars);
    for (int r = 0; r < m.num_routes; ++r) {
      const Route& route = m.routes[std::size_t(r)];
      const bool expected = may_afford(route, hand, have, most) && route.length <= cars;
      differences += set.has(r) != expected;
      (expected ? kept : dropped) += 1;
    }
    for (int r = m.num_routes; r < kMaxRoutes; ++r) differences += set.has(r);  // no route beyond the map
  }
  CHECK(differences == 0);
  CHECK(kept > 1000);
  CHECK(dropped > 1000);
}
