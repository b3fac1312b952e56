#pragma once
// Kuhn poker shown to people (the game's Presentation, lib/core/hooks.hpp): what the browser
// viewer shows of it, which the search, the bots, the arena and learning never ask.

#include <string_view>

#include "core/game.hpp"
#include "core/svg.hpp"
#include "games/kuhn/kuhn.hpp"

namespace nuraghe::kuhn {

struct Presentation {
  static constexpr std::string_view kScoreName = "chips";  // what scores() counts
  // The table, each seat's card (face down where the observer has not seen it), the third card
  // face down, and the actions so far, for the browser viewer.
  static svg::Drawing draw(const Kuhn::State& s, Player observer);
};

}  // namespace nuraghe::kuhn
