// Every game, every configuration: the generic invariant suite (tests/invariants.hpp).
#include "invariants.hpp"

#include "games/connect4/connect4.hpp"
#include "games/goofspiel/goofspiel.hpp"
#include "games/kuhn/kuhn.hpp"
#include "games/sardegna/sardegna.hpp"
#include "games/tictactoe/tictactoe.hpp"

using namespace nuraghe;
using testing::check_invariants;

TEST_CASE("tictactoe invariants") { check_invariants<TicTacToe>({}); }
TEST_CASE("connect4 invariants") { check_invariants<Connect4>({}); }
TEST_CASE("kuhn invariants") { check_invariants<Kuhn>({}); }
TEST_CASE("goofspiel invariants, 2 players") { check_invariants<Goofspiel>({}); }

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
TEST_CASE("sardegna invariants, 2 players") { check_invariants<Sardegna>(sardegna_config(2, "base"), 16); }
TEST_CASE("sardegna invariants, 3 players") { check_invariants<Sardegna>(sardegna_config(3, "base"), 8); }
TEST_CASE("sardegna invariants, 4 players") { check_invariants<Sardegna>(sardegna_config(4, "base"), 8); }
TEST_CASE("sardegna invariants, 2 players, alt-sentinel") { check_invariants<Sardegna>(sardegna_config(2, "alt-sentinel"), 16); }
TEST_CASE("sardegna invariants, 4 players, alt-sentinel") { check_invariants<Sardegna>(sardegna_config(4, "alt-sentinel"), 8); }
