#pragma once
// `nuraghe stats FILE --by KIND` and `nuraghe compare A B --by KIND`: a designer's figures on the
// items of a game (Ticket to Ride's routes, tickets and cities, Bardagi's areas and upgrade tiles:
// the game's item_stats, core/hooks.hpp; and for every game `--by game`, the seats' returns and
// scores and the games' length), for all seats, each seat and each bot, with percentile bootstrap
// intervals over deals (cli/commands/stats.cpp; docs/arena.md, "Designers' tables").

#include <compare>
#include <cstdint>
#include <string>
#include <vector>

namespace nuraghe {

class Options;  // cli/options.hpp

struct StatsCommand {
  std::vector<std::string> files;   // stats: one results file or play log; compare: A, then B
  std::string by = "game";          // the kind of item: game, or one of the game's kStatKinds
  std::string format = "table";     // table | csv | json
  std::string out;                  // a new file, or empty for standard output
  bool force = false;               // replace an existing --out file
  int resamples = 1000;             // bootstrap resamples for the intervals
  std::string map_file;             // --map: the map the games were played on, in place of the recorded one
  bool ignore_map_hash = false;     // --ignore-map-hash: read them on a --map of another hash
  std::vector<std::string> items;   // --item (repeatable): only these items' rows; empty for all
  std::vector<std::string> groups;  // --group (repeatable): only these groups' rows ("all", "seat 1", "bot NAME")
};
int run_stats_command(const StatsCommand& c);
int run_compare_command(const StatsCommand& c);
// The options stats and compare share, after their files.
void add_stats_options(Options& o, StatsCommand& a);

// One statistic: of an item ("olbia~sassari", or "game"), for a group of seats ("all", "seat 1",
// "bot uct"), a named figure ("claimed", "when_claimed", "completed").
struct StatKey {
  std::string item, statistic, group;
  auto operator<=>(const StatKey&) const = default;
};

// The figures of one file before they are pooled: per deal and statistic, the sum of the values
// and their count, so that any multiset of deals gives each statistic as (sum of sums) / (sum of
// counts). A statistic that is a total of the game (a route claimed by someone) counts each game
// once; a rate (a held ticket completed) counts each seat-game where it applies.
struct DealSums {
  std::string game;
  int players = 0;
  int games = 0;
  std::uint64_t seed = 0;            // the tournament's, for the bootstrap's resamples
  std::vector<StatKey> keys;         // item by item, each statistic's groups together
  std::vector<std::uint64_t> deals;  // each deal's seed: two files share a deal when they share its seed
  std::vector<double> sums, counts;  // [deal * keys.size() + key]
};

}  // namespace nuraghe
