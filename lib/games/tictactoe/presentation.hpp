#pragma once
// Tic-tac-toe shown to people (the game's Presentation, lib/core/hooks.hpp): what the browser
// viewer shows of it, which the search, the bots, the arena and learning never ask.

#include "core/game.hpp"
#include "core/svg.hpp"
#include "games/tictactoe/tictactoe.hpp"

namespace nuraghe::tictactoe {

struct Presentation {
  // The grid, and X (seat 0) and O (seat 1) in the cells, for the browser viewer.
  static svg::Drawing draw(const TicTacToe::State& s, Player observer);
};

}  // namespace nuraghe::tictactoe
