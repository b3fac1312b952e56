// The two board sides against their design goals (docs/rules-bardagi.md, "Board data"), the upgrade
// tiles and runes against the rulebook's tables and docs/rules-bardagi.md (Rulings: "Runes" and
// "Upgrade costs and stacks"), and both validators against malformed files: each is refused in one line that
// names the field.
#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "games/bardagi/board.hpp"

using namespace nuraghe;
using namespace nuraghe::bardagi;

namespace {

int count(std::uint64_t mask) { return std::popcount(mask); }
int kinds(const Board& b, AreaKind k) { return count(b.of_kind[std::size_t(k)]); }
int home_of(const Board& b, Colour c) { return b.home[std::size_t(c)]; }

double mean_borders(const Board& b) {
  int sum = 0;
  for (int a = 0; a < b.num_areas; ++a) sum += count(b.neighbours[std::size_t(a)]);
  return double(sum) / b.num_areas;
}
double mean_squares(const Board& b) {
  int sum = 0;
  for (int r = 0; r < b.num_routes; ++r) sum += b.routes[std::size_t(r)].squares;
  return double(sum) / b.num_routes;
}
// Land steps between the homes of every pair of colours in play: {min, mean}.
std::pair<int, double> home_steps(const Board& b) {
  int least = 1000, sum = 0, pairs = 0;
  for (int c = 0; c < b.num_homes; ++c)
    for (int d = c + 1; d < b.num_homes; ++d) {
      const int steps = b.distance[std::size_t(b.home[std::size_t(c)])][std::size_t(b.home[std::size_t(d)])];
      least = std::min(least, steps);
      sum += steps;
      ++pairs;
    }
  return {least, double(sum) / pairs};
}
// The kinds of the areas exactly `steps` land steps from `from`, homes left out.
std::multiset<AreaKind> kinds_at(const Board& b, int from, int steps) {
  std::multiset<AreaKind> out;
  for (int a = 0; a < b.num_areas; ++a)
    if (b.distance[std::size_t(from)][std::size_t(a)] == steps && !b.is_home(a)) out.insert(b.kind[std::size_t(a)]);
  return out;
}
// The areas a colour's units can reach from its home by land (never into another home) and sea.
std::uint64_t reach(const Board& b, int home) {
  std::uint64_t reached = std::uint64_t(1) << home;
  for (bool grew = true; grew;) {
    grew = false;
    for (int u = 0; u < b.num_areas; ++u) {
      if (!((reached >> u) & 1) || (u != home && b.is_home(u))) continue;
      std::uint64_t next = b.neighbours[std::size_t(u)];
      for (int r = 0; r < b.num_routes; ++r) {
        const SeaRoute& route = b.routes[std::size_t(r)];
        if (route.a == u || route.b == u) next |= std::uint64_t(1) << route.other_end(u);
      }
      next &= ~b.homes;
      if (next & ~reached) reached |= next, grew = true;
    }
  }
  return reached;
}
bool crosses(Point p, Point q, Point r, Point s) {
  const auto side = [](Point a, Point b, Point c) {
    return (long(b.x) - a.x) * (long(c.y) - a.y) - (long(b.y) - a.y) * (long(c.x) - a.x);
  };
  return side(p, q, r) * side(p, q, s) < 0 && side(r, s, p) * side(r, s, q) < 0;
}
double dist(Point a, Point b) { return std::hypot(double(a.x) - b.x, double(a.y) - b.y); }

// The InputError message of reading `j` with `read`; fails the test if it is accepted.
template <class Read>
std::string refusal(const Json& j, Read read) {
  try {
    read(j);
  } catch (const InputError& e) {
    return e.what();
  }
  FAIL("the file was accepted");
  return "";
}
void check_message(const std::string& message, const std::string& source, const std::string& fragment) {
  CAPTURE(message);
  CHECK(message.find('\n') == std::string::npos);
  CHECK(message.rfind(source + ": ", 0) == 0);
  CHECK(message.find(fragment) != std::string::npos);
}
void check_refused_board(const Json& j, const std::string& fragment) {
  check_message(refusal(j, [](const Json& x) { Board::from_json(x, "test board"); }), "test board", fragment);
}
void check_refused_tiles(const Json& j, const std::string& fragment) {
  check_message(refusal(j, [](const Json& x) { Tiles::from_json(x, "test tiles"); }), "test tiles", fragment);
}

// The index of the area with this id in the board's JSON.
std::size_t json_area(const Json& j, std::string_view id) {
  for (std::size_t i = 0; i < j["areas"].size(); ++i)
    if (j["areas"][i]["id"] == id) return i;
  FAIL("no area " << id);
  return 0;
}

// Checks what both sides must meet: the counts of the design brief, every home on 2-3 borders,
// every area within reach of every colour.
void check_design(const Board& b) {
  CHECK(b.num_areas >= 35);
  CHECK(b.num_areas <= 45);
  for (int k = 0; k < kAreaKinds; ++k) {
    CAPTURE(kAreaKindNames[std::size_t(k)]);
    CHECK(kinds(b, AreaKind(k)) >= 2);  // every kind, several times
  }
  // Sheep and cattle the most of the resource areas; gold mines 2-4, camps 2-3, towns 4-6, sacred 2-3.
  for (const AreaKind k : {AreaKind::Forest, AreaKind::Quarry, AreaKind::IronMine, AreaKind::GoldMine}) {
    CHECK(kinds(b, AreaKind::Sheep) > kinds(b, k));
    CHECK(kinds(b, AreaKind::Cattle) > kinds(b, k));
  }
  CHECK((kinds(b, AreaKind::GoldMine) >= 2 && kinds(b, AreaKind::GoldMine) <= 4));
  CHECK((kinds(b, AreaKind::Camp) >= 2 && kinds(b, AreaKind::Camp) <= 3));
  CHECK((kinds(b, AreaKind::Town) >= 4 && kinds(b, AreaKind::Town) <= 6));
  CHECK((kinds(b, AreaKind::Sacred) >= 2 && kinds(b, AreaKind::Sacred) <= 3));
  CHECK(kinds(b, AreaKind::Home) == b.num_homes);
  CHECK((count(b.harbours) >= 7 && count(b.harbours) <= 12));
  CHECK((b.harbours & (b.homes | b.of_kind[std::size_t(AreaKind::Sacred)])) == 0);
  const std::uint64_t all = (std::uint64_t(1) << b.num_areas) - 1;
  for (int c = 0; c < b.num_homes; ++c) {
    CAPTURE(kColourNames[std::size_t(c)]);
    const int h = b.home[std::size_t(c)];
    REQUIRE(h >= 0);
    CHECK(b.home_colour[std::size_t(h)] == c);
    CHECK(b.area_id[std::size_t(h)] == std::string(kColourNames[std::size_t(c)]) + "-home");
    CHECK((count(b.neighbours[std::size_t(h)]) >= 2 && count(b.neighbours[std::size_t(h)]) <= 3));
    CHECK((b.neighbours[std::size_t(h)] & b.homes) == 0);  // homes never border each other
    CHECK((reach(b, h) | b.homes) == all);
  }
}

}  // namespace

