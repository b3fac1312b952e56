#pragma once
// Ticket to Ride shown to people (the game's Presentation, lib/core/hooks.hpp): what the command
// line and the browser viewer show of it, which the search, the bots, the arena and learning never
// ask.

#include <string>
#include <string_view>
#include <vector>

#include "core/game.hpp"
#include "core/hooks.hpp"
#include "core/json.hpp"
#include "core/svg.hpp"
#include "games/ttr/map.hpp"
#include "games/ttr/picture.hpp"
#include "games/ttr/ttr.hpp"

namespace nuraghe::ttr {

// The text of `nuraghe score`, drawn from Presentation::score_json's structure alone (score.cpp).
std::string score_text(const Json& score);

struct Presentation {
  static constexpr std::string_view kScoreName = "points";  // what scores() counts
  // What seat p alone learns from its own blind draw: the train or Materials card drawn, printed to
  // the person in that seat (a card taken face up is in the move's notation; ttr.cpp).
  static std::string explain_to(const Ttr::State& before, Move m, Player p);
  // For a person choosing a move: the tickets a `keep` keeps, by name; and the board's place a move
  // names (a claim's route, a station's city) as the map marks it, for a browser seat to click.
  static std::string move_help(const Ttr::State& s, Player p, Move m);
  static std::vector<std::string> move_places(const Ttr::State& s, Player p, Move m);
  // The map with the claimed routes and stations, and each seat's cards as `observer` sees them, for
  // the browser viewer (picture.hpp).
  static svg::Drawing draw(const Ttr::State& s, Player observer) { return ttr::position_drawing(s, observer); }
  // The final score part by part, as JSON (`nuraghe score --json`, `--results`; score.cpp): the
  // options played; per seat the parts, the routes with their cars and points, every ticket held
  // with whether it was completed, the stations and what they borrow (or how many routes of others
  // lie at their city); how the game ended ("last-round", "safeguard", or "not-over") and how the
  // winner was decided ("points", "tickets", "stations", "express" or "shared").
  static Json score_json(const Ttr::State& s);
  // The same as text (`nuraghe score`), rendered from that JSON.
  static std::string score_report(const Ttr::State& s) { return ttr::score_text(score_json(s)); }
  // The map drawn from its data (picture.hpp); a finished game's usage is the routes claimed.
  static std::string board_svg(const Ttr::State& s, const std::vector<double>& usage, int games) {
    return ttr::map_svg(s.board(), usage, games);
  }
  static std::vector<double> board_usage(const Ttr::State& s) {
    std::vector<double> used(std::size_t(s.board().num_routes), 0.0);
    s.claimed().for_each([&](int r) { used[std::size_t(r)] = 1; });
    return used;
  }
  // The map's counts and the tickets whose value is not their shortest path (map.hpp).
  static MapCheck map_check(const Ttr::State& s) { return ttr::check_map(s.board()); }
};

}  // namespace nuraghe::ttr
