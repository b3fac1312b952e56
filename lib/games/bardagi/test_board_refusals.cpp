// Bardagi's data readers, Board::from_json and Tiles::from_json (docs/rules-bardagi.md, "Board data"
// and the tiles' schema): every board and every tile file they refuse, with its whole message.
// test_board.cpp checks both validators by fragments; here each check of a reader, in the order of the
// code, is pinned whole.
#include <doctest/doctest.h>

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "game_tests.hpp"
#include "games/bardagi/board.hpp"

using namespace nuraghe;
using namespace nuraghe::bardagi;

// Every check of Board::from_json, in the order of the code, refuses here one board that only it
// refuses, and its message is pinned whole. A message may change only to say more, and then here with
// it. The checks that JsonIn makes for every field alike (a type, a range, a missing or unknown field)
// have a case or two.
TEST_CASE("board reader: every refusal, message by message") {
  using nuraghe::testing::check_refusals;
  using nuraghe::testing::Refused;
  // The Summer side, as the file reads: five homes, 80 borders, 9 sea routes.
  const Json summer = Board::summer().source;
  REQUIRE_NOTHROW((void)Board::from_json(summer, "test board"));
  // The areas the rows change, where the file has them.
  REQUIRE(summer["areas"][0]["id"] == "ewe-downs");  // a sheep area with a harbour
  REQUIRE(summer["areas"][0]["kind"] == "sheep");
  REQUIRE(summer["areas"][1]["id"] == "yellow-home");
  REQUIRE(summer["areas"][3]["id"] == "thing-stone");  // a sacred location
  REQUIRE(summer["areas"][8]["id"] == "red-home");
  REQUIRE(summer["areas"][29]["id"] == "green-home");
  REQUIRE(summer["borders"].size() == 80u);
  REQUIRE(summer["borders"][0] == Json::array({"ewe-downs", "yellow-home"}));
  REQUIRE(summer["sea_routes"][0]["from"] == "ewe-downs");
  REQUIRE(summer["sea_routes"][0]["to"] == "ram-head");
  REQUIRE(summer["sea_routes"][1]["from"] == "ram-head");
  // sea_routes[5] and [6]: the isle of Gold Beach's only routes, to ewe-downs and ram-head.
  REQUIRE(summer["sea_routes"][5]["from"] == "gold-beach");
  REQUIRE(summer["sea_routes"][6]["from"] == "gold-beach");

  const std::vector<Refused> cases = {
      // ---- the board
      {"a board is an object", &summer, [](Json& j) { j = Json::array(); },
       "test board: must be a JSON object, not a list"},
      {"the board's fields", &summer, [](Json& j) { j["seaRoutes"] = Json::array(); },
       "test board: has an unknown field \"seaRoutes\""},
      {"name: an id", &summer, [](Json& j) { j["name"] = "Summer"; },
       "test board: name \"Summer\" is not an id (1 to 32 lowercase letters, digits and inner hyphens: "
       "\"gold-beach\")"},
      {"title: not empty", &summer, [](Json& j) { j["title"] = ""; }, "test board: title must not be empty"},
      {"notes: a string (JsonIn's types)", &summer, [](Json& j) { j["notes"] = 1; },
       "test board: notes must be a string, not 1"},

      // ---- the areas
      {"areas: 4 to 64 (the three homes and more)", &summer,
       [](Json& j) {
         Json& areas = j["areas"];
         areas.erase(areas.begin() + 3, areas.end());
       },
       "test board: areas must have 4 to 64 entries, not 3"},
      {"an area's fields", &summer, [](Json& j) { j["areas"][0]["harbor"] = j["areas"][0]["harbour"]; },
       "test board: areas[0] has an unknown field \"harbor\""},
      {"id: an id", &summer, [](Json& j) { j["areas"][0]["id"] = "Ewe Downs"; },
       "test board: areas[0].id \"Ewe Downs\" is not an id (1 to 32 lowercase letters, digits and inner hyphens: "
       "\"gold-beach\")"},
      {"id: one an area", &summer, [](Json& j) { j["areas"][1]["id"] = "ewe-downs"; },
       "test board: areas[1].id \"ewe-downs\" names a second area"},
      {"name: not empty", &summer, [](Json& j) { j["areas"][0]["name"] = ""; },
       "test board: areas[0].name must not be empty"},
      {"kind", &summer, [](Json& j) { j["areas"][0]["kind"] = "volcano"; },
       "test board: areas[0].kind \"volcano\" is not an area kind (sheep, cattle, forest, quarry, iron-mine, "
       "gold-mine, camp, town, sacred or home)"},
      {"x: in the frame", &summer, [](Json& j) { j["areas"][0]["x"] = 1001; },
       "test board: areas[0].x must be an integer in [0, 1000], not 1001"},
      {"x: an integer (JsonIn's integers)", &summer, [](Json& j) { j["areas"][0]["x"] = 12.5; },
       "test board: areas[0].x must be an integer in [0, 1000], not 12.5"},
      {"y: in the frame", &summer, [](Json& j) { j["areas"][0]["y"] = -1; },
       "test board: areas[0].y must be an integer in [0, 700], not -1"},
      {"a home's colour: present (JsonIn's missing field)", &summer, [](Json& j) { j["areas"][8].erase("colour"); },
       "test board: missing field \"areas[8].colour\""},
      {"a home's colour: a colour", &summer, [](Json& j) { j["areas"][8]["colour"] = "purple"; },
       "test board: areas[8].colour \"purple\" is not a colour (red, blue, yellow, green or black)"},
      {"a home's colour: one home a colour", &summer, [](Json& j) { j["areas"][29]["colour"] = "red"; },
       "test board: areas[29].colour \"red\" has a home area already (red-home): one home per colour"},
      {"colour: on a home only", &summer, [](Json& j) { j["areas"][0]["colour"] = "red"; },
       "test board: areas[0].colour is for home areas only, not for a sheep"},
      // Rulings: "Homes and sacred locations have no harbour".
      {"harbour: never on a home", &summer,
       [](Json& j) {
         j["areas"][8]["harbour"] = {{"x", 900}, {"y", 480}};
       },
       "test board: areas[8].harbour is not allowed on a home area: the Knerrir needs an owned harbour area, and a "
       "home is never owned"},
      {"harbour: never on a sacred location", &summer,
       [](Json& j) {
         j["areas"][3]["harbour"] = {{"x", 900}, {"y", 280}};
       },
       "test board: areas[3].harbour is not allowed on a sacred location: the Knerrir needs an owned harbour area, "
       "and a sacred location is never owned"},
      {"harbour: a point's fields", &summer, [](Json& j) { j["areas"][0]["harbour"]["z"] = 0; },
       "test board: areas[0].harbour has an unknown field \"z\""},
      {"harbour: in the frame", &summer, [](Json& j) { j["areas"][0]["harbour"]["y"] = 701; },
       "test board: areas[0].harbour.y must be an integer in [0, 700], not 701"},
      // "2 - 3 players - red, blue & yellow; 3 - 4 players - all colours, except black; 5 players - all colours"
      // (Rulings: "The fifth colour is green", "A board has homes for a prefix of that order").
      {"homes: red, blue and yellow", &summer,
       [](Json& j) {
         j["areas"][1]["kind"] = "sheep";
         j["areas"][1].erase("colour");
       },
       "test board: areas has no home area for yellow (every board has homes for red, blue and yellow)"},
      {"homes: the first colours of the order", &summer,
       [](Json& j) {
         j["areas"][29]["kind"] = "sheep";
         j["areas"][29].erase("colour");
       },
       "test board: areas has a home area for black but none for green (n players use the first n colours: red, "
       "blue, yellow, green, black)"},

      // ---- the land borders
      {"borders: a list (JsonIn's types)", &summer, [](Json& j) { j["borders"] = Json::object(); },
       "test board: borders must be a list, not an object"},
      {"a border: a pair", &summer, [](Json& j) { j["borders"][0] = Json::array({"ewe-downs"}); },
       "test board: borders[0] must have 2 entries, not 1"},
      {"a border: areas of the board", &summer, [](Json& j) { j["borders"][0][1] = "atlantis"; },
       "test board: borders[0][1] \"atlantis\" is not an area of the board"},
      {"a border: two areas", &summer, [](Json& j) { j["borders"][0][1] = "ewe-downs"; },
       "test board: borders[0] joins ewe-downs to itself"},
      {"a border: once, either way round", &summer,
       [](Json& j) {
         j["borders"].push_back(Json::array({"yellow-home", "ewe-downs"}));
       },
       "test board: borders[80] joins yellow-home and ewe-downs a second time (borders[0])"},

      // ---- the sea routes
      {"a sea route's fields", &summer, [](Json& j) { j["sea_routes"][0]["length"] = 9; },
       "test board: sea_routes[0] has an unknown field \"length\""},
      {"ends: areas of the board", &summer, [](Json& j) { j["sea_routes"][0]["from"] = "atlantis"; },
       "test board: sea_routes[0].from \"atlantis\" is not an area of the board"},
      {"ends: harbour areas", &summer, [](Json& j) { j["sea_routes"][0]["to"] = "ox-meadow"; },
       "test board: sea_routes[0].to \"ox-meadow\" has no harbour (a sea route joins two harbour areas)"},
      {"ends: two harbours", &summer, [](Json& j) { j["sea_routes"][0]["to"] = "ewe-downs"; },
       "test board: sea_routes[0] joins ewe-downs to itself"},
      {"one route a pair of harbours, either way round", &summer,
       [](Json& j) { j["sea_routes"][1]["to"] = "ewe-downs"; },
       "test board: sea_routes[1] joins ram-head and ewe-downs a second time (sea_routes[0])"},
      {"squares: 1 to 20", &summer, [](Json& j) { j["sea_routes"][0]["squares"] = 21; },
       "test board: sea_routes[0].squares must be an integer in [1, 20], not 21"},
      {"via: 4 points at most", &summer,
       [](Json& j) {
         Json& via = j["sea_routes"][0]["via"];
         const Json point = via[0];
         for (int k = 0; k < 4; ++k) via.push_back(point);
       },
       "test board: sea_routes[0].via must have 0 to 4 entries, not 5"},
      {"via: points in the frame", &summer, [](Json& j) { j["sea_routes"][0]["via"][0]["x"] = 1001; },
       "test board: sea_routes[0].via[0].x must be an integer in [0, 1000], not 1001"},

      // ---- the reach: every non-home area from every home, by land (never into a home) and sea
      {"reach", &summer,
       [](Json& j) {
         j["sea_routes"].erase(6);
         j["sea_routes"].erase(5);
       },
       "test board: area gold-beach cannot be reached from red-home (red) by land and sea"},
  };
  check_refusals(cases, [](const Json& j) { (void)Board::from_json(j, "test board"); });
}

