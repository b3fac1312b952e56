#pragma once
// Bardagi's heuristic player, also the search's rollout policy: it overtakes
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

// A static evaluation for rollouts cut off early (`cutoff=N`): every seat's chance to win in
// [0, 1], a softmax of the points each seat is projected to end with. The projection is the score
// if the game ended now (scores(), the bonuses' current holders included) plus, for each claim
// still to come, what the seat's areas and tiles give a claim (glory, gold as glory, other yields
// at what they buy), plus what its village holds toward later points.
Values evaluate(const State& s);

// The moves the search tries of seat p's legal ones (`prune=on`): the same, less those the
// heuristic never needs and that make a decision wide: strengthening (a series of up to 65 x 64
// shifts), removing runes, and casting a rune where it works against its caster (a Divine Powers,
// Double or Defence rune on an area not its own; a No resources or Theirs are yours rune on an
// area that is its own or nobody's). It depends only on the moves, the board and who owns what,
// all public, so every state of p's information set keeps the same moves.
void search_moves(const State& s, Player p, MoveList& moves);

}  // namespace nuraghe::bardagi
