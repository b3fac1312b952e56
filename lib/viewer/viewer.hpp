#pragma once
// The browser viewer (`replay --html`, `play --html`): one self-contained HTML page that steps
// through a finished game. The page carries the game as one JSON object (viewer_data below) and
// its own CSS and script (lib/viewer/viewer.cpp); it reads no other file and nothing from the network.
//
// What the page shows at each step, for everything or as one seat saw it (a "view": 0 is
// everything, 1 + q is seat q): the board drawn as SVG where the game draws (its Presentation's
// draw, HasDrawing), its pieces and panel, with what the step's move changed on the board marked (as
// that view saw it: the pieces it saw before and after differ); the text picture G::render beside
// it; the move list with the step's move marked; every seat's score under the game's name for it
// (glory, points); and at the end of a finished game, the winner and the score part by part (its
// Presentation's score_report, as `nuraghe score` prints it). A text is kept once however often it
// repeats (a seat's picture that did not change, the picture of a perfect-information game seen by
// every seat), and so is each line of it: the steps hold indices into one table of texts (TextTable).

#include <limits>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "bots/match.hpp"
#include "bots/notation.hpp"
#include "bots/registry.hpp"
#include "core/files.hpp"
#include "core/hooks.hpp"
#include "core/json.hpp"
#include "games/all_presentations.hpp"

namespace nuraghe {
namespace viewer {

// The texts of a page, each kept once, and each kept as its parts, each part once: a text is cut
// after every line end and between two SVG elements ("><"), so two pictures that differ in a line
// or an element share the rest. A game's pictures change little from one step to the next, so a
// text may also name a `base`, an earlier text it resembles (the same view's at the step before),
// and is then written as that text's parts with its own middle in place of the base's: the part
// numbers of a step's pictures no longer fill the page. A 3-player Bardagi game of 503 steps took
// 1.7 MB with each text's parts listed whole, 0.7 MB so.
class TextTable {
 public:
  // The index of `text` in texts(); `base`, where given, that of an earlier text it resembles.
  int add(const std::string& text, int base = -1);
  const std::vector<std::string>& parts() const { return parts_; }
  // Each text as the indices of its parts in parts(), in order.
  const std::vector<std::vector<int>>& texts() const { return texts_; }
  // texts() as the page holds them: each text its list of parts or, where it shares more than three
  // parts with its base, {"base", "prefix", "suffix", "parts"}: the base's first `prefix` parts,
  // then `parts`, then the base's last `suffix`.
  Json encoded() const;