TEST_CASE("summer board: 44 areas, a home for each of the five colours, every kind") {
  const Board& b = Board::summer();
  CHECK(b.name == "summer");
  CHECK(b.index == 0);
  CHECK(b.num_areas == 44);
  CHECK(b.num_homes == 5);
  CHECK(b.max_players() == 5);
  check_design(b);
  CHECK(count(b.harbours) == 7);
  CHECK(b.num_routes == 9);
  // The Gold Heart is 3 steps from every home; the gold beach is its isle's only harbour and way in.
  const int heart = b.area("gold-heart"), beach = b.area("gold-beach");
  REQUIRE(heart >= 0);
  REQUIRE(beach >= 0);
  for (int c = 0; c < 5; ++c) CHECK(b.distance[std::size_t(b.home[std::size_t(c)])][std::size_t(heart)] == 3);
  CHECK(b.kind[std::size_t(beach)] == AreaKind::GoldMine);
  for (const char* id : {"fleece-holm", "ore-fell", "gods-grove"}) {
    CAPTURE(id);
    const int a = b.area(id);
    REQUIRE(a >= 0);
    CHECK(!b.has_harbour(a));
    CHECK(b.distance[std::size_t(a)][std::size_t(heart)] == kNoPath);  // an isle: no land path to the mainland
  }
}

TEST_CASE("winter board: 37 areas, homes for red, blue and yellow only") {
  const Board& b = Board::winter();
  CHECK(b.name == "winter");
  CHECK(b.index == 1);
  CHECK(b.num_areas == 37);
  CHECK(b.num_homes == 3);
  CHECK(b.max_players() == 3);  // "4-5 player use the Summer side"
  CHECK(home_of(b, Colour::Green) == -1);
  CHECK(home_of(b, Colour::Black) == -1);
  check_design(b);
  CHECK(count(b.harbours) == 12);
  CHECK(b.num_routes == 12);
}

