// End-of-game scoring on crafted maps: the longest continuous trail (cycles, branches, a city
// visited twice, ferries), ticket completion (multi-way tickets), and the stations' borrowed routes.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "core/rng.hpp"
#include "games/ttr/map.hpp"
#include "games/ttr/scoring.hpp"

using namespace nuraghe;
using namespace nuraghe::ttr;

namespace {

struct R {
  const char* a;
  const char* b;
  int length;
  int ships = 0;
};

// A map of the named cities and routes (grey unless a double needs a second colour), with one
// ticket between its first two cities; every route's index is its place in `routes`.
const Map& crafted(const std::string& name, std::vector<std::string> cities, std::vector<R> routes,
                   Json tickets = Json::array()) {
  Json j{{"name", name}, {"title", name}, {"cities", Json::array()}, {"routes", Json::array()}};
  for (const auto& c : cities) j["cities"].push_back(Json{{"id", c}, {"name", c}, {"lat", 0}, {"lon", 0}});
  for (const auto& r : routes) {
    Json route{{"a", r.a}, {"b", r.b}, {"colour", "grey"}, {"length", r.length}};
    if (r.ships) route["ships"] = r.ships;
    j["routes"].push_back(route);
  }
  if (tickets.empty()) tickets.push_back(Json{{"from", {cities[0]}}, {"to", {cities[1]}}, {"value", 1}});
  j["tickets"] = tickets;
  return Map::intern(j, "crafted map " + name);
}

RouteSet all_routes(const Map& m) {
  RouteSet s;
  for (int r = 0; r < m.num_routes; ++r) s.add(r);
  return s;
}
RouteSet routes_of(std::initializer_list<int> rs) {
  RouteSet s;
  for (int r : rs) s.add(r);
  return s;
}

bool better(const TicketScore& a, const TicketScore& b) {
  return a.points > b.points || (a.points == b.points && a.completed > b.completed);
}
// The best ticket score over every choice of the stations from the i-th on: each borrows one of
// the others' routes at its city, or nothing.
TicketScore brute_stations(const Map& m, const RouteSet& own, const RouteSet& others, const std::vector<int>& cities,
                           std::size_t i, std::uint64_t tickets) {
  if (i == cities.size()) return score_tickets(m, own, tickets);
  TicketScore best = brute_stations(m, own, others, cities, i + 1, tickets);
  (m.routes_at[std::size_t(cities[i])] & others).for_each([&](int r) {
    RouteSet with = own;
    with.add(r);
    const TicketScore s = brute_stations(m, with, others, cities, i + 1, tickets);
    if (better(s, best)) best = s;
  });
  return best;
}

}  // namespace

TEST_CASE("longest trail: a cycle, a branch off it and a ferry, walked through one city twice") {
  // a-b 2, b-c 3, c-a 4 (a cycle), c-d 5, d-e 1 (a branch), c-x 2 (a ferry to an icon): every route
  // in one trail e-d-c-a-b-c-x, through c twice: 1 + 5 + 4 + 2 + 3 + 2 = 17.
  const Map& m = crafted("trail-cycle", {"a", "b", "c", "d", "e", "x"},
                         {{"a", "b", 2}, {"b", "c", 3}, {"c", "a", 4}, {"c", "d", 5}, {"d", "e", 1}, {"c", "x", 2, 1}});
  CHECK(longest_trail(m, all_routes(m)) == 17);
  CHECK(longest_trail(m, routes_of({0, 1, 2})) == 9);  // the cycle alone, all the way round
  CHECK(longest_trail(m, routes_of({3, 5})) == 7);     // d-c-x
  CHECK(longest_trail(m, RouteSet{}) == 0);
}

TEST_CASE("longest trail: a star takes its two longest arms; two networks, the longer") {
  const Map& m = crafted("trail-star", {"o", "p", "q", "s", "u", "v"},
                         {{"o", "p", 3}, {"o", "q", 4}, {"o", "s", 5}, {"u", "v", 8}, {"p", "u", 1}});
  CHECK(longest_trail(m, routes_of({0, 1, 2})) == 9);         // 5 + 4: a third arm cannot be reached without reuse
  CHECK(longest_trail(m, routes_of({0, 1, 2, 3})) == 9);      // the 8 is a network of its own
  CHECK(longest_trail(m, routes_of({0, 1, 2, 3, 4})) == 17);  // s-o-p-u-v: 5 + 3 + 1 + 8
}

TEST_CASE("longest trail: a double route's two routes are two routes of a trail") {
  const Map& m = crafted("trail-double", {"a", "b", "c"}, {{"a", "b", 2}, {"a", "b", 2}, {"b", "c", 3}});
  CHECK(m.routes[1].partner == 0);
  CHECK(longest_trail(m, all_routes(m)) == 7);  // b-a, a-b, b-c: 2 + 2 + 3
}

TEST_CASE("tickets: complete through the player's routes; a multi-way ticket counts once; the rest lose their value") {
  Json tickets = Json::array();
  tickets.push_back(Json{{"from", {"a"}}, {"to", {"x1", "x2"}}, {"value", 6}});  // 2-way
  tickets.push_back(Json{{"from", {"a"}}, {"to", {"c"}}, {"value", 4}});
  tickets.push_back(Json{{"from", {"b"}}, {"to", {"x1"}}, {"value", 3}});
  const Map& m = crafted("tickets", {"a", "b", "c", "x1", "x2"},
                         {{"a", "b", 1}, {"b", "c", 1}, {"c", "x2", 2, 1}, {"b", "x1", 2, 1}}, tickets);
  // Routes a-b, b-c, c-x2: ticket 0 through x2 (6), ticket 1 (4); ticket 2 not (b-x1 missing: -3).
  const TicketScore s = score_tickets(m, routes_of({0, 1, 2}), 0b111);
  CHECK(s.points == 6 + 4 - 3);
  CHECK(s.completed == 2);
  // With both icons reached the 2-way ticket still counts once.
  CHECK(score_tickets(m, all_routes(m), 0b001).points == 6);
  CHECK(score_tickets(m, RouteSet{}, 0b111).points == -13);
}

