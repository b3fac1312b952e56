#pragma once
// Bardagi shown to people (the game's Presentation, lib/core/hooks.hpp): what the command line and
// the browser viewer show of it, which the search, the bots, the arena and learning never ask.

#include <string>
#include <string_view>
#include <vector>

#include "core/game.hpp"
#include "core/hooks.hpp"
#include "core/json.hpp"
#include "core/svg.hpp"
#include "games/bardagi/bardagi.hpp"
#include "games/bardagi/board.hpp"
#include "games/bardagi/notation.hpp"
#include "games/bardagi/picture.hpp"

namespace nuraghe::bardagi {

// The text of `nuraghe score`, drawn from Presentation::score_json's structure alone (score.cpp).
std::string score_text(const Json& score);

struct Presentation {
  static constexpr std::string_view kScoreName = "glory";  // what scores() counts
  // In the human seat's move list: the areas a move names, by name (the notation gives numbers).
  static std::string move_help(const Bardagi::State& s, Player, Move m) { return bardagi::move_areas(s, m); }
  // The areas a move names as the board's picture marks them, for a browser seat to click.
  static std::vector<std::string> move_places(const Bardagi::State& s, Player, Move m) {
    return bardagi::move_places(s, m);
  }
  // The board with the owners, disks and units, and each seat's village as `observer` sees it, for
  // the browser viewer (picture.hpp).
  static svg::Drawing draw(const Bardagi::State& s, Player observer) { return bardagi::position_drawing(s, observer); }
  // The score part by part as JSON (`score --json`, `score --results`; score.cpp): each seat's
  // glory of the rounds by source and the tiles behind it, its tiles, its gold and the end's
  // bonuses, then who took the bonuses and the win, and which tie-break decided them.
  static Json score_json(const Bardagi::State& s);
  // The same as text (`nuraghe score`), rendered from that JSON.
  static std::string score_report(const Bardagi::State& s) { return bardagi::score_text(score_json(s)); }
  // The board drawn from its data (picture.hpp), bare: the map command draws a board, not a
  // position. A finished game's usage (`map --usage`) is the areas owned at its end, 1 or 0 each
  // (bardagi.cpp).
  static std::string board_svg(const Bardagi::State& s, const std::vector<double>& usage, int games);
  static std::vector<double> board_usage(const Bardagi::State& s);
  // The board's counts and the homes' land distances to each other (board.hpp).
  static MapCheck map_check(const Bardagi::State& s) { return bardagi::check_board(s.board()); }
};

}  // namespace nuraghe::bardagi