TEST_CASE("board check: each side's counts, and the homes' land steps as the board measures them") {
  for (const Board* b : {&Board::summer(), &Board::winter()}) {
    CAPTURE(b->name);
    const MapCheck c = check_board(*b);
    CHECK(c.warnings.empty());
    const auto has = [&](const std::string& line) {
      CAPTURE(line);
      CHECK(std::find(c.counts.begin(), c.counts.end(), line) != c.counts.end());
    };
    has("harbours: " + std::to_string(count(b->harbours)));
    has("homes: " + std::to_string(b->num_homes) + " (seats up to " + std::to_string(b->max_players()) + " players)");
    // The kinds add up to the areas: "areas: N: sheep n1, cattle n2, ...".
    const auto areas = std::find_if(c.counts.begin(), c.counts.end(), [](auto& l) { return l.starts_with("areas: "); });
    REQUIRE(areas != c.counts.end());
    std::istringstream in(areas->substr(areas->find(':', 7) + 1));
    int sum = 0, n = 0;
    std::string kind;
    while (in >> kind >> n) sum += n, in.ignore(1);  // "sheep 7," ...
    CHECK(areas->starts_with("areas: " + std::to_string(b->num_areas) + ": "));
    CHECK(sum == b->num_areas);
    // One row per home after the header: its land steps to every home, in colour order.
    const auto header = std::find(c.counts.begin(), c.counts.end(), "land steps between homes (- no land path):");
    REQUIRE(c.counts.end() - header == b->num_homes + 2);
    for (int h = 0; h < b->num_homes; ++h) {
      std::istringstream row(*(header + 2 + h));
      std::string colour;
      row >> colour;
      CHECK(colour == colour_name(Colour(h)));
      for (int d = 0; d < b->num_homes; ++d) {
        int steps = -1;
        row >> steps;
        CHECK(steps == b->distance[std::size_t(b->home[std::size_t(h)])][std::size_t(b->home[std::size_t(d)])]);
      }
    }
  }
}

TEST_CASE(
    "winter board: more sea travel and more contact than the summer board, by the figures of docs/rules-bardagi.md") {
  const Board& s = Board::summer();
  const Board& w = Board::winter();
  CHECK(w.num_routes > s.num_routes);
  CHECK(count(w.harbours) > count(s.harbours));
  CHECK(mean_squares(w) < mean_squares(s));
  CHECK(mean_borders(w) > mean_borders(s));
  CHECK(home_steps(w).first < home_steps(s).first);
  CHECK(home_steps(w).second < home_steps(s).second);
  // The figures docs/rules-bardagi.md gives.
  CHECK(mean_squares(s) == doctest::Approx(62.0 / 9));
  CHECK(mean_squares(w) == doctest::Approx(3.5));
  CHECK(mean_borders(s) == doctest::Approx(160.0 / 44));
  CHECK(mean_borders(w) == doctest::Approx(150.0 / 37));
  CHECK(home_steps(s) == std::pair<int, double>{4, 5.0});
  CHECK(home_steps(w) == std::pair<int, double>{3, 3.0});
}

TEST_CASE("homes: every clan starts alike, with the same kinds one and two steps from each home") {
  const Board& s = Board::summer();
  const int red = home_of(s, Colour::Red);
  const std::multiset<AreaKind> one = {AreaKind::Sheep, AreaKind::Cattle, AreaKind::Forest};
  const std::multiset<AreaKind> two = {AreaKind::Quarry, AreaKind::IronMine, AreaKind::Camp, AreaKind::Town,
                                       AreaKind::Sacred};
  CHECK(kinds_at(s, red, 1) == one);
  CHECK(kinds_at(s, red, 2) == two);
  for (const Colour c : {Colour::Blue, Colour::Yellow, Colour::Green, Colour::Black}) {
    CAPTURE(colour_name(c));
    CHECK(kinds_at(s, home_of(s, c), 1) == one);
    if (c != Colour::Black) CHECK(kinds_at(s, home_of(s, c), 2) == two);
  }
  // Black, whom only 5 players use, has the one repeated pair of the five-sector ring.
  CHECK(kinds_at(s, home_of(s, Colour::Black), 2) == std::multiset<AreaKind>{AreaKind::IronMine, AreaKind::IronMine,
                                                                             AreaKind::Camp, AreaKind::Camp,
                                                                             AreaKind::Town});
  // Red and blue, the 2-player colours, are not neighbours.
  CHECK(s.distance[std::size_t(red)][std::size_t(home_of(s, Colour::Blue))] == 6);

  const Board& w = Board::winter();
  const std::multiset<AreaKind> winter_two = {AreaKind::Sheep,    AreaKind::Forest,   AreaKind::GoldMine,
                                              AreaKind::GoldMine, AreaKind::IronMine, AreaKind::Town};
  for (const Colour c : {Colour::Red, Colour::Blue, Colour::Yellow}) {
    CAPTURE(colour_name(c));
    CHECK(kinds_at(w, home_of(w, c), 1) == one);
    CHECK(kinds_at(w, home_of(w, c), 2) == winter_two);
    // Two harbours one step from home on Winter, one on Summer.
    CHECK(count(w.neighbours[std::size_t(home_of(w, c))] & w.harbours) == 2);
    CHECK(count(s.neighbours[std::size_t(home_of(s, c))] & s.harbours) == 1);
  }
}

