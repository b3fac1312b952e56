// Every game's picture for the browser viewer (its Presentation's draw, HasDrawing in
// lib/core/hooks.hpp), over random games of every game of the list: a frame, a board that never
// changes during a game, board, pieces and panel that are well-formed SVG fragments, and no peeking:
// what a seat is shown is the same in every state of its information set. What each game draws is
// tested with the game.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "bots/games.hpp"
#include "bots/notation.hpp"
#include "core/hooks.hpp"
#include "games/all_presentations.hpp"
#include "invariants.hpp"
#include "viewer/viewer.hpp"

using namespace nuraghe;

namespace {

bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == ':' || c == '_';
}

// An entity at text[i] ('&'): one of XML's five, or a character reference. Its length, or 0.
std::size_t entity_length(std::string_view text, std::size_t i) {
  for (const std::string_view e : {"&amp;", "&lt;", "&gt;", "&quot;", "&apos;"})
    if (text.substr(i, e.size()) == e) return e.size();
  std::size_t j = i + 1;
  if (j < text.size() && text[j] == '#') {
    while (++j < text.size() && text[j] >= '0' && text[j] <= '9') {
    }
    if (j > i + 2 && j < text.size() && text[j] == ';') return j + 1 - i;
  }
  return 0;
}

// Why `text` is not a well-formed fragment of elements and text, or "" when it is: every <x ...>
// is closed by </x> (in order) or is self-closed (<x .../>), attribute values are quoted, and no
// '<' or '&' stands unescaped in text or in a value. Comments, CDATA and processing instructions
// are refused too: no drawing needs them.
std::string xml_problem(std::string_view text) {
  std::vector<std::string_view> open;
  std::size_t i = 0;
  const auto at = [&](std::size_t k) { return " at " + std::to_string(k) + ": " + std::string(text.substr(k, 40)); };
  while (i < text.size()) {
    const char c = text[i];
    if (c == '&') {
      const std::size_t n = entity_length(text, i);
      if (n == 0) return "a bare '&'" + at(i);
      i += n;
      continue;
    }
    if (c != '<') {
      ++i;
      continue;
    }
    const bool closing = i + 1 < text.size() && text[i + 1] == '/';
    std::size_t j = i + 1 + closing;
    const std::size_t name_start = j;
    while (j < text.size() && is_name_char(text[j])) ++j;
    const std::string_view name = text.substr(name_start, j - name_start);
    if (name.empty()) return "a '<' that starts no tag" + at(i);
    // Attributes: name="value" pairs up to '>' or '/>'.
    bool self_closed = false;
    for (;;) {
      while (j < text.size() && text[j] == ' ') ++j;
      if (j >= text.size()) return "a tag that does not end" + at(i);
      if (text[j] == '>') break;
      if (text[j] == '/' && j + 1 < text.size() && text[j + 1] == '>' && !closing) {
        self_closed = true, ++j;
        break;
      }
      if (closing) return "a closing tag with attributes" + at(i);
      const std::size_t attribute = j;
      while (j < text.size() && is_name_char(text[j])) ++j;
      if (j == attribute || j + 1 >= text.size() || text[j] != '=' || text[j + 1] != '"')
        return "an attribute that is not name=\"value\"" + at(attribute);
      for (j += 2; j < text.size() && text[j] != '"'; ++j) {
        if (text[j] == '<') return "a '<' in an attribute's value" + at(j);
        if (text[j] == '&' && entity_length(text, j) == 0) return "a bare '&' in an attribute's value" + at(j);
      }
      if (j >= text.size()) return "an attribute's value that does not end" + at(attribute);
      ++j;
    }
    if (closing) {
      if (open.empty() || open.back() != name) return "</" + std::string(name) + "> closes nothing open" + at(i);
      open.pop_back();
    } else if (!self_closed) {
      open.push_back(name);
    }
    i = j + 1;
  }
  if (!open.empty()) return "<" + std::string(open.back()) + "> is never closed";
  return {};
}

}  // namespace

TEST_CASE("xml_problem: the tag checker of these tests refuses what is not a well-formed fragment") {
  CHECK(xml_problem("") == "");
  CHECK(xml_problem("<g class=\"a\"><circle r=\"1\"/><text>A &amp; B &#8212;</text></g>text") == "");
  CHECK(xml_problem("<g>") == "<g> is never closed");
  CHECK(xml_problem("<g></text>").find("closes nothing open") != std::string::npos);
  CHECK(xml_problem("</g>").find("closes nothing open") != std::string::npos);
  CHECK(xml_problem("<text>a < b</text>").find("starts no tag") != std::string::npos);
  CHECK(xml_problem("<text>A & B</text>").find("bare '&'") != std::string::npos);
  CHECK(xml_problem("<text title=\"a<b\">x</text>").find("in an attribute's value") != std::string::npos);
  CHECK(xml_problem("<text title=\"a & b\">x</text>").find("in an attribute's value") != std::string::npos);
  CHECK(xml_problem("<circle r=1/>").find("not name=\"value\"") != std::string::npos);
  CHECK(xml_problem("<circle r=\"1\"").find("does not end") != std::string::npos);
  CHECK(xml_problem("<!-- a comment -->").find("starts no tag") != std::string::npos);
}

