// Sardegna's board reader, Board::from_json (the format of board.json; docs/rules-sardegna.md): every
// board it refuses, with its whole message. test_board.cpp checks the validator by fragments; here
// each check of the reader, in the order of the code, is pinned whole. Pages are the rulebook's.
#include <doctest/doctest.h>

#include <functional>
#include <string>
#include <vector>

#include "game_tests.hpp"
#include "games/sardegna/board.hpp"

using namespace nuraghe;
using nuraghe::sardegna::Board;

// Every check of from_json, in the order of the code, refuses here one board that only it refuses, and
// its message is pinned whole. A message may change only to say more, and then here with it. The
// checks that JsonIn makes for every field alike (a type, a range, a missing or unknown field) have a
// case or two.
TEST_CASE("board reader: every refusal, message by message") {
  using nuraghe::testing::check_refusals;
  using nuraghe::testing::Refused;
  // The built-in board, as the file reads.
  const Json standard = Board::standard().source;
  REQUIRE_NOTHROW((void)Board::from_json(standard, "test board"));
  // The entries the rows change, as the file has them.
  REQUIRE(standard["provinces"][0]["neighbours"] == Json{2, 4, 5});  // Gallura, green
  REQUIRE(standard["provinces"][0]["colour"] == "green");
  REQUIRE(standard["provinces"][3]["coastal"] == false);                         // Logudoro
  REQUIRE(standard["provinces"][12]["neighbours"] == Json{10, 12, 14, 16});      // Iglesiente
  REQUIRE(standard["provinces"][13]["neighbours"] == Json{11, 12, 13, 15, 16});  // Campidano
  REQUIRE(standard["provinces"][15]["neighbours"] == Json{13, 14});              // Sulcis
  REQUIRE(standard["forts"][0]["provinces"] == Json{1, 2});
  // Marghine (province 7) is on the border of fort spaces 9, 12 and 14 only.
  REQUIRE(standard["forts"][8]["provinces"] == Json{4, 7, 8});
  REQUIRE(standard["forts"][11]["provinces"] == Json{7, 8, 10});
  REQUIRE(standard["forts"][13]["provinces"] == Json{6, 7, 10});
  REQUIRE(standard["harbours"][0]["provinces"] == Json{2, 3});  // Porto Torres

  const std::vector<Refused> cases = {
      // ---- the board
      {"a board is an object", &standard, [](Json& j) { j = 1; }, "test board: must be a JSON object, not a number"},
      {"the board's fields", &standard, [](Json& j) { j["colour"] = 1; },
       "test board: has an unknown field \"colour\""},
      {"name: a string (JsonIn's types)", &standard, [](Json& j) { j["name"] = 1; },
       "test board: name must be a string, not 1"},
      // Names are shown to people (the board's in the viewer, a province's and a harbour's in the
      // legend): an empty one was accepted.
      {"name: not empty", &standard, [](Json& j) { j["name"] = ""; }, "test board: name must not be empty"},
      {"notes: a string", &standard, [](Json& j) { j["notes"] = false; },
       "test board: notes must be a string, not false"},

      // ---- the provinces
      {"provinces: 16", &standard, [](Json& j) { j["provinces"].erase(15); },
       "test board: provinces must have 16 entries, not 15"},
      {"provinces: an id (JsonIn's missing field)", &standard, [](Json& j) { j["provinces"][0].erase("id"); },
       "test board: missing field \"provinces[0].id\""},
      {"provinces: ids 1 to 16", &standard, [](Json& j) { j["provinces"][0]["id"] = 17; },
       "test board: provinces[0].id must be an integer in [1, 16], not 17"},
      {"provinces: ids in order", &standard, [](Json& j) { j["provinces"][1]["id"] = 3; },
       "test board: provinces[1].id must be 2 (ids are 1..16 in order)"},
      {"a province's fields", &standard, [](Json& j) { j["provinces"][0]["capital"] = "Tempio"; },
       "test board: provinces[0] has an unknown field \"capital\""},
      {"name: not empty", &standard, [](Json& j) { j["provinces"][0]["name"] = ""; },
       "test board: provinces[0].name must not be empty"},
      {"x: on the map", &standard, [](Json& j) { j["provinces"][0]["x"] = 601; },
       "test board: provinces[0].x must be a number in [0, 600], not 601"},
      {"y: on the map", &standard, [](Json& j) { j["provinces"][0]["y"] = 881; },
       "test board: provinces[0].y must be a number in [0, 880], not 881"},
      {"value: 1 to 20 points", &standard, [](Json& j) { j["provinces"][0]["value"] = 21; },
       "test board: provinces[0].value must be an integer in [1, 20], not 21"},
      // (It said "is not yellow, green or brown": now also what a colour is for, as every reader says it.)
      {"colour", &standard, [](Json& j) { j["provinces"][0]["colour"] = "red"; },
       "test board: provinces[0].colour \"red\" is not a province colour (yellow, green or brown)"},
      {"coastal: true or false", &standard, [](Json& j) { j["provinces"][0]["coastal"] = "yes"; },
       "test board: provinces[0].coastal must be true or false, not a string"},
      {"neighbours: provinces", &standard, [](Json& j) { j["provinces"][0]["neighbours"].push_back(17); },
       "test board: provinces[0].neighbours[3] must be an integer in [1, 16], not 17"},
      {"neighbours: each once", &standard, [](Json& j) { j["provinces"][0]["neighbours"].push_back(2); },
       "test board: provinces[0].neighbours[3] names province 2 a second time"},
      {"neighbours: never itself", &standard, [](Json& j) { j["provinces"][0]["neighbours"].push_back(1); },
       // The messages below name the field, where they named only the province, fort space or harbour.
       "test board: provinces[0].neighbours names province 1 itself (a province is not its own neighbour)"},
      // Page 2: "place the 2 wheat tokens onto the 2 yellow provinces, the 8 olive and wine tokens randomly onto
      // the 8 green provinces, and the 6 thyme and cheese tokens randomly onto the 6 brown provinces".
      {"colours: 2 yellow, 8 green, 6 brown", &standard, [](Json& j) { j["provinces"][0]["colour"] = "yellow"; },
       "test board: the board needs 2 yellow, 8 green and 6 brown provinces (one agriculture token each)"},
      {"neighbours: both ways", &standard, [](Json& j) { j["provinces"][0]["neighbours"].push_back(16); },
       "test board: provinces[0].neighbours names province 16, but provinces[15].neighbours does not name province 1"},
      // Province 16 cut off: the message names it (it named only province 1, where the search starts).
      {"provinces: connected", &standard,
       [](Json& j) {
         j["provinces"][15]["neighbours"] = Json::array();
         j["provinces"][12]["neighbours"] = {10, 12, 14};
         j["provinces"][13]["neighbours"] = {11, 12, 13, 15};
       },
       "test board: the provinces are not all connected: province 16 cannot be reached from province 1"},

      // ---- the fort spaces
      {"forts: ids in order", &standard, [](Json& j) { j["forts"][4]["id"] = 4; },
       "test board: forts[4].id must be 5 (ids are 1..26 in order)"},
      {"a fort space's fields", &standard, [](Json& j) { j["forts"][0]["name"] = "x"; },
       "test board: forts[0] has an unknown field \"name\""},
      {"a point: a number (JsonIn's types)", &standard, [](Json& j) { j["forts"][0]["y"] = "north"; },
       "test board: forts[0].y must be a number, not a string"},
      {"provinces: each once", &standard, [](Json& j) { j["forts"][0]["provinces"].push_back(1); },
       "test board: forts[0].provinces[2] names province 1 a second time"},
      {"provinces: 2 to 4", &standard, [](Json& j) { j["forts"][0]["provinces"] = {1}; },
       "test board: forts[0].provinces must name 2 to 4 provinces, not 1"},
      {"provinces: touching", &standard,
       [](Json& j) {
         j["forts"][0]["provinces"] = {1, 16};
       },
       "test board: forts[0].provinces names provinces that do not touch each other"},
      {"every province: a fort space on its border", &standard,
       [](Json& j) {
         j["forts"][8]["provinces"] = {4, 8};
         j["forts"][11]["provinces"] = {8, 10};
         j["forts"][13]["provinces"] = {6, 10};
       },
       "test board: province 7 has no fort space on its border (no forts[].provinces names it)"},

      // ---- the harbours
      {"harbours: 7", &standard, [](Json& j) { j["harbours"].erase(6); },
       "test board: harbours must have 7 entries, not 6"},
      {"a harbour's fields", &standard, [](Json& j) { j["harbours"][0]["ships"] = 2; },
       "test board: harbours[0] has an unknown field \"ships\""},
      {"name: a string", &standard, [](Json& j) { j["harbours"][0]["name"] = nullptr; },
       "test board: harbours[0].name must be a string, not null"},
      {"name: not empty", &standard, [](Json& j) { j["harbours"][0]["name"] = ""; },
       "test board: harbours[0].name must not be empty"},
      {"x: on the map", &standard, [](Json& j) { j["harbours"][1]["x"] = -1; },
       "test board: harbours[1].x must be a number in [0, 600], not -1"},
      {"provinces: 1 to 3", &standard, [](Json& j) { j["harbours"][0]["provinces"] = Json::array(); },
       "test board: harbours[0].provinces must name 1 to 3 provinces, not 0"},
      {"provinces: coastal", &standard, [](Json& j) { j["harbours"][0]["provinces"].push_back(4); },
       "test board: harbours[0].provinces names province 4, which is not coastal (provinces[3].coastal is false)"},

      // ---- the points the browser viewer draws at, of one kind apart
      {"provinces apart", &standard,
       [](Json& j) {
         j["provinces"][1]["x"] = j["provinces"][0]["x"], j["provinces"][1]["y"] = j["provinces"][0]["y"];
       },
       "test board: provinces 1 and 2 are less than 20 apart on the map (x, y)"},
      {"fort spaces apart", &standard,
       [](Json& j) { j["forts"][1]["x"] = j["forts"][0]["x"], j["forts"][1]["y"] = j["forts"][0]["y"]; },
       "test board: fort spaces 1 and 2 are less than 20 apart on the map (x, y)"},
      {"harbours apart", &standard,
       [](Json& j) { j["harbours"][1]["x"] = j["harbours"][0]["x"], j["harbours"][1]["y"] = j["harbours"][0]["y"]; },
       "test board: harbours 1 and 2 are less than 20 apart on the map (x, y)"},
  };
  check_refusals(cases, [](const Json& j) { (void)Board::from_json(j, "test board"); });
}
