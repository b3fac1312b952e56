// The Sardinia map file against the rulebook's counts and its named routes and tickets (docs/rules-ttr.md),
// and the map validator against malformed maps: each is refused in one line that names the field.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "core/error.hpp"
#include "games/ttr/map.hpp"

using namespace nuraghe;
using namespace nuraghe::ttr;

namespace {

const Map& sardinia() { return Map::sardinia(); }

// The route between two cities by id (`which`: 0 the first of a double, 1 the second).
const Route* route_between(const Map& m, std::string_view a, std::string_view b, int which = 0) {
  const int ca = m.city(a), cb = m.city(b);
  REQUIRE(ca >= 0);
  REQUIRE(cb >= 0);
  for (int r = 0; r < m.num_routes; ++r) {
    const Route& route = m.routes[std::size_t(r)];
    if (((route.a == ca && route.b == cb) || (route.a == cb && route.b == ca)) && int(route.second) == which)
      return &route;
  }
  return nullptr;
}

// The route to an overseas icon of `destination` (its legend name) from `port`.
const Route* ferry_to(const Map& m, std::string_view port, std::string_view destination) {
  const int p = m.city(port);
  REQUIRE(p >= 0);
  const Route* found = nullptr;
  m.routes_at[std::size_t(p)].for_each([&](int r) {
    const Route& route = m.routes[std::size_t(r)];
    const int other = route.a == p ? route.b : route.a;
    if (m.city_name[std::size_t(other)] == destination) found = &route;
  });
  return found;
}

std::uint64_t mask_of(const Map& m, std::initializer_list<std::string_view> ids) {
  std::uint64_t mask = 0;
  for (auto id : ids) mask |= std::uint64_t(1) << m.city(id);
  return mask;
}
std::uint64_t icons_of(const Map& m, std::string_view destination) {
  std::uint64_t mask = 0;
  for (int c = 0; c < m.num_cities; ++c)
    if (!m.overseas[std::size_t(c)].empty() && m.city_name[std::size_t(c)] == destination)
      mask |= std::uint64_t(1) << c;
  return mask;
}
const Ticket* ticket_between(const Map& m, std::uint64_t from, std::uint64_t to) {
  for (int t = 0; t < m.num_tickets; ++t) {
    const Ticket& k = m.tickets[std::size_t(t)];
    if ((k.from == from && k.to == to) || (k.from == to && k.to == from)) return &k;
  }
  return nullptr;
}

// The InputError message of reading `j` as a map; fails the test if it is accepted.
std::string refusal(const Json& j) {
  try {
    Map::from_json(j, "test map");
  } catch (const InputError& e) {
    return e.what();
  }
  FAIL("the map was accepted");
  return "";
}
void check_refused(const Json& j, const std::string& fragment) {
  const std::string message = refusal(j);
  CAPTURE(message);
  CHECK(message.find('\n') == std::string::npos);
  CHECK(message.rfind("test map: ", 0) == 0);
  CHECK(message.find(fragment) != std::string::npos);
}

}  // namespace

TEST_CASE("sardinia map: 45 cities, 268 car spaces in the printed colour counts") {
  const Map& m = sardinia();
  CHECK(m.name == "sardinia");
  CHECK(m.index == 0);
  CHECK(m.num_cities == 45);
  CHECK(m.spaces() == 268);
  CHECK(m.num_routes <= kMaxRoutes);
  std::map<std::string_view, int> spaces;
  for (int r = 0; r < m.num_routes; ++r)
    spaces[colour_name(m.routes[std::size_t(r)].colour)] += m.routes[std::size_t(r)].length;
  const std::map<std::string_view, int> printed = {{"black", 20},  {"white", 21}, {"yellow", 21},
                                                   {"red", 21},    {"pink", 21},  {"green", 22},
                                                   {"orange", 22}, {"blue", 23},  {"grey", 97}};
  CHECK(spaces == printed);
  // The legal-move bound: 1,417 claims, 45 cities' stations at 25 payments, 32 draws and the rest.
  CHECK(m.most_moves == 1417 + 45 * 25 + 32);
}

