// The board picture (picture.hpp) of both shipped sides: a whole document, a shape per area, a line
// per border, a route per sea route with its squares printed, every kind in the legend; names
// escaped; a position's marks drawn when given and only then; a position drawn for the browser
// viewer (bardagi::Presentation::draw).
#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <string>

#include "games/bardagi/bardagi.hpp"
#include "games/bardagi/board.hpp"
#include "games/bardagi/picture.hpp"
#include "games/bardagi/presentation.hpp"
#include "games/bardagi/test_helpers.hpp"

using namespace nuraghe;
using namespace nuraghe::bardagi;
using namespace nuraghe::bardagi::test;

namespace {

int occurrences(const std::string& text, const std::string& part) {
  int n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + part.size())) ++n;
  return n;
}

int borders(const Board& b) {
  int sum = 0;
  for (int a = 0; a < b.num_areas; ++a) sum += std::popcount(b.neighbours[std::size_t(a)]);
  return sum / 2;
}

// The legend's line for a kind: its name as the legend prints it.
std::string kind_label(AreaKind k) {
  static constexpr const char* kLabels[] = {"sheep",     "cattle",         "forest", "quarry",          "iron mine",
                                            "gold mine", "barbarian camp", "town",   "sacred location", "home"};
  return kLabels[std::size_t(k)];
}

}  // namespace

TEST_CASE("picture: both sides drawn whole, with every area, border, harbour, sea route and kind") {
  for (const Board* b : {&Board::summer(), &Board::winter()}) {
    CAPTURE(b->name);
    const std::string svg = board_svg(*b, {});
    CHECK(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0) == 0);
    CHECK(svg.size() >= 7);
    CHECK(svg.substr(svg.size() - 7) == "</svg>\n");
    CHECK(occurrences(svg, "<svg") == 1);
    CHECK(occurrences(svg, "<g") == occurrences(svg, "</g>"));
    CHECK(occurrences(svg, "<text") == occurrences(svg, "</text>"));
    CHECK(occurrences(svg, "<title>") == occurrences(svg, "</title>"));
    CHECK(svg.find("Bardagi: " + b->title) != std::string::npos);
    // Self-contained: no image, font or link pulled in from elsewhere.
    CHECK(svg.find("<image") == std::string::npos);
    CHECK(svg.find("href") == std::string::npos);
    CHECK(svg.find("@import") == std::string::npos);

    CHECK(occurrences(svg, "class=\"area\"") == b->num_areas);
    CHECK(occurrences(svg, "class=\"area-name\"") == b->num_areas);
    CHECK(occurrences(svg, "class=\"border\"") == borders(*b));
    CHECK(occurrences(svg, "class=\"harbour\"") == std::popcount(b->harbours));
    CHECK(occurrences(svg, "class=\"sea-route\"") == b->num_routes);
    CHECK(occurrences(svg, "class=\"squares\"") == b->num_routes);
    for (int r = 0; r < b->num_routes; ++r) {
      const SeaRoute& route = b->routes[std::size_t(r)];
      CHECK(svg.find("<title>" + b->area_id[route.a] + " - " + b->area_id[route.b] + ": " +
                     std::to_string(route.squares) + " ocean squares</title>") != std::string::npos);
    }
    // Each route's count, once per route of that length.
    for (int squares = 1; squares <= kMaxSquares; ++squares) {
      int routes = 0;
      for (int r = 0; r < b->num_routes; ++r) routes += b->routes[std::size_t(r)].squares == squares;
      CAPTURE(squares);
      int printed = 0;
      for (std::size_t at = svg.find("class=\"squares\""); at != std::string::npos;
           at = svg.find("class=\"squares\"", at + 1)) {
        const std::size_t close = svg.find('>', at), end = svg.find("</text>", close);
        printed += svg.substr(close + 1, end - close - 1) == std::to_string(squares);
      }
      CHECK(printed == routes);
    }
    // Every area's index and name are printed.
    for (int a = 0; a < b->num_areas; ++a) {
      CAPTURE(a);
      CHECK(svg.find(">" + b->area_name[std::size_t(a)] + "</text>") != std::string::npos);
      CHECK(svg.find(">" + std::to_string(a) + "</text>") != std::string::npos);
    }
    // The legend names every kind on the board, and every home's colour.
    int legend_kinds = 0;
    for (int k = 0; k < kAreaKinds; ++k) {
      if (b->of_kind[std::size_t(k)] == 0) continue;
      ++legend_kinds;
      CAPTURE(k);
      CHECK(svg.find("class=\"legend-kind\"") != std::string::npos);
      const std::string count = std::to_string(std::popcount(b->of_kind[std::size_t(k)]));
      CHECK(svg.find("font-size=\"12.5\">" + kind_label(AreaKind(k)) + " (" + count + ")") != std::string::npos);
    }
    CHECK(occurrences(svg, "class=\"legend-kind\"") == legend_kinds);
    for (int c = 0; c < b->num_homes; ++c) CHECK(svg.find(std::string(colour_name(Colour(c)))) != std::string::npos);
    // No position: no marks.
    CHECK(svg.find("class=\"owner\"") == std::string::npos);
    CHECK(svg.find("class=\"disks\"") == std::string::npos);
    CHECK(svg.find("class=\"units\"") == std::string::npos);
    // The same board, the same bytes.
    CHECK(board_svg(*b, {}) == svg);
  }
}

