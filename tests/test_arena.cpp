// The arena's promises, checked on real games: results independent of --jobs and --shard, and
// honest intervals (two identical bots: the 95% Elo interval covers 0 in at least 90 of 100
// tournaments; intervals shrink as the tournament grows).
#include <doctest/doctest.h>

#include "bots/summary.hpp"
#include "games/connect4/connect4.hpp"
#include "invariants.hpp"

using namespace nuraghe;

namespace {

ArenaSettings connect4_arena(std::vector<std::string> bots, int games, std::uint64_t seed) {
  ArenaSettings a;
  a.game = "connect4";
  a.config.seed = seed;
  a.bots = std::move(bots);
  a.games = games;
  return a;
}

// What must not depend on scheduling: every game's seating, seed, scores and moves.
std::vector<std::string> fingerprint(const std::vector<GameResult>& games) {
  std::vector<std::string> out;
  for (const auto& g : games) {
    Json j = g.line;
    j.erase("seconds");
    j.erase("think_seconds");
    out.push_back(j.dump());
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST_CASE("arena: games do not depend on --jobs or --shard") {
  ArenaSettings a = connect4_arena({"uct:iters=300", "ismcts:iters=300"}, 24, 9);
  a.jobs = 1;
  const auto one = fingerprint(run_arena<Connect4>(a).games);
  a.jobs = 2;
  CHECK(fingerprint(run_arena<Connect4>(a).games) == one);
  std::vector<GameResult> shards;
  for (int i = 0; i < 3; ++i) {
    a.shard = i, a.shards = 3;
    for (auto& g : run_arena<Connect4>(a).games) {
      CHECK(g.deal % 3 == i);
      shards.push_back(std::move(g));
    }
  }
  CHECK(fingerprint(shards) == one);
  CHECK(one.size() == 24);
}

TEST_CASE("arena: every bot plays every seat equally; a deal's rotations share its seed") {
  ArenaSettings a = connect4_arena({"random", "uct:iters=50"}, 20, 3);
  a.jobs = 2;
  const auto games = run_arena<Connect4>(a).games;
  int seat0[2] = {0, 0};
  for (const auto& g : games) {
    ++seat0[g.seat_bot[0]];
    CHECK(g.seed == games[std::size_t(g.deal * 2)].seed);
  }
  CHECK(seat0[0] == 10);
  CHECK(seat0[1] == 10);
}

TEST_CASE("ratings: two identical bots, the 95% Elo interval covers 0 in at least 90 of 100 tournaments") {
  // Random against random in Connect Four: the first player's edge is real, but the duplicate sets
  // give it to both bots alike. Fast enough to run 100 whole tournaments.
  int covered = 0, narrower = 0;
  const int tournaments = testing::kLightFactor > 1 ? 40 : 100;
  for (int seed = 1; seed <= tournaments; ++seed) {
    ArenaSettings a = connect4_arena({"random", "random"}, 60, std::uint64_t(seed));  // two copies of one bot
    const Summary s = summarize(a.bots, run_arena<Connect4>(a).games, a.config.seed, 400);
    covered += s.rows[0].elo_low <= 0 && 0 <= s.rows[0].elo_high;
    // Four times the games: the interval should be about half as wide.
    if (seed <= 10) {
      a.games = 240;
      const Summary big = summarize(a.bots, run_arena<Connect4>(a).games, a.config.seed, 400);
      narrower += (big.rows[0].elo_high - big.rows[0].elo_low) < (s.rows[0].elo_high - s.rows[0].elo_low);
    }
  }
  MESSAGE("interval covered 0 in " << covered << " of " << tournaments << "; narrower with 4x games in " << narrower
                                   << " of 10");
  CHECK(covered >= tournaments * 9 / 10);
  CHECK(narrower >= 9);
}

TEST_CASE("ratings: a stronger bot gets a higher Elo, its interval above the weaker's") {
  ArenaSettings a = connect4_arena({"uct:iters=400", "random"}, 40, 5);
  a.jobs = 2;
  const Summary s = summarize(a.bots, run_arena<Connect4>(a).games, a.config.seed, 400);
  CHECK(s.rows[0].elo > 100);
  CHECK(s.rows[0].elo_low > s.rows[1].elo_high);
  CHECK(s.rows[0].win_low > 0.5);
  CHECK(s.sets == 20);
  CHECK(s.rows[0].mean_rank < s.rows[1].mean_rank);
}
