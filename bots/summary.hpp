#pragma once
// The result table of a tournament, from its finished games: per bot games, wins, win rate, mean
// score, mean rank, time per move and an Elo rating. Games of one deal (a duplicate set) share the
// deal's luck, so the set is the independent unit: intervals are percentile bootstraps over sets,
// never binomial intervals over correlated games. The bootstrap's seed comes from the tournament
// seed, so a table is reproducible.

#include <cmath>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "bots/arena.hpp"
#include "core/ratings.hpp"

namespace nuraghe {

struct BotRow {
  std::string spec;
  int games = 0;
  double wins = 0;                   // a win shared by k seats counts 1/k
  double win_low = 0, win_high = 1;  // 95% bootstrap interval of the win rate
  double mean_score = 0, mean_rank = 0, ms_per_move = 0;
  double elo = 0, elo_low = 0, elo_high = 0;
};

struct Summary {
  int games = 0, sets = 0, resamples = 0;
  std::vector<BotRow> rows;
};

inline std::vector<DuplicateSet> duplicate_sets(const std::vector<GameResult>& games) {
  std::map<int, DuplicateSet> by_deal;
  for (const auto& g : games) by_deal[g.deal].push_back(RatedGame{g.seat_bot, g.scores});
  std::vector<DuplicateSet> sets;
  for (auto& [deal, set] : by_deal) sets.push_back(std::move(set));
  return sets;
}

inline Summary summarize(const std::vector<std::string>& bots, const std::vector<GameResult>& games, std::uint64_t seed,
                         int resamples = 1000) {
  const int b = int(bots.size());
  Summary sum;
  sum.games = int(games.size());
  sum.resamples = resamples;
  sum.rows.resize(bots.size());
  std::vector<double> seconds(b, 0.0), decisions(b, 0.0), score(b, 0.0), rank(b, 0.0);
  for (int i = 0; i < b; ++i) sum.rows[i].spec = bots[i];
  // Per deal and bot: games and wins, for the win-rate bootstrap.
  std::map<int, int> set_of_deal;
  for (const auto& g : games) set_of_deal.emplace(g.deal, 0);
  int k = 0;
  for (auto& [deal, index] : set_of_deal) index = k++;
  sum.sets = k;
  std::vector<std::vector<double>> set_games(k, std::vector<double>(b, 0.0)), set_wins = set_games;
  for (const auto& g : games) {
    const int set = set_of_deal[g.deal];
    double best = -1e300;
    int leaders = 0;
    for (double r : g.returns) best = std::max(best, r);
    for (double r : g.returns) leaders += r == best;
    for (std::size_t s = 0; s < g.seat_bot.size(); ++s) {
      const int bot = g.seat_bot[s];
      BotRow& row = sum.rows[bot];
      ++row.games;
      const double win = g.returns[s] == best ? 1.0 / leaders : 0.0;
      row.wins += win;
      set_games[set][bot] += 1, set_wins[set][bot] += win;
      score[bot] += g.scores[s], rank[bot] += g.ranks[s];
      seconds[bot] += g.think_seconds[s], decisions[bot] += g.decisions[s];
    }
  }
  const auto sets = duplicate_sets(games);
  const EloIntervals elo = elo_with_intervals(sets, b, resamples, hash_combine(seed, 0xE10));
  for (int i = 0; i < b; ++i) {
    BotRow& row = sum.rows[i];
    if (row.games) row.mean_score = score[i] / row.games, row.mean_rank = rank[i] / row.games;
    row.ms_per_move = decisions[i] > 0 ? 1000 * seconds[i] / decisions[i] : 0;
    row.elo = elo.elo[i], row.elo_low = elo.low[i], row.elo_high = elo.high[i];
    const auto [low, high] = bootstrap_interval(
        k,
        [&](const std::vector<int>& pick) {
          double n = 0, w = 0;
          for (int s : pick) n += set_games[s][i], w += set_wins[s][i];
          return n > 0 ? w / n : 0.0;
        },
        resamples, hash_combine(seed, 0xB00 + std::uint64_t(i)));
    row.win_low = low, row.win_high = high;
  }
  return sum;
}

// ---- formats ---------------------------------------------------------------------------------

inline std::string format_summary(const Summary& s, const std::string& format) {
  std::string out;
  char line[768];
  if (format == "json") {
    Json rows = Json::array();
    for (const auto& r : s.rows)
      rows.push_back({{"bot", r.spec}, {"games", r.games}, {"wins", r.wins}, {"win_rate", r.games ? r.wins / r.games : 0.0},
                      {"win_rate_low", r.win_low}, {"win_rate_high", r.win_high}, {"mean_score", r.mean_score},
                      {"mean_rank", r.mean_rank}, {"ms_per_move", r.ms_per_move}, {"elo", r.elo}, {"elo_low", r.elo_low},
                      {"elo_high", r.elo_high}});
    return Json{{"games", s.games}, {"duplicate_sets", s.sets}, {"bootstrap_resamples", s.resamples}, {"bots", rows}}.dump(2) + "\n";
  }
  if (format == "csv") {
    out = "bot,games,wins,win_rate,win_rate_low,win_rate_high,mean_score,mean_rank,ms_per_move,elo,elo_low,elo_high\n";
    for (const auto& r : s.rows) {
      std::snprintf(line, sizeof line, "\"%s\",%d,%.1f,%.4f,%.4f,%.4f,%.3f,%.3f,%.3f,%.1f,%.1f,%.1f\n", r.spec.c_str(), r.games, r.wins,
                    r.games ? r.wins / r.games : 0.0, r.win_low, r.win_high, r.mean_score, r.mean_rank, r.ms_per_move, r.elo,
                    r.elo_low, r.elo_high);
      out += line;
    }
    return out;
  }
  std::snprintf(line, sizeof line, "%-34s %6s %7s %20s %10s %9s %9s %21s\n", "bot", "games", "wins", "win rate [95%]", "mean score",
                "mean rank", "ms/move", "Elo [95%]");
  out += line;
  for (const auto& r : s.rows) {
    std::snprintf(line, sizeof line, "%-34s %6d %7.1f %5.1f%% [%5.1f,%5.1f] %10.2f %9.2f %9.2f %6.0f [%5.0f,%5.0f]\n", r.spec.c_str(),
                  r.games, r.wins, r.games ? 100 * r.wins / r.games : 0.0, 100 * r.win_low, 100 * r.win_high, r.mean_score,
                  r.mean_rank, r.ms_per_move, r.elo, r.elo_low, r.elo_high);
    out += line;
  }
  std::snprintf(line, sizeof line, "%d games in %d duplicate sets; intervals: bootstrap over sets (%d resamples)\n", s.games, s.sets,
                s.resamples);
  out += line;
  return out;
}

}  // namespace nuraghe