TEST_CASE("picture: every kind has its legend line on both sides (each side has all ten)") {
  for (const Board* b : {&Board::summer(), &Board::winter()}) {
    const std::string svg = board_svg(*b, {});
    for (int k = 0; k < kAreaKinds; ++k) {
      CAPTURE(k);
      CHECK(b->of_kind[std::size_t(k)] != 0);
      CHECK(svg.find(">" + kind_label(AreaKind(k)) + " (") != std::string::npos);
    }
  }
}

TEST_CASE("picture: names and titles are escaped as XML text") {
  Json j = Board::summer().source;
  j["title"] = "Fish & <Chips> \"side\"";
  j["areas"][0]["name"] = "Ewe & <Ram> \"Downs\"";
  const Board b = Board::from_json(j, "escaped board");
  const std::string svg = board_svg(b, {});
  CHECK(svg.find("Fish &amp; &lt;Chips&gt; &quot;side&quot;") != std::string::npos);
  CHECK(svg.find(">Ewe &amp; &lt;Ram&gt; &quot;Downs&quot;</text>") != std::string::npos);
  CHECK(svg.find("Ewe &") == svg.find("Ewe &amp;"));
  CHECK(svg.find("<Ram>") == std::string::npos);
  CHECK(svg.find("<Chips>") == std::string::npos);
  CHECK(svg.find("\"Downs\"") == std::string::npos);
  CHECK(occurrences(svg, "<text") == occurrences(svg, "</text>"));
}

TEST_CASE("picture: a position's owners, disks and units are drawn when given") {
  const Board& b = Board::summer();
  const int birka = b.area("birka"), hedeby = b.area("hedeby");
  REQUIRE(birka >= 0);
  REQUIRE(hedeby >= 0);
  BoardMarks marks;
  marks.owner.assign(std::size_t(b.num_areas), -1);
  marks.disks.assign(std::size_t(b.num_areas), 0);
  marks.units.assign(std::size_t(b.num_areas), "");
  marks.owner[std::size_t(birka)] = int(Colour::Blue);
  marks.disks[std::size_t(birka)] = 3;
  marks.units[std::size_t(hedeby)] = "B&K";
  const std::string svg = board_svg(b, marks);
  CHECK(occurrences(svg, "class=\"owner\"") == 1);
  CHECK(svg.find("class=\"owner\" fill=\"none\" stroke=\"#1f66d1\"") != std::string::npos);  // blue
  CHECK(occurrences(svg, "class=\"disks\"") == 1);
  CHECK(svg.find("<title>6 birka: Birka, town; blue's, 3 disks</title>") != std::string::npos);
  CHECK(svg.find(">3</text>") != std::string::npos);
  CHECK(occurrences(svg, "class=\"units\"") == 1);
  CHECK(svg.find(">B&amp;K</text>") != std::string::npos);
  CHECK(svg.find("ring: the owner's colour") != std::string::npos);
  CHECK(occurrences(svg, "<g") == occurrences(svg, "</g>"));
  CHECK(occurrences(svg, "<text") == occurrences(svg, "</text>"));
  // Short lists mark only the areas they reach; the rest are bare.
  BoardMarks one;
  one.owner = {int(Colour::Red)};
  const std::string first = board_svg(b, one);
  CHECK(occurrences(first, "class=\"owner\"") == 1);
  CHECK(first.find("class=\"disks\"") == std::string::npos);
}

