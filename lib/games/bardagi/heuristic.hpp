#pragma once
// Bardagi's heuristic player (issue 13, item 6), also the search's rollout policy: it overtakes
// yielding areas near its units, refills before a building runs dry, buys the upgrades it can
// afford, attacks weak neighbours it can take, and selects the cards for that plan.

#include "core/game.hpp"
#include "core/rng.hpp"
#include "games/bardagi/state.hpp"

namespace nuraghe::bardagi {

// A legal move of seat p (at planning, p's selection; elsewhere p must be the seat to move).
Move heuristic_move(const State& s, Player p, Rng& rng);

// What an area is worth to own for a round: its yield, gold counting double, towns for their
// recruit; 0 for what cannot be owned.
int area_value(const State& s, int area);

}  // namespace nuraghe::bardagi