TEST_CASE("stations: each borrows the one route at its city that scores its owner's tickets best") {
  Json tickets = Json::array();
  tickets.push_back(Json{{"from", {"a"}}, {"to", {"d"}}, {"value", 9}});
  tickets.push_back(Json{{"from", {"a"}}, {"to", {"e"}}, {"value", 5}});
  tickets.push_back(Json{{"from", {"a"}}, {"to", {"f"}}, {"value", 2}});
  // Own: a-b, c-d. Others: b-c, b-e, f-b (all at b).
  const Map& m = crafted("stations", {"a", "b", "c", "d", "e", "f"},
                         {{"a", "b", 1}, {"c", "d", 1}, {"b", "c", 1}, {"b", "e", 1}, {"f", "b", 1}}, tickets);
  const RouteSet own = routes_of({0, 1}), others = routes_of({2, 3, 4});
  const std::uint64_t at_b = std::uint64_t(1) << m.city("b");
  std::array<int, kMaxCities> borrowed{};
  // One station at b: b-c completes a-d (9, the others -7), better than b-e (5 - 9 - 2) or f-b.
  TicketScore s = best_stations(m, own, others, at_b, 0b111, &borrowed);
  CHECK(s.points == 9 - 5 - 2);
  CHECK(s.completed == 1);
  CHECK(borrowed[std::size_t(m.city("b"))] == 2);
  // Without a station, nothing is borrowed: every ticket lost.
  CHECK(best_stations(m, own, others, 0, 0b111).points == -16);
  // A station where no other player has a route borrows nothing.
  CHECK(best_stations(m, own, others, std::uint64_t(1) << m.city("a"), 0b111, &borrowed).points == -16);
  CHECK(borrowed[std::size_t(m.city("a"))] == -1);
  // Stations at b and e: b's takes b-c, e's the one route at e, b-e.
  s = best_stations(m, own, others, at_b | std::uint64_t(1) << m.city("e"), 0b111, &borrowed);
  CHECK(s.points == 9 + 5 - 2);
  CHECK(borrowed[std::size_t(m.city("e"))] == 3);
}

TEST_CASE("stations: the assignment is the best of every choice, against brute force") {
  const Map& m = Map::sardinia();
  Rng rng(2024);
  int cases = 0, helped = 0;
  for (int n = 0; n < 3000; ++n) {
    // Each route the owner's, another player's or nobody's, at densities drawn per case.
    const std::uint32_t own_share = 10 + rng.below(40), others_share = 10 + rng.below(40);
    RouteSet own, others;
    std::uint64_t touching = 0;  // cities at an end of another player's route
    for (int r = 0; r < m.num_routes; ++r) {
      const std::uint32_t x = rng.below(100);
      const Route& route = m.routes[std::size_t(r)];
      if (x < own_share) own.add(r);
      else if (x < own_share + others_share) {
        others.add(r);
        touching |= std::uint64_t(1) << route.a | std::uint64_t(1) << route.b;
      }
    }
    if (touching == 0) continue;
    // 1 to 3 station cities among those.
    std::uint64_t stations = 0;
    const int wanted = 1 + int(rng.below(3));
    for (int k = 0; k < wanted && std::popcount(stations) < std::popcount(touching); ++k) {
      int city = 0;
      do city = int(rng.below(std::uint32_t(m.num_cities)));
      while (!(touching >> city & 1) || (stations >> city & 1));
      stations |= std::uint64_t(1) << city;
    }
    std::uint64_t tickets = 0;
    for (int k = 1 + int(rng.below(6)); k > 0; --k)
      tickets |= std::uint64_t(1) << rng.below(std::uint32_t(m.num_tickets));
    std::vector<int> cities;
    for (std::uint64_t c = stations; c; c &= c - 1) cities.push_back(std::countr_zero(c));
    CAPTURE(n);

    std::array<int, kMaxCities> borrowed{};
    const TicketScore got = best_stations(m, own, others, stations, tickets, &borrowed);
    const TicketScore want = brute_stations(m, own, others, cities, 0, tickets);
    CHECK(got.points == want.points);
    CHECK(got.completed == want.completed);
    // The routes it names are the others' at the station's city, and score what it says (-1: a
    // station that borrows nothing, as when no route there raises the score).
    RouteSet with = own;
    for (int c = 0; c < m.num_cities; ++c) {
      const int r = borrowed[std::size_t(c)];
      if (!(stations >> c & 1) || r == -1) {
        CHECK(r == -1);
        continue;
      }
      REQUIRE(r >= 0);
      CHECK(others.has(r));
      CHECK(m.routes_at[std::size_t(c)].has(r));
      with.add(r);
    }
    const TicketScore named = score_tickets(m, with, tickets);
    CHECK(named.points == got.points);
    CHECK(named.completed == got.completed);
    ++cases;
    helped += better(want, score_tickets(m, own, tickets));
  }
  MESSAGE(cases << " situations, " << helped << " where the stations raised the score");
  CHECK(cases > 2900);
  CHECK(helped > cases / 10);
}