TEST_CASE("board layout: both sides draw legibly, no borders cross, areas apart, harbours by their areas") {
  for (const Board* b : {&Board::summer(), &Board::winter()}) {
    CAPTURE(b->name);
    std::vector<std::pair<int, int>> borders;
    for (int a = 0; a < b->num_areas; ++a)
      for (std::uint64_t n = b->neighbours[std::size_t(a)]; n; n &= n - 1)
        if (std::countr_zero(n) > a) borders.emplace_back(a, std::countr_zero(n));
    for (std::size_t i = 0; i < borders.size(); ++i)
      for (std::size_t k = i + 1; k < borders.size(); ++k) {
        const int a = borders[i].first, c = borders[i].second;  // (clang 14 lambdas cannot capture bindings)
        const int d = borders[k].first, e = borders[k].second;
        if (a == d || a == e || c == d || c == e) continue;
        CAPTURE(b->area_id[std::size_t(a)] + "~" + b->area_id[std::size_t(c)]);
        CAPTURE(b->area_id[std::size_t(d)] + "~" + b->area_id[std::size_t(e)]);
        CHECK(!crosses(b->point[std::size_t(a)], b->point[std::size_t(c)], b->point[std::size_t(d)],
                       b->point[std::size_t(e)]));
      }
    for (int a = 0; a < b->num_areas; ++a) {
      CAPTURE(b->area_id[std::size_t(a)]);
      for (int c = a + 1; c < b->num_areas; ++c) CHECK(dist(b->point[std::size_t(a)], b->point[std::size_t(c)]) >= 75);
      if (!b->has_harbour(a)) continue;
      const double d = dist(b->point[std::size_t(a)], b->harbour_point[std::size_t(a)]);
      CHECK((d >= 25 && d <= 70));
      for (int c = 0; c < b->num_areas; ++c)
        if (c != a) CHECK(dist(b->point[std::size_t(c)], b->harbour_point[std::size_t(a)]) >= 30);
    }
  }
}

