#pragma once
// Moves as text a player can read and type, with no ',' or ';' inside (the command line puts them
// between seats and between moves): routes by their cities with `~` and `#2` for a double's second
// route, payments spelled out.
//   claim sorgono~nuoro red2+loco1+railway+stones    station sassari red2+loco1
//   draw face-up red    draw face-up loco    draw deck    draw materials [discard wood]
//   draw tickets    keep 1+3 (the offered tickets by place, in id order)    pass

#include <string>
#include <string_view>

#include "games/ttr/state.hpp"

namespace nuraghe::ttr {

std::string move_text(const State& s, Player seat, Move m);
// The legal move of `seat` with this text; InputError naming the text otherwise.
Move parse_move_text(const State& s, Player seat, std::string_view text);

// A route as moves name it ("sorgono~nuoro", "porto-torres~sassari#2"), and a ticket by its
// cities' names as printed ("Olbia - Calasetta", "Cagliari - Genova (any of 4)").
std::string route_name(const Map& m, int r);
std::string ticket_name(const Map& m, int t);

}  // namespace nuraghe::ttr
