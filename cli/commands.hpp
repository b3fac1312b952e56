#pragma once
// The command line's commands of whole games. Every command that plays, reads or draws games is a
// plain function of one game; GameCommands holds them for one game: game_commands(name). The
// functions are templates (cli/game_commands.hpp) instantiated once per game, each game in a file of
// its own that CMake writes from lib/games/games.txt (cmake/games.cmake, cli/game_file.cpp.in): the
// command line's own files instantiate no game, and a build spreads the games over the cores. The questions of one
// position (new, legal, score, apply, analyze) need no table: they are AnyState's.

#include <cstdint>
#include <string>
#include <vector>

#include "cli/commands/bench.hpp"
#include "cli/commands/improve.hpp"
#include "cli/commands/learn.hpp"
#include "cli/commands/results_table.hpp"
#include "cli/commands/selfplay.hpp"
#include "cli/commands/stats.hpp"
#include "cli/commands/tournament.hpp"
#include "cli/options.hpp"
#include "core/game.hpp"

namespace nuraghe {

// `nuraghe play`.
struct PlayArgs {
  Common common;
  std::string bots;
  std::vector<std::string> bot;
  std::string log;
  std::string html;  // the game's page for the browser (lib/viewer/viewer.hpp)
  int human = -1;
  bool force = false;  // replace an existing log or page file
};

namespace commands {
struct Data;  // learn's self-play data (cli/commands/learn_game.hpp)
}  // namespace commands

// One game's commands; each returns the process's exit status (bad input throws InputError).
struct GameCommands {
  int (*play)(const PlayArgs&);                                                  // play
  void (*bench_row)(double seconds);                                             // a row of `nuraghe bench`
  int (*bench_bots)(const BenchCommand&);                                        // bench --game
  int (*arena)(const ArenaCommand&);                                             // arena
  int (*replay)(const ResultsFile&, const ReplayCommand&);                       // replay
  int (*score_games)(const ResultsFile&, const std::string& file);               // score --results
  int (*draw_map)(const MapCommand&);                                            // map
  int (*tune)(const TuneCommand&);                                               // tune
  int (*selfplay)(const SelfplaySettings&);                                      // selfplay
  int (*learn)(const LearnCommand&, commands::Data&);                            // learn, once its data are read
  int (*improve)(const ImproveCommand&);                                         // improve
  std::string (*results_table)(const ResultsFile&, const ResultsTableCommand&);  // results
  DealSums (*deal_sums)(const ResultsFile&, const std::string& file, const std::string& by);  // stats, compare
};

// The table of game G: defined in cli/game_commands.hpp, instantiated in the game's generated file
// (cli/game_file.cpp.in) beside its AnyGame.
template <Game G>
const GameCommands& game_commands();

// The table of the game of this name; an unknown name is refused as any_game refuses it.
const GameCommands& game_commands(const std::string& game);

}  // namespace nuraghe