TEST_CASE("picture: a tournament's usage rings every area that can be owned with its share, and only those") {
  const Board& b = Board::winter();
  BoardMarks marks;
  marks.owned_share.assign(std::size_t(b.num_areas), 0.0);
  marks.games = 8;
  const int jorvik = b.area("jorvik"), uppsala = b.area("uppsala");
  REQUIRE(jorvik >= 0);
  REQUIRE(uppsala >= 0);
  marks.owned_share[std::size_t(jorvik)] = 0.75;
  marks.owned_share[std::size_t(uppsala)] = 1;  // a sacred location: never owned, never ringed
  const std::string svg = board_svg(b, marks);
  int ownable_areas = 0;
  for (int a = 0; a < b.num_areas; ++a) ownable_areas += ownable(b.kind[std::size_t(a)]);
  CHECK(occurrences(svg, "class=\"usage\"") == ownable_areas);
  CHECK(occurrences(svg, "owned at the end in ") == ownable_areas);
  CHECK(svg.find("<title>5 jorvik: Jorvik, town; owned at the end in 75% of 8 games</title>") != std::string::npos);
  CHECK(svg.find("uppsala: Uppsala, sacred location</title>") != std::string::npos);
  CHECK(svg.find("Bardagi: " + b.title + ": areas owned at the end</text>") != std::string::npos);
  CHECK(svg.find("ring: the share of 8 games") != std::string::npos);
  CHECK(occurrences(svg, "<g") == occurrences(svg, "</g>"));
  CHECK(occurrences(svg, "<text") == occurrences(svg, "</text>"));
  // Bare without it.
  CHECK(board_svg(b, {}).find("class=\"usage\"") == std::string::npos);
}

TEST_CASE("draw: a position's owners, disks and units over the bare board; another seat's runes as a count") {
  State s = start(2);
  const Board& b = s.board();
  const int birka = b.area("birka"), hedeby = b.area("hedeby");
  s.owned[1] |= bit(birka);
  s.disks[std::size_t(birka)] = 3;
  s.unit_area[0][std::size_t(Unit::Berserkur)] = std::uint8_t(hedeby);
  const svg::Drawing seat0 = Bardagi::Presentation::draw(s, 0), all = Bardagi::Presentation::draw(s, -1);
  CHECK(seat0.board == Bardagi::Presentation::draw(start(2, false, 5), -1).board);  // the board alone, no marks
  CHECK(seat0.board.find("class=\"owner\"") == std::string::npos);
  // Birka: blue's ring (seat 1 plays blue) and a badge of 3 disks.
  const std::size_t at = seat0.pieces.find("<g data-area=\"birka\">");
  REQUIRE(at != std::string::npos);
  const std::string marks = seat0.pieces.substr(at, seat0.pieces.find("</g>", at) - at);
  CHECK(marks.find("class=\"owner\" fill=\"none\" stroke=\"#1f66d1\"") != std::string::npos);
  CHECK(marks.find("class=\"disks\"") != std::string::npos);
  CHECK(marks.find(">3</text>") != std::string::npos);
  // Seat 0's Berserkur in Hedeby, a letter in red.
  const std::size_t unit = seat0.pieces.find("<text class=\"units\" data-area=\"hedeby\" data-seat=\"0\"");
  REQUIRE(unit != std::string::npos);
  const std::string letters = seat0.pieces.substr(unit, seat0.pieces.find("</text>", unit) - unit);
  CHECK(letters.find("fill=\"#d62728\">B") != std::string::npos);
  // Runes, in the panel beside the board: seat 0 sees its own by kind and only the count of seat
  // 1's; -1 sees both by kind.
  int held = 0;
  for (const auto r : s.villages[1].runes) held += r;
  REQUIRE(held > 0);
  CHECK(seat0.pieces.find("runes") == std::string::npos);
  CHECK(seat0.panel.find("data-seat=\"1\">runes: " + std::to_string(held) + " hidden") != std::string::npos);
  CHECK(seat0.panel.find("data-seat=\"0\">runes: ") == std::string::npos);
  CHECK(all.panel.find(" hidden") == std::string::npos);
}

