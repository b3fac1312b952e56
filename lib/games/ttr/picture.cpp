#include "games/ttr/picture.hpp"

#include <algorithm>
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

}  // namespace

std::string map_svg(const Map& m, const std::vector<double>& usage, int games) {
  const Projection at(m);
  double right = 0, bottom = 0;
  for (int c = 0; c < m.num_cities; ++c) {
    right = std::max(right, at.x(m.lon[std::size_t(c)]));
    bottom = std::max(bottom, at.y(m.lat[std::size_t(c)]));
  }
  const double width = right + 110 + kLegendWidth, height = std::max(bottom + kMargin, 420.0);
  std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + number(width) + "\" height=\"" +
                    number(height) + "\" viewBox=\"0 0 " + number(width) + " " + number(height) +
                    "\" font-family=\"DejaVu Sans, Arial, sans-serif\">\n";
  out += "<rect width=\"100%\" height=\"100%\" fill=\"#dbe9f4\"/>\n";
  out += "<text x=\"" + number(kMargin) + "\" y=\"" + number(kMargin) + "\" font-size=\"20\" font-weight=\"bold\">" +
         escaped(m.title) + (usage.empty() ? "" : ": routes claimed") + "</text>\n";

  // Routes: a row of car spaces each, drawn under the cities.
  const bool by_usage = !usage.empty();
  for (int r = 0; r < m.num_routes; ++r) {
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
    const double space = std::max((usable - (route.length - 1) * kCarGap) / route.length, 1.0);
    const double x0 = xa + ux * pad, y0 = ya + uy * pad, x1 = xb - ux * pad, y1 = yb - uy * pad;
    const std::string line =
        "x1=\"" + number(x0) + "\" y1=\"" + number(y0) + "\" x2=\"" + number(x1) + "\" y2=\"" + number(y1) + "\"";
    const std::string fill = by_usage ? usage_colour(usage[std::size_t(r)]) : kFill[std::size_t(route.colour)];
    std::string tip = route_name(m, r) + ": " + std::string(colour_name(route.colour)) + " " +
                      std::to_string(route.length) + ", " + std::to_string(route_points(route)) + " points";
    if (by_usage) {
      char share[96];
      std::snprintf(share, sizeof share, "; claimed in %.0f%% of %d games", 100 * usage[std::size_t(r)], games);
      tip += share;
    }
    out += "<g><title>" + escaped(tip) + "</title>";
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
      const double mx = (x0 + x1) / 2, my = (y0 + y1) / 2, w = 6.5 * double(marks.size()) + 4;
      out += "<rect x=\"" + number(mx - w / 2) + "\" y=\"" + number(my - 6.5) + "\" width=\"" + number(w) +
             "\" height=\"13\" rx=\"3\" fill=\"#fff\" stroke=\"#333\" stroke-width=\"0.8\"/>";
      out += "<text x=\"" + number(mx) + "\" y=\"" + number(my + 4) +
             "\" font-size=\"10\" font-weight=\"bold\" text-anchor=\"middle\">" + marks + "</text>";
    }
    out += "</g>\n";
  }

  // Cities: towns as dots with their names, overseas icons as boxes with their legend.
  for (int c = 0; c < m.num_cities; ++c) {
    const double x = at.x(m.lon[std::size_t(c)]), y = at.y(m.lat[std::size_t(c)]);
    const std::string& icon = m.overseas[std::size_t(c)];
    out += "<g><title>" + escaped(m.city_id[std::size_t(c)]) + "</title>";
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
  legend_line("S  ships: a locomotive for each");
  legend_line("R  railway: a Railway card, or Wood + Rails");
  legend_line("T  tunnel: a Tunnel card, or Railway +");
  legend_line("    Stones, or Wood + Rails + Stones");
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
  out += "</svg>\n";
  return out;
}

}  // namespace nuraghe::ttr
