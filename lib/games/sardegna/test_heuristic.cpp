// Sardegna's heuristic player against random play, and what it and the search rely on: random_move
// draws as legal_moves() does, fort_points gives what score_fort would add.
#include <doctest/doctest.h>

#include <cstdint>

#include "arena/arena.hpp"
#include "arena/summary.hpp"
#include "bots/games.hpp"
#include "games/sardegna/sardegna.hpp"
#include "games/sardegna/test_helpers.hpp"
#include "invariants.hpp"

using namespace nuraghe;
using namespace nuraghe::sardegna::test;

TEST_CASE("heuristic: beats random in at least 90% of two-player games") {
  ArenaSettings a;
  a.config.players = 2;
  a.config.seed = 11;
  a.bots = {"heuristic", "random"};
  a.games = testing::kLightFactor > 1 ? 20 : 100;
  a.jobs = 2;
  const auto table = summarize(a.bots, run_arena<Sardegna>(a).games, a.config.seed).rows;
  MESSAGE("heuristic vs random: " << 100 * table[0].wins / table[0].games << "% of " << table[0].games << " games");
  CHECK(table[0].wins / table[0].games >= 0.9);
  // Both rule sets.
  a.config.options["variant"] = "alt-sentinel";
  const auto variant = summarize(a.bots, run_arena<Sardegna>(a).games, a.config.seed).rows;
  CHECK(variant[0].wins / variant[0].games >= 0.9);
}

TEST_CASE("random_move: exactly legal_moves()[rng.below(n)], uniform over every legal move") {
  Rng walk(5);
  int checked = 0;
  for (int game = 0; game < 6; ++game) {
    S s = empty_game(2 + game % 3, game % 2 == 1, std::uint64_t(game) + 3);
    while (s.to_move() != kTerminal) {
      SG::MoveList moves;
      s.legal_moves(moves);
      Rng a(walk.next());
      Rng b = a;
      const Move fast = s.random_move(a);
      CHECK(fast == moves[b.below(std::uint32_t(moves.size()))]);
      CHECK(a == b);  // the same random numbers were drawn
      ++checked;
      s.apply(moves[walk.below(std::uint32_t(moves.size()))]);
    }
  }
  CHECK(checked > 500);
}

TEST_CASE("fort_points: what score_fort would add, for every seat and every fort space") {
  // The heuristic and the scoring explanation ask fort_points instead of scoring a copy.
  for (int players = 2; players <= 4; ++players) {
    GameConfig c;
    c.players = players;
    c.seed = std::uint64_t(players);
    S s = SG::initial(c);
    Rng rng(std::uint64_t(40 + players));
    for (int ply = 0; s.to_move() != kTerminal; ++ply) {
      if (ply % 7 == 0)
        for (int f = 0; f < SG::kForts; ++f) {
          int points[SG::kMaxPlayers] = {};
          s.fort_points(f, points);
          S scored = s;
          scored.score_fort(f);
          for (int p = 0; p < SG::kMaxPlayers; ++p) CHECK(points[p] == scored.score[p] - s.score[p]);
        }
      s.apply(random_legal_move<SG>(s, s.to_move(), rng));
    }
  }
}
