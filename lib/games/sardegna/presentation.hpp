#pragma once
// Sardegna shown to people (the game's Presentation, lib/core/hooks.hpp): what the command line and
// the browser viewer show of it, which the search, the bots, the arena and learning never ask.

#include <string>
#include <string_view>
#include <vector>

#include "core/game.hpp"
#include "core/svg.hpp"
#include "games/sardegna/sardegna.hpp"

namespace nuraghe::sardegna {

struct Presentation {
  static constexpr std::string_view kScoreName = "points";  // what scores() counts
  // For the browser viewer (picture.cpp): the map drawn from the board file's points, the pieces
  // over it, and beside it the panel of cards as `observer` sees them (-1: every card).
  static svg::Drawing draw(const Sardegna::State& s, Player observer);
  // For a person at the table (`play`'s human seat and its log, cli/commands/play.cpp; docs/game-concept.md):
  // the board's adjacencies, printed once; what a move did beyond its notation (a Sentinel's
  // scoring, province by province); and what keep, replace, swap and discard will do (help.cpp).
  static std::string legend(const Sardegna::State& s);
  static std::string explain(const Sardegna::State& before, Move m);
  static std::string move_help(const Sardegna::State& s, Player p, Move m);
  // The board's places a move names (a province, a fort space, a harbour, a step's two), as the
  // picture marks them: a person at a browser seat clicks them.
  static std::vector<std::string> move_places(const Sardegna::State& s, Player p, Move m);
};

}  // namespace nuraghe::sardegna
