#pragma once
// End-of-game scoring on a map, as pure functions of route sets: which tickets a network completes, the
// longest continuous trail (Sardinia Express), and the stations' borrowed routes. docs/rules-ttr.md,
// Rulings: "Keeping and completing tickets", "Stations", "Bonuses and the winner's ties".

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "games/ttr/map.hpp"

namespace nuraghe::ttr {

// The cities joined to `start` through `routes` (start included).
inline std::uint64_t reach(const Map& map, const RouteSet& routes, int start) {
  std::uint64_t seen = std::uint64_t(1) << start, frontier = seen;
  while (frontier) {
    std::uint64_t next = 0;
    for (std::uint64_t f = frontier; f; f &= f - 1)
      (map.routes_at[std::size_t(std::countr_zero(f))] & routes).for_each([&](int r) {
        const Route& route = map.routes[std::size_t(r)];
        next |= std::uint64_t(1) << route.a | std::uint64_t(1) << route.b;
      });
    frontier = next & ~seen;
    seen |= next;
  }
  return seen;
}

// "A ticket ... is complete when some city of the first connects to some city of the second
// through the player's routes": a k-way ticket counts once, whichever of its cities is reached.
inline bool completes(const Map& map, const RouteSet& routes, const Ticket& ticket) {
  for (std::uint64_t f = ticket.from; f; f &= f - 1)
    if (reach(map, routes, std::countr_zero(f)) & ticket.to) return true;
  return false;
}

struct TicketScore {
  int points = 0;     // completed tickets' values minus the others'
  int completed = 0;  // tickets completed
};
inline TicketScore score_tickets(const Map& map, const RouteSet& routes, std::uint64_t tickets) {
  TicketScore s;
  for (std::uint64_t t = tickets; t; t &= t - 1) {
    const Ticket& ticket = map.tickets[std::size_t(std::countr_zero(t))];
    const bool done = completes(map, routes, ticket);
    s.points += done ? ticket.value : -ticket.value;
    s.completed += done;
  }
  return s;
}

// The longest continuous trail: the largest total length of a walk over the player's own routes
// that uses no route twice (cities may repeat; each overseas icon is a node of its own). Depth-first
// from every city; a player's network is at most a few dozen routes.
namespace detail {
inline int longest_from(const Map& map, const RouteSet& routes, RouteSet& used, int city) {
  int best = 0;
  (map.routes_at[std::size_t(city)] & routes).for_each([&](int r) {
    if (used.has(r)) return;
    const Route& route = map.routes[std::size_t(r)];
    used.add(r);
    best = std::max(best, route.length + longest_from(map, routes, used, route.a == city ? route.b : route.a));
    used.words[std::size_t(r >> 6)] &= ~(std::uint64_t(1) << (r & 63));
  });
  return best;
}
}  // namespace detail
inline int longest_trail(const Map& map, const RouteSet& routes) {
  std::uint64_t cities = 0;
  routes.for_each([&](int r) {
    cities |= std::uint64_t(1) << map.routes[std::size_t(r)].a | std::uint64_t(1) << map.routes[std::size_t(r)].b;
  });
  int best = 0;
  for (std::uint64_t c = cities; c; c &= c - 1) {
    RouteSet used;
    best = std::max(best, detail::longest_from(map, routes, used, std::countr_zero(c)));
  }
  return best;
}

// Stations: at the end each of a player's stations borrows one route of another player at its
// city, the same route for all the owner's tickets; the choice is the one that scores the owner's
// tickets best, then completes the most of them (Rulings: "Stations"). `others` are the routes of every other
// player. Returns the best score and, in `borrowed`, the route each station took (-1: none, when
// no route there raises the score).
inline TicketScore best_stations(const Map& map, const RouteSet& own, const RouteSet& others, std::uint64_t stations,
                                 std::uint64_t tickets, std::array<int, kMaxCities>* borrowed = nullptr) {
  std::array<int, 3> city{}, choice{}, best_choice{};
  std::array<std::array<int, kMaxRoutes>, 3> options{};
  std::array<int, 3> count{};
  int n = 0;
  for (std::uint64_t s = stations; s && n < 3; s &= s - 1, ++n) {
    city[std::size_t(n)] = std::countr_zero(s);
    count[std::size_t(n)] = 0;
    (map.routes_at[std::size_t(city[std::size_t(n)])] & others).for_each([&](int r) {
      options[std::size_t(n)][std::size_t(count[std::size_t(n)]++)] = r;
    });
  }
  TicketScore best = score_tickets(map, own, tickets);
  best_choice.fill(-1);
  // Every combination of one route per station, counted in mixed radix (a station with no route
  // to borrow takes none: a borrowed route only adds connections, so one always takes one).
  int combinations = 1;
  for (int i = 0; i < n; ++i) combinations *= std::max(count[std::size_t(i)], 1);
  for (int combination = 0; combination < combinations; ++combination) {
    RouteSet routes = own;
    int rest = combination;
    for (int i = 0; i < n; ++i) {
      const int c = count[std::size_t(i)];
      choice[std::size_t(i)] = c > 0 ? options[std::size_t(i)][std::size_t(rest % c)] : -1;
      rest /= std::max(c, 1);
      if (c > 0) routes.add(choice[std::size_t(i)]);
    }
    const TicketScore s = score_tickets(map, routes, tickets);
    if (s.points > best.points || (s.points == best.points && s.completed > best.completed)) {
      best = s;
      best_choice = choice;
    }
  }
  if (borrowed) {
    borrowed->fill(-1);
    for (int i = 0; i < n; ++i) (*borrowed)[std::size_t(city[std::size_t(i)])] = best_choice[std::size_t(i)];
  }
  return best;
}

}  // namespace nuraghe::ttr
