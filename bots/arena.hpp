#pragma once
// A tournament: every bot plays every seat equally often, and every rotation of a table replays the
// same deal ("duplicate"), so the luck of the deal cancels between the bots. Games run in parallel
// (OpenMP); each game's seed and each bot's seed are hashes of --seed, the deal and the seat, so the
// results do not depend on --jobs.

#include <cstdio>
#include <string>
#include <vector>

#include "bots/match.hpp"
#include "bots/registry.hpp"
#include "core/stats.hpp"
#include "search/parallel.hpp"

namespace nuraghe {

struct ArenaSettings {
  GameConfig config;               // players, options, map; config.seed is the tournament seed
  std::vector<std::string> bots;   // one spec per seat
  int games = 0;                   // a multiple of the seat count
  int jobs = 1;
};

struct ArenaGame {
  int index = 0;
  std::uint64_t seed = 0;
  std::vector<int> seat_bot;  // seat_bot[seat] = index into ArenaSettings::bots
  GameRecord record;
};

struct BotSummary {
  std::string spec;
  int games = 0;
  double wins = 0;          // a win shared by k seats counts 1/k
  double score_sum = 0, return_sum = 0, seconds = 0;
  long long moves = 0;
};

// Game g is deal g / n with the bots rotated g % n seats.
inline std::vector<int> arena_seating(int game, int seats) {
  std::vector<int> seat_bot(seats);
  for (int s = 0; s < seats; ++s) seat_bot[s] = (s + game) % seats;
  return seat_bot;
}

template <Game G>
std::vector<ArenaGame> run_arena(const ArenaSettings& a) {
  const auto probe = G::initial(a.config);  // validates players and options once, up front
  const int n = probe.num_players();
  if (int(a.bots.size()) != n)
    input_error("arena: " + std::to_string(a.bots.size()) + " bots for " + std::to_string(n) + " seats (give one --bot per seat)");
  if (a.games <= 0 || a.games % n != 0)
    input_error("arena: --games must be a positive multiple of the seat count " + std::to_string(n) + " so that every bot plays every seat equally");
  for (const auto& spec : a.bots) make_bot<G>(spec, 0);  // reject bad specs before any game runs

  std::vector<ArenaGame> results(a.games);
  parallel_for_dynamic(a.games, a.jobs, [&](int g) {
    ArenaGame& game = results[g];
    game.index = g;
    game.seed = hash_combine(a.config.seed, std::uint64_t(g / n));
    game.seat_bot = arena_seating(g, n);
    GameConfig config = a.config;
    config.seed = game.seed;
    std::vector<std::unique_ptr<Bot<G>>> owned;
    std::vector<Bot<G>*> seats;
    for (int s = 0; s < n; ++s) {
      owned.push_back(make_bot<G>(a.bots[game.seat_bot[s]], hash_combine(game.seed, std::uint64_t(s) + 1)));
      seats.push_back(owned.back().get());
    }
    game.record = play_game<G>(G::initial(config), seats);
  });
  return results;
}

inline std::vector<BotSummary> summarize(const std::vector<std::string>& bots, const std::vector<ArenaGame>& games) {
  std::vector<BotSummary> table(bots.size());
  for (std::size_t b = 0; b < bots.size(); ++b) table[b].spec = bots[b];
  for (const auto& g : games) {
    const int n = int(g.seat_bot.size());
    double best = -1;
    int leaders = 0;
    for (int s = 0; s < n; ++s) best = std::max(best, g.record.returns[s]);
    for (int s = 0; s < n; ++s) leaders += g.record.returns[s] == best;
    for (int s = 0; s < n; ++s) {
      BotSummary& row = table[g.seat_bot[s]];
      ++row.games;
      if (g.record.returns[s] == best) row.wins += 1.0 / leaders;
      row.score_sum += g.record.scores[s];
      row.return_sum += g.record.returns[s];
    }
    for (const auto& m : g.record.moves) {
      for (int s = 0; s < n; ++s) {
        if (m.player != kSimultaneous && m.player != s) continue;
        BotSummary& row = table[g.seat_bot[s]];
        row.seconds += m.seconds[s];
        ++row.moves;
      }
    }
  }
  return table;
}

inline std::string format_table(const std::vector<BotSummary>& table) {
  std::string out;
  char line[512];
  std::snprintf(line, sizeof line, "%-32s %6s %8s %17s %10s %10s %9s\n", "bot", "games", "wins", "win rate (95% CI)",
                "mean score", "mean util", "ms/move");
  out += line;
  for (const auto& r : table) {
    const Interval ci = wilson_interval(r.wins, r.games);
    std::snprintf(line, sizeof line, "%-32s %6d %8.1f %5.1f%% [%4.1f,%5.1f] %10.2f %10.3f %9.3f\n", r.spec.c_str(), r.games,
                  r.wins, 100 * r.wins / r.games, 100 * ci.low, 100 * ci.high, r.score_sum / r.games,
                  r.return_sum / r.games, r.moves ? 1000 * r.seconds / double(r.moves) : 0.0);
    out += line;
  }
  return out;
}

}  // namespace nuraghe
