#pragma once
// Goofspiel shown to people (the game's Presentation, lib/core/hooks.hpp): what the browser viewer
// shows of it, which the search, the bots, the arena and learning never ask.

#include <string_view>

#include "core/game.hpp"
#include "core/svg.hpp"
#include "games/goofspiel/goofspiel.hpp"

namespace nuraghe::goofspiel {

struct Presentation {
  static constexpr std::string_view kScoreName = "points";  // what scores() counts
  // The face-up prize and the prizes still face down, each seat's points, hand and last bid, for the
  // browser viewer (the observer -1 sees the prize deck's order too).
  static svg::Drawing draw(const Goofspiel::State& s, Player observer);
};

}  // namespace nuraghe::goofspiel
