#include "games/bardagi/picture.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include "core/svg.hpp"

namespace nuraghe::bardagi {
namespace {

// The page: the drawing frame at (kLeft, kTop), with a strip of sea round it and the legend to
// its right (or none). Sizes are page units: a page drawn at a smaller scale moves the areas
// closer together, not its text and shapes smaller.
constexpr double kMargin = 30, kTop = 62, kSeaPad = 22, kLegendWidth = 250;
constexpr double kLeft = kMargin + kSeaPad;
constexpr double kAreaSize = 17;    // an area shape's half width
constexpr double kLand = 40;        // how far the land reaches beyond its outermost area points
constexpr double kNameWidth = 6.4;  // an area name's width per letter, at its size of 11
constexpr double kPi = 3.14159265358979;
constexpr const char* kPage = "#eef2f5";
constexpr const char* kSea = "#c6dcee";
constexpr const char* kShallows = "#d9e8f4";
constexpr const char* kLandFill = "#efe5c6";
constexpr const char* kCoast = "#b9a677";
constexpr const char* kBorder = "#8b7a55";
constexpr const char* kNavy = "#1d3557";

// Fills by AreaKind (a home's is its colour's), and the display names.
constexpr std::array<const char*, kAreaKinds> kKindFill = {"#bfe3a0", "#d9ab73", "#3d7a3a", "#b3aea6", "#687a8f",
                                                           "#e0a91b", "#9c3b2b", "#b79ad8", "#fbe4f0", "#ffffff"};
constexpr std::array<const char*, kAreaKinds> kKindLabel = {"sheep",           "cattle",    "forest",         "quarry",
                                                            "iron mine",       "gold mine", "barbarian camp", "town",
                                                            "sacred location", "home"};
// Red, blue, yellow, green and black as Ticket to Ride's cards print them (yellow a little paler,
// so that it stands apart from the gold mines).
constexpr std::array<const char*, kColours> kColourFill = {"#d62728", "#1f66d1", "#f7df3b", "#2ca02c", "#222222"};

using svg::escaped;
using svg::number;

// Black or white, whichever reads on `fill` ("#rrggbb").
const char* ink_on(const char* fill) {
  unsigned r = 0, g = 0, b = 0;
  std::sscanf(fill, "#%02x%02x%02x", &r, &g, &b);
  return 0.299 * r + 0.587 * g + 0.114 * b < 140 ? "#fff" : "#111";
}

struct Spot {
  double x = 0, y = 0;
};
struct Disc {
  double x = 0, y = 0, r = 0;
};
struct Box {
  double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};
double distance(Spot p, Spot q) { return std::hypot(p.x - q.x, p.y - q.y); }
bool hits(const Box& b, const Disc& d) {
  return distance({std::clamp(d.x, b.x0, b.x1), std::clamp(d.y, b.y0, b.y1)}, {d.x, d.y}) < d.r;
}
bool hits(const Box& a, const Box& b) { return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1; }

double px(double x) { return kLeft + x; }
double py(double y) { return kTop + kSeaPad + y; }

// An area's fill: its kind's, or its home colour's.
const char* fill_of(const Board& b, int a) {
  return b.is_home(a) ? kColourFill[std::size_t(b.home_colour[std::size_t(a)])]
                      : kKindFill[std::size_t(b.kind[std::size_t(a)])];
}

// The shape of a kind centred at (x, y), half width s: circles for the areas that yield resources,
// a hexagon for a camp, a square for a town, a diamond for a sacred location, a house for a home.
// `attributes` follow the shape's geometry ("class=... fill=...").
std::string shape(AreaKind kind, double x, double y, double s, const std::string& attributes) {
  const auto polygon = [&](std::initializer_list<std::pair<double, double>> points) {
    std::string out = "<polygon points=\"";
    bool first = true;
    for (const auto& [dx, dy] : points) {
      out += (first ? "" : " ") + number(x + dx * s) + "," + number(y + dy * s);
      first = false;
    }
    return out + "\" stroke-linejoin=\"round\" " + attributes + "/>";
  };
  switch (kind) {
    case AreaKind::Camp: return polygon({{-1, 0}, {-0.5, -0.9}, {0.5, -0.9}, {1, 0}, {0.5, 0.9}, {-0.5, 0.9}});
    case AreaKind::Town:
      return "<rect x=\"" + number(x - 0.88 * s) + "\" y=\"" + number(y - 0.88 * s) + "\" width=\"" + number(1.76 * s) +
             "\" height=\"" + number(1.76 * s) + "\" rx=\"" + number(0.25 * s) + "\" " + attributes + "/>";
    case AreaKind::Sacred: return polygon({{0, -1.15}, {1.15, 0}, {0, 1.15}, {-1.15, 0}});
    case AreaKind::Home: return polygon({{-1, 0.85}, {-1, -0.2}, {0, -1.1}, {1, -0.2}, {1, 0.85}});
    default:
      return "<circle cx=\"" + number(x) + "\" cy=\"" + number(y) + "\" r=\"" + number(s) + "\" " + attributes + "/>";
  }
}

// A harbour's anchor at (x, y) in a white disk.
std::string anchor(double x, double y, const std::string& attributes) {
  const auto at = [&](double dx, double dy) { return number(x + dx) + " " + number(y + dy); };
  return "<g " + attributes + "><circle cx=\"" + number(x) + "\" cy=\"" + number(y) +
         "\" r=\"8.5\" fill=\"#fff\" stroke=\"" + kNavy + "\" stroke-width=\"1.5\"/><path d=\"M" + at(0, -2.6) + " L" +
         at(0, 5.4) + " M" + at(-3, -1.2) + " L" + at(3, -1.2) + " M" + at(-5, 1.4) + " Q" + at(-4.6, 5.6) + " " +
         at(0, 5.6) + " Q" + at(4.6, 5.6) + " " + at(5, 1.4) + "\" fill=\"none\" stroke=\"" + kNavy +
         "\" stroke-width=\"1.4\" stroke-linecap=\"round\"/><circle cx=\"" + number(x) + "\" cy=\"" + number(y - 4) +
         "\" r=\"1.5\" fill=\"none\" stroke=\"" + kNavy + "\" stroke-width=\"1.2\"/></g>";
}

// The land masses: for each group of areas joined by land borders, the convex hull of a disk of
// radius kLand round each area's point and a small one round each harbour's (so that every harbour
// lies on the coast or inside it), as frame points.
std::vector<std::vector<Spot>> land_masses(const Board& b) {
  std::vector<int> root(std::size_t(b.num_areas));
  std::iota(root.begin(), root.end(), 0);
  const auto find = [&](int a) {
    while (root[std::size_t(a)] != a) a = root[std::size_t(a)] = root[std::size_t(root[std::size_t(a)])];
    return a;
  };
  for (int a = 0; a < b.num_areas; ++a)
    for (std::uint64_t n = b.neighbours[std::size_t(a)]; n; n &= n - 1)
      root[std::size_t(find(a))] = find(std::countr_zero(n));
  std::vector<std::vector<Spot>> masses;
  for (int r = 0; r < b.num_areas; ++r) {
    if (find(r) != r) continue;
    std::vector<Spot> points;
    const auto ring = [&](Point p, double radius, int corners) {
      for (int i = 0; i < corners; ++i) {
        const double t = 2 * kPi * i / corners;
        points.push_back({p.x + radius * std::cos(t), p.y + radius * std::sin(t)});
      }
    };
    for (int a = 0; a < b.num_areas; ++a) {
      if (find(a) != r) continue;
      ring(b.point[std::size_t(a)], kLand, 36);
      if (b.has_harbour(a)) ring(b.harbour_point[std::size_t(a)], 4, 12);
    }
    // Andrew's monotone chain.
    std::sort(points.begin(), points.end(), [](Spot p, Spot q) { return p.x != q.x ? p.x < q.x : p.y < q.y; });
    const auto turn = [](Spot o, Spot p, Spot q) { return (p.x - o.x) * (q.y - o.y) - (p.y - o.y) * (q.x - o.x); };
    std::vector<Spot> hull(2 * points.size());
    std::size_t k = 0;
    for (std::size_t i = 0; i < points.size(); ++i) {
      while (k >= 2 && turn(hull[k - 2], hull[k - 1], points[i]) <= 0) --k;
      hull[k++] = points[i];
    }
    for (std::size_t i = points.size() - 1, lower = k + 1; i-- > 0;) {
      while (k >= lower && turn(hull[k - 2], hull[k - 1], points[i]) <= 0) --k;
      hull[k++] = points[i];
    }
    hull.resize(k - 1);
    masses.push_back(hull);
  }
  return masses;
}

// A sea route's line, harbour to harbour through its bends, in frame points.
std::vector<Spot> route_line(const Board& b, const SeaRoute& route) {
  std::vector<Spot> line;
  const auto add = [&](Point p) { line.push_back({double(p.x), double(p.y)}); };
  add(b.harbour_point[route.a]);
  for (int v = 0; v < route.num_via; ++v) add(route.via[std::size_t(v)]);
  add(b.harbour_point[route.b]);
  return line;
}
double length_of(const std::vector<Spot>& line) {
  double length = 0;
  for (std::size_t i = 1; i < line.size(); ++i) length += distance(line[i - 1], line[i]);
  return length;
}
// From a point to the nearest point of a line.
double distance(Spot p, const std::vector<Spot>& line) {
  double least = distance(p, line.front());
  for (std::size_t i = 1; i < line.size(); ++i) {
    const Spot a = line[i - 1], q = line[i];
    const double dx = q.x - a.x, dy = q.y - a.y, dd = dx * dx + dy * dy;
    const double t = dd > 0 ? std::clamp(((p.x - a.x) * dx + (p.y - a.y) * dy) / dd, 0.0, 1.0) : 0;
    least = std::min(least, distance(p, {a.x + t * dx, a.y + t * dy}));
  }
  return least;
}
// The point a share `f` of the way along the line.
Spot along(const std::vector<Spot>& line, double f) {
  double left = f * length_of(line);
  for (std::size_t i = 1; i < line.size(); ++i) {
    const double step = distance(line[i - 1], line[i]);
    if (left <= step && step > 0)
      return {line[i - 1].x + left / step * (line[i].x - line[i - 1].x),
              line[i - 1].y + left / step * (line[i].y - line[i - 1].y)};
    left -= step;
  }
  return line.back();
}

// Where the labels go: each route's count near its middle, clear of areas, harbours and the other
// counts; each area's name below its shape, or above, right or left of it where that is clearer.
struct Label {
  double x = 0, y = 0;  // frame point of the text's baseline
  const char* anchor = "middle";
};
struct Layout {
  std::vector<Spot> count;  // by route
  std::vector<Label> name;  // by area
};

Layout lay_out(const Board& b, const BoardMarks& marks, double scale) {
  Layout layout;
  std::vector<Disc> hard, soft;  // what a label must not cover; what it had better not
  for (int a = 0; a < b.num_areas; ++a) {
    const Point p = b.point[std::size_t(a)];
    hard.push_back({double(p.x), double(p.y), kAreaSize + 3});
    if (b.has_harbour(a)) {
      const Point h = b.harbour_point[std::size_t(a)];
      hard.push_back({double(h.x), double(h.y), 9.5});
      for (const double f : {0.5, 0.75}) soft.push_back({p.x + f * (h.x - p.x), p.y + f * (h.y - p.y), 2});
    }
  }
  std::vector<std::vector<Spot>> lines;
  for (int r = 0; r < b.num_routes; ++r) lines.push_back(route_line(b, b.routes[std::size_t(r)]));
  for (int r = 0; r < b.num_routes; ++r) {
    const std::vector<Spot>& line = lines[std::size_t(r)];
    // The first place clear of areas, harbours and counts, and of the other routes if it can be
    // (so that the count of two crossing routes is not read for the other one).
    Spot best = along(line, 0.5);
    int clearest = 0;
    for (const double f : {0.5, 0.42, 0.58, 0.34, 0.66, 0.26, 0.74}) {
      const Spot at = along(line, f);
      if (std::any_of(hard.begin(), hard.end(), [&](const Disc& d) { return distance(at, {d.x, d.y}) < d.r + 11; }))
        continue;
      bool alone = true;
      for (int o = 0; o < b.num_routes; ++o) alone = alone && (o == r || distance(at, lines[std::size_t(o)]) >= 16);
      if (alone) {
        best = at, clearest = 2;
        break;
      }
      if (clearest == 0) best = at, clearest = 1;
    }
    layout.count.push_back(best);
    hard.push_back({best.x, best.y, 10.5});
    const double length = length_of(line);
    for (double t = 0; t <= length; t += 8) {
      const Spot at = along(line, t / length);
      soft.push_back({at.x, at.y, 2});
    }
  }
  const auto marked = [](const auto& list, int a) { return std::size_t(a) < list.size(); };
  for (int a = 0; a < b.num_areas; ++a) {
    const Point p = b.point[std::size_t(a)];
    const double x = p.x, y = p.y, s = kAreaSize;
    if (marked(marks.disks, a) && marks.disks[std::size_t(a)] > 0) hard.push_back({x + s, y - s, 9});
    if (marked(marks.units, a) && !marks.units[std::size_t(a)].empty())
      hard.push_back({x - s - 3.75 * double(marks.units[std::size_t(a)].size()), y - s - 2, 9});
  }
  std::vector<Box> names;
  const double frame_width = kFrameWidth * scale, frame_height = kFrameHeight * scale;
  for (int a = 0; a < b.num_areas; ++a) {
    const Point p = b.point[std::size_t(a)];
    // A ring (an owner's, or how often a tournament's games ended with it owned) widens the shape.
    const bool ringed =
        (marked(marks.owner, a) && marks.owner[std::size_t(a)] >= 0 && marks.owner[std::size_t(a)] < kColours) ||
        (marked(marks.owned_share, a) && ownable(b.kind[std::size_t(a)]));
    const double x = p.x, y = p.y, s = kAreaSize + (ringed ? 7 : 0);
    const double w = kNameWidth * double(b.area_name[std::size_t(a)].size());
    const double high = b.kind[std::size_t(a)] == AreaKind::Sacred ? 1.15 * s : 1.1 * s;
    const std::array<std::pair<Label, Box>, 4> candidates = {{
        {{x, y + s + 13, "middle"}, {x - w / 2, y + s + 3, x + w / 2, y + s + 16}},
        {{x, y - high - 5, "middle"}, {x - w / 2, y - high - 15, x + w / 2, y - high - 2}},
        {{x + s + 5, y + 4, "start"}, {x + s + 5, y - 6, x + s + 5 + w, y + 7}},
        {{x - s - 5, y + 4, "end"}, {x - s - 5 - w, y - 6, x - s - 5, y + 7}},
    }};
    int best = 0;
    double least = 1e9;
    for (int c = 0; c < int(candidates.size()); ++c) {
      const Box& box = candidates[std::size_t(c)].second;
      double cost = c == 0 ? 0 : 0.5 + 0.1 * c;  // below, unless another side is clearer
      for (const Disc& d : hard) cost += 10 * hits(box, d);
      for (const Disc& d : soft) cost += 1 * hits(box, d);
      for (const Box& n : names) cost += 10 * hits(box, n);
      if (box.x0 < -kSeaPad || box.x1 > frame_width + kSeaPad || box.y0 < -kSeaPad || box.y1 > frame_height + kSeaPad)
        cost += 10;
      if (cost < least) least = cost, best = c;
    }
    layout.name.push_back(candidates[std::size_t(best)].first);
    names.push_back(candidates[std::size_t(best)].second);
  }
  return layout;
}

// An owner's ring round an area's shape, outlined so that yellow reads on the land.
std::string owner_ring(AreaKind kind, double x, double y, int owner) {
  return shape(kind, x, y, kAreaSize + 5, "fill=\"none\" stroke=\"#333\" stroke-width=\"7\"") +
         shape(kind, x, y, kAreaSize + 5,
               "class=\"owner\" fill=\"none\" stroke=\"" + std::string(kColourFill[std::size_t(owner)]) +
                   "\" stroke-width=\"5\"");
}

// The badge of the disks on an area, in its owner's colour (grey when nobody owns it: owner -1).
std::string disk_badge(double x, double y, int disks, int owner) {
  const char* badge = owner >= 0 ? kColourFill[std::size_t(owner)] : "#777777";
  return "<circle class=\"disks\" cx=\"" + number(x + kAreaSize) + "\" cy=\"" + number(y - kAreaSize) +
         "\" r=\"8\" fill=\"" + badge + "\" stroke=\"#fff\" stroke-width=\"1.5\"/><text x=\"" + number(x + kAreaSize) +
         "\" y=\"" + number(y - kAreaSize + 3.8) +
         "\" font-size=\"11\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"" + ink_on(badge) + "\">" +
         std::to_string(disks) + "</text>";
}

}  // namespace

Board scaled(const Board& board, double scale) {
  Board b = board;
  const auto at_scale = [scale](Point& p) {
    p = {std::int16_t(std::lround(p.x * scale)), std::int16_t(std::lround(p.y * scale))};
  };
  for (int a = 0; a < b.num_areas; ++a) at_scale(b.point[std::size_t(a)]), at_scale(b.harbour_point[std::size_t(a)]);
  for (int r = 0; r < b.num_routes; ++r)
    for (Point& p : b.routes[std::size_t(r)].via) at_scale(p);
  return b;
}

BoardPage board_page(const Board& board, const BoardMarks& marks, double scale, Legend legend) {
  const Board b = scaled(board, scale);
  const double sea_width = kFrameWidth * scale + 2 * kSeaPad, sea_height = kFrameHeight * scale + 2 * kSeaPad;
  const double legend_x = kMargin + sea_width + 24;
  BoardPage page{legend == Legend::Beside ? legend_x + kLegendWidth : 2 * kMargin + sea_width,
                 kTop + sea_height + kMargin, ""};
  std::string& out = page.body;
  out += "<rect width=\"" + number(page.width) + "\" height=\"" + number(page.height) + "\" fill=\"" +
         std::string(kPage) + "\"/>\n";
  out += "<text x=\"" + number(kMargin) + "\" y=\"" + number(kMargin + 10) +
         "\" font-size=\"22\" font-weight=\"bold\">Bardagi: " + escaped(b.title) +
         (marks.owned_share.empty() ? "" : ": areas owned at the end") + "</text>\n";

  // The sea, and the land clipped to it.
  const std::string sea = "x=\"" + number(kMargin) + "\" y=\"" + number(kTop) + "\" width=\"" + number(sea_width) +
                          "\" height=\"" + number(sea_height) + "\"";
  out += "<defs><clipPath id=\"sea\"><rect " + sea + "/></clipPath></defs>\n";
  out += "<rect " + sea + " fill=\"" + kSea + "\" stroke=\"#8fb0cc\" stroke-width=\"1.5\"/>\n";
  // Shallows, coast and land, in three passes over the masses.
  const std::vector<std::vector<Spot>> masses = land_masses(b);
  out += "<g clip-path=\"url(#sea)\" stroke-linejoin=\"round\">";
  for (int pass = 0; pass < 3; ++pass)
    for (const std::vector<Spot>& mass : masses) {
      std::string points;
      for (const Spot p : mass) points += (points.empty() ? "" : " ") + number(px(p.x)) + "," + number(py(p.y));
      if (pass == 0)
        out += "<polygon points=\"" + points + "\" fill=\"" + kShallows + "\" stroke=\"" + kShallows +
               "\" stroke-width=\"22\"/>";
      if (pass == 1)
        out +=
            "<polygon points=\"" + points + "\" fill=\"" + kCoast + "\" stroke=\"" + kCoast + "\" stroke-width=\"4\"/>";
      if (pass == 2) out += "<polygon class=\"land\" points=\"" + points + "\" fill=\"" + kLandFill + "\"/>";
    }
  out += "</g>\n";

  const Layout layout = lay_out(b, marks, scale);
  // Sea routes: harbour to harbour through their bends, a dash per ocean square, the count near the middle.
  for (int r = 0; r < b.num_routes; ++r) {
    const SeaRoute& route = b.routes[std::size_t(r)];
    const std::vector<Spot> line = route_line(b, route);
    std::string d;
    for (const Spot p : line) d += (d.empty() ? "M" : " L") + number(px(p.x)) + " " + number(py(p.y));
    const double gap = 5, dash = std::max(length_of(line) / route.squares - gap, 1.0);
    const double mx = px(layout.count[std::size_t(r)].x), my = py(layout.count[std::size_t(r)].y);
    const std::string squares = std::to_string(route.squares);
    out += "<g><title>" +
           escaped(b.area_id[route.a] + " - " + b.area_id[route.b] + ": " + squares + " ocean square" +
                   (route.squares == 1 ? "" : "s")) +
           "</title>";
    out += "<path class=\"sea-route\" d=\"" + d + "\" fill=\"none\" stroke=\"" + kNavy +
           "\" stroke-width=\"3\" stroke-dasharray=\"" + number(dash) + " " + number(gap) + "\" stroke-dashoffset=\"" +
           number(-gap / 2) + "\"/>";
    out += "<circle cx=\"" + number(mx) + "\" cy=\"" + number(my) + "\" r=\"10\" fill=\"#fff\" stroke=\"" + kNavy +
           "\" stroke-width=\"1.5\"/>";
    out += "<text class=\"squares\" x=\"" + number(mx) + "\" y=\"" + number(my + 4.2) +
           "\" font-size=\"12\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"" + kNavy + "\">" + squares +
           "</text></g>\n";
  }

  // Land borders, centre to centre.
  for (int a = 0; a < b.num_areas; ++a)
    for (std::uint64_t n = b.neighbours[std::size_t(a)] >> a >> 1 << a << 1; n; n &= n - 1) {
      const int c = std::countr_zero(n);
      const Point p = b.point[std::size_t(a)], q = b.point[std::size_t(c)];
      out += "<line class=\"border\" x1=\"" + number(px(p.x)) + "\" y1=\"" + number(py(p.y)) + "\" x2=\"" +
             number(px(q.x)) + "\" y2=\"" + number(py(q.y)) + "\" stroke=\"" + kBorder +
             "\" stroke-width=\"2\" stroke-linecap=\"round\"/>\n";
    }

  // Harbours: a quay from the area to its anchor.
  for (int a = 0; a < b.num_areas; ++a) {
    if (!b.has_harbour(a)) continue;
    const Point p = b.point[std::size_t(a)], h = b.harbour_point[std::size_t(a)];
    out += "<g><title>harbour of " + escaped(b.area_name[std::size_t(a)]) + "</title><line x1=\"" + number(px(p.x)) +
           "\" y1=\"" + number(py(p.y)) + "\" x2=\"" + number(px(h.x)) + "\" y2=\"" + number(py(h.y)) + "\" stroke=\"" +
           kNavy + "\" stroke-width=\"3\" stroke-linecap=\"round\"/>" + anchor(px(h.x), py(h.y), "class=\"harbour\"") +
           "</g>\n";
  }

  // Areas: the shape, the index inside, the name below; a position's owner, disks and units.
  const auto marked = [](const auto& list, int a) { return std::size_t(a) < list.size(); };
  for (int a = 0; a < b.num_areas; ++a) {
    const double x = px(b.point[std::size_t(a)].x), y = py(b.point[std::size_t(a)].y);
    const AreaKind kind = b.kind[std::size_t(a)];
    const char* fill = fill_of(b, a);
    std::string tip = std::to_string(a) + " " + b.area_id[std::size_t(a)] + ": " + b.area_name[std::size_t(a)] + ", " +
                      (b.is_home(a) ? std::string(colour_name(Colour(b.home_colour[std::size_t(a)]))) + " home"
                                    : std::string(kKindLabel[std::size_t(kind)])) +
                      (b.has_harbour(a) ? ", harbour" : "");
    const int owner = marked(marks.owner, a) ? marks.owner[std::size_t(a)] : -1;
    const bool owned = owner >= 0 && owner < kColours;
    const int disks = marked(marks.disks, a) ? marks.disks[std::size_t(a)] : 0;
    const std::string units = marked(marks.units, a) ? marks.units[std::size_t(a)] : "";
    if (owned) tip += "; " + std::string(colour_name(Colour(owner))) + "'s";
    if (disks > 0) tip += ", " + std::to_string(disks) + (disks == 1 ? " disk" : " disks");
    if (!units.empty()) tip += "; units " + units;
    const bool usage = marked(marks.owned_share, a) && ownable(kind);
    const double share = usage ? std::clamp(marks.owned_share[std::size_t(a)], 0.0, 1.0) : 0;
    if (usage) {
      char text[96];
      std::snprintf(text, sizeof text, "; owned at the end in %.0f%% of %d games", 100 * share, marks.games);
      tip += text;
    }
    out += "<g data-area=\"" + escaped(b.area_id[std::size_t(a)]) + "\"><title>" + escaped(tip) + "</title>";
    if (usage)  // how often it ended owned, outlined so that the palest share reads on the land
      out += shape(kind, x, y, kAreaSize + 5, "fill=\"none\" stroke=\"#333\" stroke-width=\"8\"") +
             shape(kind, x, y, kAreaSize + 5,
                   "class=\"usage\" fill=\"none\" stroke=\"" + svg::usage_colour(share) + "\" stroke-width=\"6\"");
    if (owned) out += owner_ring(kind, x, y, owner);
    out += shape(kind, x, y, kAreaSize,
                 "class=\"area\" fill=\"" + std::string(fill) + "\" stroke=\"#333\" stroke-width=\"1.5\"");
    out += "<text x=\"" + number(x) + "\" y=\"" + number(y + 4.5) +
           "\" font-size=\"12.5\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"" + ink_on(fill) + "\">" +
           std::to_string(a) + "</text>";
    const Label& name = layout.name[std::size_t(a)];
    out += "<text class=\"area-name\" x=\"" + number(px(name.x)) + "\" y=\"" + number(py(name.y)) +
           "\" font-size=\"11\" text-anchor=\"" + name.anchor + "\" stroke=\"" + kLandFill +
           "\" stroke-width=\"3.5\" stroke-linejoin=\"round\" paint-order=\"stroke\">" +
           escaped(b.area_name[std::size_t(a)]) + "</text>";
    if (disks > 0) out += disk_badge(x, y, disks, owned ? owner : -1);
    if (!units.empty()) {
      const double w = 7.5 * double(units.size()) + 6;
      out += "<rect x=\"" + number(x - kAreaSize - w + 4) + "\" y=\"" + number(y - kAreaSize - 9) + "\" width=\"" +
             number(w) + "\" height=\"14\" rx=\"3\" fill=\"#fff\" stroke=\"#333\" stroke-width=\"0.8\"/>";
      out += "<text class=\"units\" x=\"" + number(x - kAreaSize - w / 2 + 4) + "\" y=\"" + number(y - kAreaSize + 2) +
             "\" font-size=\"11\" font-weight=\"bold\" text-anchor=\"middle\">" + escaped(units) + "</text>";
    }
    out += "</g>\n";
  }

  if (legend == Legend::None) return page;
  // The legend, to the right of the sea.
  double ly = kTop + 16;
  const auto legend_line = [&](const std::string& text, bool bold = false, double indent = 0) {
    out += "<text x=\"" + number(legend_x + indent) + "\" y=\"" + number(ly) + "\" font-size=\"12.5\"" +
           (bold ? " font-weight=\"bold\"" : "") + ">" + escaped(text) + "</text>\n";
    ly += 18;
  };
  legend_line(std::to_string(b.num_areas) + " areas, " + std::to_string(std::popcount(b.harbours)) + " harbours", true);
  int borders = 0;
  for (int a = 0; a < b.num_areas; ++a) borders += std::popcount(b.neighbours[std::size_t(a)]);
  legend_line(std::to_string(borders / 2) + " land borders, " + std::to_string(b.num_routes) + " sea routes", true);
  legend_line("seats " + std::to_string(b.max_players()) + " players at most");
  ly += 10;
  legend_line("areas by kind (how many)", true);
  ly += 4;
  for (int k = 0; k < kAreaKinds; ++k) {
    const int count = std::popcount(b.of_kind[std::size_t(k)]);
    if (count == 0) continue;
    const AreaKind kind = AreaKind(k);
    std::string text = std::string(kKindLabel[std::size_t(k)]) + " (" + std::to_string(count) + ")";
    if (kind == AreaKind::Home) {
      // A small house per colour with a home, then the colours named below.
      std::string colours;
      for (int c = 0; c < b.num_homes; ++c) {
        out += shape(kind, legend_x + 10 + 19 * c, ly - 4, 8.5,
                     "class=\"legend-swatch\" fill=\"" + std::string(kColourFill[std::size_t(c)]) +
                         "\" stroke=\"#333\" stroke-width=\"1\"");
        colours += (colours.empty() ? "" : ", ") + std::string(colour_name(Colour(c)));
      }
      out += "<text class=\"legend-kind\" x=\"" + number(legend_x + 28 + 19 * std::max(b.num_homes - 1, 0)) +
             "\" y=\"" + number(ly) + "\" font-size=\"12.5\">" + escaped(text) + "</text>\n";
      ly += 17;
      out += "<text x=\"" + number(legend_x + 28) + "\" y=\"" + number(ly) + "\" font-size=\"11\">" + escaped(colours) +
             "</text>\n";
      ly += 24;
      continue;
    }
    out += shape(kind, legend_x + 10, ly - 4, 9,
                 "class=\"legend-swatch\" fill=\"" + std::string(kKindFill[std::size_t(k)]) +
                     "\" stroke=\"#333\" stroke-width=\"1\"");
    out += "<text class=\"legend-kind\" x=\"" + number(legend_x + 28) + "\" y=\"" + number(ly) +
           "\" font-size=\"12.5\">" + escaped(text) + "</text>\n";
    ly += 24;
  }
  ly += 4;
  legend_line("the number in an area is its index", false);
  legend_line("(moves name areas by it)", false);
  ly += 10;
  legend_line("symbols", true);
  ly += 4;
  out += "<line x1=\"" + number(legend_x) + "\" y1=\"" + number(ly - 4) + "\" x2=\"" + number(legend_x + 22) +
         "\" y2=\"" + number(ly - 4) + "\" stroke=\"" + kBorder + "\" stroke-width=\"2\"/>";
  legend_line("land border", false, 32);
  ly += 6;
  out += anchor(legend_x + 11, ly - 4, "class=\"legend-harbour\"");
  legend_line("harbour", false, 32);
  ly += 6;
  out += "<line x1=\"" + number(legend_x) + "\" y1=\"" + number(ly - 4) + "\" x2=\"" + number(legend_x + 22) +
         "\" y2=\"" + number(ly - 4) + "\" stroke=\"" + kNavy + "\" stroke-width=\"3\" stroke-dasharray=\"6 4\"/>";
  legend_line("sea route between harbours:", false, 32);
  legend_line("a dash per ocean square,", false, 32);
  legend_line("their number in the circle", false, 32);
  if (!marks.owned_share.empty()) {
    ly += 10;
    legend_line("ring: the share of " + std::to_string(marks.games) + " games", true);
    legend_line("in which a seat owned the", true);
    legend_line("area at the end", true);
    ly += 4;
    for (int i = 0; i <= 4; ++i) {
      out += "<rect x=\"" + number(legend_x) + "\" y=\"" + number(ly - 10) + "\" width=\"30\" height=\"12\" fill=\"" +
             svg::usage_colour(i / 4.0) + "\" stroke=\"#333\" stroke-width=\"0.8\"/>";
      legend_line(std::to_string(25 * i) + "%", false, 38);
    }
    legend_line("(homes and sacred locations are");
    legend_line("never owned: no ring)");
  }
  if (!marks.owner.empty() || !marks.disks.empty() || !marks.units.empty()) {
    ly += 10;
    legend_line("position", true);
    legend_line("ring: the owner's colour");
    legend_line("badge: the disks on the area");
    legend_line("box: the units in the area");
  }
  return page;
}

std::string board_svg(const Board& b, const BoardMarks& marks) {
  const BoardPage page = board_page(b, marks);
  return svg::document(page.width, page.height, page.body);
}

namespace {

// The panel under the board: a line for the round, then each seat's village in columns.
constexpr double kPanelColumns = 2, kLine = 16, kSeatLines = 5;

// Land units on the map, and the Knerrir: where each seat's stand, by area (of `b`, the state's
// board as drawn).
std::string unit_marks(const State& s, const Board& b) {
  std::string out =
      "<g font-size=\"11\" font-weight=\"bold\" stroke=\"#fff\" stroke-width=\"2.5\" paint-order=\"stroke\">";
  for (int a = 0; a < b.num_areas; ++a) {
    const double x = px(b.point[std::size_t(a)].x), y = py(b.point[std::size_t(a)].y);
    int row = 0;
    for (int p = 0; p < s.players; ++p) {
      std::string letters;
      for (int u = 0; u < kLandUnits; ++u)
        if (s.on_board(p, Unit(u)) && s.unit_area[std::size_t(p)][std::size_t(u)] == a)
          letters += kUnitLetters[std::size_t(u)];
      if (letters.empty()) continue;
      out += "<text class=\"units\" data-area=\"" + escaped(b.area_id[std::size_t(a)]) + "\" data-seat=\"" +
             std::to_string(p) + "\" x=\"" + number(x - kAreaSize - 2) + "\" y=\"" +
             number(y - kAreaSize + 4 + 12 * row++) + "\" text-anchor=\"end\" fill=\"" + kColourFill[std::size_t(p)] +
             "\">" + letters + "</text>";
    }
  }
  out += "</g>";
  for (int p = 0; p < s.players; ++p) {
    const auto q = std::size_t(p);
    if (s.knerrir_home(p)) continue;
    Spot at;
    std::string where;
    if (s.knerrir_harbour[q] >= 0) {
      const Point h = b.harbour_point[std::size_t(s.knerrir_harbour[q])];
      at = {double(h.x), double(h.y)},
      where = "data-area=\"" + escaped(b.area_id[std::size_t(s.knerrir_harbour[q])]) + "\"";
    } else {  // at sea, the squares sailed from the route's `a` end
      const SeaRoute& route = b.routes[std::size_t(s.knerrir_route[q])];
      at = along(route_line(b, route), double(s.knerrir_squares[q]) / route.squares);
      where = "data-route=\"" + escaped(b.area_id[route.a] + "~" + b.area_id[route.b]) + "\"";
    }
    // A hull in the seat's colour, the seats side by side at one harbour.
    const double x = px(at.x) + 9 * p - 18, y = py(at.y) + 12;
    out += "<path class=\"knerrir\" " + where + " data-seat=\"" + std::to_string(p) + "\" d=\"M" + number(x - 6) + " " +
           number(y) + " L" + number(x + 6) + " " + number(y) + " L" + number(x + 3) + " " + number(y + 5) + " L" +
           number(x - 3) + " " + number(y + 5) + " Z\" fill=\"" + kColourFill[q] + "\" stroke=\"#333\"/>";
  }
  return out;
}

// What lies on the areas: owners' rings, disks, Axe tokens and runes cast.
std::string area_marks(const State& s, const Board& b) {
  std::string out;
  for (int a = 0; a < b.num_areas; ++a) {
    const auto i = std::size_t(a);
    const double x = px(b.point[i].x), y = py(b.point[i].y);
    const int owner = s.owner_of(a);
    std::string marks;
    if (owner >= 0) marks += owner_ring(b.kind[i], x, y, owner);
    if (s.disks[i] > 0) marks += disk_badge(x, y, s.disks[i], owner);
    std::string extras;
    if (s.axes[i] > 0) extras += "axes " + std::to_string(s.axes[i]);
    for (int k = 0; k < kRuneKinds; ++k)
      if (s.runes[i] >> k & 1) extras += (extras.empty() ? "" : " ") + std::string(kRuneIds[std::size_t(k)]);
    if (!extras.empty())
      marks += "<text class=\"extras\" x=\"" + number(x + kAreaSize + 2) + "\" y=\"" + number(y + kAreaSize + 2) +
               "\" font-size=\"11\" fill=\"" + kNavy + "\">" + escaped(extras) + "</text>";
    if (!marks.empty()) out += "<g data-area=\"" + escaped(b.area_id[i]) + "\">" + marks + "</g>";
  }
  return out;
}

}  // namespace

svg::Drawing position_drawing(const State& s, Player observer) {
  static constexpr const char* kPhases[] = {"planning", "activation", "upgrades", "claim", "game over"};
  struct Viewed {
    Board board;  // at kViewerScale
    BoardPage page;
  };
  const Viewed& viewed = svg::laid_out_once<Board, Viewed>(s.board(), [](const Board& b) {
    return Viewed{scaled(b, kViewerScale), board_page(b, {}, kViewerScale, Legend::None)};
  });
  const BoardPage& page = viewed.page;
  const double rows = std::ceil(s.players / kPanelColumns);
  const double panel_height = 2 * kLine + 12 + rows * (kSeatLines * kLine + 8) + 8;
  const double column = (page.width - 2 * kMargin) / kPanelColumns;
  svg::Drawing d{"0 0 " + number(page.width) + " " + number(page.height + panel_height),
                 page.body + "<rect y=\"" + number(page.height) + "\" width=\"" + number(page.width) + "\" height=\"" +
                     number(panel_height) + "\" fill=\"#f7f4ec\"/>",
                 area_marks(s, viewed.board) + unit_marks(s, viewed.board), ""};
  std::string& out = d.panel;
  double left = kMargin, y = page.height + 22;
  const auto write = [&](const std::string& content, const std::string& style = "") {
    out += "<text x=\"" + number(left) + "\" y=\"" + number(y) + "\" font-size=\"12\" " + style + ">" +
           escaped(content) + "</text>";
    y += kLine;
  };
  std::string round =
      "round " + std::to_string(s.round) + " of " + std::to_string(s.rounds) + ", " + kPhases[int(s.phase)];
  if (s.phase == Phase::Activation) {
    round += "; cards left:";
    for (int u = 0; u < kUnits; ++u)
      round += " " + std::string(1, kUnitLetters[std::size_t(u)]) + std::to_string(s.cards_left[std::size_t(u)]);
  }
  write(round, "font-weight=\"bold\"");
  write("The number in an area is its index: moves name areas by it.");
  const double seats_top = y + 12;
  for (int p = 0; p < s.players; ++p) {
    const auto q = std::size_t(p);
    const Village& v = s.villages[q];
    left = kMargin + 12 + column * std::fmod(p, kPanelColumns);
    y = seats_top + std::floor(p / kPanelColumns) * (kSeatLines * kLine + 8);
    const std::string seat = "data-seat=\"" + std::to_string(p) + "\"";
    const bool sees_all = observer < 0 || observer == p;
    write("seat " + std::to_string(p) + " (" + std::string(kColourNames[q]) + "): glory " + std::to_string(v.glory) +
              ", gold " + std::to_string(v.gold) + (s.to_move() == p ? " (to act)" : "") +
              (s.start_player == p ? " (start)" : ""),
          "class=\"seat\" " + seat + " font-weight=\"bold\"");
    out += "<rect x=\"" + number(left - 9) + "\" y=\"" + number(y - 26) + "\" width=\"7\" height=\"12\" fill=\"" +
           kColourFill[q] + "\" stroke=\"#333\" stroke-width=\"0.5\"/>";
    write("disks " + std::to_string(v.disks[0]) + "/" + std::to_string(v.cap[0]) + " " + std::to_string(v.disks[1]) +
          "/" + std::to_string(v.cap[1]) + " " + std::to_string(v.disks[2]) + "/" + std::to_string(v.cap[2]) +
          ", recruits " + std::to_string(v.recruits) + ", axes " + std::to_string(v.axes) + ", areas " +
          std::to_string(std::popcount(s.owned[q])));
    std::string store = "store";
    for (int r = 0; r < kResources; ++r)
      store += " " + std::string(kResourceNames[std::size_t(r)]) + " " + std::to_string(v.storage[std::size_t(r)]);
    write(store);
    int held = 0;
    std::string runes;
    for (int k = 0; k < kRuneKinds; ++k) {
      held += v.runes[std::size_t(k)];
      if (v.runes[std::size_t(k)] > 0)
        runes += " " + std::string(kRuneIds[std::size_t(k)]) + " " + std::to_string(v.runes[std::size_t(k)]);
    }
    std::string line =
        sees_all ? "runes" + (runes.empty() ? std::string(" -") : runes) : "runes: " + std::to_string(held) + " hidden";
    if (s.phase != Phase::Planning) {
      line += " | cards";
      if (sees_all || s.selection_revealed(p))
        for (int u = 0; u < kUnits; ++u)
          line +=
              " " + std::string(1, kUnitLetters[std::size_t(u)]) + std::to_string(count_of(s.selection[q], Unit(u)));
      else line += " hidden";
    }
    write(line, "class=\"private\" " + seat);
    write(std::string("Knerrir: ") +
          (s.knerrir_home(p)           ? "home"
           : s.knerrir_harbour[q] >= 0 ? "docked"
                                       : "at sea") +
          ", upgrades " + std::to_string(std::popcount(v.upgrades)));
  }
  return d;
}

}  // namespace nuraghe::bardagi
