#pragma once
// The commands of one game, gathered into its GameCommands table (cli/commands.hpp), which the
// game's AnyGame gives (lib/any_game/any_game_of.hpp). Only the files CMake writes for each game
// (cmake/games.cmake) include this, through that header: each instantiates the table for its own
// game, and with it the search, the bots and every command of that game, once.

#include "cli/commands.hpp"
#include "cli/commands/bench_game.hpp"
#include "cli/commands/cli_game.hpp"
#include "cli/commands/improve_game.hpp"
#include "cli/commands/learn_game.hpp"
#include "cli/commands/results_table_game.hpp"
#include "cli/commands/selfplay_game.hpp"
#include "cli/commands/stats_game.hpp"
#include "cli/commands/tournament_game.hpp"

namespace nuraghe {

template <Game G>
const GameCommands& game_commands() {
  static constexpr GameCommands kCommands{
      .play = &commands::cmd_play<G>,
      .bench_row = &commands::bench_row<G>,
      .bench_bots = &commands::bench_bots<G>,
      .arena = &commands::arena<G>,
      .replay = &commands::replay<G>,
      .score_games = &commands::score_games<G>,
      .draw_map = &commands::draw_map<G>,
      .tune = &commands::tune<G>,
      .selfplay = &commands::run_selfplay<G>,
      .learn = &commands::learn_game<G>,
      .improve = &commands::improve<G>,
      .results_table = &commands::results_table<G>,
      .deal_sums = &commands::deal_sums<G>,
  };
  return kCommands;
}

}  // namespace nuraghe