TEST_CASE(
    "board distances: a land path never passes through a home; an area no home reaches by land or sea is refused") {
  // a - red-home - b, and the long way a - c - d - b; blue and yellow at the far end; an isle by sea.
  const Json j = parse_json(R"({
    "name": "tiny", "title": "Tiny",
    "areas": [
      {"id": "a", "name": "A", "kind": "sheep", "x": 100, "y": 100, "harbour": {"x": 90, "y": 60}},
      {"id": "red-home", "name": "Red home", "kind": "home", "x": 200, "y": 100, "colour": "red"},
      {"id": "b", "name": "B", "kind": "cattle", "x": 300, "y": 100},
      {"id": "c", "name": "C", "kind": "forest", "x": 100, "y": 300},
      {"id": "d", "name": "D", "kind": "town", "x": 300, "y": 300},
      {"id": "blue-home", "name": "Blue home", "kind": "home", "x": 400, "y": 300, "colour": "blue"},
      {"id": "yellow-home", "name": "Yellow home", "kind": "home", "x": 100, "y": 400, "colour": "yellow"},
      {"id": "isle", "name": "Isle", "kind": "gold-mine", "x": 600, "y": 100, "harbour": {"x": 560, "y": 100}}
    ],
    "borders": [["a", "red-home"], ["red-home", "b"], ["a", "c"], ["c", "d"], ["d", "b"], ["blue-home", "d"],
                ["yellow-home", "c"]],
    "sea_routes": [{"from": "a", "to": "isle", "squares": 7, "via": [{"x": 300, "y": 30}]}]
  })",
                            "tiny board");
  const Board b = Board::from_json(j, "tiny board");
  const auto d = [&](std::string_view x, std::string_view y) {
    return int(b.distance[std::size_t(b.area(x))][std::size_t(b.area(y))]);
  };
  CHECK(d("a", "b") == 3);  // not 2 through red's home
  CHECK(d("a", "red-home") == 1);
  CHECK(d("red-home", "b") == 1);
  CHECK(d("red-home", "blue-home") == 3);
  CHECK(d("a", "isle") == kNoPath);
  CHECK(b.num_homes == 3);
  CHECK(b.max_players() == 3);
  CHECK(b.num_routes == 1);
  CHECK(b.routes[0].squares == 7);
  CHECK(b.routes[0].num_via == 1);
  CHECK(b.routes[0].via[0] == Point{300, 30});
  CHECK(b.routes_at[std::size_t(b.area("isle"))] == 1);
  CHECK(b.routes[0].other_end(b.area("a")) == b.area("isle"));

  // Without the sea route the isle is out of everyone's reach.
  Json cut = j;
  cut["sea_routes"] = Json::array();
  check_refused_board(cut, "area isle cannot be reached from red-home (red) by land and sea");
}

