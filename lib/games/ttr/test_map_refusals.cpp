// The map reader, Map::from_json (the format of maps/sardinia.json; docs/rules-ttr.md): every map it
// refuses, with its whole message. test_map.cpp checks the validator by fragments; here each check of
// the reader, in the order of the code, is pinned whole.
#include <doctest/doctest.h>

#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "game_tests.hpp"
#include "games/ttr/map.hpp"

using namespace nuraghe;
using namespace nuraghe::ttr;

// Every check of from_json, in the order of the code, refuses here one map that only it refuses, and
// its message is pinned whole. A message may change only to say more, and then here with it. The
// checks that JsonIn makes for every field alike (a type, a range, a missing or unknown field) have a
// case or two.
TEST_CASE("map reader: every refusal, message by message") {
  using nuraghe::testing::check_refusals;
  using nuraghe::testing::Refused;
  // The built-in map, as the file reads.
  const Json sardinia = Map::sardinia().source;
  REQUIRE_NOTHROW((void)Map::from_json(sardinia, "test map"));
  // The entries the rows change, where the file has them.
  REQUIRE(sardinia["cities"][0]["id"] == "porto-torres");
  REQUIRE(sardinia["cities"][29]["id"] == "genova-1");
  REQUIRE(sardinia["cities"][29]["overseas"] == "G");
  REQUIRE(sardinia["routes"].size() == 86u);
  // routes[0] and [1]: the Porto Torres - Sassari double, pink and green, 2 spaces.
  REQUIRE(sardinia["routes"][0] == Json{{"a", "porto-torres"}, {"b", "sassari"}, {"colour", "pink"}, {"length", 2}});
  REQUIRE(sardinia["routes"][1]["colour"] == "green");
  // routes[2] and [3]: the Sassari - Alghero double, both grey.
  REQUIRE(sardinia["routes"][3]["colour"] == "grey");
  // routes[69]: the ferry to the Genova icon at Porto Torres; routes[84]: Napoli's only route.
  REQUIRE(sardinia["routes"][69] ==
          Json{{"a", "porto-torres"}, {"b", "genova-1"}, {"colour", "orange"}, {"length", 4}, {"ships", 1}});
  REQUIRE(sardinia["routes"][84]["b"] == "napoli-1");
  // tickets[0]: Olbia - Calasetta, 20, long.
  REQUIRE(sardinia["tickets"][0] == Json{{"from", {"olbia"}}, {"to", {"calasetta"}}, {"value", 20}, {"long", true}});

  const std::vector<Refused> cases = {
      // ---- the map
      {"a map is an object", &sardinia, [](Json& j) { j = Json::array(); },
       "test map: must be a JSON object, not a list"},
      {"the map's fields", &sardinia, [](Json& j) { j["author"] = "x"; }, "test map: has an unknown field \"author\""},
      {"name: an id", &sardinia, [](Json& j) { j["name"] = "Sardinia"; },
       "test map: name \"Sardinia\" is not an id (1 to 32 lowercase letters, digits and inner hyphens: "
       "\"porto-torres\")"},
      {"title: a string (JsonIn's types)", &sardinia, [](Json& j) { j["title"] = 1; },
       "test map: title must be a string, not 1"},
      // The title heads the map's picture and the viewer: an empty one was accepted (Bardagi's board refused it).
      {"title: not empty", &sardinia, [](Json& j) { j["title"] = ""; }, "test map: title must not be empty"},
      {"notes: a string", &sardinia, [](Json& j) { j["notes"] = Json::array(); },
       "test map: notes must be a string, not a list"},

      // ---- the cities
      {"cities: 2 to 64", &sardinia,
       [](Json& j) {
         Json& cities = j["cities"];
         cities.erase(cities.begin() + 1, cities.end());
       },
       "test map: cities must have 2 to 64 entries, not 1"},
      {"a city's fields", &sardinia, [](Json& j) { j["cities"][0]["population"] = 1; },
       "test map: cities[0] has an unknown field \"population\""},
      {"id: an id", &sardinia, [](Json& j) { j["cities"][0]["id"] = "Porto Torres"; },
       "test map: cities[0].id \"Porto Torres\" is not an id (1 to 32 lowercase letters, digits and inner hyphens: "
       "\"porto-torres\")"},
      {"id: one a city", &sardinia, [](Json& j) { j["cities"][1]["id"] = "porto-torres"; },
       "test map: cities[1].id \"porto-torres\" names a second city"},
      {"name: present (JsonIn's missing field)", &sardinia, [](Json& j) { j["cities"][0].erase("name"); },
       "test map: missing field \"cities[0].name\""},
      {"name: not empty", &sardinia, [](Json& j) { j["cities"][0]["name"] = ""; },
       "test map: cities[0].name must not be empty"},
      // The pictures and the human seat name cities by name: two alike could not be told apart.
      {"name: one a city", &sardinia, [](Json& j) { j["cities"][1]["name"] = "Porto Torres"; },
       "test map: cities[1].name \"Porto Torres\" is the name of cities[0] too (only the icons of one overseas "
       "destination share a name)"},
      {"name: an overseas icon's, not a town's", &sardinia, [](Json& j) { j["cities"][29]["name"] = "Porto Torres"; },
       "test map: cities[29].name \"Porto Torres\" is the name of cities[0] too (only the icons of one overseas "
       "destination share a name)"},
      {"name: one destination's icons", &sardinia, [](Json& j) { j["cities"][33]["name"] = "Genova"; },
       "test map: cities[33].name \"Genova\" is the name of cities[29] too (only the icons of one overseas "
       "destination share a name)"},
      {"overseas: an icon's legend, not empty", &sardinia, [](Json& j) { j["cities"][29]["overseas"] = ""; },
       "test map: cities[29].overseas must not be empty (leave it out for a town)"},
      {"lat: a latitude", &sardinia, [](Json& j) { j["cities"][0]["lat"] = 91; },
       "test map: cities[0].lat must be a number in [-90, 90], not 91"},
      // Only a Json built in code holds a NaN (parse_json refuses a number beyond the doubles), and it is
      // written as JSON writes it.
      {"lat: finite", &sardinia, [](Json& j) { j["cities"][0]["lat"] = std::numeric_limits<double>::quiet_NaN(); },
       "test map: cities[0].lat must be a number in [-90, 90], not null"},
      {"lon: a longitude", &sardinia, [](Json& j) { j["cities"][0]["lon"] = -181; },
       "test map: cities[0].lon must be a number in [-180, 180], not -181"},
      {"lon: a number (JsonIn's types)", &sardinia, [](Json& j) { j["cities"][0]["lon"] = "8.402"; },
       "test map: cities[0].lon must be a number, not a string"},

      // ---- the routes
      {"routes: 1 to 128", &sardinia, [](Json& j) { j["routes"] = Json::array(); },
       "test map: routes must have 1 to 128 entries, not 0"},
      {"a route's fields", &sardinia, [](Json& j) { j["routes"][0]["color"] = "red"; },
       "test map: routes[0] has an unknown field \"color\""},
      {"ends: cities of the map", &sardinia, [](Json& j) { j["routes"][0]["a"] = "roma"; },
       "test map: routes[0].a \"roma\" is not a city of the map"},
      {"ends: two cities", &sardinia, [](Json& j) { j["routes"][0]["b"] = "porto-torres"; },
       "test map: routes[0].b is the route's other end too: a route joins two cities"},
      {"colour", &sardinia, [](Json& j) { j["routes"][0]["colour"] = "purple"; },
       "test map: routes[0].colour \"purple\" is not a colour (pink, white, blue, yellow, orange, black, red, green "
       "or grey)"},
      {"length: 1 to 8 spaces", &sardinia, [](Json& j) { j["routes"][0]["length"] = 9; },
       "test map: routes[0].length must be an integer in [1, 8], not 9"},
      {"length: an integer (JsonIn's integers)", &sardinia, [](Json& j) { j["routes"][0]["length"] = 1.5; },
       "test map: routes[0].length must be an integer in [1, 8], not 1.5"},
      {"ships, railways, tunnels: counts of 0 to 8", &sardinia, [](Json& j) { j["routes"][0]["tunnels"] = -1; },
       "test map: routes[0].tunnels must be an integer in [0, 8], not -1"},
      // The icons are "the overseas Cities/Countries reachable from the Sardinian seaports"; "Ferry routes are
      // identified by the Ship symbol" (docs/rules-ttr.md, "Overseas icons in a map file").
      {"icons: never two joined", &sardinia, [](Json& j) { j["routes"][69]["a"] = "corse-2"; },
       "test map: routes[69] (corse-2~genova-1) joins two overseas icons: an icon is reached only by ferry from a "
       "port"},
      {"icons: by ferry only", &sardinia, [](Json& j) { j["routes"][69].erase("ships"); },
       "test map: routes[69] (porto-torres~genova-1) reaches the overseas icon genova-1 without a ship symbol: an "
       "icon is reached only by ferry from a port"},
      {"symbols: one a space at most", &sardinia, [](Json& j) { j["routes"][0]["railways"] = 3; },
       "test map: routes[0] has more symbols (ships, railways, tunnels) than its 2 spaces"},
      // A claim move holds the Railway and Tunnel cards paid in 3 bits each (docs/rules-ttr.md: "the validator
      // limits a route's railway and tunnel symbols to 7 together").
      {"railway and tunnel symbols: 7 at most", &sardinia,
       [](Json& j) { j["routes"][0]["length"] = 8, j["routes"][0]["railways"] = 4, j["routes"][0]["tunnels"] = 4; },
       "test map: routes[0] has more than 7 railway and tunnel symbols"},
      {"doubles: two routes at most", &sardinia, [](Json& j) { j["routes"].push_back(j["routes"][0]); },
       "test map: routes[86] is a third route between porto-torres and sassari (a double route has two)"},
      // docs/rules-ttr.md: the colours give "the two routes of a double different colours unless both are grey".
      {"doubles: two colours unless both grey", &sardinia, [](Json& j) { j["routes"][1]["colour"] = "pink"; },
       "test map: routes[1] has the colour of the other route between porto-torres and sassari (a double route's "
       "two routes differ in colour unless both are grey)"},

      // ---- the whole map
      {"connected", &sardinia, [](Json& j) { j["routes"].erase(84); },
       "test map: the map is not connected: no path from porto-torres to napoli-1"},
      // The bound on a decision's legal moves (docs/rules-ttr.md, "The bound on legal moves"): Sardinia's 2,574,
      // and each of the two doubles' four routes as a grey 8-space route with 5 tunnel symbols, 25 train payments
      // times 21 Materials ones, for the 3 + 3 + 17 + 17 they had: 2,574 + 4 x 525 - 40.
      {"legal moves: 4,096 at most", &sardinia,
       [](Json& j) {
         for (int r = 0; r < 4; ++r) {
           Json& route = j["routes"][std::size_t(r)];
           route["colour"] = "grey", route["length"] = 8, route["tunnels"] = 5;
         }
       },
       "test map: a decision could have 4634 legal moves, more than 4096 (fewer grey routes, railway or tunnel "
       "symbols, or cities)"},

      // ---- the tickets
      {"tickets: present (JsonIn's missing field)", &sardinia, [](Json& j) { j.erase("tickets"); },
       "test map: missing field \"tickets\""},
      {"tickets: 1 to 64", &sardinia, [](Json& j) { j["tickets"] = Json::array(); },
       "test map: tickets must have 1 to 64 entries, not 0"},
      {"a ticket's fields", &sardinia, [](Json& j) { j["tickets"][0]["points"] = 20; },
       "test map: tickets[0] has an unknown field \"points\""},
      {"a side: 1 to 64 cities", &sardinia, [](Json& j) { j["tickets"][0]["to"] = Json::array(); },
       "test map: tickets[0].to must have 1 to 64 entries, not 0"},
      {"a side: cities of the map", &sardinia, [](Json& j) { j["tickets"][0]["from"] = {"roma"}; },
       "test map: tickets[0].from[0] \"roma\" is not a city of the map"},
      {"a side: each city once", &sardinia,
       [](Json& j) {
         j["tickets"][0]["to"] = {"calasetta", "calasetta"};
       },
       "test map: tickets[0].to[1] names calasetta a second time"},
      {"the sides apart", &sardinia, [](Json& j) { j["tickets"][0]["to"] = {"olbia"}; },
       "test map: tickets[0] has a city at both ends"},
      {"value: 1 to 99", &sardinia, [](Json& j) { j["tickets"][0]["value"] = 0; },
       "test map: tickets[0].value must be an integer in [1, 99], not 0"},
      {"long: true or false", &sardinia, [](Json& j) { j["tickets"][0]["long"] = 1; },
       "test map: tickets[0].long must be true or false, not 1"},
      {"one ticket a pair of sides, either way round", &sardinia,
       [](Json& j) { j["tickets"][1]["from"] = {"calasetta"}, j["tickets"][1]["to"] = {"olbia"}; },
       "test map: tickets[1] joins the cities of ticket 0 again"},
  };
  check_refusals(cases, [](const Json& j) { (void)Map::from_json(j, "test map"); });
}
