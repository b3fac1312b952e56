#pragma once
// The sequential probability ratio test of bot 0 against the others over a tournament's deals
// (arena --sprt, improve's gate): at two seats the pentanomial counts of the pairs of games, at
// three or more each deal's mean score of bot 0, the log-likelihood ratio after each deal, the
// verdict, and its report. The tests themselves are lib/arena/ratings.hpp's.

#include <array>
#include <string>
#include <vector>

#include "arena/arena.hpp"
#include "arena/ratings.hpp"

namespace nuraghe {

// The SPRT of a tournament so far.
struct SprtTrack {
  SprtSettings settings{};
  int seats = 2;
  std::array<double, 5> counts{};   // two seats: pairs by bot 0's pair score 0, 0.5, 1, 1.5, 2
  std::vector<double> deal_scores;  // bot 0's mean score of each deal, in [0, 1]
  std::vector<double> llr;          // after each deal, in deal order
  int decided_at = 0;               // deals when a bound was crossed (0: not yet)
  int verdict = 0;                  // +1 H1 (elo >= elo1), -1 H0 (elo <= elo0)
};

// Deal d is games d k .. d k + k - 1 (k = games_per_deal: the arena's seatings of one deal, 2 at
// two seats), played from one seed. Deals are taken in order until the first one with a game
// missing, so the verdict does not depend on which games happened to finish first.
// - Two seats: deal d is games 2d (bot 0 in seat 0) and 2d + 1 (bot 0 in seat 1); the pair's
//   points are bot 0's returns, and the test is the pentanomial one (sprt_llr).
// - Three or more seats (bot 0 against copies of one other bot, say): bot 0's score in a game is
//   the share of the other seats it finished above by points (a tie half), as the arena's
//   head-to-head "finished above" counts it; a deal's score is its games' mean, and the test is the
//   generalized SPRT of those scores (sprt_llr_scores). Against equal bots the expected score is
//   one half, so elo0 and elo1 keep their meaning as the logistic Elo of that score.
// Bot 0 must be seated in every game (std::invalid_argument otherwise).
SprtTrack sprt_track(const SprtSettings& settings, const std::vector<GameResult>& games, int games_per_deal = 2);

// Whether the track is the pentanomial one of pairs (two seats).
inline bool pentanomial(const SprtTrack& t) { return t.seats == 2; }

// The test's report for people: its settings and bounds, the verdict (or none), the pair counts
// and the LLR after every pair; `first` and `second` name bots 0 and 1 (as the table above names
// them: a key "#1" stays one). A verdict wider than the tables' kTableColumns names them by their
// keys instead, each given in full on a line below it.
std::string sprt_report(const SprtTrack& t, const std::string& first, const std::string& second);

}  // namespace nuraghe