TEST_CASE("board validator: malformed boards are refused in one line naming the field") {
  const Json good = Board::summer().source;
  auto with = [&](auto change) {
    Json j = good;
    change(j);
    return j;
  };
  const std::size_t ewe = json_area(good, "ewe-downs"), red = json_area(good, "red-home"),
                    green = json_area(good, "green-home"), yellow = json_area(good, "yellow-home");
  check_refused_board(with([&](Json& j) { j["areas"][ewe]["kind"] = "volcano"; }),
                      "areas[0].kind \"volcano\" is not an area kind (sheep, cattle, forest, quarry, iron-mine, "
                      "gold-mine, camp, town, sacred or home)");
  check_refused_board(
      with([&](Json& j) { j["areas"][red]["colour"] = "purple"; }),
      "areas[" + std::to_string(red) + "].colour \"purple\" is not a colour (red, blue, yellow, green or black)");
  check_refused_board(with([&](Json& j) { j["areas"][red].erase("colour"); }),
                      "missing field \"areas[" + std::to_string(red) + "].colour\"");
  check_refused_board(with([&](Json& j) { j["areas"][ewe]["colour"] = "red"; }),
                      "is for home areas only, not for a sheep");
  check_refused_board(with([&](Json& j) { j["areas"][1]["id"] = j["areas"][0]["id"]; }),
                      "areas[1].id \"ewe-downs\" names a second area");
  check_refused_board(with([&](Json& j) { j["areas"][0]["id"] = "Ewe Downs"; }),
                      "areas[0].id \"Ewe Downs\" is not an id");
  check_refused_board(with([&](Json& j) { j["borders"][0][1] = "atlantis"; }),
                      "borders[0][1] \"atlantis\" is not an area of the board");
  check_refused_board(with([&](Json& j) { j["borders"][0][1] = j["borders"][0][0]; }),
                      "borders[0] joins ewe-downs to itself");
  check_refused_board(with([&](Json& j) {
                        j["borders"].push_back(Json::array({j["borders"][0][1], j["borders"][0][0]}));
                      }),
                      "joins yellow-home and ewe-downs a second time");
  check_refused_board(with([&](Json& j) { j["borders"][0] = Json::array({"ewe-downs"}); }),
                      "borders[0] must have 2 entries, not 1");
  check_refused_board(with([&](Json& j) { j["sea_routes"][0]["from"] = "ox-meadow"; }),
                      "sea_routes[0].from \"ox-meadow\" has no harbour (a sea route joins two harbour areas)");
  check_refused_board(with([&](Json& j) { j["sea_routes"][0]["to"] = j["sea_routes"][0]["from"]; }),
                      "sea_routes[0] joins ewe-downs to itself");
  check_refused_board(with([&](Json& j) { j["sea_routes"].push_back(j["sea_routes"][0]); }),
                      "sea_routes[9] joins ewe-downs and ram-head a second time (sea_routes[0])");
  check_refused_board(with([&](Json& j) { j["sea_routes"][0]["squares"] = 0; }),
                      "sea_routes[0].squares must be an integer in [1, 20], not 0");
  check_refused_board(with([&](Json& j) { j["sea_routes"][0]["squares"] = 21; }),
                      "sea_routes[0].squares must be an integer in [1, 20], not 21");
  check_refused_board(with([&](Json& j) {
                        j["sea_routes"][0]["via"] = Json::array({{{"x", 1}, {"y", 1}},
                                                                 {{"x", 1}, {"y", 1}},
                                                                 {{"x", 1}, {"y", 1}},
                                                                 {{"x", 1}, {"y", 1}},
                                                                 {{"x", 1}, {"y", 1}}});
                      }),
                      "sea_routes[0].via must have 0 to 4 entries, not 5");
  check_refused_board(with([&](Json& j) { j["areas"][green]["colour"] = "red"; }),
                      "\"red\" has a home area already (red-home): one home per colour");
  check_refused_board(with([&](Json& j) {
                        j["areas"][yellow]["kind"] = "sheep";
                        j["areas"][yellow].erase("colour");
                      }),
                      "areas has no home area for yellow (every board has homes for red, blue and yellow)");
  check_refused_board(with([&](Json& j) {
                        j["areas"][green]["kind"] = "sheep";
                        j["areas"][green].erase("colour");
                      }),
                      "areas has a home area for black but none for green");
  check_refused_board(
      with([&](Json& j) {
        for (int k = 0; k < 21; ++k)
          j["areas"].push_back(
              Json{{"id", "extra-" + std::to_string(k)}, {"name", "X"}, {"kind", "sheep"}, {"x", 0}, {"y", 0}});
      }),
      "areas must have 4 to 64 entries, not 65");
  check_refused_board(with([](Json& j) {
                        j["areas"].push_back(Json{
                            {"id", "lost-isle"}, {"name", "Lost Isle"}, {"kind", "gold-mine"}, {"x", 990}, {"y", 690}});
                      }),
                      "area lost-isle cannot be reached from red-home (red) by land and sea");
  check_refused_board(with([&](Json& j) { j["areas"][ewe]["x"] = 1001; }),
                      "areas[0].x must be an integer in [0, 1000], not 1001");
  check_refused_board(with([&](Json& j) { j["areas"][ewe]["y"] = -1; }),
                      "areas[0].y must be an integer in [0, 700], not -1");
  check_refused_board(with([&](Json& j) { j["areas"][ewe]["x"] = 12.5; }), "areas[0].x must be an integer");
  check_refused_board(with([&](Json& j) { j["areas"][ewe]["harbour"]["y"] = 701; }),
                      "areas[0].harbour.y must be an integer in [0, 700]");
  check_refused_board(with([&](Json& j) { j["areas"][ewe]["harbor"] = j["areas"][ewe]["harbour"]; }),
                      "areas[0] has an unknown field \"harbor\"");
  check_refused_board(with([](Json& j) { j["seaRoutes"] = Json::array(); }), "has an unknown field \"seaRoutes\"");
  check_refused_board(with([&](Json& j) {
                        j["areas"][red]["harbour"] = {{"x", 500}, {"y", 30}};
                      }),
                      "areas[" + std::to_string(red) + "].harbour is not allowed on a home area");
  check_refused_board(with([&](Json& j) {
                        j["areas"][json_area(good, "thing-stone")]["harbour"] = {{"x", 500}, {"y", 30}};
                      }),
                      "is not allowed on a sacred location");
  check_refused_board(with([](Json& j) { j.erase("borders"); }), "missing field \"borders\"");
  check_refused_board(Json::array(), "must be a JSON object, not a list");
}

TEST_CASE("board registry: the built-in sides first, then boards from files, each named by its index") {
  CHECK(&Board::at(0) == &Board::summer());
  CHECK(&Board::at(1) == &Board::winter());
  Json other = Board::winter().source;
  other["name"] = "winter-without-lanes";
  other["sea_routes"] = Json::array();
  // Without sea routes the isles cannot be reached: a board file must be playable.
  CHECK_THROWS_AS(Board::intern(other, "test board"), InputError);
  other = Board::winter().source;
  other["name"] = "winter-renamed";
  const Board& a = Board::intern(other, "test board");
  const Board& b = Board::intern(other, "test board");
  CHECK(&a == &b);  // one board is interned once
  CHECK(a.index >= 2);
  CHECK(&Board::at(a.index) == &a);
  CHECK(a.hash != Board::winter().hash);

  const std::string path = (std::filesystem::temp_directory_path() / "bardagi_test_board.json").string();
  {
    Json file = Board::summer().source;
    file["name"] = "summer-from-file";
    std::ofstream(path) << json_text(file, 2);
  }
  const Board& f = Board::load_file(path);
  CHECK(f.name == "summer-from-file");
  CHECK(&Board::at(f.index) == &f);
  std::filesystem::remove(path);
  CHECK_THROWS_WITH_AS(Board::load_file(path), doctest::Contains("no such file"), InputError);
}

