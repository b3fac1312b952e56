#pragma once
// What every SVG picture drawn from a game's data (`nuraghe map`) writes the same way: text
// escaped as XML, coordinates at a tenth of a unit, and the scale that colours a board's elements
// by a tournament's usage.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <string_view>

namespace nuraghe::svg {

// Text, or an attribute's value in double quotes, with what XML reserves there escaped.
inline std::string escaped(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (c == '&') out += "&amp;";
    else if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '"') out += "&quot;";
    else out += c;
  }
  return out;
}

// A coordinate or length, to a tenth: enough for a screen, and the same bytes on every machine.
inline std::string number(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", x);
  return text;
}

// A share in [0, 1] from white to dark red ("#rrggbb"): a sequential scale that reads in grey
// print too.
inline std::string usage_colour(double share) {
  static constexpr double kStops[][3] = {{255, 245, 240}, {252, 146, 114}, {203, 24, 29}, {103, 0, 13}};
  const double t = std::clamp(share, 0.0, 1.0) * 3;
  const int i = std::min(int(t), 2);
  const double f = t - i;
  char text[8];
  std::snprintf(text, sizeof text, "#%02x%02x%02x",
                int(std::lround(kStops[i][0] + f * (kStops[i + 1][0] - kStops[i][0]))),
                int(std::lround(kStops[i][1] + f * (kStops[i + 1][1] - kStops[i][1]))),
                int(std::lround(kStops[i][2] + f * (kStops[i + 1][2] - kStops[i][2]))));
  return text;
}

// A state drawn for the browser viewer (`replay --html`, `play --html`), in one SVG frame:
// `board` is what never changes during a game (drawn from the game's data: the viewer keeps the
// first step's), `pieces` what one seat sees of this state, drawn over it. Both are SVG elements
// without the enclosing <svg>, whose viewBox is `view_box` ("0 0 1000 700").
struct Drawing {
  std::string view_box;
  std::string board;
  std::string pieces;
};

}  // namespace nuraghe::svg
