// The generic invariant suite (tests/invariants.hpp) for Bardagi beyond its default configuration
// (2 players on Summer, which tests/test_invariants.cpp runs with every game): each player count on
// each side, and the short game. A random Bardagi game is some hundreds of decisions (300 at 2
// players, 440 at 4), each checked with every legal move applied and parsed back, so a few games a
// configuration; the sanitizer builds divide them by testing::kLightFactor, down to one.
#include "invariants.hpp"

#include "games/bardagi/bardagi.hpp"

using nuraghe::Bardagi;
using nuraghe::testing::check_invariants;

namespace {
nuraghe::GameConfig config(int players, const char* side, const char* length = "full") {
  nuraghe::GameConfig c;
  c.players = players;
  c.seed = std::uint64_t(100 * players + 17);  // another deal than the default configuration's
  c.options["side"] = side;
  c.options["length"] = length;
  return c;
}
constexpr int kGames = 2;
}  // namespace

TEST_CASE("invariants: every invariant holds along random games, Summer, 2 players") {
  check_invariants<Bardagi>(config(2, "summer"), kGames);
}
TEST_CASE("invariants: every invariant holds along random games, Summer, 3 players") {
  check_invariants<Bardagi>(config(3, "summer"), kGames);
}
TEST_CASE("invariants: every invariant holds along random games, Summer, 4 players") {
  check_invariants<Bardagi>(config(4, "summer"), kGames);
}
TEST_CASE("invariants: every invariant holds along random games, Summer, 5 players") {
  check_invariants<Bardagi>(config(5, "summer"), kGames);
}
TEST_CASE("invariants: every invariant holds along random games, Winter, 2 players") {
  check_invariants<Bardagi>(config(2, "winter"), kGames);
}
TEST_CASE("invariants: every invariant holds along random games, Winter, 3 players") {
  check_invariants<Bardagi>(config(3, "winter"), kGames);
}
TEST_CASE("invariants: every invariant holds along random games, Summer, 4 players, the short game") {
  check_invariants<Bardagi>(config(4, "summer", "short"), kGames);
}
