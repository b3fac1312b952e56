#pragma once
// Connect Four shown to people (the game's Presentation, lib/core/hooks.hpp): what the browser
// viewer shows of it, which the search, the bots, the arena and learning never ask.

#include "core/game.hpp"
#include "core/svg.hpp"
#include "games/connect4/connect4.hpp"

namespace nuraghe::connect4 {

struct Presentation {
  // The 7 x 6 frame with its holes, and the stones in their seats' colours, for the browser viewer.
  static svg::Drawing draw(const Connect4::State& s, Player observer);
};

}  // namespace nuraghe::connect4