TEST_CASE("tiles: 45 upgrade tiles, 30 small and 15 large, with their costs") {
  const Tiles& t = Tiles::standard();
  CHECK(t.num_tiles == 30);
  CHECK(t.copies(TileSize::Small) == 30);
  CHECK(t.copies(TileSize::Large) == 15);
  Cost small, large;
  small.gold = 1, small.resources[std::size_t(Resource::Timber)] = 2, small.resources[std::size_t(Resource::Iron)] = 1;
  large.gold = 2, large.resources[std::size_t(Resource::Stone)] = 2, large.resources[std::size_t(Resource::Iron)] = 2;
  std::map<std::pair<Building, TileSize>, int> stacks;
  std::set<std::string> ids;
  for (int i = 0; i < t.num_tiles; ++i) {
    const UpgradeTile& u = t.tiles[std::size_t(i)];
    CAPTURE(u.id);
    CHECK(ids.insert(u.id).second);
    CHECK(u.id.rfind(std::string(building_name(u.building)) + "-", 0) == 0);  // ids say their building
    const bool is_small = u.size == TileSize::Small;
    CHECK(u.copies == (is_small ? 2 : 1));  // "There are two of the same of each small upgrade"
    CHECK(u.cost == (is_small ? small : large));
    CHECK(u.cap_raise == (is_small ? 1 : 2));  // "+1 disk for each small and +2 for each large"
    CHECK(u.glory == (is_small ? 3 : 5));      // "Each small upgrade gives you 3 glory, each large gives you 5"
    CHECK(!u.text.empty());
    stacks[{u.building, u.size}] += u.copies;
  }
  for (int b = 0; b < kBuildings; ++b) {
    CHECK(stacks[{Building(b), TileSize::Small}] == 10);
    CHECK(stacks[{Building(b), TileSize::Large}] == 5);
  }
  // A few effects as the tables print them.
  const auto effect = [&](std::string_view id) {
    const int i = t.tile(id);
    REQUIRE(i >= 0);
    return t.tiles[std::size_t(i)].effect;
  };
  for (const char* id : {"virki-knerrir-plus-two", "hof-knerrir-plus-two", "verslun-knerrir-plus-two"}) {
    CHECK(effect(id).kind == EffectKind::KnerrirSquares);
    CHECK(effect(id).per_card == 5);  // "1 Knerrir card = 5 sq."
  }
  CHECK(effect("virki-berserkur-steps").per_card == 3);  // "1 card = 3 areas"
  CHECK((effect("virki-disks-plus-two").kind == EffectKind::VirkiCap && effect("virki-disks-plus-two").extra == 2 &&
         effect("virki-disks-plus-two").virki_max == 12));
  const Effect strong = effect("virki-strong-berserkur");
  CHECK((strong.kind == EffectKind::BerserkurStrength && strong.defence == 6 && strong.virki_base == 8 &&
         strong.virki_max == 12));
  const Effect quarry = effect("hof-quarry-glory");
  CHECK((quarry.kind == EffectKind::GloryIfOwns && quarry.area == AreaKind::Quarry && quarry.amount == 3));
  const Effect iron = effect("virki-recruit-per-iron");
  CHECK((iron.kind == EffectKind::RecruitPerArea && iron.area == AreaKind::IronMine && iron.amount == 1));
  CHECK(effect("verslun-plus-two").kind == EffectKind::None);  // the unprinted fifth large Verslun tile
  CHECK(effect_kind_name(EffectKind::GloryPerOvertake) == "glory-per-overtake");
  CHECK(t.tile("atlantis") == -1);
}

TEST_CASE("runes: 6 kinds, 8 tokens each") {
  const Tiles& t = Tiles::standard();
  CHECK(t.rune_tokens() == 48);
  for (int r = 0; r < kRuneKinds; ++r) {
    const RuneKind& k = t.runes[std::size_t(r)];
    CHECK(k.rune == Rune(r));
    CHECK(k.id == kRuneIds[std::size_t(r)]);
    CHECK(k.count == 8);
    CHECK(!k.name.empty());
    CHECK(!k.text.empty());
  }
  CHECK(t.runes[std::size_t(Rune::Wind)].name == "Wind in the sails");
}