TEST_CASE("sardinia map: the eight overseas destinations, one icon per port") {
  const Map& m = sardinia();
  std::map<std::string, std::set<int>> ports;  // destination -> the ports its icons are joined to
  for (int c = 0; c < m.num_cities; ++c) {
    if (m.overseas[std::size_t(c)].empty()) continue;
    std::set<int> joined;
    m.routes_at[std::size_t(c)].for_each([&](int r) {
      const Route& route = m.routes[std::size_t(r)];
      CHECK(route.ships > 0);  // every route to an icon is a ferry
      joined.insert(route.a == c ? route.b : route.a);
    });
    CAPTURE(m.city_id[std::size_t(c)]);
    REQUIRE(joined.size() == 1);  // an icon is joined to exactly one port (by one route or a double)
    CHECK(m.overseas[std::size_t(*joined.begin())].empty());
    CHECK(ports[m.city_name[std::size_t(c)]].insert(*joined.begin()).second);  // k icons: k different ports
  }
  CHECK(ports.size() == 8);
  for (const char* d : {"Civitavecchia", "Genova", "Livorno", "Napoli", "Palermo", "Corse", "France", "España"}) {
    CAPTURE(d);
    CHECK(ports.count(d) == 1);
  }
  CHECK(ports["Genova"].size() == 4);  // Sorgono - Genova is a 4-way ticket
  CHECK(ports["Corse"].size() == 3);   // Dorgali - Corse is a 3-way ticket
}

TEST_CASE("sardinia map: the routes the rulebook names, as docs/rules-ttr.md gives them") {
  const Map& m = sardinia();
  // Ferries: "claiming the Ferry Route from Porto Torres to Genova requires 3 orange Train cards and a Locomotive
  // card".
  const Route* genova = ferry_to(m, "porto-torres", "Genova");
  REQUIRE(genova != nullptr);
  CHECK(genova->colour == Colour::Orange);
  CHECK(genova->length == 4);
  CHECK(genova->ships == 1);
  // Nuoro - Dorgali: "1 Yellow (or Pink) Train card + 1 Wood and 1 Rails cards (or 1 Railway card)".
  const Route* nd1 = route_between(m, "nuoro", "dorgali", 0);
  const Route* nd2 = route_between(m, "nuoro", "dorgali", 1);
  REQUIRE(nd1 != nullptr);
  REQUIRE(nd2 != nullptr);
  CHECK(std::set<Colour>{nd1->colour, nd2->colour} == std::set<Colour>{Colour::Yellow, Colour::Pink});
  for (const Route* r : {nd1, nd2}) CHECK((r->length == 2 && r->railways == 1 && r->tunnels == 0 && r->ships == 0));
  // Tirso - Sorgono: "2 Train cards of the same colour + 1 Wood and 1 Rails cards (or 1 Railway card)".
  const Route* ts = route_between(m, "tirso", "sorgono");
  REQUIRE(ts != nullptr);
  CHECK((ts->colour == Colour::Grey && ts->length == 3 && ts->railways == 1 && ts->tunnels == 0 && ts->partner < 0));
  // Sorgono - Nuoro: "3 Train cards of the same colour + 1 Wood, 1 Rails and 1 Stones cards (or ...)".
  const Route* sn = route_between(m, "sorgono", "nuoro");
  REQUIRE(sn != nullptr);
  CHECK((sn->colour == Colour::Grey && sn->length == 4 && sn->tunnels == 1 && sn->railways == 0 && sn->partner < 0));
  // Dorgali - Arbatax: "4 Train cards of the same colour + 2 Wood, 2 Rails and 1 Stones cards (or 1 Tunnel and 1
  // Railway cards ...)".
  const Route* da = route_between(m, "dorgali", "arbatax");
  REQUIRE(da != nullptr);
  CHECK((da->colour == Colour::Grey && da->length == 6 && da->tunnels == 1 && da->railways == 1 && da->partner < 0));
}

TEST_CASE("sardinia map: 50 tickets, 12 long, 9 multi-way, valued by their shortest paths") {
  const Map& m = sardinia();
  REQUIRE(m.num_tickets == 50);
  int long_tickets = 0, multi = 0, multi_long = 0;
  for (int t = 0; t < m.num_tickets; ++t) {
    const Ticket& k = m.tickets[std::size_t(t)];
    CAPTURE(t);
    long_tickets += k.long_route;
    const bool multi_way = std::popcount(k.from) > 1 || std::popcount(k.to) > 1;
    multi += multi_way;
    multi_long += multi_way && k.long_route;
    // "Values follow shortest-path length": the spaces between the nearest endpoints.
    CHECK(k.value == m.shortest(k.from, k.to));
    // A k-way side lists every icon of one destination.
    for (const std::uint64_t side : {k.from, k.to})
      if (std::popcount(side) > 1) CHECK(side == icons_of(m, m.city_name[std::size_t(std::countr_zero(side))]));
  }
  CHECK(long_tickets == 12);
  CHECK(multi == 9);
  CHECK(multi_long == 2);
  // The four the rulebook prints.
  const Ticket* olbia = ticket_between(m, mask_of(m, {"olbia"}), mask_of(m, {"calasetta"}));
  REQUIRE(olbia != nullptr);
  CHECK((olbia->value == 20 && olbia->long_route));
  const Ticket* cagliari = ticket_between(m, mask_of(m, {"cagliari"}), mask_of(m, {"arbatax"}));
  REQUIRE(cagliari != nullptr);
  CHECK((cagliari->value == 8 && !cagliari->long_route));
  const Ticket* corse = ticket_between(m, mask_of(m, {"dorgali"}), icons_of(m, "Corse"));
  REQUIRE(corse != nullptr);
  CHECK((corse->value == 10 && !corse->long_route && std::popcount(icons_of(m, "Corse")) == 3));
  const Ticket* genova = ticket_between(m, mask_of(m, {"sorgono"}), icons_of(m, "Genova"));
  REQUIRE(genova != nullptr);
  CHECK((genova->value == 13 && !genova->long_route && std::popcount(icons_of(m, "Genova")) == 4));
}

