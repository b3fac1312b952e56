// What a browser seat of `play --serve` is sent (lib/viewer/table.hpp), along random games of every
// game: a seat's view is the same in every determinization of what it cannot see (the server sends
// nothing else of the game but the moves as the seat saw them, which move_text_seen_by gives and
// the invariant suite checks); its decision lists its legal moves in notation that reads back as
// those moves; and every board place a move names is an element of the drawing a person can click.
// The server over HTTP and the page in a browser: tests/table_http_test.py, table_browser_test.py.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "bots/games.hpp"
#include "bots/notation.hpp"
#include "core/hooks.hpp"
#include "games/all_presentations.hpp"
#include "invariants.hpp"
#include "viewer/table.hpp"

using namespace nuraghe;

namespace {

// Whether seat p has a decision at s (alone, or at a simultaneous node).
template <Game G>
bool decides(const typename G::State& s, Player p) {
  if (s.to_move() != p && s.to_move() != kSimultaneous) return false;
  MoveListOf<G> moves;
  legal_moves_of<G>(s, p, moves);
  return moves.size() > 0;
}

// Random games from a few seeds; every seat's view at the first decisions, then every 8th, and the
// end. Returns how many legal moves offered named a place on the board.
template <Game G>
int check_views(GameConfig config, int games) {
  games = std::max(1, games / testing::kLightFactor);
  int with_places = 0;
  for (int g = 0; g < games; ++g) {
    config.seed = 211 + std::uint64_t(g) * 7919;
    CAPTURE(g);
    typename G::State s = G::initial(config);
    Rng rng(config.seed ^ 0x7AB1E);
    std::string drawn_board;
    if constexpr (HasDrawing<G>) drawn_board = G::Presentation::draw(s, -1).board;
    for (int decision = 0;; ++decision) {
      if (testing::checked_in_full(decision) || s.to_move() == kTerminal) {
        CAPTURE(decision);
        for (Player p = 0; p < num_players_of<G>(s); ++p) {
          CAPTURE(p);
          const bool deciding = decides<G>(s, p);
          const Json view = seat_view<G>(s, p, deciding);
          // The end shows every seat everything (the final score names every ticket): before it,
          // nothing a seat cannot see may change what it is sent.
          if (hidden_information<G> && s.to_move() != kTerminal) {
            for (int k = 0; k < 3; ++k) {
              const Json seen = seat_view<G>(determinize<G>(s, p, rng), p, deciding);
              std::string differs;
              for (const auto& [key, value] : view.items())
                if (seen[key] != value) differs += " " + key;
              CHECK_MESSAGE(differs.empty(), "seat " << p << "'s view differs in a determinization in" << differs);
            }
          }
          if (!deciding) {
            CHECK(view["decision"].is_null());
            continue;
          }
          MoveListOf<G> moves;
          legal_moves_of<G>(s, p, moves);
          const Json& offered = view["decision"];
          REQUIRE(offered["moves"].size() == moves.size());
          REQUIRE(offered["help"].size() == moves.size());
          REQUIRE(offered["places"].size() == moves.size());
          std::string pieces;
          if constexpr (HasDrawing<G>) pieces = G::Presentation::draw(s, p).pieces;
          for (std::size_t i = 0; i < moves.size(); ++i) {
            const std::string text = offered["moves"][i].get<std::string>();
            CAPTURE(text);
            CHECK(parse_legal_move<G>(s, p, text) == moves[i]);
            for (const auto& place : offered["places"][i]) {
              const std::string key = place.get<std::string>();
              const auto colon = key.find(':');
              REQUIRE(colon != std::string::npos);
              const std::string attribute =
                  "data-" + key.substr(0, colon) + "=\"" + svg::escaped(key.substr(colon + 1)) + "\"";
              const bool drawn =
                  drawn_board.find(attribute) != std::string::npos || pieces.find(attribute) != std::string::npos;
              CHECK_MESSAGE(drawn, "no element of the drawing is marked " << attribute);
            }
            with_places += !offered["places"][i].empty();
          }
        }
      }
      if (s.to_move() == kTerminal) break;
      s = testing::random_transition<G>(s, rng).after(s);
    }
  }
  return with_places;
}

}  // namespace

TEST_CASE_TEMPLATE_DEFINE("table: along random games, a seat's view hides what it cannot see and offers its moves", G,
                          every_game_table) {
  const int with_places = check_views<G>({}, G::kMaxGameLength > 400 ? 2 : 4);
  if constexpr (HasMovePlaces<G>) CHECK(with_places > 0);  // the hook is wired: some moves are clicked on the board
}
TEST_CASE_TEMPLATE_APPLY(every_game_table, AllGames::Types);

TEST_CASE("table: the hidden cards of more seats and of Sardegna's private fort cards stay hidden") {
  GameConfig three;
  three.players = 3;
  CHECK(check_views<Bardagi>(three, 1) > 0);
  CHECK(check_views<Ttr>(three, 1) > 0);
  three.options["variant"] = "alt-sentinel";
  CHECK(check_views<Sardegna>(three, 1) > 0);
}

TEST_CASE("table: Ticket to Ride's moves name their routes and cities, and a keep its tickets") {
  const Ttr::State s = Ttr::initial({});
  const Json decision = decision_json<Ttr>(s, 0);  // the first decision: which tickets to keep
  REQUIRE(decision["moves"].size() > 1);
  for (std::size_t i = 0; i < decision["moves"].size(); ++i) {
    CAPTURE(decision["moves"][i]);
    const std::string help = decision["help"][i].get<std::string>();
    CHECK(help.find(" - ") != std::string::npos);  // "Olbia - Calasetta; ..."
    CHECK(decision["places"][i].empty());
  }
}

TEST_CASE("table: the page carries its fixed data intact and fetches everything else from its address") {
  const Ttr::State s = Ttr::initial({});
  const Json fixed = table_fixed<Ttr>(s, "ttr </script> test", 1, {"uct", "human"});
  const std::string page = table_page("ttr </script> test", fixed);
  const std::string open = "<script type=\"application/json\" id=\"table-data\">";
  const auto start = page.find(open);
  REQUIRE(start != std::string::npos);
  const auto end = page.find("</script>", start);
  REQUIRE(end != std::string::npos);
  CHECK(Json::parse(page.substr(start + open.size(), end - start - open.size())) == fixed);
  CHECK(fixed["seat"] == 1);
  CHECK(fixed["drawing"]["board"].get<std::string>().find("data-route=") != std::string::npos);
  // Nothing from elsewhere: what it fetches is its own address's.
  CHECK(page.find("src=") == std::string::npos);
  CHECK(page.find("href=") == std::string::npos);
  CHECK(page.find("url(") == std::string::npos);
  CHECK(page.find("fetch(base + '/state?seen='") != std::string::npos);
}
