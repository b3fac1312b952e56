#pragma once
// `nuraghe bench --game G --bot SPEC [--bot SPEC2]`: how fast searching bots search on positions of
// the game as it is played, not only its start (cli/commands/bench_game.hpp). Without --game, `nuraghe
// bench` prints the quick table of every game (cli/commands/cli_game.hpp's bench_row).

#include <string>
#include <vector>

#include "core/game.hpp"

namespace nuraghe {

struct BenchCommand {
  GameConfig config;              // players, options, map; config.seed draws the positions
  std::vector<std::string> bots;  // one or two specs of searching bots
  int positions = 20;             // positions searched by every spec
  double seconds = 0;             // > 0: every search runs this long (in place of the spec's budget)
  int resamples = 1000;           // bootstrap resamples for the intervals
  bool json = false;              // one JSON object instead of the table
};

}  // namespace nuraghe
