#include "games/ttr/map.hpp"

#include <algorithm>
#include <cassert>
#include <queue>
#include <set>
#include <vector>

#include "core/files.hpp"
#include "core/registry.hpp"
#include "games/ttr/maps_sardinia_json.hpp"  // kMapsSardiniaJson, generated from maps/sardinia.json
#include "games/ttr/notation.hpp"            // ticket_name

namespace nuraghe::ttr {
namespace {

// City and map ids are typed in moves (`claim sorgono~nuoro`: core/json.hpp's id_of).
constexpr std::string_view kIdExample = "porto-torres";

int count_field(const JsonIn& route, std::string_view key, int max) {
  const auto f = route.find(key);
  return f ? f->int_in(0, max) : 0;
}

}  // namespace

int Map::city(std::string_view id) const {
  for (int c = 0; c < num_cities; ++c)
    if (city_id[std::size_t(c)] == id) return c;
  return -1;
}

int Map::shortest(std::uint64_t from, std::uint64_t to) const {
  int best = 0xFFFF;
  for (std::uint64_t f = from; f; f &= f - 1)
    for (std::uint64_t t = to; t; t &= t - 1)
      best = std::min<int>(best, distance[std::size_t(std::countr_zero(f))][std::size_t(std::countr_zero(t))]);
  return best;
}

int Map::spaces() const {
  int total = 0;
  for (int r = 0; r < num_routes; ++r) total += routes[std::size_t(r)].length;
  return total;
}

Map Map::from_json(const Json& j, const std::string& where) {
  const JsonIn in(j, where);
  in.allow_only({"name", "title", "notes", "cities", "routes", "tickets"});
  Map m;
  m.name = id_of(in.at("name"), kIdExample);
  m.title = in.at("title").text();
  if (auto notes = in.find("notes")) notes->string();
  m.source = j;
  m.hash = hash_json(j);

  const std::vector<JsonIn> cities = in.at("cities").array(2, kMaxCities);
  m.num_cities = int(cities.size());
  for (int c = 0; c < m.num_cities; ++c) {
    const JsonIn& e = cities[std::size_t(c)];
    e.allow_only({"id", "name", "overseas", "lat", "lon"});
    const std::string id = id_of(e.at("id"), kIdExample);
    if (m.city(id) >= 0) e.at("id").fail("\"" + id + "\" names a second city");
    m.city_id[std::size_t(c)] = id;
    m.city_name[std::size_t(c)] = e.at("name").text();
    if (auto o = e.find("overseas")) {
      m.overseas[std::size_t(c)] = o->string();
      if (m.overseas[std::size_t(c)].empty()) o->fail("must not be empty (leave it out for a town)");
    }
    // Only the icons of one overseas destination share a name (Genova's four, each at its port).
    for (int earlier = 0; earlier < c; ++earlier)
      if (m.city_name[std::size_t(earlier)] == m.city_name[std::size_t(c)] &&
          (m.overseas[std::size_t(c)].empty() || m.overseas[std::size_t(earlier)] != m.overseas[std::size_t(c)]))
        e.at("name").fail(cat("\"", m.city_name[std::size_t(c)], "\" is the name of cities[", earlier,
                              "] too (only the icons of one overseas destination share a name)"));
    m.lat[std::size_t(c)] = e.at("lat").real(-90, 90);
    m.lon[std::size_t(c)] = e.at("lon").real(-180, 180);
  }
  const auto city_of = [&](const JsonIn& field) {
    return field.name_in([&](const std::string& id) { return m.city(id); }, "a city of the map");
  };

  const std::vector<JsonIn> routes = in.at("routes").array(1, kMaxRoutes);
  m.num_routes = int(routes.size());
  for (int r = 0; r < m.num_routes; ++r) {
    const JsonIn& e = routes[std::size_t(r)];
    e.allow_only({"a", "b", "colour", "length", "ships", "railways", "tunnels"});
    Route& route = m.routes[std::size_t(r)];
    route.a = std::uint8_t(city_of(e.at("a")));
    route.b = std::uint8_t(city_of(e.at("b")));
    if (route.a == route.b) e.at("b").fail("is the route's other end too: a route joins two cities");
    route.colour = e.at("colour").one_of<Colour>(kColourNames, "a colour");
    route.length = std::uint8_t(e.at("length").int_in(1, kMaxRouteLength));
    route.ships = std::uint8_t(count_field(e, "ships", kMaxRouteLength));
    route.railways = std::uint8_t(count_field(e, "railways", kMaxRouteLength));
    route.tunnels = std::uint8_t(count_field(e, "tunnels", kMaxRouteLength));
    // An overseas icon is one of "the overseas Cities/Countries reachable from the Sardinian
    // seaports", by a ferry (a route with a ship symbol): never joined to another icon, never by
    // a route without a ship (docs/rules-ttr.md).
    const bool icon_a = !m.overseas[route.a].empty(), icon_b = !m.overseas[route.b].empty();
    const std::string named = "(" + m.city_id[route.a] + "~" + m.city_id[route.b] + ")";
    if (icon_a && icon_b) e.fail(named + " joins two overseas icons: an icon is reached only by ferry from a port");
    if ((icon_a || icon_b) && route.ships == 0)
      e.fail(named + " reaches the overseas icon " + m.city_id[icon_a ? route.a : route.b] +
             " without a ship symbol: an icon is reached only by ferry from a port");
    if (route.ships + route.railways + route.tunnels > route.length)
      e.fail("has more symbols (ships, railways, tunnels) than its " + std::to_string(route.length) + " spaces");
    // A claim move holds the Railway and Tunnel cards paid in 3 bits each (state.hpp).
    if (route.railways + route.tunnels > kMaxMaterialSymbols)
      e.fail("has more than " + std::to_string(kMaxMaterialSymbols) + " railway and tunnel symbols");
    // A double route: two routes between one pair of cities, never three; in two colours, unless
    // both are grey (the printed maps' convention, and a double of one colour would be one route
    // twice for every rule).
    for (int q = 0; q < r; ++q) {
      Route& other = m.routes[std::size_t(q)];
      if (!((other.a == route.a && other.b == route.b) || (other.a == route.b && other.b == route.a))) continue;
      if (other.partner >= 0)
        e.fail("is a third route between " + m.city_id[route.a] + " and " + m.city_id[route.b] +
               " (a double route has two)");
      if (other.colour == route.colour && route.colour != Colour::Grey)
        e.fail("has the colour of the other route between " + m.city_id[route.a] + " and " + m.city_id[route.b] +
               " (a double route's two routes differ in colour unless both are grey)");
      other.partner = std::int16_t(r);
      route.partner = std::int16_t(q);
      route.second = true;
    }
    m.routes_at[route.a].add(r);
    m.routes_at[route.b].add(r);
    for (int k = 0; k <= kMaxRouteLength; ++k) {
      if (route.length - route.railways - route.tunnels <= k)
        m.train_spaces_at_most[std::size_t(route.colour)][std::size_t(k)].add(r);
      if (route.ships <= k) m.ships_at_most[std::size_t(k)].add(r);
      if (route.railways + route.tunnels <= k) m.symbols_at_most[std::size_t(k)].add(r);
      if (route.length <= k) m.length_at_most[std::size_t(k)].add(r);
    }
  }

  // Shortest paths in car spaces (Dijkstra from each city); the map must be connected.
  for (int s = 0; s < m.num_cities; ++s) {
    auto& d = m.distance[std::size_t(s)];
    d.fill(0xFFFF);
    d[std::size_t(s)] = 0;
    using Item = std::pair<int, int>;  // (distance, city)
    std::priority_queue<Item, std::vector<Item>, std::greater<>> queue;
    queue.push({0, s});
    while (!queue.empty()) {
      const int du = queue.top().first, u = queue.top().second;  // (clang 14 lambdas cannot capture bindings)
      queue.pop();
      if (du > d[std::size_t(u)]) continue;
      m.routes_at[std::size_t(u)].for_each([&](int r) {
        const Route& route = m.routes[std::size_t(r)];
        const int v = route.a == u ? route.b : route.a;
        if (du + route.length < d[std::size_t(v)]) {
          d[std::size_t(v)] = std::uint16_t(du + route.length);
          queue.push({du + route.length, v});
        }
      });
    }
    for (int c = 0; c < m.num_cities; ++c)
      if (d[std::size_t(c)] == 0xFFFF)
        input_error(where + ": the map is not connected: no path from " + m.city_id[std::size_t(s)] + " to " +
                    m.city_id[std::size_t(c)]);
  }

  // The legal-move bound: per route, its train payments (colours x locomotive counts, a ship's
  // locomotives fixed) times its Materials payments (Tunnel cards tt in 0..t, Railway cards in
  // 0..r + t - tt); per city, the third station's payments (3 cards: 8 colours x 3 splits, or 3
  // locomotives); and the draws, tickets, keeps and pass (at most 32).
  int moves = 32;
  for (int r = 0; r < m.num_routes; ++r) {
    const Route& route = m.routes[std::size_t(r)];
    const int train = route.length - route.railways - route.tunnels;
    int cards = 0;
    for (int locos = route.ships; locos <= train; ++locos)
      cards += train - locos > 0 && route.colour == Colour::Grey ? kTrainColours : 1;
    int materials = 0;
    for (int tt = 0; tt <= route.tunnels; ++tt) materials += route.railways + route.tunnels - tt + 1;
    moves += cards * materials;
  }
  moves += m.num_cities * (kTrainColours * 3 + 1);
  m.most_moves = moves;
  if (moves > kMaxLegalMoves)
    input_error(where + ": a decision could have " + std::to_string(moves) + " legal moves, more than " +
                std::to_string(kMaxLegalMoves) + " (fewer grey routes, railway or tunnel symbols, or cities)");

  const std::vector<JsonIn> tickets = in.at("tickets").array(1, kMaxTickets);
  m.num_tickets = int(tickets.size());
  for (int t = 0; t < m.num_tickets; ++t) {
    const JsonIn& e = tickets[std::size_t(t)];
    e.allow_only({"from", "to", "value", "long"});
    Ticket& ticket = m.tickets[std::size_t(t)];
    const auto side = [&](const JsonIn& list) {
      std::uint64_t mask = 0;
      for (const JsonIn& id : list.array(1, kMaxCities)) {
        const std::uint64_t bit = std::uint64_t(1) << city_of(id);
        if (mask & bit) id.fail("names " + id.string() + " a second time");
        mask |= bit;
      }
      return mask;
    };
    ticket.from = side(e.at("from"));
    ticket.to = side(e.at("to"));
    if (ticket.from & ticket.to) e.fail("has a city at both ends");
    ticket.value = std::uint8_t(e.at("value").int_in(1, 99));
    if (auto l = e.find("long")) ticket.long_route = l->boolean();
    for (int q = 0; q < t; ++q) {
      const Ticket& other = m.tickets[std::size_t(q)];
      if ((other.from == ticket.from && other.to == ticket.to) || (other.from == ticket.to && other.to == ticket.from))
        e.fail("joins the cities of ticket " + std::to_string(q) + " again");
    }
  }
  return m;
}

MapCheck check_map(const Map& m) {
  MapCheck out;
  const auto line = [&](const std::string& label, const std::string& figures) {
    out.counts.push_back(label + ": " + figures);
  };
  const auto list = [](const auto& items) {  // "a, b, c"
    std::string text;
    for (const auto& item : items) text += (text.empty() ? "" : ", ") + item;
    return text;
  };
  line("map", m.name + " (" + m.title + ")");

  // Nodes: towns, and the overseas icons of each destination.
  int icons = 0;
  std::set<std::string> destinations;
  for (int c = 0; c < m.num_cities; ++c)
    if (!m.overseas[std::size_t(c)].empty()) ++icons, destinations.insert(m.city_name[std::size_t(c)]);
  line("nodes", cat(m.num_cities, ": ", m.num_cities - icons, " towns, ", icons, " overseas icons of ",
                    destinations.size(), " destinations"));

  // Routes, their symbols and their car spaces.
  int doubles = 0, ferries = 0, overseas_ferries = 0, with_railways = 0, with_tunnels = 0;
  int ships = 0, railways = 0, tunnels = 0;
  std::array<std::array<int, kMaxRouteLength + 1>, kTrainColours + 1> by{};  // [colour][length] routes
  std::array<int, kTrainColours + 1> spaces{};
  for (int r = 0; r < m.num_routes; ++r) {
    const Route& route = m.routes[std::size_t(r)];
    doubles += route.second;
    if (route.ships > 0) {
      ++ferries;
      overseas_ferries += !m.overseas[route.a].empty() || !m.overseas[route.b].empty();
    }
    with_railways += route.railways > 0;
    with_tunnels += route.tunnels > 0;
    ships += route.ships, railways += route.railways, tunnels += route.tunnels;
    ++by[std::size_t(route.colour)][route.length];
    spaces[std::size_t(route.colour)] += route.length;
  }
  line("routes", cat(m.num_routes, ": ", doubles, " double pairs, ", ferries, " ferries (", overseas_ferries,
                     " overseas, ", ferries - overseas_ferries, " between towns), ", with_railways,
                     " with railway symbols, ", with_tunnels, " with tunnel symbols"));
  line("symbols", cat(ships, " ships, ", railways, " railways, ", tunnels, " tunnels"));
  std::vector<std::string> parts;
  for (int c = 0; c <= kTrainColours; ++c)
    if (spaces[std::size_t(c)] > 0) parts.push_back(cat(colour_name(Colour(c)), " ", spaces[std::size_t(c)]));
  line("car spaces", cat(m.spaces(), ": ", list(parts)));
  parts.clear();
  for (int length = 1; length <= kMaxRouteLength; ++length) {
    int n = 0;
    for (const auto& colour : by) n += colour[std::size_t(length)];
    if (n > 0) parts.push_back(cat(length, ": ", n));
  }
  line("routes by length", list(parts));
  parts.clear();
  for (int c = 0; c <= kTrainColours; ++c) {
    int n = 0;
    for (int length = 1; length <= kMaxRouteLength; ++length) n += by[std::size_t(c)][std::size_t(length)];
    if (n > 0) {
      std::vector<std::string> lengths;
      for (int length = 1; length <= kMaxRouteLength; ++length)
        if (const int k = by[std::size_t(c)][std::size_t(length)]; k > 0)
          lengths.push_back(k == 1 ? cat(length) : cat(k, "x", length));
      parts.push_back(cat(colour_name(Colour(c)), " ", n, " (", list(lengths), ")"));
    }
  }
  line("routes by colour (lengths)", list(parts));

  // Tickets, long and regular, and the multi-way ones among them.
  int long_tickets = 0, multi = 0, multi_long = 0;
  int lowest[2] = {99, 99}, highest[2] = {0, 0};  // [long] values
  for (int t = 0; t < m.num_tickets; ++t) {
    const Ticket& ticket = m.tickets[std::size_t(t)];
    long_tickets += ticket.long_route;
    const bool k_way = std::popcount(ticket.from) > 1 || std::popcount(ticket.to) > 1;
    multi += k_way, multi_long += k_way && ticket.long_route;
    lowest[ticket.long_route] = std::min<int>(lowest[ticket.long_route], ticket.value);
    highest[ticket.long_route] = std::max<int>(highest[ticket.long_route], ticket.value);
  }
  const auto values = [&](bool long_route) {
    return highest[long_route] == 0 ? std::string() : cat(" (", lowest[long_route], "-", highest[long_route], ")");
  };
  line("tickets",
       cat(m.num_tickets, ": ", long_tickets, " long", values(true), ", ", m.num_tickets - long_tickets, " regular",
           values(false), "; ", multi, " multi-way (", multi_long, " long, ", multi - multi_long, " regular)"));

  // A ticket is worth its shortest path in car spaces, between its nearest pair of ends.
  std::uint64_t named = 0;
  for (int t = 0; t < m.num_tickets; ++t) {
    const Ticket& ticket = m.tickets[std::size_t(t)];
    named |= ticket.from | ticket.to;
    const int shortest = m.shortest(ticket.from, ticket.to);
    if (ticket.value != shortest)
      out.warnings.push_back(cat("ticket ", t, " (", ticket_name(m, t), ") is worth ", ticket.value,
                                 " but its shortest path is ", shortest, " car spaces"));
  }
  for (int c = 0; c < m.num_cities; ++c)
    if (m.overseas[std::size_t(c)].empty() && !((named >> c) & 1))
      out.warnings.push_back("town " + m.city_id[std::size_t(c)] + " is the end of no ticket");
  return out;
}

namespace {
// Reads and validates a map (outside the registry's lock), then adds it or finds it there.
const Map& add_to_registry(const Json& j, const std::string& where) {
  return detail::maps.add(Map::from_json(j, where), where, "maps");
}
}  // namespace

const Map& Map::sardinia() {
  static const Map& map =
      add_to_registry(parse_json(kMapsSardiniaJson, "built-in map sardinia.json"), "built-in map sardinia.json");
  return map;
}

const Map& Map::intern(const Json& j, const std::string& where) {
  sardinia();  // the built-in map keeps index 0, whatever is read first
  return add_to_registry(j, where);
}

const Map& Map::load_file(const std::string& path) {
  const std::string name = "map file \"" + path + "\"";
  return intern(parse_json(read_input_file(path, "map file"), name), name);
}

}  // namespace nuraghe::ttr
