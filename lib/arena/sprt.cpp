// The SPRT of a two-bot, two-seat tournament (lib/arena/sprt.hpp declares and documents these
// functions), compiled once.

#include "arena/sprt.hpp"

#include <array>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace nuraghe {

SprtTrack sprt_track(const SprtSettings& settings, const std::vector<GameResult>& games) {
  SprtTrack t{settings, {}, {}, 0, 0};
  std::map<int, const GameResult*> by_index;
  for (const auto& g : games) by_index[g.index] = &g;
  const double lower = sprt_lower_bound(settings), upper = sprt_upper_bound(settings);
  for (int d = 0;; ++d) {
    const auto a = by_index.find(2 * d), b = by_index.find(2 * d + 1);
    if (a == by_index.end() || b == by_index.end()) break;
    double points = 0;
    for (const GameResult* g : {a->second, b->second})
      for (int s = 0; s < 2; ++s)
        if (g->seat_bot[s] == 0) points += g->returns[s];
    t.counts[std::size_t(std::lround(points * 2))] += 1;
    t.llr.push_back(sprt_llr(t.counts, settings.elo0, settings.elo1));
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
  std::snprintf(line, sizeof line,
                "SPRT elo0=%g elo1=%g alpha=%g beta=%g (logistic Elo, pentanomial pairs): bounds [%.3f, %.3f]\n",
                s.elo0, s.elo1, s.alpha, s.beta, sprt_lower_bound(s), sprt_upper_bound(s));
  out += line;
  if (t.verdict) {
    const std::string what = t.verdict > 0
                                 ? "H1 accepted: " + first + " is stronger than " + second + " by at least elo1"
                                 : "H0 accepted: " + first + " is not stronger than " + second + " by more than elo0";
    std::snprintf(line, sizeof line, " after %d pairs (LLR %.3f)\n", t.decided_at, t.llr.back());
    out += "verdict: " + what + line;
  } else {
    std::snprintf(line, sizeof line, "verdict: none after %zu pairs (LLR %.3f): the game budget ran out first\n",
                  t.llr.size(), t.llr.empty() ? 0.0 : t.llr.back());
    out += line;
  }
  out += "pairs scoring 0/0.5/1/1.5/2 for " + first;
  std::snprintf(line, sizeof line, ": %.0f %.0f %.0f %.0f %.0f\nLLR trajectory (every pair):", t.counts[0], t.counts[1],
                t.counts[2], t.counts[3], t.counts[4]);
  out += line;
  for (std::size_t i = 0; i < t.llr.size(); ++i) {
    std::snprintf(line, sizeof line, "%s%.2f", i % 16 ? " " : "\n  ", t.llr[i]);
    out += line;
  }
  return out + "\n";
}

}  // namespace nuraghe