 private:
  std::unordered_map<std::string, int> part_index_, text_index_;
  std::vector<std::string> parts_;
  std::vector<std::vector<int>> texts_;
  std::vector<int> base_;  // per text: the base it was given, or -1
};

// A score as results files and play logs write it (a JSON number: 12.0, 0.5), so that the page's
// figures can be compared with the file's.
inline std::string score_text(double score) { return json_text(Json(score)); }

// Each seat's view of the scores where it cannot know them all (a Ticket to Ride score counts the
// hidden tickets completed): per seat p, every seat's score as score_text, or "?" where it differs
// in one of a few of p's determinizations (so depends on what p cannot see). Null when every seat
// knows every score, as in a game with no hidden information and at the end of any game.
template <Game G>
Json scores_seen(const typename G::State& s) {
  if constexpr (!hidden_information<G>) {
    return nullptr;
  } else {
    if (s.to_move() == kTerminal) return nullptr;
    const int n = num_players_of<G>(s);
    const Values truth = scores_of<G>(s);
    Json seen = Json::array();
    bool hidden = false;
    for (Player p = 0; p < n; ++p) {
      Rng rng(hash_combine(0x5C0, std::uint64_t(p)));
      Values known = truth;
      for (int k = 0; k < 8; ++k) {
        const Values other = scores_of<G>(determinize<G>(s, p, rng));
        for (int q = 0; q < n; ++q)
          if (other[q] != truth[q]) known[q] = std::numeric_limits<double>::quiet_NaN();
      }
      Json row = Json::array();
      for (int q = 0; q < n; ++q) {
        hidden = hidden || known[q] != known[q];
        row.push_back(known[q] == known[q] ? score_text(known[q]) : "?");
      }
      seen.push_back(row);
    }
    return hidden ? seen : Json(nullptr);
  }
}

// The end of a game for the page's last step: {"winners": the seats with the best return (winners_of),
// "report": score_report(s), or "" where the game has none}; null for a game quit before its end.
template <Game G>
Json final_json(const typename G::State& s) {
  if (s.to_move() != kTerminal) return nullptr;
  std::string report;
  if constexpr (HasScoreReport<G>) report = G::Presentation::score_report(s);
  return Json{{"winners", winners_of(s.returns(), num_players_of<G>(s))}, {"report", report}};
}

// The page: `data` (viewer_data) inside the HTML, CSS and script of lib/viewer/viewer.cpp.
std::string page(const std::string& title, const Json& data);

// A page's template with its @TITLE@ (escaped), @DATA@ (script_safe JSON) and @ON_ERROR@ (the
// script that shows an error of the page's own, the same on both) filled in: the viewer's page and
// the live table's (table.hpp).
std::string filled(std::string_view page, const std::string& title, const Json& data);

// `json` made safe to stand inside <script>...</script>: a "<" before "/" or "!" is written as the
// JSON escape \u003c, so that no "</script>" or "<!--" in a text (a picture, a bot's name) ends
// or changes the script element. The JSON means the same.
std::string script_safe(const std::string& json);

}  // namespace viewer

// Which views a page holds: every one (everything and each seat's, with a selector), or one seat's
// alone: a page to hand to that seat's player, which holds nothing the seat did not see.
enum class PageViews { Every, SeatOnly };

// The game as the page reads it:
//   {"title", "game", "seats": [bot per seat], "labels": [its label= or the spec, bot_name],
//    "colours": [each seat's colour on the board, for the score chart], "seat": the view the page
//    opens at (-1: everything),
//    "views": [the views it holds], "drawing": {"view_box", "board"} or null, "score_name",
//    "final": {"winners": [seats], "report"} or null, "parts": [...], "texts": TextTable::encoded(),
//    "steps": [{"mover", "move": [per view], "pieces": [per view], "panel": [per view],
//               "text": [per view], "scores", "scores_seen" where a seat cannot see every score}]}
// Views are numbered 0 (everything) and 1 + q (seat q); a view the page does not hold is null in
// the per-view lists. Step 0 is the start (no mover or move); step k the state after decision k.
// "board", "move", a step's "pieces", "panel" and "text" are indices into "texts" (TextTable);
// "mover" is "player P" or "all", as `replay` prints it; "scores" are every seat's scores_of<G>(s)
// as score_text (in a SeatOnly page, the scores that seat can know: scores_seen), headed
// "score_name" (score_name_of<G>). "final" is null for a game quit before its end; else the seats
// with the best return and the game's score_report ("" where it has none): the game is over, so
// every seat sees it whole.
template <Game G>
Json viewer_data(const Transcript<G>& t, const std::string& title, Player seat = -1,
                 PageViews views = PageViews::Every) {
  const int n = num_players_of<G>(t.start);
  viewer::TextTable texts;
  const auto observer = [](int view) { return Player(view - 1); };
  const bool seat_only = views == PageViews::SeatOnly && seat >= 0;
  const auto held = [&](int view) { return !seat_only || view == seat + 1; };
  Json held_views = Json::array();
  for (int view = 0; view <= n; ++view)
    if (held(view)) held_views.push_back(view);
  // One entry a view: f(view) for a view the page holds, null for another.
  const auto per_view = [&](auto&& f) {
    Json out = Json::array();
    for (int view = 0; view <= n; ++view) out.push_back(held(view) ? Json(f(view)) : Json(nullptr));
    return out;
  };
  // What each view sees of s, and the scores. A view's picture is kept as its difference from the
  // same view's at the step before (`previous`, where there is one).
  const auto step_json = [&](const typename G::State& s, const Json* previous) {
    const auto base = [&](const char* key, int view) { return previous ? int((*previous)[key][view]) : -1; };
    Json scores = Json::array();
    const Values v = scores_of<G>(s);
    for (int p = 0; p < n; ++p) scores.push_back(viewer::score_text(v[p]));
    const Json seen = viewer::scores_seen<G>(s);
    Json step{
        {"text", per_view([&](int view) { return texts.add(render_of<G>(s, observer(view)), base("text", view)); })},
        {"scores", seat_only && !seen.is_null() ? seen[std::size_t(seat)] : scores}};
    if (!seen.is_null() && !seat_only) step["scores_seen"] = seen;
    if constexpr (HasDrawing<G>) {
      std::vector<svg::Drawing> drawn(std::size_t(n + 1));
      for (int view = 0; view <= n; ++view)
        if (held(view)) drawn[std::size_t(view)] = G::Presentation::draw(s, observer(view));
      step["pieces"] =
          per_view([&](int view) { return texts.add(drawn[std::size_t(view)].pieces, base("pieces", view)); });
      step["panel"] =
          per_view([&](int view) { return texts.add(drawn[std::size_t(view)].panel, base("panel", view)); });
    }
    return step;
  };

  Json drawing = nullptr;
  if constexpr (HasDrawing<G>) {
    const svg::Drawing first = G::Presentation::draw(t.start, -1);
    drawing = Json{{"view_box", first.view_box}, {"board", texts.add(first.board)}};
  }
  Json labels = Json::array(), colours = Json::array();
  for (int p = 0; p < n; ++p) {
    labels.push_back(bot_name(t.seats[std::size_t(p)]));
    colours.push_back(svg::seat_colour(p));
  }
  Json steps = Json::array();
  steps.push_back(step_json(t.start, nullptr));
  t.for_each_step([&](const typename G::State& before, const MoveRecord& m, const typename G::State& after) {
    Json step = step_json(after, &steps.back());
    step["mover"] = mover_name(m.player);
    step["move"] = per_view([&](int view) { return texts.add(move_text_seen_by<G>(before, m, observer(view))); });
    steps.push_back(std::move(step));
  });
  return Json{{"title", title},
              {"game", G::kName},
              {"seats", t.seats},
              {"labels", labels},
              {"colours", colours},
              {"seat", seat},
              {"views", held_views},
              {"drawing", drawing},
              {"score_name", std::string(score_name_of<G>())},
              {"final", viewer::final_json<G>(t.final_state())},
              {"parts", texts.parts()},
              {"texts", texts.encoded()},
              {"steps", steps}};
}

// Writes the page of `t` to `path`, which the caller has checked (check_output_path) before the
// game was played or read.
template <Game G>
void write_viewer_page(const Transcript<G>& t, const std::string& title, const std::string& path, Player seat = -1,
                       PageViews views = PageViews::Every) {
  OutputFile out(path, "--html file");
  out.write(viewer::page(title, viewer_data<G>(t, title, seat, views)));
  out.close();
}

}  // namespace nuraghe
