// Bardagi's heuristic player (issue 13, item 6): legal, and stronger than random play.
#include <doctest/doctest.h>

#include "bots/arena.hpp"
#include "bots/summary.hpp"
#include "games/bardagi/bardagi.hpp"
#include "games/bardagi/heuristic.hpp"
#include "invariants.hpp"

TEST_CASE("heuristic: beats random in at least 90% of two-player games, on both sides") {
  for (const char* side : {"summer", "winter"}) {
    nuraghe::ArenaSettings a;
    a.config.players = 2;
    a.config.seed = 5;
    a.config.options["side"] = side;
    a.bots = {"heuristic", "random"};
    a.games = nuraghe::testing::kLightFactor > 1 ? 20 : 60;
    a.jobs = 2;
    const auto table = nuraghe::summarize(a.bots, nuraghe::run_arena<nuraghe::Bardagi>(a).games, a.config.seed).rows;
    MESSAGE(std::string(side) << ": heuristic vs random: " << 100 * table[0].wins / table[0].games << "% of "
                              << table[0].games << " games");
    CHECK(table[0].wins / table[0].games >= 0.9);
  }
}
