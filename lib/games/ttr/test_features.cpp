// Ticket to Ride's features of a seat's view (features.hpp; docs/rules-ttr.md, "Features"): their
// names, their values on states built by hand, and that they read nothing the seat cannot see.
#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "game_tests.hpp"
#include "games/ttr/features.hpp"
#include "games/ttr/heuristic.hpp"
#include "games/ttr/payments.hpp"
#include "games/ttr/scoring.hpp"
#include "games/ttr/test_helpers.hpp"
#include "games/ttr/ttr.hpp"
#include "invariants.hpp"

using namespace nuraghe::ttr;
using namespace nuraghe::ttr::test;
using nuraghe::Player;
using nuraghe::Ttr;

using nuraghe::testing::feature_of;
using nuraghe::testing::features_of;

namespace {

std::string ticket_feature(int t, const char* what) { return "ticket." + std::to_string(t) + "." + what; }

}  // namespace

TEST_CASE("features: a name each, none twice, as many for every state of one map and seat count") {
  for (int n = 2; n <= kMaxSeats; ++n) {
    CAPTURE(n);
    const State s = playing(n);
    const std::vector<std::string> names = feature_names(s);
    CHECK(int(names.size()) == feature_count(s));
    CHECK(std::set<std::string>(names.begin(), names.end()).size() == names.size());
    // Eight a seat, nine of the seat's tickets and plan, six a ticket of the map.
    CHECK(feature_count(s) == 8 * n + 9 + 6 * s.board().num_tickets);
    CHECK(names.front() == "seat+0.route_points");
    CHECK(names.back() == ticket_feature(s.board().num_tickets - 1, "lacks"));
    for (Player p = 0; p < n; ++p) {
      const std::vector<float> f = features_of<Ttr>(s, p);
      CHECK(std::none_of(f.begin(), f.end(), [](float x) { return std::isnan(x); }));  // every one written
    }
  }
}

TEST_CASE("features: a seat's own hand and tickets change its features, never another seat's") {
  const State s = playing(3, 5);
  State other = s;
  // Seat 0 holds a card of another kind, and another of its tickets.
  for (int k = 0; k < kCardKinds; ++k)
    if (other.cards[0][std::size_t(k)] > 0) {
      --other.cards[0][std::size_t(k)];
      ++other.cards[0][std::size_t((k + 1) % kCardKinds)];
      break;
    }
  const std::uint64_t all = s.tickets[0] | s.tickets[1] | s.tickets[2] | s.offered[0] | s.offered[1] | s.offered[2];
  const int free_ticket = std::countr_one(all);
  REQUIRE(free_ticket < s.board().num_tickets);
  other.tickets[0] = (other.tickets[0] & (other.tickets[0] - 1)) | std::uint64_t(1) << free_ticket;
  CHECK(features_of<Ttr>(other, 0) != features_of<Ttr>(s, 0));
  CHECK(features_of<Ttr>(other, 1) == features_of<Ttr>(s, 1));
  CHECK(features_of<Ttr>(other, 2) == features_of<Ttr>(s, 2));
}

TEST_CASE("features: every seat's board, counted from the seat: route points, routes, cars, stations, trail") {
  State s = playing(3, 7);
  const Map& m = s.board();
  // Seat 1 holds a chain of two routes and a route apart; seat 2 has built a station.
  const int first = route_id("sorgono", "nuoro"), second = route_id("nuoro", "dorgali");
  const Route& a = m.routes[std::size_t(first)];
  const Route& b = m.routes[std::size_t(second)];
  int apart = -1;
  for (int r = 0; r < m.num_routes && apart < 0; ++r) {
    const Route& x = m.routes[std::size_t(r)];
    const std::uint64_t ends = std::uint64_t(1) << x.a | std::uint64_t(1) << x.b;
    const std::uint64_t used =
        std::uint64_t(1) << a.a | std::uint64_t(1) << a.b | std::uint64_t(1) << b.a | std::uint64_t(1) << b.b;
    if (!(ends & used)) apart = r;
  }
  REQUIRE(apart >= 0);
  for (const int r : {first, second, apart}) s.routes[1].add(r);
  s.cars[1] = std::uint8_t(s.cars[1] - a.length - b.length - m.routes[std::size_t(apart)].length);
  s.stations[2] = std::uint64_t(1) << m.routes[std::size_t(apart)].a;
  const int points = route_points(a) + route_points(b) + route_points(m.routes[std::size_t(apart)]);
  const int trail = std::max(a.length + b.length, int(m.routes[std::size_t(apart)].length));
  REQUIRE(trail == longest_trail(m, s.routes[1]));
  // Seat 1 is seat+0 of its own view, seat+1 of seat 0's and seat+2 of seat 2's.
  for (const Player p : {1, 0, 2}) {
    const std::string seat = "seat+" + std::to_string((1 - p + 3) % 3) + ".";
    CAPTURE(p);
    CHECK(feature_of<Ttr>(s, p, seat + "route_points") == float(points));
    CHECK(feature_of<Ttr>(s, p, seat + "routes") == 3);
    CHECK(feature_of<Ttr>(s, p, seat + "cars") == float(s.cars[1]));
    CHECK(feature_of<Ttr>(s, p, seat + "trail") == float(trail));
    CHECK(feature_of<Ttr>(s, p, seat + "stations_left") == float(kStations));
    CHECK(feature_of<Ttr>(s, p, seat + "tickets") == float(std::popcount(s.tickets[1])));
    CHECK(feature_of<Ttr>(s, p, seat + "train_cards") == float(total(s.cards[1])));
  }
  CHECK(feature_of<Ttr>(s, 0, "seat+2.stations_left") == float(kStations - 1));
  CHECK(feature_of<Ttr>(s, 2, "seat+0.stations_left") == float(kStations - 1));
  CHECK(feature_of<Ttr>(s, 0, "seat+0.routes") == 0);
  // Without stations in play, no seat has any left.
  s.stations_option = false;
  CHECK(feature_of<Ttr>(s, 0, "seat+0.stations_left") == 0);
}

