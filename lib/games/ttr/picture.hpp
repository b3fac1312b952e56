#pragma once
// A map drawn from its data as one SVG document (`nuraghe map --game ttr --svg FILE`): cities at
// their latitude and longitude, each route a row of car spaces in its colour (the two routes of a
// double side by side), ferry ships and Building symbols marked on the route, the overseas icons
// as labelled boxes. With a usage share per route (a tournament's, `--usage FILE`) the routes are
// coloured by how often they were claimed instead, on a scale from white to dark red.

#include <string>
#include <vector>

#include "games/ttr/map.hpp"

namespace nuraghe::ttr {

// `usage`: empty, or one share in [0, 1] per route of `m`, measured over `games` games.
std::string map_svg(const Map& m, const std::vector<double>& usage, int games);

}  // namespace nuraghe::ttr
