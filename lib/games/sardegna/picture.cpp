// Sardegna drawn for the browser viewer (sardegna::Presentation::draw): the map from the board file's points on
// the left, a panel of the seats and the fort cards on the right.
//
// The board is the island: land round every province and fort space, the borders as lines between
// provinces, each province a disc in its colour (its id inside, its name and value below), each fort
// space a small square with its number, each harbour a navy disc with its number and name, joined
// to the provinces beside it. The pieces, in the same frame: the agriculture token still in a province,
// every seat's villagers, villages and priest there as render() writes them ("2v1V+P" in the seat's
// colour), forts built (a square in the builder's colour), ships at their harbours, the fort spaces
// of the two face-up fort cards ringed; in the panel each seat's points, hand, cards played,
// harvest and private fort cards, and the fort-card row and deck. Hidden cards stay hidden: a seat
// sees its own private cards and only the count of the others', the two face-up row cards and
// only the count of the rest, and the deck's size; the observer -1 sees every card in order.
#include <algorithm>
#include <bit>
#include <string>
#include <vector>

#include "core/svg.hpp"
#include "games/sardegna/presentation.hpp"
#include "games/sardegna/sardegna.hpp"

namespace nuraghe {
namespace {

using sardegna::Board;
using sardegna::Point;
using svg::escaped;
using svg::number;
using S = Sardegna::State;

constexpr double kFrameWidth = 1000, kFrameHeight = sardegna::kMapHeight;
constexpr double kPanelLeft = sardegna::kMapWidth + 20;  // the panel, right of the map
constexpr double kProvinceRadius = 22, kFortHalf = 9, kHarbourRadius = 9;
constexpr double kLandRadius = 46, kFortLandRadius = 30;  // the island: land round provinces and forts
constexpr const char* kSea = "#c6dcee";
constexpr const char* kLand = "#efe5c6";
constexpr const char* kBorder = "#8b7a55";
constexpr const char* kNavy = "#1d3557";
// Province fills by sardegna::Colour: yellow (wheat), green (olive, wine), brown (thyme, cheese).
constexpr const char* kProvinceFill[] = {"#f2d35b", "#93c47d", "#c39a6b"};

// A point as two attributes (x="..." y="...", or cx, cy), moved by (dx, dy).
std::string at(const char* x, const char* y, Point p, double dx = 0, double dy = 0) {
  return std::string(x) + "=\"" + number(p.x + dx) + "\" " + y + "=\"" + number(p.y + dy) + "\"";
}
std::string line(Point a, Point b, const std::string& style) {
  return "<line " + at("x1", "y1", a) + " " + at("x2", "y2", b) + " " + style + "/>";
}
std::string text(Point p, const std::string& content, const std::string& style) {
  return "<text " + at("x", "y", p) + " " + style + ">" + escaped(content) + "</text>";
}

// The cards of a mask, by name: "admiral priest".
std::string card_names(unsigned mask) {
  std::string out;
  for (int c = 0; c < Sardegna::kCards; ++c)
    if (mask >> c & 1) out += (out.empty() ? "" : " ") + std::string(Sardegna::card_name(c));
  return out.empty() ? "-" : out;
}

std::string board_picture(const Board& b) {
  std::string out = "<rect width=\"" + number(kFrameWidth) + "\" height=\"" + number(kFrameHeight) + "\" fill=\"" +
                    kSea + "\"/><rect x=\"" + number(kPanelLeft - 10) + "\" width=\"" +
                    number(kFrameWidth - kPanelLeft + 10) + "\" height=\"" + number(kFrameHeight) +
                    "\" fill=\"#f7f4ec\"/>";
  out +=
      text({20, 28}, "Sardegna", "font-size=\"16\" font-weight=\"bold\"") + text({20, 46}, b.name, "font-size=\"11\"");
  // The island.
  out += "<g fill=\"" + std::string(kLand) + "\">";
  for (const Point p : b.province_point) out += "<circle " + at("cx", "cy", p) + " r=\"" + number(kLandRadius) + "\"/>";
  for (const Point p : b.fort_point) out += "<circle " + at("cx", "cy", p) + " r=\"" + number(kFortLandRadius) + "\"/>";
  out += "</g>";
  // Borders, and the quays from each harbour to the provinces beside it.
  for (int q = 0; q < Sardegna::kProvinces; ++q)
    for (unsigned n = b.neighbours[q] >> (q + 1) << (q + 1); n; n &= n - 1)
      out += line(b.province_point[q], b.province_point[std::countr_zero(n)],
                  "stroke=\"" + std::string(kBorder) + "\" stroke-width=\"2\"");
  for (int h = 0; h < Sardegna::kHarbours; ++h)
    for (unsigned n = b.harbour_provinces[h]; n; n &= n - 1)
      out += line(b.harbour_point[h], b.province_point[std::countr_zero(n)],
                  "stroke=\"" + std::string(kNavy) + "\" stroke-width=\"1.5\" stroke-dasharray=\"4 3\"");
  for (int q = 0; q < Sardegna::kProvinces; ++q) {
    const Point p = b.province_point[q];
    out += "<g class=\"province\" data-province=\"" + std::to_string(q + 1) + "\"><title>" +
           escaped(std::to_string(q + 1) + " " + b.province_names[q] + ": " + std::to_string(b.value[q]) + " points") +
           "</title><circle " + at("cx", "cy", p) + " r=\"" + number(kProvinceRadius) + "\" fill=\"" +
           kProvinceFill[int(b.colour[q])] + "\" stroke=\"#333\" stroke-width=\"1.5\"/>" +
           text({p.x, p.y + 5}, std::to_string(q + 1), "font-size=\"14\" font-weight=\"bold\" text-anchor=\"middle\"") +
           text({p.x, p.y + kProvinceRadius + 12}, b.province_names[q] + " (" + std::to_string(b.value[q]) + ")",
                "font-size=\"11\" text-anchor=\"middle\"") +
           "</g>";
  }
  for (int f = 0; f < Sardegna::kForts; ++f) {
    const Point p = b.fort_point[f];
    std::string around;
    for (unsigned n = b.fort_provinces[f]; n; n &= n - 1) around += " " + std::to_string(std::countr_zero(n) + 1);
    out += "<g class=\"fort-space\" data-fort=\"" + std::to_string(f + 1) + "\"><title>fort space " +
           std::to_string(f + 1) + ", provinces" + around + "</title><rect " + at("x", "y", p, -kFortHalf, -kFortHalf) +
           " width=\"" + number(2 * kFortHalf) + "\" height=\"" + number(2 * kFortHalf) +
           "\" fill=\"#fff\" stroke=\"#555\"/>" +
           text({p.x, p.y + 4}, std::to_string(f + 1), "font-size=\"11\" text-anchor=\"middle\"") + "</g>";
  }
  for (int h = 0; h < Sardegna::kHarbours; ++h) {
    const Point p = b.harbour_point[h];
    out += "<g class=\"harbour\" data-harbour=\"" + std::to_string(h + 1) + "\"><circle " + at("cx", "cy", p) +
           " r=\"" + number(kHarbourRadius) + "\" fill=\"" + kNavy + "\"/>" +
           text({p.x, p.y + 4}, std::to_string(h + 1), "font-size=\"11\" text-anchor=\"middle\" fill=\"#fff\"") +
           text({p.x, p.y - 12}, b.harbour_names[h],
                "font-size=\"11\" text-anchor=\"middle\" fill=\"" + std::string(kNavy) + "\"") +
           "</g>";
  }
  return out;
}

// What stands in the provinces, on the fort spaces and in the harbours.
std::string map_pieces(const S& s) {
  const Board& b = s.board();
  std::string out = "<g class=\"tokens\" font-size=\"11\" text-anchor=\"middle\" fill=\"#333\">";
  for (int q = 0; q < Sardegna::kProvinces; ++q)
    if (s.token_in(q))
      out += "<text data-province=\"" + std::to_string(q + 1) + "\" " +
             at("x", "y", b.province_point[q], 0, -kProvinceRadius - 4) + ">" + Sardegna::token_name(s.token_in(q)) +
             "</text>";
  out += "</g>";
  // Each seat's pieces in a province on a line of their own right of it, seat 0 on top.
  const auto has_pieces = [&](int seat, int q) {
    return s.villagers_in(seat, q) || s.villages_in(seat, q) || s.priest[seat] == q;
  };
  for (int seat = 0; seat < s.players; ++seat) {
    out += "<g class=\"pieces\" data-seat=\"" + std::to_string(seat) + "\" fill=\"" + svg::seat_colour(seat) +
           "\" font-size=\"11\" font-weight=\"bold\" stroke=\"#fff\" stroke-width=\"2.5\" paint-order=\"stroke\">";
    for (int q = 0; q < Sardegna::kProvinces; ++q) {
      if (!has_pieces(seat, q)) continue;
      int row = 0;
      for (int before = 0; before < seat; ++before) row += has_pieces(before, q);
      std::string what;
      if (const int v = s.villagers_in(seat, q)) what += std::to_string(v) + "v";
      if (const int g = s.villages_in(seat, q)) what += std::to_string(g) + "V";
      if (s.priest[seat] == q) what += "+P";
      out += "<text data-province=\"" + std::to_string(q + 1) + "\" " +
             at("x", "y", b.province_point[q], kProvinceRadius + 3, -6 + 11 * row) + ">" + what + "</text>";
    }
    out += "</g>";
  }
  for (int seat = 0; seat < s.players; ++seat) {
    for (unsigned f = s.forts[seat]; f; f &= f - 1) {
      const int fort = std::countr_zero(f);
      out += "<rect class=\"fort\" data-fort=\"" + std::to_string(fort + 1) + "\" data-seat=\"" + std::to_string(seat) +
             "\" " + at("x", "y", b.fort_point[fort], -kFortHalf - 1, -kFortHalf - 1) + " width=\"" +
             number(2 * kFortHalf + 2) + "\" height=\"" + number(2 * kFortHalf + 2) + "\" fill=\"none\" stroke=\"" +
             svg::seat_colour(seat) + "\" stroke-width=\"3\"/>";
    }
    // A player's ships side by side below the harbour, seat 0 leftmost.
    for (unsigned h = s.ships[seat]; h; h &= h - 1) {
      const int harbour = std::countr_zero(h);
      out += "<circle class=\"ship\" data-harbour=\"" + std::to_string(harbour + 1) + "\" data-seat=\"" +
             std::to_string(seat) + "\" " + at("cx", "cy", b.harbour_point[harbour], 13 * seat - 19, 15) +
             " r=\"6\" fill=\"" + svg::seat_colour(seat) + "\" stroke=\"#fff\"/>";
    }
  }
  // The fort spaces the next scorings will score: the two face-up row cards.
  for (int i = 0; i < 2; ++i)
    if (s.face_up(i) >= 0)
      out += "<circle class=\"face-up\" data-fort=\"" + std::to_string(s.face_up(i) + 1) + "\" " +
             at("cx", "cy", b.fort_point[s.face_up(i)]) + " r=\"" + number(kFortHalf + 6) +
             "\" fill=\"none\" stroke=\"#e08a00\" stroke-width=\"2.5\"" + (i ? " stroke-dasharray=\"4 3\"" : "") + "/>";
  return out;
}

// The panel: a block per seat, then the fort-card row and the deck, each card as seat `observer`
// may see it.
std::string panel(const S& s, Player observer) {
  std::string out = "<g font-size=\"12\">";
  double y = 30;
  const auto write = [&](const std::string& content, const std::string& style = "") {
    out += text({kPanelLeft, y}, content, style);
    y += 16;
  };
  for (int seat = 0; seat < s.players; ++seat) {
    write("player " + std::to_string(seat) + ": " + std::to_string(s.score[seat]) + " points" +
              (s.to_move() == seat ? " (to move)" : ""),
          "class=\"seat\" data-seat=\"" + std::to_string(seat) + "\" font-weight=\"bold\"");
    out += "<rect x=\"" + number(kPanelLeft - 9) + "\" y=\"" + number(y - 26) + "\" width=\"7\" height=\"12\" fill=\"" +
           svg::seat_colour(seat) + "\"/>";
    write("hand: " + card_names(s.hand[seat]));
    write("played: " + card_names(s.front[seat]));
    std::string harvest;
    for (int k = 1; k < Sardegna::kTokenKinds; ++k)
      if (s.harvested[seat][k]) harvest += " " + std::to_string(s.harvested[seat][k]) + " " + Sardegna::token_name(k);
    if (!harvest.empty()) write("harvested:" + harvest);
    int held = 0;
    std::string shown;
    for (int i = 0; i < 2; ++i)
      if (s.private_card[seat][i] != Sardegna::kNoCard)
        ++held, shown += " " + std::to_string(s.private_card[seat][i] + 1);
    if (held)
      write(observer < 0 || observer == seat ? "private fort cards:" + shown
                                             : std::to_string(held) + " private fort card" + (held > 1 ? "s" : ""),
            "class=\"private\" data-seat=\"" + std::to_string(seat) + "\"");
    y += 8;
  }
  write("fort cards: scoring " + std::to_string(s.scorings()) + " of " + std::to_string(Sardegna::kRowLength),
        "font-weight=\"bold\"");
  // The row, left to right: face up the two cards everyone sees, face down the rest (face up for
  // the observer -1); then the deck, its cards in order for -1 only.
  std::vector<std::string> row;
  for (int i = s.row_next; i < Sardegna::kRowLength; ++i)
    row.push_back(i < s.row_next + 2 || observer < 0 ? std::to_string(s.row[i] + 1) : "");
  out += svg::cards(kPanelLeft, y - 6, 28, 42, 31, row, "class=\"row\"");
  y += 56;
  write("deck: " + std::to_string(s.deck_size) + " card" + (s.deck_size == 1 ? "" : "s") +
            (observer < 0 && s.deck_size ? ", top first:" : ""),
        "class=\"deck\"");
  if (observer < 0)
    for (int i = 0; i < s.deck_size; i += 13) {
      std::string cards;
      for (int k = i; k < std::min<int>(i + 13, s.deck_size); ++k)
        cards += (k > i ? " " : "") + std::to_string(s.deck[k] + 1);
      write(cards, "class=\"deck\"");
    }
  out += "</g>";
  return out;
}

}  // namespace

svg::Drawing sardegna::Presentation::draw(const Sardegna::State& s, Player observer) {
  return {"0 0 " + std::to_string(int(kFrameWidth)) + " " + std::to_string(int(kFrameHeight)), board_picture(s.board()),
          map_pieces(s), panel(s, observer)};
}

}  // namespace nuraghe
