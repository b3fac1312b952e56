#pragma once
// The command line's commands of whole games. Every command that plays, reads or draws games is a
// plain function of one game; GameCommands holds them for one game, and a game's AnyGame
// (bots/any_game.hpp) gives its table: any_game(name).commands(). The functions are templates
// (bots/game_commands.hpp) instantiated once per game, each game in a file of its own that CMake
// writes from lib/games/games.txt (cmake/games.cmake): the command line's own files instantiate no
// game, and a build spreads the games over the cores. The questions of one position (new, legal,
// score, apply, analyze) need no table: they are AnyState's.

#include <cstdint>
#include <string>
#include <vector>

#include "bots/bench.hpp"
#include "bots/improve.hpp"
#include "bots/learn.hpp"
#include "bots/results_table.hpp"
#include "bots/selfplay.hpp"
#include "bots/stats.hpp"
#include "bots/tournament.hpp"
#include "core/game.hpp"

namespace nuraghe {

// Options shared by the subcommands that set up or read a game.
struct Common {
  std::string game;
  int players = 0;
  std::uint64_t seed = 1;
  std::vector<std::string> options;  // KEY=VALUE
  std::string map_file;
  std::string position;  // a file, or - for standard input

  // The setup the options name; --players is checked against the game's own range, in the game's
  // words ("ttr plays 2 to 5 players, not 6"), and an unknown game where it is dispatched. Without
  // --players, the `seats` the bots given fill (play, arena) are the player count when the game
  // plays that many; else the game's default.
  GameConfig config(std::size_t seats = 0) const;
};

// `nuraghe play`.
struct PlayArgs {
  Common common;
  std::string bots;
  std::vector<std::string> bot;
  std::string log;
  std::string html;  // the game's page for the browser (bots/viewer.hpp)
  int human = -1;
  bool force = false;  // replace an existing log or page file
};

// The bot specs of a comma-separated --bots list followed by the repeated --bot ones.
std::vector<std::string> bot_specs(const std::string& list, const std::vector<std::string>& repeated);

namespace commands {
struct Data;  // learn's self-play data (bots/learn_game.hpp)
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

// The table of game G: defined in bots/game_commands.hpp, instantiated with the game's AnyGame
// (bots/any_game_of.hpp), whose commands() it is.
template <Game G>
const GameCommands& game_commands();

}  // namespace nuraghe