TEST_CASE("map check: Sardinia's counts as docs/rules-ttr.md gives them, and no warning") {
  const MapCheck c = check_map(sardinia());
  CHECK(c.warnings.empty());
  const auto has = [&](const std::string& line) {
    CAPTURE(line);
    CHECK(std::find(c.counts.begin(), c.counts.end(), line) != c.counts.end());
  };
  has("nodes: 45: 29 towns, 16 overseas icons of 8 destinations");
  has("routes: 86: 13 double pairs, 19 ferries (17 overseas, 2 between towns), 27 with railway symbols, 8 with "
      "tunnel symbols");
  has("symbols: 23 ships, 27 railways, 8 tunnels");
  has("car spaces: 268: pink 21, white 21, blue 23, yellow 21, orange 22, black 20, red 21, green 22, grey 97");
  has("routes by length: 1: 7, 2: 22, 3: 26, 4: 21, 5: 6, 6: 3, 7: 1");
  has("tickets: 50: 12 long (17-22), 38 regular (5-15); 9 multi-way (2 long, 7 regular)");
}

TEST_CASE("map check: a ticket not worth its shortest path, and a town no ticket names, are warned about") {
  Json j = sardinia().source;
  j["name"] = "sardinia-edited";
  // Olbia - Calasetta is worth its shortest path, 20; the edit makes it 21.
  REQUIRE(j["tickets"][0]["from"] == Json::array({"olbia"}));
  j["tickets"][0]["value"] = 21;
  // A town of its own, joined to Olbia, that no ticket names.
  j["cities"].push_back({{"id", "tavolara"}, {"name", "Tavolara"}, {"lat", 40.9}, {"lon", 9.7}});
  j["routes"].push_back({{"a", "olbia"}, {"b", "tavolara"}, {"colour", "grey"}, {"length", 1}});
  const Map m = Map::from_json(j, "edited map");
  const MapCheck c = check_map(m);
  REQUIRE(c.warnings.size() == 2);
  CHECK(c.warnings[0] == "ticket 0 (Olbia - Calasetta) is worth 21 but its shortest path is 20 car spaces");
  CHECK(c.warnings[1] == "town tavolara is the end of no ticket");
  // The counts follow the file: one town and one route more.
  CHECK(std::find(c.counts.begin(), c.counts.end(), "nodes: 46: 30 towns, 16 overseas icons of 8 destinations") !=
        c.counts.end());
}