TEST_CASE("tiles validator: malformed tile files are refused in one line naming the field") {
  const Json good = Tiles::standard().source;
  auto with = [&](auto change) {
    Json j = good;
    change(j);
    return j;
  };
  check_refused_tiles(with([](Json& j) { j["upgrades"][0]["effect"]["kind"] = "teleport"; }),
                      "upgrades[0].effect.kind \"teleport\" is not an effect kind (none, claim-gold,");
  check_refused_tiles(with([](Json& j) { j["upgrades"][0]["effect"].erase("per_card"); }),
                      "missing field \"upgrades[0].effect.per_card\"");
  check_refused_tiles(
      with([](Json& j) { j["upgrades"][0]["effect"]["amount"] = 2; }),
      "upgrades[0].effect has an unknown field \"amount\" (a knerrir-squares effect has kind, per_card)");
  check_refused_tiles(with([](Json& j) { j["upgrades"][0]["effect"]["per_card"] = 21; }),
                      "upgrades[0].effect.per_card must be an integer in [1, 20], not 21");
  check_refused_tiles(with([](Json& j) { j["upgrades"][4]["effect"]["area"] = "sacred"; }),
                      "upgrades[4].effect.area \"sacred\" is not an area kind a player can own");
  check_refused_tiles(with([](Json& j) { j["upgrades"][4]["effect"]["area"] = "mine"; }),
                      "upgrades[4].effect.area \"mine\" is not an area kind");
  check_refused_tiles(with([](Json& j) { j["upgrades"][1]["id"] = j["upgrades"][0]["id"]; }),
                      "upgrades[1].id \"virki-knerrir-plus-two\" names a second tile");
  check_refused_tiles(
      with([](Json& j) {
        Json twin = j["upgrades"][0];
        twin["id"] = "virki-knerrir-again";
        j["upgrades"].push_back(twin);
      }),
      "upgrades[30] has the size, building and effect of virki-knerrir-plus-two: give that tile more copies");
  check_refused_tiles(with([](Json& j) { j["upgrades"][0]["size"] = "medium"; }),
                      "upgrades[0].size \"medium\" is not a tile size (small or large)");
  check_refused_tiles(with([](Json& j) { j["upgrades"][0]["building"] = "longhouse"; }),
                      "upgrades[0].building \"longhouse\" is not a building (virki, hof or verslun)");
  check_refused_tiles(with([](Json& j) { j["upgrades"][0]["cost"]["timber"] = 6; }),
                      "upgrades[0].cost.timber must be an integer in [0, 5], not 6");
  check_refused_tiles(with([](Json& j) { j["upgrades"][0]["cost"]["wood"] = 2; }),
                      "upgrades[0].cost has an unknown field \"wood\"");
  check_refused_tiles(with([](Json& j) { j["upgrades"][0]["copies"] = 0; }),
                      "upgrades[0].copies must be an integer in [1, 4], not 0");
  check_refused_tiles(
      with([](Json& j) {
        auto& u = j["upgrades"];
        u.erase(std::remove_if(u.begin(), u.end(),
                               [](const Json& t) { return t["building"] == "verslun" && t["size"] == "large"; }),
                u.end());
      }),
      "upgrades have no large verslun tile (every building has a small and a large stack)");
  check_refused_tiles(with([](Json& j) { j["runes"].erase(5); }), "runes must have 6 entries, not 5");
  check_refused_tiles(with([](Json& j) { j["runes"][5]["id"] = "thunder"; }),
                      "runes[5].id \"thunder\" is not a rune kind (divine-powers, wind, defence, no-resources, "
                      "theirs-are-yours or double)");
  check_refused_tiles(with([](Json& j) { j["runes"][5]["id"] = "wind"; }),
                      "runes[5].id \"wind\" names a second rune kind");
  check_refused_tiles(with([](Json& j) { j["runes"][0]["count"] = 17; }),
                      "runes[0].count must be an integer in [1, 16]");
  check_refused_tiles(with([](Json& j) {
                        for (auto& r : j["runes"]) r["count"] = 11;
                      }),
                      "runes hold 66 tokens, more than 64");
  check_refused_tiles(with([](Json& j) { j.erase("runes"); }), "missing field \"runes\"");
}
