#pragma once
// Bardagi positions as JSON: the whole state (observer -1, for `nuraghe
// new`/`apply` and test fixtures) or what one seat knows (its view: everything on the table, its
// own runes and selection; the others' runes as counts, their selections once laid down, the rune
// pile and the upgrade stacks' face-down tiles as counts). Schema: docs/position-format.md,
// "bardagi". Areas, tiles and runes are named by their ids, seats' pieces by colour.

#include "core/json.hpp"
#include "games/bardagi/state.hpp"

namespace nuraghe::bardagi {

Json position(const State& s, Player observer);
// Reads a whole position (position(s, -1)'s form) back to the same state, and checks that play
// could reach it: every disk, Axe token, rune and tile where play can put it, caps as the tiles
// give them, the phase's fields consistent; InputError with one line naming the field otherwise.
State read_position(const Json& j);

}  // namespace nuraghe::bardagi