TEST_CASE("render: areas by number and name, the upgrade tiles on offer with their costs, within 80 columns") {
  State s = start(3);
  const Board& b = s.board();
  const int birka = b.area("birka");
  s.owned[1] |= bit(birka);
  s.disks[std::size_t(birka)] = 2;
  s.unit_area[0][std::size_t(Unit::Berserkur)] = std::uint8_t(birka);
  const std::string text = Bardagi::render(s, 0);
  const std::string label = std::to_string(birka) + " " + b.area_name[std::size_t(birka)];
  CHECK(text.find("B:" + label) != std::string::npos);  // seat 0's Berserkur stands there
  CHECK(text.find(label + ":" + std::string(kColourNames[1].substr(0, 1)) + "2") != std::string::npos);  // owned
  // Every face-up tile, and no other, by its id and cost.
  int offered = 0;
  for (int k = 0; k < kStacks; ++k)
    for (const std::uint8_t tile : s.visible[std::size_t(k)])
      if (tile != State::kNoTile) {
        ++offered;
        CHECK(text.find(s.tiles().tiles[std::size_t(tile)].id) != std::string::npos);
      }
  REQUIRE(offered > 0);
  // Grouped by cost, a tile offered twice once with "x2": the counts add up to the tiles offered.
  const std::size_t from = text.find("  tiles at ");
  REQUIRE(from != std::string::npos);
  const std::string offer = text.substr(from, text.find("  owned", from) - from);
  int listed = 0;
  for (std::size_t at = offer.find(": "); at != std::string::npos; at = offer.find(": ", at + 1)) {
    const std::size_t end = offer.find("\n  tiles at ", at);
    const std::string items = offer.substr(at + 2, end == std::string::npos ? std::string::npos : end - at - 2);
    listed += int(std::count(items.begin(), items.end(), ',')) + 1;
    for (std::size_t x = items.find(" x"); x != std::string::npos; x = items.find(" x", x + 1))
      listed += items[x + 2] - '1';
  }
  CHECK(listed == offered);
  for (std::size_t at = 0, next; at < text.size(); at = next + 1) {
    next = text.find('\n', at);
    CHECK_MESSAGE(next - at <= 80, text.substr(at, next - at));
  }
}

TEST_CASE("move_help: the human seat's list names the areas a move's numbers stand for") {
  const State s = start(2);
  const Board& b = s.board();
  const int birka = b.area("birka"), hedeby = b.area("hedeby");
  CHECK(Bardagi::Presentation::move_help(s, 0, make_unit_move(MoveKind::MoveUnit, Unit::Godi, birka)) ==
        b.area_name[std::size_t(birka)]);
  CHECK(Bardagi::Presentation::move_help(s, 0, make_move(MoveKind::Shift, (birka + 1) | hedeby << 7)) ==
        b.area_name[std::size_t(birka)] + " to " + b.area_name[std::size_t(hedeby)]);
  CHECK(Bardagi::Presentation::move_help(s, 0, make_move(MoveKind::Shift, 0 | hedeby << 7)) ==
        "virki to " + b.area_name[std::size_t(hedeby)]);
  CHECK(Bardagi::Presentation::move_help(s, 0, make_move(MoveKind::PlaceAxe, birka)) ==
        b.area_name[std::size_t(birka)]);
  CHECK(Bardagi::Presentation::move_help(s, 0, make_move(MoveKind::End)).empty());
}

TEST_CASE("draw: the viewer's board is the map at kViewerScale, without its legend, its text 11 units or more") {
  for (const int players : {2, 5}) {
    const State s = start(players);
    const Board& b = s.board();
    const svg::Drawing d = Bardagi::Presentation::draw(s, -1);
    // Every point the board draws at the scale, rounded; nothing else changed.
    const Board small = scaled(b, kViewerScale);
    for (int a = 0; a < b.num_areas; ++a) {
      CHECK(small.point[std::size_t(a)].x == std::lround(b.point[std::size_t(a)].x * kViewerScale));
      CHECK(small.point[std::size_t(a)].y == std::lround(b.point[std::size_t(a)].y * kViewerScale));
      CHECK(small.harbour_point[std::size_t(a)].y == std::lround(b.harbour_point[std::size_t(a)].y * kViewerScale));
    }
    CHECK(small.routes[0].via[0].x == std::lround(b.routes[0].via[0].x * kViewerScale));
    CHECK(small.neighbours == b.neighbours);
    // The map's legend stays with `nuraghe map`; the viewer's frame is the narrower page's width.
    const BoardPage map = board_page(b, {}), viewed = board_page(b, {}, kViewerScale, Legend::None);
    CHECK(viewed.width < 0.7 * map.width);
    CHECK(board_svg(b, {}).find("class=\"legend-kind\"") != std::string::npos);
    CHECK(d.board.find("class=\"legend-kind\"") == std::string::npos);
    CHECK(d.view_box.rfind("0 0 " + svg::number(viewed.width) + " ", 0) == 0);
    // Every seat's village in the panel, below the board.
    for (int p = 0; p < players; ++p)
      CHECK(d.panel.find("data-seat=\"" + std::to_string(p) + "\"") != std::string::npos);
    // No text smaller than 11 units, on the board, its pieces or the panel.
    const std::string all = d.board + d.pieces + d.panel;
    for (std::size_t at = all.find("font-size=\""); at != std::string::npos; at = all.find("font-size=\"", at + 1))
      CHECK(std::stod(all.substr(at + 11)) >= 11);
  }
}
