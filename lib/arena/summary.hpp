#pragma once
// The result table of a tournament, from its finished games: per bot games, wins, win rate, mean
// score, mean rank, time per move and an Elo rating. Games of one deal (a duplicate set) share the
// deal's luck, so the set is the independent unit: intervals are percentile bootstraps over sets,
// never binomial intervals over correlated games. The bootstrap's seed comes from the tournament
// seed, so a table is reproducible.

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "arena/arena.hpp"
#include "arena/ratings.hpp"

namespace nuraghe {

struct BotRow {
  std::string spec;
  std::string name;  // in tables: the spec's label=, else the spec (bot_name)
  int games = 0;
  double wins = 0;                   // a win shared by k seats counts 1/k
  double win_low = 0, win_high = 1;  // 95% bootstrap interval of the win rate
  double mean_score = 0, mean_rank = 0, ms_per_move = 0;
  double elo = 0, elo_low = 0, elo_high = 0;
};

// Two bots compared over the games both played (in this arena, every game): `a` minus `b`.
struct PairRow {
  int a = 0, b = 0;
  int games = 0;
  double win_diff = 0, win_diff_low = 0, win_diff_high = 0;        // win rate of a minus that of b
  double score_diff = 0, score_diff_low = 0, score_diff_high = 0;  // mean score of a minus that of b
  double ahead = 0, ahead_low = 0, ahead_high = 0;                 // share of games a finished above b (ties half)
  // Elo of a minus Elo of b (BotRow::elo), its interval the percentiles of the same difference in
  // each resample of the bots' Elo bootstrap: consistent with the per-bot column by construction.
  double elo_diff = 0, elo_diff_low = 0, elo_diff_high = 0;
};

// Self-play (one spec in every seat): the win rate of each seat, which is all there is to compare.
struct SeatRow {
  int seat = 0, games = 0;
  double wins = 0, win_low = 0, win_high = 1, mean_score = 0;
};

struct Summary {
  int games = 0, sets = 0, resamples = 0;
  bool self_play = false;
  std::vector<BotRow> rows;
  std::vector<PairRow> pairs;  // every pair of different bots
  std::vector<SeatRow> seats;  // self-play only
};

// Below this many duplicate sets a percentile bootstrap has too few distinct resamples to be read
// as a 95% interval: the table says so.
inline constexpr int kMinSetsForIntervals = 10;

// Self-play: every seat holds one and the same spec.
inline bool is_self_play(const std::vector<std::string>& bots) {
  return bots.size() > 1 && std::all_of(bots.begin(), bots.end(), [&](const std::string& b) { return b == bots[0]; });
}

// Seat s's share of game g's win: 1/k for each of k seats tied on the best return.
inline double share_of_win(const GameResult& g, std::size_t s) {
  const double best = *std::max_element(g.returns.begin(), g.returns.end());
  const double leaders = double(std::count(g.returns.begin(), g.returns.end(), best));
  return g.returns[s] == best ? 1.0 / leaders : 0.0;
}

// The games by deal, in deal order: the duplicate sets that the ratings resample.
std::vector<DuplicateSet> duplicate_sets(const std::vector<GameResult>& games);

// The table of a tournament's bots (the specs its games' seat_bot index) from its finished games,
// with percentile bootstrap intervals over duplicate sets: `resamples` of them, seeded from `seed`,
// the tournament's.
Summary summarize(const std::vector<std::string>& bots, const std::vector<GameResult>& games, std::uint64_t seed,
                  int resamples = 1000);

// "[ 75.0, 100.0]", or a mark when the bootstrap gave no interval: every resample alike (a
// zero-width interval is not a certainty, only a sign of too few or too uniform sets) or too few
// sets for any.
std::string interval_text(double low, double high, double scale, const char* format);

// ---- formats ---------------------------------------------------------------------------------

// A --format of format_summary: table, csv or json; anything else refused in one line.
void check_summary_format(const std::string& format);

// The table as text for people ("table"), "csv" or "json" (check_summary_format). The text table
// fits in kTableColumns columns: a bot whose name would widen it beyond is shown by its key "#i"
// (its place in the list, from 1), longest names first, and a legend under the table gives each
// key's full name. csv and json always give full names.
inline constexpr std::size_t kTableColumns = 120;
std::string format_summary(const Summary& s, const std::string& format);

// The key of bot i (from 0) in a table too narrow for its name: "#1" for the first.
inline std::string bot_key(std::size_t i) { return "#" + std::to_string(i + 1); }

// The names a text table shows: `names` as they are while widest(shown) (the table's widest line
// with those names) fits in kTableColumns, else the longest give way to their keys one at a time.
std::vector<std::string> keyed_names(const std::vector<std::string>& names,
                                     const std::function<std::size_t(const std::vector<std::string>&)>& widest);
// The bots as format_summary's table names them.
std::vector<std::string> table_names(const Summary& s);

// Columns of text cells as aligned rows: the first `text_columns` columns padded on the right,
// the others on the left, two spaces between columns, no trailing blanks.
std::string aligned_rows(const std::vector<std::vector<std::string>>& rows, std::size_t text_columns);

// The widest line of a text, in characters (UTF-8 aware).
std::size_t widest_line(const std::string& text);

// ---- the A/A check --------------------------------------------------------------------------
//
// Are the bots of a table equal players, as copies of one bot must be on a fair table? For each bot
// and each of two measures (its share of the wins and its mean score), the per-deal contrast
// between the bot and the table's mean (deals are independent; the games of one deal are not) is
// tested for mean zero: z = mean / (sd / sqrt(deals)), two-sided normal p-value, Bonferroni over
// bots and measures. With a few dozen deals or more, the normal approximation is close.
struct EqualPlayersCheck {
  int deals = 0, tests = 0;
  double max_z = 0;                           // the largest |z|
  std::string worst;                          // "bot B win share" for the largest |z|
  double p = 1;                               // Bonferroni-adjusted: the smallest p-value times the tests, at most 1
  std::vector<double> win_share, mean_score;  // per bot, over every game
};

EqualPlayersCheck equal_players_check(const std::vector<std::string>& bots, const std::vector<GameResult>& games);

}  // namespace nuraghe