// Every check of Tiles::from_json, as above.
TEST_CASE("tiles reader: every refusal, message by message") {
  using nuraghe::testing::check_refusals;
  using nuraghe::testing::Refused;
  // The built-in tiles.json: 30 tiles (15 small of 2 copies, 15 large of 1), 6 rune kinds of 8 tokens.
  const Json tiles = Tiles::standard().source;
  REQUIRE_NOTHROW((void)Tiles::from_json(tiles, "test tiles"));
  // The tiles the rows change, where the file has them.
  REQUIRE(tiles["upgrades"].size() == 30u);
  REQUIRE(tiles["upgrades"][0]["id"] == "virki-knerrir-plus-two");
  REQUIRE(tiles["upgrades"][0]["effect"] == Json{{"kind", "knerrir-squares"}, {"per_card", 5}});
  REQUIRE(tiles["upgrades"][1]["id"] == "virki-disks-plus-two");  // small, virki, as upgrades[0]
  REQUIRE(tiles["upgrades"][1]["size"] == "small");
  REQUIRE(tiles["upgrades"][1]["building"] == "virki");
  REQUIRE(tiles["upgrades"][4]["effect"] == Json{{"kind", "recruit-per-area"}, {"area", "iron-mine"}, {"amount", 1}});
  REQUIRE(tiles["upgrades"][19]["effect"] ==
          Json{{"kind", "berserkur-strength"}, {"defence", 6}, {"virki_base", 8}, {"virki_max", 12}});
  for (int u = 0; u < 10; ++u) REQUIRE(tiles["upgrades"][std::size_t(u)]["copies"] == 2);
  REQUIRE(tiles["runes"][1]["id"] == "wind");
  for (const Json& rune : tiles["runes"]) REQUIRE(rune["count"] == 8);

  const std::vector<Refused> cases = {
      // ---- the file
      {"tile data is an object", &tiles, [](Json& j) { j = "tiles"; },
       "test tiles: must be a JSON object, not a string"},
      {"the file's fields", &tiles, [](Json& j) { j["boards"] = 1; }, "test tiles: has an unknown field \"boards\""},
      {"name: an id", &tiles, [](Json& j) { j["name"] = "Standard"; },
       "test tiles: name \"Standard\" is not an id (1 to 32 lowercase letters, digits and inner hyphens: "
       "\"gold-beach\")"},
      {"notes: a string (JsonIn's types)", &tiles, [](Json& j) { j["notes"] = false; },
       "test tiles: notes must be a string, not false"},

      // ---- the upgrade tiles
      {"upgrades: present (JsonIn's missing field)", &tiles, [](Json& j) { j.erase("upgrades"); },
       "test tiles: missing field \"upgrades\""},
      {"upgrades: 1 to 32 tiles", &tiles, [](Json& j) { j["upgrades"] = Json::array(); },
       "test tiles: upgrades must have 1 to 32 entries, not 0"},
      {"a tile's fields", &tiles, [](Json& j) { j["upgrades"][0]["price"] = 1; },
       "test tiles: upgrades[0] has an unknown field \"price\""},
      {"id: an id", &tiles, [](Json& j) { j["upgrades"][0]["id"] = "Virki Knerrir"; },
       "test tiles: upgrades[0].id \"Virki Knerrir\" is not an id (1 to 32 lowercase letters, digits and inner "
       "hyphens: \"gold-beach\")"},
      {"id: one a tile", &tiles, [](Json& j) { j["upgrades"][1]["id"] = "virki-knerrir-plus-two"; },
       "test tiles: upgrades[1].id \"virki-knerrir-plus-two\" names a second tile"},
      {"size", &tiles, [](Json& j) { j["upgrades"][0]["size"] = "medium"; },
       "test tiles: upgrades[0].size \"medium\" is not a tile size (small or large)"},
      {"building", &tiles, [](Json& j) { j["upgrades"][0]["building"] = "longhouse"; },
       "test tiles: upgrades[0].building \"longhouse\" is not a building (virki, hof or verslun)"},
      {"copies: 1 to 4", &tiles, [](Json& j) { j["upgrades"][0]["copies"] = 0; },
       "test tiles: upgrades[0].copies must be an integer in [1, 4], not 0"},
      {"cost: its fields", &tiles, [](Json& j) { j["upgrades"][0]["cost"]["wood"] = 2; },
       "test tiles: upgrades[0].cost has an unknown field \"wood\""},
      {"cost: gold, 0 to 20", &tiles, [](Json& j) { j["upgrades"][0]["cost"]["gold"] = 21; },
       "test tiles: upgrades[0].cost.gold must be an integer in [0, 20], not 21"},
      // "The maximum each box can hold of a given resource type is 5": a cost of more could never be paid.
      {"cost: a resource, at most a storage box's 5", &tiles, [](Json& j) { j["upgrades"][0]["cost"]["timber"] = 6; },
       "test tiles: upgrades[0].cost.timber must be an integer in [0, 5], not 6"},
      {"cap_raise: 0 to 4", &tiles, [](Json& j) { j["upgrades"][0]["cap_raise"] = 5; },
       "test tiles: upgrades[0].cap_raise must be an integer in [0, 4], not 5"},
      {"glory: 0 to 20", &tiles, [](Json& j) { j["upgrades"][0]["glory"] = 21; },
       "test tiles: upgrades[0].glory must be an integer in [0, 20], not 21"},
      {"effect: an object", &tiles, [](Json& j) { j["upgrades"][0]["effect"] = "knerrir-squares"; },
       "test tiles: upgrades[0].effect must be a JSON object, not a string"},
      {"effect: a kind", &tiles, [](Json& j) { j["upgrades"][0]["effect"]["kind"] = "teleport"; },
       "test tiles: upgrades[0].effect.kind \"teleport\" is not an effect kind (none, claim-gold, claim-glory, "
       "glory-per-area, gold-per-area, recruit-per-area, glory-if-owns, knerrir-squares, berserkur-steps, "
       "virki-cap, gold-per-attack, glory-per-overtake, axe-defence, free-rune, rune-per-town, any-card-berserkur, "
       "free-home-action, sell-hide or berserkur-strength)"},
      {"effect: the kind's fields only", &tiles, [](Json& j) { j["upgrades"][0]["effect"]["area"] = "sheep"; },
       "test tiles: upgrades[0].effect has an unknown field \"area\" (a knerrir-squares effect has kind, per_card)"},
      {"effect: the kind's fields, all of them", &tiles, [](Json& j) { j["upgrades"][4]["effect"].erase("area"); },
       "test tiles: missing field \"upgrades[4].effect.area\""},
      {"area: an area kind", &tiles, [](Json& j) { j["upgrades"][4]["effect"]["area"] = "mine"; },
       "test tiles: upgrades[4].effect.area \"mine\" is not an area kind (sheep, cattle, forest, quarry, iron-mine, "
       "gold-mine, camp, town, sacred or home)"},
      {"area: a kind a player can own", &tiles, [](Json& j) { j["upgrades"][4]["effect"]["area"] = "sacred"; },
       "test tiles: upgrades[4].effect.area \"sacred\" is not an area kind a player can own"},
      {"a number: present", &tiles, [](Json& j) { j["upgrades"][0]["effect"].erase("per_card"); },
       "test tiles: missing field \"upgrades[0].effect.per_card\""},
      {"a number: in its range", &tiles, [](Json& j) { j["upgrades"][0]["effect"]["per_card"] = 21; },
       "test tiles: upgrades[0].effect.per_card must be an integer in [1, 20], not 21"},
      {"berserkur-strength: virki_base at most virki_max", &tiles,
       [](Json& j) { j["upgrades"][19]["effect"]["virki_max"] = 7; },
       "test tiles: upgrades[19].effect has virki_base 8 above virki_max 7"},
      {"text: not empty", &tiles, [](Json& j) { j["upgrades"][0]["text"] = ""; },
       "test tiles: upgrades[0].text must not be empty"},
      // "You can only build 1 small upgrade of each type" is a check of one id (Rulings: "Identical tiles are one
      // entry with copies").
      {"identical tiles: one entry with copies", &tiles,
       [](Json& j) { j["upgrades"][1]["effect"] = j["upgrades"][0]["effect"]; },
       "test tiles: upgrades[1] has the size, building and effect of virki-knerrir-plus-two: give that tile more "
       "copies instead"},
      // The stacks' tiles, copies counted, fit in 64 places (board.hpp): the first 10 small tiles of 4 copies, not
      // 2, make 45 + 20.
      {"upgrades: 64 tiles at most with their copies", &tiles,
       [](Json& j) {
         for (int u = 0; u < 10; ++u) j["upgrades"][std::size_t(u)]["copies"] = 4;
       },
       "test tiles: upgrades hold 65 tiles with their copies, more than 64"},
      // Setup turns up tiles of each building's small and of its large stack.
      {"upgrades: a small and a large stack a building", &tiles,
       [](Json& j) {
         Json& u = j["upgrades"];
         u.erase(std::remove_if(u.begin(), u.end(),
                                [](const Json& t) { return t["building"] == "verslun" && t["size"] == "large"; }),
                 u.end());
       },
       "test tiles: upgrades have no large verslun tile (every building has a small and a large stack)"},

      // ---- the runes
      {"runes: the six kinds", &tiles, [](Json& j) { j["runes"].erase(5); },
       "test tiles: runes must have 6 entries, not 5"},
      {"a rune's fields", &tiles, [](Json& j) { j["runes"][0]["colour"] = "red"; },
       "test tiles: runes[0] has an unknown field \"colour\""},
      {"id: a rune kind", &tiles, [](Json& j) { j["runes"][5]["id"] = "thunder"; },
       "test tiles: runes[5].id \"thunder\" is not a rune kind (divine-powers, wind, defence, no-resources, "
       "theirs-are-yours or double)"},
      {"id: each kind once", &tiles, [](Json& j) { j["runes"][5]["id"] = "wind"; },
       "test tiles: runes[5].id \"wind\" names a second rune kind"},
      {"name: not empty", &tiles, [](Json& j) { j["runes"][0]["name"] = ""; },
       "test tiles: runes[0].name must not be empty"},
      {"count: 1 to 16", &tiles, [](Json& j) { j["runes"][0]["count"] = 17; },
       "test tiles: runes[0].count must be an integer in [1, 16], not 17"},
      {"text: not empty", &tiles, [](Json& j) { j["runes"][0]["text"] = ""; },
       "test tiles: runes[0].text must not be empty"},
      // 16 + 16 + 9 + 3 x 8 tokens.
      {"runes: 64 tokens at most", &tiles,
       [](Json& j) { j["runes"][0]["count"] = 16, j["runes"][1]["count"] = 16, j["runes"][2]["count"] = 9; },
       "test tiles: runes hold 65 tokens, more than 64"},
  };
  check_refusals(cases, [](const Json& j) { (void)Tiles::from_json(j, "test tiles"); });
}
