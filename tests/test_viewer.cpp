// The browser viewer's page (lib/viewer/viewer.hpp), read back as the page's script reads it: the data
// embedded once and intact whatever the texts hold, each text once however often it repeats, the
// scores as the logs write them, and a seat's view showing only what that seat could tell. The
// page in a real browser: tests/viewer_browser_test.sh.
#include <doctest/doctest.h>

#include <set>

#include "core/hooks.hpp"
#include "games/kuhn/presentation.hpp"
#include "games/tictactoe/presentation.hpp"
#include "games/ttr/presentation.hpp"
#include "toy_games.hpp"
#include "viewer/viewer.hpp"

using namespace nuraghe;

namespace {

// Tic-tac-toe drawn: a grid that never changes, and pieces that say who looks (every seat sees the
// same, everything is drawn otherwise) and how many marks are down. Its own Presentation.
struct DrawnTicTacToe : TicTacToe {
  static constexpr std::string_view kGrid = R"(<path id="grid" d="M1 0V3M2 0V3M0 1H3M0 2H3"/>)";
  struct Presentation {
    static svg::Drawing draw(const State& s, Player p) {
      const int marks = std::popcount(unsigned(s.marks[0] | s.marks[1]));
      const std::string pieces =
          p < 0 ? "<text>everything</text>" : "<text>a seat sees " + std::to_string(marks) + " marks</text>";
      return {"0 0 3 3", std::string(kGrid), pieces, ""};
    }
  };
};
// Tic-tac-toe as a game that does not draw (every game of the list draws; the page still serves one
// that does not, with its text picture alone): its Presentation, derived from Tic-tac-toe's, hides
// tictactoe::Presentation::draw with a NoPart.
struct UndrawnTicTacToe : TicTacToe {
  struct Presentation : tictactoe::Presentation {
    static constexpr NoPart draw{};
  };
};
static_assert(HasDrawing<DrawnTicTacToe> && !HasDrawing<UndrawnTicTacToe>);

// Tic-tac-toe whose picture would end the page's data early if it were written as it is.
struct ScriptTicTacToe : TicTacToe {
  static std::string render(const State&, Player) { return "</script><!-- <script>alert(1)</script>"; }
};

// Rock-paper-scissors where each seat learns only its own choice.
struct SecretRps : testing::BiasedRps {
  static std::uint64_t observe_joint(const State&, const JointMove& j, Player o) { return j[std::size_t(o)]; }
};

// The column a for X (seat 0): a1, b1, a2, b2, a3.
template <Game G>
Transcript<G> column_game() {
  return transcript_from_notation<G>(G::initial(GameConfig{}), {"random", "uct:iters=10"},
                                     {"a1", "b1", "a2", "b2", "a3"});
}

// The data as the page's script finds it: the text of <script id="game-data">, parsed.
Json embedded_data(const std::string& page) {
  const std::string open = R"(<script type="application/json" id="game-data">)";
  const auto start = page.find(open);
  REQUIRE(start != std::string::npos);
  const auto end = page.find("</script>", start);
  REQUIRE(end != std::string::npos);
  return Json::parse(page.substr(start + open.size(), end - start - open.size()));
}

std::size_t count(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

// A text of the page's table, joined from its parts as the page's script joins it: a text is its
// list of parts, or its base's with its own middle (TextTable::encoded).
std::vector<std::size_t> parts_of(const Json& texts, std::size_t i) {
  const Json& t = texts[i];
  if (t.is_array()) return t.get<std::vector<std::size_t>>();
  REQUIRE(t["base"].get<std::size_t>() < i);
  const auto base = parts_of(texts, t["base"]);
  const std::size_t prefix = t["prefix"], suffix = t["suffix"];
  REQUIRE(prefix + suffix <= base.size());
  std::vector<std::size_t> out(base.begin(), base.begin() + std::ptrdiff_t(prefix));
  for (const auto& k : t["parts"]) out.push_back(k);
  out.insert(out.end(), base.end() - std::ptrdiff_t(suffix), base.end());
  return out;
}
std::string text_at(const Json& data, const Json& index) {
  std::string text;
  for (const std::size_t part : parts_of(data["texts"], index.get<std::size_t>())) text += data["parts"][part];
  return text;
}

}  // namespace

TEST_CASE("viewer: a text like an earlier one is written as its difference from it") {
  viewer::TextTable table;
  CHECK(table.add("a\nb\nc\nd\ne\n") == 0);
  CHECK(table.add("a\nb\nX\nY\nd\ne\n", 0) == 1);  // the step after: c became X and Y
  CHECK(table.add("a\nZ\n", 1) == 2);              // too little in common: written whole
  CHECK(table.add("q\nb\nc\nd\ne\n", 5) == 3);     // a base that is not earlier is no base
  const Json encoded = table.encoded();
  CHECK(encoded[0] == Json{0, 1, 2, 3, 4});
  CHECK(encoded[1] == Json{{"base", 0}, {"prefix", 2}, {"suffix", 2}, {"parts", {5, 6}}});
  CHECK(encoded[2] == Json{0, 7});
  CHECK(encoded[3] == Json{8, 1, 2, 3, 4});
  const Json data{{"parts", table.parts()}, {"texts", encoded}};
  CHECK(text_at(data, 1) == "a\nb\nX\nY\nd\ne\n");
}

TEST_CASE("viewer: a text is kept as its lines and SVG elements, each once") {
  viewer::TextTable table;
  CHECK(table.add("a\nb\n") == 0);
  CHECK(table.add("a\nc") == 1);
  CHECK(table.add("<g><circle r=\"1\"/></g>\n<rect/>") == 2);
  CHECK(table.add("a\nb\n") == 0);
  CHECK(table.add("") == 3);
  CHECK(table.parts() == std::vector<std::string>{"a\n", "b\n", "c", "<g>", "<circle r=\"1\"/>", "</g>\n", "<rect/>"});
  CHECK(table.texts() == std::vector<std::vector<int>>{{0, 1}, {0, 2}, {3, 4, 5, 6}, {}});
}

TEST_CASE("viewer: a step per decision after the start, each with its mover, move, picture and scores") {
  const Json data = viewer_data<UndrawnTicTacToe>(column_game<UndrawnTicTacToe>(), "column a");
  CHECK(data["title"] == "column a");
  CHECK(data["game"] == "tictactoe");
  CHECK(data["seats"] == Json{"random", "uct:iters=10"});
  CHECK(data["seat"] == -1);
  CHECK(data["drawing"].is_null());  // the game does not draw: the text picture only
  const Json& steps = data["steps"];
  REQUIRE(steps.size() == 6);
  CHECK(!steps[0].contains("mover"));
  CHECK(!steps[0].contains("move"));
  CHECK(!steps[0].contains("pieces"));
  CHECK(text_at(data, steps[0]["text"][0]) == "3 ...\n2 ...\n1 ...\n  abc\n");
  CHECK(steps[2]["mover"] == "player 1");
  CHECK(text_at(data, steps[2]["move"][0]) == "b1");
  CHECK(steps[5]["mover"] == "player 0");
  CHECK(text_at(data, steps[5]["move"][0]) == "a3");
  // Scores as play logs and results files write them (JSON numbers), at every step.
  CHECK(steps[4]["scores"] == Json{"0.0", "0.0"});
  CHECK(steps[5]["scores"] == Json{"1.0", "0.0"});
}

TEST_CASE("viewer: the last picture is the final position") {
  const Json data = viewer_data<TicTacToe>(column_game<TicTacToe>(), "column a");
  CHECK(text_at(data, data["steps"][5]["text"][0]) == "3 X..\n2 XO.\n1 XO.\n  abc\n");
}

TEST_CASE("viewer: each text is kept once, however many steps and seats show it") {
  const Json data = viewer_data<DrawnTicTacToe>(column_game<DrawnTicTacToe>(), "drawn");
  const auto& parts = data["parts"];
  const auto& texts = data["texts"];
  CHECK(std::set<std::string>(parts.begin(), parts.end()).size() == parts.size());
  CHECK(std::set<Json>(texts.begin(), texts.end()).size() == texts.size());
  CHECK(data["drawing"]["view_box"] == "0 0 3 3");
  CHECK(text_at(data, data["drawing"]["board"]) == DrawnTicTacToe::kGrid);
  for (const auto& step : data["steps"]) {
    REQUIRE(step["pieces"].size() == 3);  // everything, seat 0, seat 1
    CHECK(text_at(data, step["pieces"][0]) == "<text>everything</text>");
    CHECK(step["pieces"][1] == step["pieces"][2]);  // both seats see one picture: one string
    CHECK(step["text"][0] == step["text"][1]);      // tic-tac-toe's picture is everyone's
  }
  CHECK(text_at(data, data["steps"][3]["pieces"][2]) == "<text>a seat sees 3 marks</text>");
  // The board is in the page once, not once a step.
  CHECK(count(viewer::page("drawn", data), "M1 0V3M2 0V3M0 1H3M0 2H3") == 1);
}

TEST_CASE("viewer: a seat's view of a simultaneous move shows only what that seat could tell") {
  const auto t = transcript_from_notation<SecretRps>(SecretRps::initial(GameConfig{}), {"a", "b"}, {"R,S"});
  const Json data = viewer_data<SecretRps>(t, "secret", 1);
  const Json& step = data["steps"][1];
  CHECK(step["mover"] == "all");
  CHECK(text_at(data, step["move"][0]) == "R,S");
  CHECK(text_at(data, step["move"][1]) == "R,?");
  CHECK(text_at(data, step["move"][2]) == "?,S");
  CHECK(step["scores"] == Json{"2.0", "-2.0"});
  CHECK(data["seat"] == 1);  // the page opens at seat 1's view
}

TEST_CASE("viewer: the page carries its data intact, whatever the texts hold") {
  const auto t = column_game<ScriptTicTacToe>();
  const Json data = viewer_data<ScriptTicTacToe>(t, "a <b> & \"c\"");
  const std::string page = viewer::page("a <b> & \"c\"", data);
  CHECK(embedded_data(page) == data);
  CHECK(count(page, "</script>") == 3);  // the page's own three script elements, none from a text
  CHECK(count(page, "<!--") == 0);
  CHECK(page.find("<title>a &lt;b&gt; &amp; &quot;c&quot;</title>") != std::string::npos);
  CHECK(page.find("<h1>a &lt;b&gt; &amp; &quot;c&quot;</h1>") != std::string::npos);
}

TEST_CASE("viewer: the page needs no other file and no network") {
  const std::string page = viewer::page("drawn", viewer_data<DrawnTicTacToe>(column_game<DrawnTicTacToe>(), "drawn"));
  CHECK(page.rfind("<!DOCTYPE html>", 0) == 0);
  CHECK(count(page, "src=") == 0);
  CHECK(count(page, "href=") == 0);
  CHECK(count(page, "@import") == 0);
  CHECK(count(page, "url(") == 0);
  CHECK(count(page, "fetch(") == 0);
}

TEST_CASE("viewer: script_safe escapes only what could end or open a markup section") {
  CHECK(viewer::script_safe(R"(["</script>","<!--","a<b","<"])") == R"(["\u003c/script>","\u003c!--","a<b","<"])");
}

TEST_CASE("viewer: a seat's view shows the scores it can know, and '?' for those hidden tickets make") {
  // A Ticket to Ride score counts the tickets completed or failed, which only their holder sees.
  GameConfig config;
  config.seed = 5;
  RandomBot<Ttr> a(1), b(2);
  const GameRecord record = play_game<Ttr>(Ttr::initial(config), {&a, &b});
  std::vector<std::string> texts;
  for (const auto& m : record.moves) texts.push_back(m.text);
  const auto t = transcript_from_notation<Ttr>(Ttr::initial(config), {"random", "random"}, texts);
  const Json data = viewer_data<Ttr>(t, "ttr");
  const Json& steps = data["steps"];
  int hidden = 0;
  for (std::size_t k = 0; k < steps.size(); ++k) {
    const Json& step = steps[k];
    if (!step.contains("scores_seen")) continue;
    REQUIRE(step["scores_seen"].size() == 2);
    for (int p = 0; p < 2; ++p)
      for (int q = 0; q < 2; ++q) {
        const Json& shown = step["scores_seen"][p][q];
        if (shown == "?") ++hidden;
        else CHECK(shown == step["scores"][q]);  // a score shown is the true one
        if (q == p) CHECK(shown != "?");         // a seat knows its own
      }
  }
  CHECK(hidden > 0);                             // the hidden tickets do show in scores mid-game
  CHECK(!steps.back().contains("scores_seen"));  // the end is public
  CHECK(json_text(viewer_data<TicTacToe>(column_game<TicTacToe>(), "")).find("scores_seen") == std::string::npos);
}

TEST_CASE("viewer: a seat's page holds that seat's view alone, nothing it did not see") {
  // Kuhn poker: seat 0 holds the king, seat 1 the jack, the queen is out; seat 1's page must not
  // name the king or the queen anywhere until a showdown shows seat 0's card.
  const auto t = transcript_from_notation<Kuhn>(
      Kuhn::from_json(Json{{"game", "kuhn"}, {"cards", {"K", "J", "Q"}}, {"history", ""}}), {"random", "random"},
      {"bet", "pass"});  // seat 1 folds: no showdown
  const Json every = viewer_data<Kuhn>(t, "kuhn", 1), own = viewer_data<Kuhn>(t, "kuhn", 1, PageViews::SeatOnly);
  CHECK(every["views"] == Json{0, 1, 2});
  CHECK(own["views"] == Json{2});
  const auto shows = [](const Json& data, const std::string& card) {
    for (const auto& part : data["parts"])
      if (part.get<std::string>().find(card) != std::string::npos) return true;
    return false;
  };
  CHECK(shows(every, "K"));  // the page of every view shows the king (to "everything" and seat 0)
  CHECK(!shows(own, "K"));
  CHECK(!shows(own, "Q"));
  CHECK(shows(own, "J"));
  for (const auto& step : own["steps"]) {
    CHECK(step["text"][0].is_null());
    CHECK(step["text"][1].is_null());
    CHECK(!step["text"][2].is_null());
    CHECK(!step.contains("scores_seen"));
  }
}

TEST_CASE("viewer: the last step names the winners and the score part by part; a game quit early has neither") {
  // Tic-tac-toe: X wins the column; the scores are headed by the default name.
  const Json won = viewer_data<TicTacToe>(column_game<TicTacToe>(), "column a");
  CHECK(won["final"]["winners"] == Json{0});
  CHECK(won["final"]["report"] == "");  // tic-tac-toe has no score_report
  CHECK(won["score_name"] == "score");
  // Kuhn poker: seat 1 folds to the bet; the scores count chips.
  const auto folded = transcript_from_notation<Kuhn>(
      Kuhn::from_json(Json{{"game", "kuhn"}, {"cards", {"K", "J", "Q"}}, {"history", ""}}), {"random", "random"},
      {"bet", "pass"});
  const Json kuhn = viewer_data<Kuhn>(folded, "kuhn");
  CHECK(kuhn["final"]["winners"] == Json{0});
  CHECK(kuhn["score_name"] == "chips");
  // A draw is a win shared by both seats.
  const auto drawn = transcript_from_notation<TicTacToe>(TicTacToe::initial(GameConfig{}), {"random", "random"},
                                                         {"a1", "b1", "c1", "b2", "a2", "a3", "c2", "c3", "b3"});
  REQUIRE(drawn.final_state().to_move() == kTerminal);
  CHECK(viewer_data<TicTacToe>(drawn, "draw")["final"]["winners"] == Json{0, 1});
  // Quit after two moves: no winner to show.
  const auto quit =
      transcript_from_notation<TicTacToe>(TicTacToe::initial(GameConfig{}), {"random", "random"}, {"a1", "b1"});
  CHECK(viewer_data<TicTacToe>(quit, "quit")["final"].is_null());
}

TEST_CASE("viewer: a game that draws sends its panel beside the pieces, per view") {
  const Json data = viewer_data<DrawnTicTacToe>(column_game<DrawnTicTacToe>(), "drawn");
  for (const auto& step : data["steps"]) {
    REQUIRE(step["panel"].size() == 3);
    CHECK(text_at(data, step["panel"][0]) == "");  // DrawnTicTacToe draws no panel
  }
}