// A held ticket as the human seat reads it (Ttr::render, the same ticket_path and lacking): the
// spaces left on its cheapest open path and the cards that path lacks; done once its routes are
// claimed; no path once another seat holds every route out of its first city.
TEST_CASE("features: a seat's own tickets, open, done or without a path, and the plan for all of them") {
  State s = playing(2);
  const Map& m = s.board();
  const int t = std::countr_zero(s.tickets[0]);
  const Ticket& ticket = m.tickets[std::size_t(t)];
  const TicketPath path = ticket_path(s, 0, ticket);
  REQUIRE(path.spaces > 0);
  CHECK(feature_of<Ttr>(s, 0, ticket_feature(t, "held")) == 1);
  CHECK(feature_of<Ttr>(s, 0, ticket_feature(t, "offered")) == 0);
  CHECK(feature_of<Ttr>(s, 0, ticket_feature(t, "done")) == 0);
  CHECK(feature_of<Ttr>(s, 0, ticket_feature(t, "spaces")) == float(path.spaces));
  CHECK(feature_of<Ttr>(s, 0, ticket_feature(t, "no_path")) == 0);
  CHECK(feature_of<Ttr>(s, 0, ticket_feature(t, "lacks")) == float(lacking(s, 0, path.routes).cards()));
  // The other seat's view holds nothing of seat 0's tickets.
  CHECK(feature_of<Ttr>(s, 1, ticket_feature(t, "held")) == float(s.tickets[1] >> t & 1));
  // With an empty hand the path lacks a card or a Materials card for every space on it.
  s.cards[0] = {};
  s.materials[0] = {};
  int spaces = 0;
  path.routes.for_each([&](int r) { spaces += m.routes[std::size_t(r)].length; });
  CHECK(feature_of<Ttr>(s, 0, ticket_feature(t, "lacks")) == float(spaces));
  // The plan for every held ticket, and the cars left after it.
  const Plan plan = make_plan(s, 0);
  CHECK(feature_of<Ttr>(s, 0, "plan.spaces") == float(plan.spaces));
  CHECK(feature_of<Ttr>(s, 0, "plan.cars_after") == float(int(s.cars[0]) - plan.spaces));
  CHECK(feature_of<Ttr>(s, 0, "plan.lacks") == float(lacking(s, 0, plan.wanted).cards()));
  const float open = feature_of<Ttr>(s, 0, "tickets.open"), open_value = feature_of<Ttr>(s, 0, "tickets.open_value");
  CHECK(open + feature_of<Ttr>(s, 0, "tickets.done") + feature_of<Ttr>(s, 0, "tickets.no_path") ==
        float(std::popcount(s.tickets[0])));

  // Claimed, the path's routes complete the ticket.
  State done = s;
  path.routes.for_each([&](int r) { done.routes[0].add(r); });
  CHECK(feature_of<Ttr>(done, 0, ticket_feature(t, "done")) == 1);
  CHECK(feature_of<Ttr>(done, 0, ticket_feature(t, "spaces")) == 0);
  CHECK(feature_of<Ttr>(done, 0, ticket_feature(t, "lacks")) == 0);
  CHECK(feature_of<Ttr>(done, 0, "tickets.done") >= 1);
  CHECK(feature_of<Ttr>(done, 0, "tickets.open") <= open - 1);  // (the routes may complete another ticket too)
  CHECK(feature_of<Ttr>(done, 0, "tickets.open_value") <= open_value - float(ticket.value));

  // Seat 1 holds every route out of the ticket's first cities: no open path is left.
  State blocked = s;
  for (int r = 0; r < m.num_routes; ++r) {
    const Route& x = m.routes[std::size_t(r)];
    if ((ticket.from >> x.a & 1) || (ticket.from >> x.b & 1)) blocked.routes[1].add(r);
  }
  REQUIRE(ticket_path(blocked, 0, ticket).spaces < 0);
  CHECK(feature_of<Ttr>(blocked, 0, ticket_feature(t, "no_path")) == 1);
  CHECK(feature_of<Ttr>(blocked, 0, ticket_feature(t, "spaces")) == 0);
  CHECK(feature_of<Ttr>(blocked, 0, ticket_feature(t, "lacks")) == 0);
  CHECK(feature_of<Ttr>(blocked, 0, "tickets.no_path") >= 1);
  CHECK(feature_of<Ttr>(blocked, 0, "tickets.no_path_value") >= float(ticket.value));
}

TEST_CASE("features: tickets offered to keep are the seat's to judge: their paths, not yet held") {
  const State s = State::setup(sardinia(), 2, {}, 3);  // the setup keep: four tickets offered to each seat
  const int t = std::countr_zero(s.offered[0]);
  const TicketPath path = ticket_path(s, 0, s.board().tickets[std::size_t(t)]);
  CHECK(feature_of<Ttr>(s, 0, ticket_feature(t, "offered")) == 1);
  CHECK(feature_of<Ttr>(s, 0, ticket_feature(t, "held")) == 0);
  CHECK(feature_of<Ttr>(s, 0, ticket_feature(t, "spaces")) == float(std::max(0, path.spaces)));
  CHECK(feature_of<Ttr>(s, 0, "tickets.open") == 0);  // none held yet
  CHECK(feature_of<Ttr>(s, 1, ticket_feature(t, "offered")) == float(s.offered[1] >> t & 1));
}
