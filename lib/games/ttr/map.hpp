#pragma once
// A Ticket to Ride map as data: cities (towns, and overseas icons: one node per icon, so a
// destination reached from k ports has k icons), routes with their colour, length and symbols,
// and the destination tickets. The Sardinia map (maps/sardinia.json) is built in; a designer's map
// is read from a file (--map FILE) through the same validator, which names what is off in one
// line. Everything derived (a city's routes, double partners, shortest paths) is computed once at
// load time. Maps are interned in a registry that never frees them (core/registry.hpp); a state
// names its map by its index there, so that two maps can be played in one process.

#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/hooks.hpp"
#include "core/json.hpp"
#include "core/registry.hpp"

namespace nuraghe::ttr {

// Limits of the state's encoding: city sets are 64-bit masks, route sets 128 bits, ticket sets 64.
inline constexpr int kMaxCities = 64, kMaxRoutes = 128, kMaxTickets = 64, kMaxRouteLength = 8;
inline constexpr int kMaxMaterialSymbols = 7;  // railway and tunnel symbols on one route
// The most legal moves one decision may have (the game's kMaxMoves): the validator refuses a map
// whose claims, stations and draws could exceed it for a seat holding every card.
inline constexpr int kMaxLegalMoves = 4096;

// The eight colours of the train cards (Ticket to Ride: Europe's), then grey: a grey route is paid
// in any one colour.
enum class Colour : std::uint8_t { Pink, White, Blue, Yellow, Orange, Black, Red, Green, Grey };
inline constexpr int kTrainColours = 8;
inline constexpr std::array<std::string_view, 9> kColourNames = {"pink",  "white", "blue",  "yellow", "orange",
                                                                 "black", "red",   "green", "grey"};
inline std::string_view colour_name(Colour c) { return kColourNames[std::size_t(c)]; }

// A set of routes, one bit per route index.
struct RouteSet {
  std::array<std::uint64_t, 2> words{};

  bool has(int r) const { return (words[std::size_t(r >> 6)] >> (r & 63)) & 1; }
  void add(int r) { words[std::size_t(r >> 6)] |= std::uint64_t(1) << (r & 63); }
  int count() const { return std::popcount(words[0]) + std::popcount(words[1]); }
  bool empty() const { return (words[0] | words[1]) == 0; }
  RouteSet operator&(const RouteSet& o) const { return {{words[0] & o.words[0], words[1] & o.words[1]}}; }
  RouteSet operator|(const RouteSet& o) const { return {{words[0] | o.words[0], words[1] | o.words[1]}}; }
  RouteSet except(const RouteSet& o) const { return {{words[0] & ~o.words[0], words[1] & ~o.words[1]}}; }
  bool operator==(const RouteSet&) const = default;
  // f(r) for every route r of the set, in increasing order.
  template <class F>
  void for_each(F&& f) const {
    for (int w = 0; w < 2; ++w)
      for (std::uint64_t bits = words[std::size_t(w)]; bits != 0; bits &= bits - 1) f(64 * w + std::countr_zero(bits));
  }
};

struct Route {
  std::uint8_t a = 0, b = 0;  // its two cities
  Colour colour = Colour::Grey;
  std::uint8_t length = 0;    // car spaces, 1..8
  std::uint8_t ships = 0;     // ferry: a locomotive for each
  std::uint8_t railways = 0;  // Building route: a Railway card (or Wood + Rails) for each
  std::uint8_t tunnels = 0;   // a Tunnel card (or Railway + Stones, or Wood + Rails + Stones) for each
  std::int16_t partner = -1;  // the other route of a double route, or -1
  bool second = false;        // the later of a double's two routes in the file (`#2` in notation)
};

// A ticket joins a city of `from` to a city of `to`; a k-way ticket lists k cities on one side.
struct Ticket {
  std::uint64_t from = 0, to = 0;  // city masks
  std::uint8_t value = 0;
  bool long_route = false;  // dealt one to each player at setup (blue background)
};

struct Map {
  std::string name, title;
  int num_cities = 0, num_routes = 0, num_tickets = 0;
  std::array<std::string, kMaxCities> city_id, city_name;
  std::array<std::string, kMaxCities> overseas;  // an overseas icon's legend ("G", "Corse"); empty for a town
  std::array<double, kMaxCities> lat{}, lon{};   // for drawing
  std::array<Route, kMaxRoutes> routes{};
  std::array<Ticket, kMaxTickets> tickets{};
  std::array<RouteSet, kMaxCities> routes_at{};                              // routes with an end at the city
  std::array<std::array<std::uint16_t, kMaxCities>, kMaxCities> distance{};  // shortest paths in car spaces
  Json source;                                                               // the file as read, for positions
  std::uint64_t hash = 0;                                                    // of `source`, for results files
  int index = 0;                                                             // the map's place in the registry
  int most_moves = 0;  // the bound on a decision's legal moves for a seat holding every card
  // Route sets for move generation, so that it visits only the routes a hand may pay for
  // (payments.hpp's affordable_routes): indexed by a count k in 0..kMaxRouteLength, the routes of
  // each colour (grey last) with at most k spaces for train cards, with at most k ship symbols,
  // with at most k railway and tunnel symbols, and of at most k spaces.
  std::array<std::array<RouteSet, kMaxRouteLength + 1>, kTrainColours + 1> train_spaces_at_most{};
  std::array<RouteSet, kMaxRouteLength + 1> ships_at_most{}, symbols_at_most{}, length_at_most{};

  // The city with this id, or -1.
  int city(std::string_view id) const;
  // The fewest car spaces from any city of one mask to any city of the other.
  int shortest(std::uint64_t from, std::uint64_t to) const;
  // Car spaces of all routes, both of a double counted.
  int spaces() const;

  // Reads and validates a map; InputError naming `where`, the field and the broken rule otherwise.
  static Map from_json(const Json& j, const std::string& where);

  // The built-in Sardinia map (index 0), maps loaded from files or positions, and any map by its
  // index. Maps are never freed, so states may name them by index.
  static const Map& sardinia();
  static const Map& load_file(const std::string& path);
  static const Map& intern(const Json& j, const std::string& where);
  // The map a state names, looked up at every move: inline, one load from the registry's table.
  static const Map& at(int index);
};

// A designer's check of a map (`nuraghe map --game ttr --check`): its counts as
// docs/rules-ttr.md's "Counts" gives them for Sardinia, and a warning for every ticket whose value
// is not its shortest path in car spaces (how the map's tickets are valued: docs/rules-ttr.md,
// "Tickets") and for every town that no ticket names. The built-in map has no warning.
MapCheck check_map(const Map& m);

namespace detail {
// Every map of the process, Sardinia first; core/registry.hpp says why states may look maps up
// by index without a lock while another thread adds one. constinit: ready before any static
// initializer could ask for a map.
inline constinit Registry<Map> maps;
}  // namespace detail

inline const Map& Map::at(int index) {
  return detail::maps.at(index, [](int) -> const Map& { return sardinia(); });  // index 0: the built-in map
}

}  // namespace nuraghe::ttr
