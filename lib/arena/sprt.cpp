// The SPRT of a tournament (lib/arena/sprt.hpp declares and documents these
// functions), compiled once.

#include "arena/sprt.hpp"

#include "arena/summary.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace nuraghe {

SprtTrack sprt_track(const SprtSettings& settings, const std::vector<GameResult>& games, int games_per_deal) {
  SprtTrack t;
  t.settings = settings;
  std::map<int, const GameResult*> by_index;
  for (const auto& g : games) by_index[g.index] = &g;
  if (!games.empty()) t.seats = int(games.front().seat_bot.size());
  const double lower = sprt_lower_bound(settings), upper = sprt_upper_bound(settings);
  for (int d = 0;; ++d) {
    double points = 0;  // bot 0's over the deal: its return (2 seats), or its share of the others it finished above
    bool whole = true;
    for (int k = 0; k < games_per_deal && whole; ++k) {
      const auto it = by_index.find(d * games_per_deal + k);
      if (it == by_index.end()) {
        whole = false;
        break;
      }
      const GameResult& g = *it->second;
      const int n = int(g.seat_bot.size());
      const int seat = int(std::find(g.seat_bot.begin(), g.seat_bot.end(), 0) - g.seat_bot.begin());
      if (seat == n)  // the callers' tables seat bot 0 in every game: anything else is a bug of theirs
        throw std::invalid_argument("sprt_track: bot 0 has no seat in game " + std::to_string(g.index));
      if (n == 2) {
        points += g.returns[std::size_t(seat)];
        continue;
      }
      double above = 0;
      for (int o = 0; o < n; ++o)
        if (o != seat) {
          const double a = g.scores[std::size_t(seat)], b = g.scores[std::size_t(o)];
          above += a > b ? 1.0 : a == b ? 0.5 : 0.0;
        }
      points += above / (n - 1);
    }
    if (!whole) break;
    const double score = points / games_per_deal;
    t.deal_scores.push_back(score);
    if (pentanomial(t)) {
      t.counts[std::size_t(std::lround(points * 2))] += 1;
      t.llr.push_back(sprt_llr(t.counts, settings.elo0, settings.elo1));
    } else {
      t.llr.push_back(sprt_llr_scores(t.deal_scores, settings.elo0, settings.elo1));
    }
    if (!t.decided_at && (t.llr.back() >= upper || t.llr.back() <= lower)) {
      t.decided_at = int(t.llr.size());
      t.verdict = t.llr.back() >= upper ? 1 : -1;
      break;
    }
  }
  return t;
}

std::string sprt_report(const SprtTrack& t, const std::string& first, const std::string& second) {
  char line[512];
  std::string out;
  const auto& s = t.settings;
  const char* unit = pentanomial(t) ? "pairs" : "deals";
  std::snprintf(line, sizeof line, "SPRT elo0=%g elo1=%g alpha=%g beta=%g (logistic Elo, %s): bounds [%.3f, %.3f]\n",
                s.elo0, s.elo1, s.alpha, s.beta, pentanomial(t) ? "pentanomial pairs" : "deal scores",
                sprt_lower_bound(s), sprt_upper_bound(s));
  out += line;
  std::array<std::string, 2> names = {first, second};
  const auto verdict = [&] {
    if (!t.verdict) {
      std::snprintf(line, sizeof line, "verdict: none after %zu %s (LLR %.3f): the game budget ran out first\n",
                    t.llr.size(), unit, t.llr.empty() ? 0.0 : t.llr.back());
      return std::string(line);
    }
    std::snprintf(line, sizeof line, " after %d %s (LLR %.3f)\n", t.decided_at, unit, t.llr.back());
    return (t.verdict > 0
                ? "verdict: H1 accepted: " + names[0] + " is stronger than " + names[1] + " by at least elo1"
                : "verdict: H0 accepted: " + names[0] + " is not stronger than " + names[1] + " by more than elo0") +
           line;
  };
  // Within the tables' width: names too long for it give way to their keys, given in full below.
  std::string legend;
  if (widest_line(verdict()) > kTableColumns)
    for (std::size_t i = 0; i < names.size(); ++i)
      if (names[i] != bot_key(i)) legend += bot_key(i) + ": " + names[i] + "\n", names[i] = bot_key(i);
  out += verdict() + legend;
  if (pentanomial(t)) {
    out += "pairs scoring 0/0.5/1/1.5/2 for " + names[0];
    std::snprintf(line, sizeof line, ": %.0f %.0f %.0f %.0f %.0f\nLLR trajectory (every pair):", t.counts[0],
                  t.counts[1], t.counts[2], t.counts[3], t.counts[4]);
  } else {
    double mean = 0;
    for (double x : t.deal_scores) mean += x / double(t.deal_scores.size());
    std::snprintf(line, sizeof line,
                  ": %zu deals, mean share of the other seats finished above %.3f\nLLR trajectory (every deal):",
                  t.deal_scores.size(), mean);
    out += names[0];
  }
  out += line;
  for (std::size_t i = 0; i < t.llr.size(); ++i) {
    std::snprintf(line, sizeof line, "%s%.2f", i % 16 ? " " : "\n  ", t.llr[i]);
    out += line;
  }
  return out + "\n";
}

}  // namespace nuraghe
