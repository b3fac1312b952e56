#pragma once
// The commands of one game, gathered into its GameCommands table (bots/commands.hpp), which the
// game's AnyGame gives (bots/any_game_of.hpp). Only the files CMake writes for each game
// (cmake/games.cmake) include this, through that header: each instantiates the table for its own
// game, and with it the search, the bots and every command of that game, once.

#include "bots/bench_game.hpp"
#include "bots/cli_game.hpp"
#include "bots/commands.hpp"
#include "bots/improve_game.hpp"
#include "bots/learn_game.hpp"
#include "bots/results_table_game.hpp"
#include "bots/selfplay_game.hpp"
#include "bots/stats_game.hpp"
#include "bots/tournament_game.hpp"

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
