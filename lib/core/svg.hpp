#pragma once
// What every SVG picture drawn from a game's data (`nuraghe map`) writes the same way: text
// escaped as XML, coordinates at a tenth of a unit, and the scale that colours a board's elements
// by a tournament's usage.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

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

// The seats' colours in every game's drawing for the viewer, seat 0 first: red, blue, yellow,
// green, black, as Bardagi's colours (where seat p plays colour p) and Ticket to Ride's cards print
// them, so that a seat keeps its colour from game to game.
inline const char* seat_colour(int seat) {
  static constexpr const char* kColours[] = {"#d62728", "#1f66d1", "#e8c61a", "#2ca02c", "#222222"};
  return kColours[seat % 5];
}

// A row of cards w wide and h high, the first with its top left at (x, y), each `step` right of
// the one before, in one group that carries `attributes` ("class=\"hand\" data-seat=\"1\""): a
// card is face up with its label on white, or face down where its label is empty (a back that
// tells nothing). The style is the group's, so that a card costs two short elements.
inline std::string cards(double x, double y, double w, double h, double step, const std::vector<std::string>& labels,
                         std::string_view attributes = {}) {
  std::string out = "<g " + std::string(attributes) + " fill=\"#fff\" stroke=\"#333\" font-size=\"" + number(w / 2) +
                    "\" text-anchor=\"middle\">";
  const std::string size = "\" width=\"" + number(w) + "\" height=\"" + number(h) + "\"";
  for (std::size_t i = 0; i < labels.size(); ++i) {
    const double left = x + step * double(i);
    out += "<rect x=\"" + number(left) + "\" y=\"" + number(y) + size + (labels[i].empty() ? " fill=\"#7a2e2e\"" : "") +
           "/>";
    if (!labels[i].empty())
      out += "<text x=\"" + number(left + w / 2) + "\" y=\"" + number(y + h / 2 + w / 6) +
             "\" fill=\"#111\" stroke=\"none\">" + escaped(labels[i]) + "</text>";
  }
  return out + "</g>";
}

// A whole SVG document of width x height around `body`, in the font every picture of nuraghe uses.
inline std::string document(double width, double height, const std::string& body) {
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + number(width) + "\" height=\"" + number(height) +
         "\" viewBox=\"0 0 " + number(width) + " " + number(height) +
         "\" font-family=\"DejaVu Sans, Arial, sans-serif\">\n" + body + "</svg>\n";
}

// The page of a board or map, laid out once by layout(data) and kept: a layout (land masses,
// labels clear of each other) is most of a drawing's time, and the viewer draws every step of a
// game. Boards and maps live as long as the process (their registries never free them), so their
// addresses key the cache; each call site (its Layout type) has its own.
template <class Data, class Page, class Layout>
const Page& laid_out_once(const Data& data, Layout&& layout) {
  static std::mutex mutex;
  static std::map<const Data*, Page> pages;
  const std::lock_guard lock(mutex);
  auto it = pages.find(&data);
  if (it == pages.end()) it = pages.emplace(&data, layout(data)).first;
  return it->second;  // a map's elements stay where they are
}

// A state drawn for the browser viewer (`replay --html`, `play --html`), in one SVG frame:
// `board` is what never changes during a game (drawn from the game's data: the viewer keeps the
// first step's); `pieces` what one seat sees on the board in this state, drawn over it; `panel`
// what it sees beside the board (hands, decks, counts; empty where a game has no panel). All are
// SVG elements without the enclosing <svg>, whose viewBox is `view_box` ("0 0 1000 700").
//
// The viewer marks the last move on the board by comparing the top-level elements of `pieces` with
// the step before's (lib/viewer/viewer.cpp), so a game draws each place it changes (a route, an area) as
// one element of its own, and keeps what changes at every step (whose turn it is) in the panel.
struct Drawing {
  std::string view_box;
  std::string board;
  std::string pieces;
  std::string panel;
};

}  // namespace nuraghe::svg
