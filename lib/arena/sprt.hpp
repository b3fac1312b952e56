#pragma once
// The sequential probability ratio test of a two-bot, two-seat tournament over its game pairs
// (arena --sprt, improve's gate): the pentanomial counts of the pairs, the log-likelihood ratio
// after each, the verdict, and its report. The test itself is lib/arena/ratings.hpp's.

#include <array>
#include <string>
#include <vector>

#include "arena/arena.hpp"
#include "arena/ratings.hpp"

namespace nuraghe {

// The pentanomial SPRT of a two-bot, two-seat tournament so far.
struct SprtTrack {
  SprtSettings settings;
  std::array<double, 5> counts{};  // pairs by bot 0's pair score 0, 0.5, 1, 1.5, 2
  std::vector<double> llr;         // after each pair, in deal order
  int decided_at = 0;              // pairs when a bound was crossed (0: not yet)
  int verdict = 0;                 // +1 H1 (elo >= elo1), -1 H0 (elo <= elo0)
};

// Deal d is games 2d (bot 0 in seat 0) and 2d + 1 (bot 0 in seat 1), played from one seed. Pairs
// are taken in deal order until the first one missing, so the verdict does not depend on which
// games happened to finish first.
SprtTrack sprt_track(const SprtSettings& settings, const std::vector<GameResult>& games);

// The test's report for people: its settings and bounds, the verdict (or none), the pair counts
// and the LLR after every pair; `first` and `second` name bots 0 and 1.
std::string sprt_report(const SprtTrack& t, const std::string& first, const std::string& second);

}  // namespace nuraghe