// Random games from a few seeds, every state drawn for every seat and for -1. The board must be the
// same in every state of a game; a seat's pieces and panel the same in every determinization of its
// information set (a test that fails as soon as a picture shows a card its seat has not seen).
template <Game G>
void check_drawings(GameConfig config, int games) {
  static_assert(HasDrawing<G>, "every game draws its states for the browser viewer (docs/game-concept.md)");
  games = std::max(1, games / testing::kLightFactor);  // sanitizer builds: fewer games, the same checks
  for (int g = 0; g < games; ++g) {
    config.seed = 101 + std::uint64_t(g) * 7919;
    CAPTURE(g);
    typename G::State s = G::initial(config);
    Rng rng(config.seed ^ 0xD4A3);
    const svg::Drawing first = G::Presentation::draw(s, -1);
    REQUIRE(!first.view_box.empty());
    REQUIRE(xml_problem(first.board) == "");
    for (int decision = 0;; ++decision) {
      // Every state of the first 24 decisions, then every 8th, and the last (long games are long).
      if (testing::checked_in_full(decision) || s.to_move() == kTerminal) {
        CAPTURE(decision);
        for (Player p = -1; p < num_players_of<G>(s); ++p) {
          CAPTURE(p);
          const svg::Drawing d = G::Presentation::draw(s, p);
          CHECK(d.view_box == first.view_box);
          CHECK(d.board == first.board);
          for (const std::string* part : {&d.pieces, &d.panel}) {
            const std::string problem = xml_problem(*part);
            CHECK_MESSAGE(problem == "", problem);
          }
          // Drawn at every step of a game: a few KB (the most seen: 17, a Ticket to Ride game of
          // random play, an element with a badge for each of its many claimed routes). The page
          // keeps each element once however many steps show it (viewer::TextTable).
          CHECK(d.pieces.size() + d.panel.size() < 24000);
          if (p < 0 || !hidden_information<G>) continue;
          for (int k = 0; k < 4; ++k) {
            const svg::Drawing seen = G::Presentation::draw(determinize<G>(s, p, rng), p);
            CHECK(seen.pieces == d.pieces);
            CHECK(seen.panel == d.panel);
          }
        }
      }
      if (s.to_move() == kTerminal) break;
      s = testing::random_transition<G>(s, rng).after(s);
    }
  }
}

// Every game of the list at its default configuration (a new game is in it by itself); long
// games play fewer. A game that does not draw (Nim) gets a page with its text picture alone.
TEST_CASE_TEMPLATE_DEFINE(
    "drawing: along random games of every game, the pictures are well-formed, the board fixed, and nothing hidden "
    "shown",
    G, every_game_drawing) {
  if constexpr (HasDrawing<G>) {
    check_drawings<G>({}, G::kMaxGameLength > 400 ? 2 : 4);
  } else {
    const typename G::State start = G::initial({});
    const std::vector<std::string> seats(std::size_t(num_players_of<G>(start)), "random");
    const Json data = viewer_data<G>(transcript_from_notation<G>(start, seats, {}), "text only");
    CHECK(data["drawing"].is_null());
    REQUIRE(data["steps"].size() == 1);
    CHECK(!data["steps"][0].contains("pieces"));
  }
}
TEST_CASE_TEMPLATE_APPLY(every_game_drawing, AllGames::Types);

// Further configurations: hidden cards the defaults do not deal (Sardegna's private fort cards
// come with the alt-sentinel variant), and more seats.
TEST_CASE("drawing: the same checks hold for sardegna at 3 players, alt-sentinel (private fort cards)") {
  GameConfig config;
  config.players = 3;
  config.options["variant"] = "alt-sentinel";
  check_drawings<Sardegna>(config, 2);
}
TEST_CASE("drawing: the same checks hold for goofspiel at 4 players") {
  GameConfig config;
  config.players = 4;
  check_drawings<Goofspiel>(config, 4);
}
TEST_CASE("drawing: the same checks hold for bardagi and ttr at 3 players") {
  GameConfig config;
  config.players = 3;
  check_drawings<Bardagi>(config, 1);
  check_drawings<Ttr>(config, 1);
}