TEST_CASE("map validator: malformed maps are refused in one line naming the field") {
  const Json good = sardinia().source;
  auto with = [&](auto change) {
    Json j = good;
    change(j);
    return j;
  };
  check_refused(with([](Json& j) { j["routes"][0]["colour"] = "purple"; }),
                "routes[0].colour \"purple\" is not a colour");
  check_refused(with([](Json& j) { j["routes"][3]["b"] = "roma"; }), "routes[3].b \"roma\" is not a city of the map");
  check_refused(with([](Json& j) { j["routes"][3]["b"] = j["routes"][3]["a"]; }), "a route joins two cities");
  check_refused(with([](Json& j) { j["routes"][2]["length"] = 9; }), "routes[2].length must be an integer in [1, 8]");
  check_refused(with([](Json& j) { j["routes"][2]["length"] = "2"; }), "routes[2].length must be an integer");
  check_refused(with([](Json& j) { j["routes"][2]["ships"] = 2, j["routes"][2]["tunnels"] = 1; }), "more symbols");
  check_refused(with([](Json& j) {
                  j["routes"][2]["length"] = 8, j["routes"][2]["railways"] = 4, j["routes"][2]["tunnels"] = 4;
                }),
                "has more than 7 railway and tunnel symbols");
  // routes[0] and [1] are the Porto Torres - Sassari double: a third route, then one colour twice.
  check_refused(with([](Json& j) { j["routes"].push_back(j["routes"][0]); }),
                "a third route between porto-torres and sassari");
  check_refused(with([](Json& j) { j["routes"][1]["colour"] = j["routes"][0]["colour"]; }), "differ in colour");
  check_refused(with([](Json& j) {
                  j["cities"].push_back(Json{{"id", "tavolara"}, {"name", "Tavolara"}, {"lat", 40.9}, {"lon", 9.7}});
                }),
                "the map is not connected");
  check_refused(with([](Json& j) { j["cities"][1]["id"] = j["cities"][0]["id"]; }), "names a second city");
  check_refused(with([](Json& j) { j["cities"][0]["id"] = "Porto Torres"; }),
                "cities[0].id \"Porto Torres\" is not an id");
  check_refused(with([](Json& j) { j["cities"][0]["lat"] = 91; }), "cities[0].lat must be a number in [-90, 90]");
  check_refused(with([](Json& j) { j["routes"][0]["color"] = "red"; }), "routes[0] has an unknown field \"color\"");
  check_refused(with([](Json& j) { j["tickets"][0]["to"] = j["tickets"][0]["from"]; }), "has a city at both ends");
  check_refused(with([](Json& j) { j["tickets"][0]["value"] = 0; }), "tickets[0].value must be an integer in [1, 99]");
  check_refused(with([](Json& j) { j["tickets"][1] = j["tickets"][0]; }), "joins the cities of ticket 0 again");
  check_refused(with([](Json& j) { j["tickets"][0]["to"] = Json::array(); }),
                "tickets[0].to must have 1 to 64 entries");
  check_refused(
      with([](Json& j) {
        for (int c = 0; c < 20; ++c)
          j["cities"].push_back(Json{{"id", "extra-" + std::to_string(c)}, {"name", "X"}, {"lat", 0}, {"lon", 0}});
      }),
      "cities must have 2 to 64 entries, not 65");
  check_refused(with([](Json& j) { j.erase("routes"); }), "missing field \"routes\"");
  check_refused(Json::array(), "must be a JSON object");
  check_refused(with([](Json& j) {
                  for (auto& r : j["routes"])  // (a ferry keeps 1 ship: an icon is reached by ferry)
                    r["ships"] = r.value("ships", 0) > 0 ? 1 : 0, r["colour"] = "grey", r["length"] = 8,
                    r["railways"] = 3, r["tunnels"] = 4;
                }),
                "legal moves, more than 4096");
}

TEST_CASE("map validator: an overseas icon is reached only by ferry from a port") {
  // docs/rules-ttr.md: each icon is its own node, joined to a port by a ferry (the rulebook's
  // "overseas Cities/Countries reachable from the Sardinian seaports"; "Ferry routes are identified
  // by the Ship symbol").
  const Json good = sardinia().source;
  int ferry = -1;
  for (std::size_t r = 0; r < good["routes"].size(); ++r)
    if (good["routes"][r]["a"] == "porto-torres" && good["routes"][r]["b"] == "genova-1") ferry = int(r);
  REQUIRE(ferry >= 0);
  const std::string at = "routes[" + std::to_string(ferry) + "] (porto-torres~genova-1)";
  Json j = good;
  j["routes"][std::size_t(ferry)].erase("ships");
  check_refused(j, at + " reaches the overseas icon genova-1 without a ship symbol");
  j = good;
  j["routes"][std::size_t(ferry)]["ships"] = 0;
  check_refused(j, at + " reaches the overseas icon genova-1 without a ship symbol");
  j = good;
  j["routes"][std::size_t(ferry)]["a"] = "corse-2";  // icon to icon, by ferry
  check_refused(j, at.substr(0, at.find('(')) + "(corse-2~genova-1) joins two overseas icons");
  j = good;
  j["routes"].push_back(Json{{"a", "genova-1"}, {"b", "france-1"}, {"colour", "grey"}, {"length", 5}, {"ships", 2}});
  check_refused(j,
                "routes[" + std::to_string(good["routes"].size()) + "] (genova-1~france-1) joins two overseas icons");
  // A port's ferry to a town stays a ferry (Carloforte's), and the built-in map passes.
  CHECK(Map::from_json(good, "test").num_routes == int(good["routes"].size()));
}

TEST_CASE("map registry: two maps in one process, each named by its index") {
  Json other = sardinia().source;
  other["name"] = "sardinia-without-tirso-sorgono";
  auto& routes = other["routes"];
  routes.erase(std::remove_if(routes.begin(), routes.end(),
                              [](const Json& r) { return r["a"] == "tirso" && r["b"] == "sorgono"; }),
               routes.end());
  const Map& a = Map::intern(other, "test map");
  const Map& b = Map::intern(other, "test map");
  CHECK(&a == &b);  // the same map is interned once
  CHECK(a.index > 0);
  CHECK(&Map::at(a.index) == &a);
  CHECK(&Map::at(0) == &sardinia());
  CHECK(a.num_routes == sardinia().num_routes - 1);
  CHECK(a.spaces() == 268 - 3);
  CHECK(a.hash != sardinia().hash);
}
