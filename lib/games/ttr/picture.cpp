#include "games/ttr/picture.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdio>

#include "core/svg.hpp"
#include "games/ttr/notation.hpp"
#include "games/ttr/payments.hpp"

namespace nuraghe::ttr {
namespace {

// The train cards' colours as printed, and grey.
constexpr std::array<const char*, 9> kFill = {"#e377c2", "#f4f4f4", "#1f66d1", "#f2d024", "#f28e1c",
                                              "#222222", "#d62728", "#2ca02c", "#9a9a9a"};
constexpr double kMapHeight = 860, kMapWidth = 620, kMargin = 40, kLegendWidth = 270;
constexpr double kCityRadius = 5, kDoubleOffset = 4.5, kCarWidth = 7, kCarGap = 2.5;
// What the symbols on a route mean (the rulebook's ferries and the Materials' Buildings), in the
// map's legend and the viewer's panel.
constexpr std::array<const char*, 4> kSymbols = {
    "S  ships: a locomotive for each", "R  railway: a Railway card, or Wood + Rails",
    "T  tunnel: a Tunnel card, or Railway +", "    Stones, or Wood + Rails + Stones"};

using svg::escaped;
using svg::number;
using svg::usage_colour;

// Latitude and longitude to the page: an equirectangular projection at the map's middle latitude.
struct Projection {
  double lat_top = 0, lon_left = 0, scale = 1, squeeze = 1;
  explicit Projection(const Map& m) {
    double lat0 = 90, lat1 = -90, lon0 = 180, lon1 = -180;
    for (int c = 0; c < m.num_cities; ++c) {
      lat0 = std::min(lat0, m.lat[std::size_t(c)]), lat1 = std::max(lat1, m.lat[std::size_t(c)]);
      lon0 = std::min(lon0, m.lon[std::size_t(c)]), lon1 = std::max(lon1, m.lon[std::size_t(c)]);
    }
    squeeze = std::cos((lat0 + lat1) / 2 * 3.14159265358979 / 180);
    const double height = std::max(lat1 - lat0, 1e-6), width = std::max((lon1 - lon0) * squeeze, 1e-6);
    scale = std::min(kMapHeight / height, kMapWidth / width);
    lat_top = lat1, lon_left = lon0;
  }
  double x(double lon) const { return kMargin + (lon - lon_left) * squeeze * scale; }
  double y(double lat) const { return kMargin + 30 + (lat_top - lat) * scale; }
};

// Where a route's car spaces lie: from (x0, y0) to (x1, y1), clear of the cities' dots (the two
// routes of a double side by side), each car space `space` long.
struct RouteLine {
  double x0 = 0, y0 = 0, x1 = 0, y1 = 0, space = 0;
  std::string attributes() const {
    return "x1=\"" + number(x0) + "\" y1=\"" + number(y0) + "\" x2=\"" + number(x1) + "\" y2=\"" + number(y1) + "\"";
  }
};
RouteLine route_line(const Projection& at, const Map& m, int r) {
  const Route& route = m.routes[std::size_t(r)];
  double xa = at.x(m.lon[route.a]), ya = at.y(m.lat[route.a]);
  double xb = at.x(m.lon[route.b]), yb = at.y(m.lat[route.b]);
  const double dx = xb - xa, dy = yb - ya, length = std::max(std::hypot(dx, dy), 1e-6);
  const double ux = dx / length, uy = dy / length;
  if (route.partner >= 0) {  // a double: the two routes side by side
    const double side = route.second ? kDoubleOffset : -kDoubleOffset;
    xa -= uy * side, ya += ux * side, xb -= uy * side, yb += ux * side;
  }
  const double pad = kCityRadius + 2, usable = std::max(length - 2 * pad, 1.0);
  return {xa + ux * pad, ya + uy * pad, xb - ux * pad, yb - uy * pad,
          std::max((usable - (route.length - 1) * kCarGap) / route.length, 1.0)};
}

// The right edge of the map's cities, where the legend starts 110 further on.
double map_right(const Projection& at, const Map& m) {
  double right = 0;
  for (int c = 0; c < m.num_cities; ++c) right = std::max(right, at.x(m.lon[std::size_t(c)]));
  return right;
}

}  // namespace

MapPage map_page(const Map& m, const std::vector<double>& usage, int games, Legend legend) {
  const Projection at(m);
  double bottom = 0;
  for (int c = 0; c < m.num_cities; ++c) bottom = std::max(bottom, at.y(m.lat[std::size_t(c)]));
  const double right = map_right(at, m);
  MapPage page{right + (legend == Legend::Beside ? 110 + kLegendWidth : 2 * kMargin), std::max(bottom + kMargin, 420.0),
               ""};
  std::string& out = page.body;
  out += "<rect width=\"" + number(page.width) + "\" height=\"" + number(page.height) + "\" fill=\"#dbe9f4\"/>\n";
  out += "<text x=\"" + number(kMargin) + "\" y=\"" + number(kMargin) + "\" font-size=\"20\" font-weight=\"bold\">" +
         escaped(m.title) + (usage.empty() ? "" : ": routes claimed") + "</text>\n";

  // Routes: a row of car spaces each, drawn under the cities.
  const bool by_usage = !usage.empty();
  for (int r = 0; r < m.num_routes; ++r) {
    const Route& route = m.routes[std::size_t(r)];
    const RouteLine placed = route_line(at, m, r);
    const double x0 = placed.x0, y0 = placed.y0, x1 = placed.x1, y1 = placed.y1, space = placed.space;
    const std::string line = placed.attributes();
    const std::string fill = by_usage ? usage_colour(usage[std::size_t(r)]) : kFill[std::size_t(route.colour)];
    std::string tip = route_name(m, r) + ": " + std::string(colour_name(route.colour)) + " " +
                      std::to_string(route.length) + ", " + std::to_string(route_points(route)) + " points";
    if (by_usage) {
      char share[96];
      std::snprintf(share, sizeof share, "; claimed in %.0f%% of %d games", 100 * usage[std::size_t(r)], games);
      tip += share;
    }
    out += "<g class=\"route\" data-route=\"" + escaped(route_name(m, r)) + "\"><title>" + escaped(tip) + "</title>";
    // The dark outline of each car space, then its colour.
    out += "<line " + line + " stroke=\"#333\" stroke-width=\"" + number(kCarWidth + 2) + "\" stroke-dasharray=\"" +
           number(space + 2) + " " + number(std::max(kCarGap - 2, 0.3)) + "\" stroke-dashoffset=\"1\"/>";
    out += "<line " + line + " stroke=\"" + fill + "\" stroke-width=\"" + number(kCarWidth) + "\" stroke-dasharray=\"" +
           number(space) + " " + number(kCarGap) + "\"/>";
    // Symbols: S a ship (a locomotive each), R a railway, T a tunnel, at the route's middle.
    std::string marks;
    if (route.ships) marks += "S" + std::to_string(route.ships);
    if (route.railways) marks += std::string(marks.empty() ? "" : " ") + "R" + std::to_string(route.railways);
    if (route.tunnels) marks += std::string(marks.empty() ? "" : " ") + "T" + std::to_string(route.tunnels);
    if (!marks.empty()) {
      const double mx = (x0 + x1) / 2, my = (y0 + y1) / 2, w = 7 * double(marks.size()) + 4;
      out += "<rect x=\"" + number(mx - w / 2) + "\" y=\"" + number(my - 7) + "\" width=\"" + number(w) +
             "\" height=\"14\" rx=\"3\" fill=\"#fff\" stroke=\"#333\" stroke-width=\"0.8\"/>";
      out += "<text x=\"" + number(mx) + "\" y=\"" + number(my + 4) +
             "\" font-size=\"11\" font-weight=\"bold\" text-anchor=\"middle\">" + marks + "</text>";
    }
    out += "</g>\n";
  }

  // Cities: towns as dots with their names, overseas icons as boxes with their legend.
  for (int c = 0; c < m.num_cities; ++c) {
    const double x = at.x(m.lon[std::size_t(c)]), y = at.y(m.lat[std::size_t(c)]);
    const std::string& icon = m.overseas[std::size_t(c)];
    out += "<g class=\"city\" data-city=\"" + escaped(m.city_id[std::size_t(c)]) + "\"><title>" +
           escaped(m.city_id[std::size_t(c)]) + "</title>";
    if (icon.empty()) {
      out += "<circle cx=\"" + number(x) + "\" cy=\"" + number(y) + "\" r=\"" + number(kCityRadius) +
             "\" fill=\"#fff\" stroke=\"#000\" stroke-width=\"1.5\"/>";
      out += "<text x=\"" + number(x + 8) + "\" y=\"" + number(y - 6) +
             "\" font-size=\"11\" stroke=\"#dbe9f4\" stroke-width=\"3\" paint-order=\"stroke\">" +
             escaped(m.city_name[std::size_t(c)]) + "</text>";
    } else {
      const double w = 7.0 * double(icon.size()) + 8;
      out += "<rect x=\"" + number(x - w / 2) + "\" y=\"" + number(y - 8) + "\" width=\"" + number(w) +
             "\" height=\"16\" rx=\"4\" fill=\"#1d3557\"/>";
      out += "<text x=\"" + number(x) + "\" y=\"" + number(y + 4) +
             "\" font-size=\"11\" font-weight=\"bold\" fill=\"#fff\" text-anchor=\"middle\">" + escaped(icon) +
             "</text>";
    }
    out += "</g>\n";
  }

  if (legend == Legend::None) return page;
  // The legend, to the right of the map.
  const double lx = right + 110;
  double ly = kMargin + 40;
  const auto legend_line = [&](const std::string& text, bool bold = false) {
    out += "<text x=\"" + number(lx) + "\" y=\"" + number(ly) + "\" font-size=\"12\"" +
           (bold ? " font-weight=\"bold\"" : "") + ">" + escaped(text) + "</text>\n";
    ly += 17;
  };
  legend_line(std::to_string(m.num_cities) + " cities, " + std::to_string(m.num_routes) + " routes, " +
                  std::to_string(m.spaces()) + " car spaces",
              true);
  legend_line(std::to_string(m.num_tickets) + " tickets");
  ly += 8;
  if (by_usage) {
    legend_line("share of " + std::to_string(games) + " games in which", true);
    legend_line("some player claimed the route", true);
    for (int i = 0; i <= 4; ++i) {
      out += "<rect x=\"" + number(lx) + "\" y=\"" + number(ly - 10) + "\" width=\"30\" height=\"12\" fill=\"" +
             usage_colour(i / 4.0) + "\" stroke=\"#333\" stroke-width=\"0.8\"/>";
      out += "<text x=\"" + number(lx + 38) + "\" y=\"" + number(ly) + "\" font-size=\"12\">" + std::to_string(25 * i) +
             "%</text>\n";
      ly += 17;
    }
  } else {
    legend_line("each box on a route is a car space", true);
    legend_line("in the route's colour (grey: any one colour)");
  }
  ly += 8;
  legend_line("route symbols", true);
  for (const char* line : kSymbols) legend_line(line);
  ly += 8;
  legend_line("overseas destinations", true);
  std::vector<std::string> seen;
  for (int c = 0; c < m.num_cities; ++c) {
    const std::string& icon = m.overseas[std::size_t(c)];
    if (icon.empty() || std::find(seen.begin(), seen.end(), icon) != seen.end()) continue;
    seen.push_back(icon);
    int ports = 0;
    for (int d = 0; d < m.num_cities; ++d) ports += m.overseas[std::size_t(d)] == icon;
    const std::string& name = m.city_name[std::size_t(c)];
    legend_line((icon == name ? name : icon + "  " + name) + " (" + std::to_string(ports) +
                (ports == 1 ? " icon)" : " icons)"));
  }
  return page;
}

std::string map_svg(const Map& m, const std::vector<double>& usage, int games) {
  const MapPage page = map_page(m, usage, games);
  return svg::document(page.width, page.height, page.body);
}

namespace {

constexpr double kPanelWidth = 370;

// A train card of kind k (a locomotive is grey and says so), with a count over it when held.
std::string train_card(double x, double y, int kind, const std::string& count) {
  const char* fill = kFill[std::size_t(kind)];
  std::string out = "<rect x=\"" + number(x) + "\" y=\"" + number(y) +
                    "\" width=\"26\" height=\"36\" rx=\"3\" fill=\"" + fill + "\" stroke=\"#333\"/>";
  const std::string label = kind == kLocomotive ? "L" + count : count;
  if (!label.empty())
    out += "<text x=\"" + number(x + 13) + "\" y=\"" + number(y + 23) +
           "\" font-size=\"12\" text-anchor=\"middle\" fill=\"" +
           (kind == int(Colour::Black) || kind == int(Colour::Blue) ? "#fff" : "#111") + "\">" + label + "</text>";
  return out;
}

}  // namespace

svg::Drawing position_drawing(const State& s, Player observer) {
  const Map& m = s.board();
  const Projection at(m);
  const MapPage& page =
      svg::laid_out_once<Map, MapPage>(m, [](const Map& map) { return map_page(map, {}, 0, Legend::None); });
  const double left = page.width + 10;
  svg::Drawing d{"0 0 " + number(page.width + kPanelWidth) + " " + number(page.height),
                 page.body + "<rect x=\"" + number(page.width) + "\" width=\"" + number(kPanelWidth) + "\" height=\"" +
                     number(page.height) + "\" fill=\"#f7f4ec\"/>",
                 "", ""};
  // Claimed routes and stations, each an element of its own (the viewer marks the ones a move
  // adds), in a group per seat that carries the seat's colour. A claimed route is a solid bar in
  // that colour over a dark outline (an unclaimed one shows its car spaces), with the seat's number
  // on a white badge at its middle: the owner is read from the badge, since the seats' colours are
  // also routes' colours.
  for (int p = 0; p < s.players; ++p) {
    const auto q = std::size_t(p);
    const std::string seat = "data-seat=\"" + std::to_string(p) + "\"", colour = svg::seat_colour(p);
    if (!s.routes[q].empty())
      d.pieces += "<g class=\"routes\" " + seat + " stroke=\"" + colour +
                  "\" stroke-linecap=\"round\" font-size=\"11\" font-weight=\"bold\" text-anchor=\"middle\">";
    s.routes[q].for_each([&](int r) {
      const RouteLine placed = route_line(at, m, r);
      const std::string line = "d=\"M" + number(placed.x0) + " " + number(placed.y0) + "L" + number(placed.x1) + " " +
                               number(placed.y1) + "\"";
      const std::string middle = number((placed.x0 + placed.x1) / 2), y = number((placed.y0 + placed.y1) / 2 + 4);
      d.pieces += "<g class=\"claimed\" data-route=\"" + escaped(route_name(m, r)) + "\"><path " + line +
                  " stroke=\"#111\" stroke-width=\"" + number(kCarWidth + 3) + "\"/><path " + line +
                  " stroke-width=\"" + number(kCarWidth) + "\"/><circle class=\"owner\" cx=\"" + middle + "\" cy=\"" +
                  number((placed.y0 + placed.y1) / 2) + "\" r=\"8\" fill=\"#fff\" stroke-width=\"2.5\"/><text x=\"" +
                  middle + "\" y=\"" + y + "\" stroke=\"none\">" + std::to_string(p) + "</text></g>";
    });
    if (!s.routes[q].empty()) d.pieces += "</g>";
    for (std::uint64_t c = s.stations[q]; c; c &= c - 1) {
      const auto city = std::size_t(std::countr_zero(c));
      d.pieces += "<rect class=\"station\" data-city=\"" + escaped(m.city_id[city]) + "\" " + seat + " x=\"" +
                  number(at.x(m.lon[city]) - 6) + "\" y=\"" + number(at.y(m.lat[city]) - 6) +
                  "\" width=\"12\" height=\"12\" fill=\"" + colour + "\" stroke=\"#fff\" stroke-width=\"1.5\"/>";
    }
  }
  std::string& out = d.panel;
  // The panel.
  double y = 30;
  const auto write = [&](const std::string& content, const std::string& style = "") {
    out += "<text x=\"" + number(left) + "\" y=\"" + number(y) + "\" font-size=\"12\" " + style + ">" +
           escaped(content) + "</text>";
    y += 16;
  };
  write("face up", "font-weight=\"bold\"");
  for (std::size_t i = 0; i < s.face_up.size(); ++i)
    if (s.face_up[i] < kCardKinds) out += train_card(left + 32 * double(i), y - 8, s.face_up[i], "");
  y += 40;
  write("decks: " + std::to_string(s.train_size) + " train, " + std::to_string(s.materials_size) + " materials, " +
        std::to_string(s.ticket_size) + " tickets");
  y += 6;
  for (int p = 0; p < s.players; ++p) {
    const auto q = std::size_t(p);
    const std::string seat = "data-seat=\"" + std::to_string(p) + "\"";
    write("player " + std::to_string(p) + ": " + std::to_string(s.cars[q]) + " cars, " +
              std::to_string(s.routes[q].count()) + " routes, " + std::to_string(std::popcount(s.stations[q])) +
              " stations" + (s.to_move() == p ? " (to move)" : ""),
          "class=\"seat\" " + seat + " font-weight=\"bold\"");
    out += "<rect x=\"" + number(left - 9) + "\" y=\"" + number(y - 26) + "\" width=\"7\" height=\"12\" fill=\"" +
           svg::seat_colour(p) + "\"/>";
    int cards = 0, materials = 0;
    for (const auto c : s.cards[q]) cards += c;
    for (const auto c : s.materials[q]) materials += c;
    if (observer >= 0 && observer != p) {
      std::string counts = std::to_string(cards) + " cards, " + std::to_string(materials) + " materials, " +
                           std::to_string(std::popcount(s.tickets[q])) + " tickets";
      if (s.offered[q]) counts += ", " + std::to_string(std::popcount(s.offered[q])) + " offered";
      write(counts, "class=\"hidden-hand\" " + seat);
      y += 6;
      continue;
    }
    out += "<g class=\"hand\" " + seat + ">";
    int shown = 0;
    for (int k = 0; k < kCardKinds; ++k)
      if (s.cards[q][std::size_t(k)] > 0)
        out += train_card(left + 30 * shown++, y - 10, k, std::to_string(s.cards[q][std::size_t(k)]));
    out += "</g>";
    y += shown ? 40 : 0;
    std::string mats;
    for (int k = 0; k < kMaterialKinds; ++k)
      if (s.materials[q][std::size_t(k)] > 0)
        mats +=
            " " + std::string(kMaterialNames[std::size_t(k)]) + " " + std::to_string(s.materials[q][std::size_t(k)]);
    write("materials:" + (mats.empty() ? std::string(" -") : mats));
    const auto tickets = [&](const char* title, std::uint64_t set) {
      if (!set) return;
      std::string line = title;
      for (std::uint64_t t = set; t; t &= t - 1) {
        const int k = std::countr_zero(t);
        const std::string entry = ticket_name(m, k) + " " + std::to_string(m.tickets[std::size_t(k)].value);
        if (line.size() + entry.size() > 48) write(line), line = "  ";
        line += " " + entry;
      }
      write(line);
    };
    tickets("tickets:", s.tickets[q]);
    tickets("offered:", s.offered[q]);
    y += 6;
  }
  // The routes' symbols (the map's legend says the same beside the map of `nuraghe map`).
  y += 10;
  write("route symbols", "font-weight=\"bold\"");
  for (const char* line : kSymbols) write(line);
  return d;
}

}  // namespace nuraghe::ttr
