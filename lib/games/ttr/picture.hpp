#pragma once
// A map drawn from its data as one SVG document (`nuraghe map --game ttr --svg FILE`): cities at
// their latitude and longitude, each route a row of car spaces in its colour (the two routes of a
// double side by side), ferry ships and Building symbols marked on the route, the overseas icons
// as labelled boxes. With a usage share per route (a tournament's, `--usage FILE`) the routes are
// coloured by how often they were claimed instead, on a scale from white to dark red. The browser
// viewer draws a position over the same map.

#include <string>
#include <vector>

#include "core/svg.hpp"
#include "games/ttr/map.hpp"
#include "games/ttr/state.hpp"

namespace nuraghe::ttr {

// The map's page: its size, and the elements inside the <svg> element (the map, and the legend
// where asked). `usage`: empty, or one share in [0, 1] per route of `m`, measured over `games` games.
struct MapPage {
  double width = 0, height = 0;
  std::string body;
};
// The legend right of the map (`nuraghe map`), or none: the viewer's board gives its width to the
// map, so that its text reads at 11 pixels or more at 1400 pixels wide, and says the symbols in
// its panel.
enum class Legend { Beside, None };
MapPage map_page(const Map& m, const std::vector<double>& usage, int games, Legend legend = Legend::Beside);
// The page as one SVG document.
std::string map_svg(const Map& m, const std::vector<double>& usage, int games);

// A position drawn for the browser viewer (ttr::Presentation::draw). The board: the bare map's page,
// without its legend, with a panel to its right. The pieces: each claimed route covered in its claimer's colour with
// the seat's number on a badge, each station a square in its builder's colour at its city. The panel: the face-up
// cards, the decks, and each seat's cars, train cards, Materials and tickets as `observer` sees them (another seat's
// hidden cards as counts; the observer -1 sees all), then what the routes' symbols mean.
svg::Drawing position_drawing(const State& s, Player observer);

}  // namespace nuraghe::ttr
