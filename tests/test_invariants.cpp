// Every game, every configuration: the generic invariant suite (tests/invariants.hpp).
#include "invariants.hpp"

#include "bots/games.hpp"

using namespace nuraghe;
using testing::check_invariants;

// Every game of the list (lib/games/games.txt) at its default configuration, one test case per
// game: a new game is in the suite without a line here. Long games play fewer random games.
TEST_CASE_TEMPLATE_DEFINE("invariants at the default configuration", G, every_game) {
  check_invariants<G>({}, testing::default_game_count<G>());
}
TEST_CASE_TEMPLATE_APPLY(every_game, AllGames::Types);

// Further configurations.
GameConfig goofspiel(int players, const char* cards) {
  GameConfig c;
  c.players = players;
  c.options["cards"] = cards;
  return c;
}
TEST_CASE("goofspiel invariants, 3 players, 6 cards") { check_invariants<Goofspiel>(goofspiel(3, "6")); }
TEST_CASE("goofspiel invariants, 5 players, 4 cards") { check_invariants<Goofspiel>(goofspiel(5, "4")); }

GameConfig sardegna_config(int players, const char* variant) {
  GameConfig c;
  c.players = players;
  c.options["variant"] = variant;
  return c;
}
// (2 players, base: the default configuration above, with as many games.)
TEST_CASE("sardegna invariants, 3 players") { check_invariants<Sardegna>(sardegna_config(3, "base"), 8); }
TEST_CASE("sardegna invariants, 4 players") { check_invariants<Sardegna>(sardegna_config(4, "base"), 8); }
TEST_CASE("sardegna invariants, 2 players, alt-sentinel") {
  check_invariants<Sardegna>(sardegna_config(2, "alt-sentinel"), 16);
}
TEST_CASE("sardegna invariants, 4 players, alt-sentinel") {
  check_invariants<Sardegna>(sardegna_config(4, "alt-sentinel"), 8);
}
